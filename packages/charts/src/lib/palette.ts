// Where a chart's colours come from. In the browser: the theme's CSS variables (ui's theme.css), so
// dark mode and a re-themed product recolour the data too. On the server (static SVG for a PDF, whose
// renderer does not understand CSS variables): literal hex values that mirror those variables.

/** The colours a chart draws with: data series 1..8, and the chrome around the data. */
export type ChartPalette = {
  /** Series colours; a chart's metric N uses `series[N - 1]`. */
  series: readonly [string, string, string, string, string, string, string, string];
  /** Axis labels and legends. */
  text: string;
  /** Grid lines and axis ticks. */
  grid: string;
  /** What the chart is drawn on (the low end of the heatmap's scale). */
  background: string;
  /** Emphasised text (tooltip values). */
  foreground: string;
};

/** The default: the theme's CSS variables, resolved by the browser (light or dark). */
export const themePalette: ChartPalette = {
  series: [
    'var(--chart-1)',
    'var(--chart-2)',
    'var(--chart-3)',
    'var(--chart-4)',
    'var(--chart-5)',
    'var(--chart-6)',
    'var(--chart-7)',
    'var(--chart-8)',
  ],
  text: 'var(--muted-foreground)',
  grid: 'var(--border)',
  background: 'var(--background)',
  foreground: 'var(--foreground)',
};

/** Literal colours mirroring ui's theme tokens (a unit test holds them to theme.css), for SVG
    rendered where CSS variables do not resolve: `<PerformanceChart palette={chartPalette.light} />`. */
export const chartPalette = {
  light: {
    series: ['#2867e4', '#00ab81', '#ef8600', '#be47b8', '#d24c49', '#00858d', '#724aab', '#96a85e'],
    text: '#585e69',
    grid: '#dbdee5',
    background: '#ffffff',
    foreground: '#141822',
  },
  dark: {
    series: ['#6a9cfb', '#3fc8a1', '#ffa746', '#de79d7', '#f47b74', '#3ebfc6', '#ac89e8', '#b4c96d'],
    text: '#a8aebb',
    grid: '#2e333d',
    background: '#0c0f16',
    foreground: '#f0f2f5',
  },
} as const satisfies Record<'light' | 'dark', ChartPalette>;

/** True when the palette is the theme's variables (colours can then be scoped per chart). */
export const isThemePalette = (palette: ChartPalette): boolean => palette.series[0].startsWith('var(');

/**
 * A chart's series: a key per series, its label and which theme colour (1..8) it takes. As in
 * shadcn/ui's `ChartConfig`, the chart scopes a `--color-<key>` variable per series to its
 * `[data-chart]` element, so a product can recolour one chart's series in CSS.
 */
export type ChartConfig<Key extends string = string> = Record<
  Key,
  { label: string; color: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 }
>;

/** The colour a series is drawn with: its scoped variable, or the palette's literal value. */
export function seriesColor(config: ChartConfig, key: string, palette: ChartPalette): string {
  const index = (config[key]?.color ?? 1) - 1;
  return isThemePalette(palette) ? `var(--color-${key})` : (palette.series[index] ?? palette.series[0]);
}

/**
 * The axis colour as a mark's fill (the breakdown's Other and Unknown bars): with the theme palette a
 * variable scoped to the chart, `--color-axis`, as the series are. An animated fill goes through
 * react-spring, which resolves a variable it finds on `<html>` there, so `var(--muted-foreground)` took
 * the page's theme instead of the theme of the frame the chart is drawn in (a dark card on a light page).
 * A variable only the chart defines is left to the browser, which resolves it where the mark is.
 */
export const axisFill = (palette: ChartPalette): string =>
  isThemePalette(palette) ? 'var(--color-axis)' : palette.text;

/** The inline style of a chart's `[data-chart]` element: one `--color-<key>` per series, and the axis's. */
export function chartConfigStyle(config: ChartConfig, palette: ChartPalette): Record<string, string> {
  if (!isThemePalette(palette)) return {};
  return {
    ...Object.fromEntries(
      Object.entries(config).map(([key, { color }]) => [`--color-${key}`, palette.series[color - 1] ?? '']),
    ),
    '--color-axis': palette.text,
  };
}

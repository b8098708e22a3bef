import type { ChartPalette } from './palette';
import { isThemePalette } from './palette';

/** nivo's theme from a palette: axis text, ticks and grid in the theme's colours; the tooltip box is
    ours (ChartTooltip), so nivo's own container is made invisible. */
export function nivoTheme(palette: ChartPalette) {
  const text = {
    fill: palette.text,
    fontSize: 11,
    // In the page the chart takes the product's font; a static SVG names one a PDF renderer knows.
    fontFamily: isThemePalette(palette) ? 'inherit' : 'Helvetica, Arial, sans-serif',
  };
  return {
    background: 'transparent',
    text,
    axis: {
      domain: { line: { stroke: palette.grid, strokeWidth: 1 } },
      ticks: { line: { stroke: palette.grid, strokeWidth: 1 }, text },
      legend: { text: { ...text, fontSize: 12 } },
    },
    grid: { line: { stroke: palette.grid, strokeWidth: 1 } },
    crosshair: { line: { stroke: palette.text, strokeWidth: 1, strokeOpacity: 0.6 } },
    labels: { text: { ...text, fill: palette.foreground } },
    tooltip: { container: { background: 'transparent', padding: 0, boxShadow: 'none', borderRadius: 0 } },
  };
}

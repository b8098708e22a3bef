import type { AbTestDecision, AbTestVerdict } from '@adconsole/domain';
import { cn } from '@adconsole/ui';
import type * as React from 'react';
import { useMemo } from 'react';
import { ChartFrame } from '../lib/chart-frame';
import type { ChartDisplayProps } from '../lib/chart-props';
import { ChartSize } from '../lib/chart-size';
import { defaultLocale, formatCount, NO_VALUE } from '../lib/format';
import { type ChartConfig, type ChartPalette, seriesColor, themePalette } from '../lib/palette';
import { niceTicks } from '../pacing/pacing-chart';

/** What the chart reads of a verdict: the domain's `abTestVerdict` or the API's results answer. */
export type VariantComparisonVerdict = Pick<
  AbTestVerdict,
  'decision' | 'label' | 'plannedSample' | 'progress' | 'comparisonAlpha'
> & {
  variants: ReadonlyArray<
    Pick<
      AbTestVerdict['variants'][number],
      'id' | 'name' | 'control' | 'trials' | 'successes' | 'rate' | 'interval' | 'lift' | 'pValue' | 'label'
    >
  >;
};

export type VariantComparisonProps = Omit<React.ComponentProps<'div'>, 'children'> &
  Omit<ChartDisplayProps, 'height'> & {
    verdict: VariantComparisonVerdict;
    /** The goal's name: 'CTR', 'Completion rate'... */
    goalLabel?: string;
  };

const variantConfig = {
  control: { label: 'Control', color: 8 },
  variant: { label: 'Variant', color: 1 },
} satisfies ChartConfig;

const ROW = 36;
/** A row whose name takes two lines. */
const TALL_ROW = 48;
/** The names' column is 132 px wide (8 more to the plot): about 18 characters of 12 px type a line. */
const MARGIN = { top: 8, right: 16, bottom: 24, left: 140 };
const LABEL_CHARACTERS = 18;

/**
 * A variant's name as the label column shows it: whole words on up to two lines of `perLine`
 * characters, a word longer than a line broken, and an ellipsis when even two lines cannot hold it.
 * The full name is in the chart's summary, its hidden table and the label's tooltip.
 */
export function variantLabelLines(name: string, perLine = LABEL_CHARACTERS): string[] {
  const lines: string[] = [];
  let line = '';
  const words = name.trim().split(/\s+/);
  for (let index = 0; index < words.length; index++) {
    let word = words[index] as string;
    while (word.length > 0) {
      const room = line === '' ? perLine : perLine - line.length - 1;
      if (word.length <= room) {
        line = line === '' ? word : `${line} ${word}`;
        word = '';
      } else if (line === '') {
        line = word.slice(0, perLine);
        word = word.slice(perLine);
      }
      if (word.length > 0 || line.length >= perLine) {
        lines.push(line);
        line = '';
        if (lines.length === 2) {
          const rest = [word, ...words.slice(index + 1)].join(' ').trim();
          if (rest) lines[1] = `${(lines[1] as string).slice(0, perLine - 1)}…`;
          return lines;
        }
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Each variant's row: its label's lines, its height and its centre. */
function rowsOf(verdict: VariantComparisonVerdict) {
  let top = MARGIN.top;
  return verdict.variants.map((variant) => {
    const lines = variantLabelLines(variant.name);
    const height = lines.length > 1 ? TALL_ROW : ROW;
    const row = { lines, centre: top + height / 2 };
    top += height;
    return row;
  });
}

const percent = (rate: number, locale: string, digits = 2) =>
  new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(rate);
const signedPercent = (rate: number, locale: string) =>
  new Intl.NumberFormat(locale, {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rate);
/** A p-value as read: 'p = 0.0015', 'p < 0.0001'. */
export const formatPValue = (p: number, locale: string): string =>
  p < 0.0001
    ? `p < ${(0.0001).toLocaleString(locale, { maximumFractionDigits: 4 })}`
    : `p = ${p.toLocaleString(locale, { maximumSignificantDigits: 2 })}`;

const decisionTone: Record<AbTestDecision, string> = {
  'not-enough-data': 'text-muted-foreground',
  'no-difference': 'text-muted-foreground',
  'variant-wins': 'text-success',
  'control-wins': 'text-foreground',
};

/** One challenger's lift against the control, its interval and p-value, as a sentence. */
export function liftText(
  variant: VariantComparisonVerdict['variants'][number],
  locale: string,
  confidence: number,
): string {
  const level = `${Math.round(confidence * 1000) / 10}% CI`;
  const lift = variant.lift
    ? `${signedPercent(variant.lift.value, locale)} vs control (${level} ${signedPercent(variant.lift.lower, locale)} to ${signedPercent(variant.lift.upper, locale)})`
    : 'no lift yet (a side has no success)';
  const p = variant.pValue === null ? '' : `, ${formatPValue(variant.pValue, locale)}`;
  return `${variant.name}: ${lift}${p}`;
}

/**
 * An A/B test's variants side by side: each variant's rate with its 95 % (Wilson) interval as a
 * whisker, the control marked and its rate as a dashed reference line, then each challenger's lift
 * with its interval and p-value and the verdict in text. Plain SVG; a sentence and a hidden table for
 * screen readers.
 */
export function VariantComparison({
  verdict,
  goalLabel = 'Rate',
  locale = defaultLocale(),
  width,
  palette = themePalette,
  animate: _animate,
  interactive: _interactive,
  className,
  ...props
}: VariantComparisonProps) {
  const rows = rowsOf(verdict);
  const height =
    rows.reduce((sum, row) => sum + (row.lines.length > 1 ? TALL_ROW : ROW), 0) + MARGIN.top + MARGIN.bottom;
  const liftConfidence = 1 - verdict.comparisonAlpha;
  const summary = useMemo(() => {
    const rates = verdict.variants
      .map(
        (variant) =>
          `${variant.name}${variant.control ? ' (control)' : ''} ${variant.rate === null ? NO_VALUE : percent(variant.rate, locale)}`,
      )
      .join(', ');
    return `${goalLabel} by variant: ${rates}. ${verdict.label}.`;
  }, [verdict, goalLabel, locale]);
  const dataTable = useMemo(
    () => ({
      caption: `${goalLabel} of each variant with its 95% interval`,
      columns: ['Variant', 'Trials', 'Successes', goalLabel, '95% interval', 'Lift', 'p-value', 'Verdict'],
      rows: verdict.variants.map((variant) => [
        variant.control ? `${variant.name} (control)` : variant.name,
        formatCount(variant.trials, locale),
        formatCount(variant.successes, locale),
        variant.rate === null ? NO_VALUE : percent(variant.rate, locale),
        `${percent(variant.interval.lower, locale)} to ${percent(variant.interval.upper, locale)}`,
        variant.lift ? signedPercent(variant.lift.value, locale) : NO_VALUE,
        variant.pValue === null ? NO_VALUE : formatPValue(variant.pValue, locale),
        variant.label || NO_VALUE,
      ]),
    }),
    [verdict, goalLabel, locale],
  );
  const challengers = verdict.variants.filter((variant) => !variant.control);
  return (
    <ChartFrame
      slot="variant-comparison"
      summary={summary}
      config={variantConfig}
      palette={palette}
      dataTable={dataTable}
      className={cn('gap-2', className)}
      header={
        <p
          data-slot="variant-verdict"
          className={cn('font-semibold text-sm', decisionTone[verdict.decision])}
        >
          {verdict.label}
        </p>
      }
      {...props}
    >
      <ChartSize width={width} height={height}>
        {(size) => (
          <ComparisonPicture verdict={verdict} rows={rows} locale={locale} palette={palette} {...size} />
        )}
      </ChartSize>
      <ul data-slot="variant-lifts" className="mt-2 flex flex-col gap-1 text-muted-foreground text-xs">
        {challengers.map((variant) => (
          <li key={variant.id}>{liftText(variant, locale, liftConfidence)}</li>
        ))}
      </ul>
    </ChartFrame>
  );
}

function ComparisonPicture({
  verdict,
  rows,
  locale,
  palette,
  width,
  height,
}: {
  verdict: VariantComparisonVerdict;
  rows: ReturnType<typeof rowsOf>;
  locale: string;
  palette: ChartPalette;
  width: number;
  height: number;
}) {
  const innerWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const max = Math.max(0.0001, ...verdict.variants.map((variant) => variant.interval.upper));
  const ticks = niceTicks(max * 100, width < 420 ? 3 : 5).map((tick) => tick / 100);
  const top = ticks.at(-1) ?? max;
  const x = (rate: number) => MARGIN.left + (rate / top) * innerWidth;
  const text = { fill: palette.text, fontSize: 11 };
  const control = verdict.variants.find((variant) => variant.control);
  const digits = top < 0.02 ? 2 : 1;
  return (
    <svg data-slot="variant-comparison-svg" width={width} height={height} aria-hidden="true">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={x(tick)} x2={x(tick)} y1={MARGIN.top} y2={height - MARGIN.bottom} stroke={palette.grid} />
          <text {...text} data-axis="x" x={x(tick)} y={height - 8} textAnchor="middle">
            {percent(tick, locale, tick === 0 ? 0 : digits)}
          </text>
        </g>
      ))}
      {control?.rate != null ? (
        <line
          data-slot="variant-control-rate"
          x1={x(control.rate)}
          x2={x(control.rate)}
          y1={MARGIN.top}
          y2={height - MARGIN.bottom}
          stroke={seriesColor(variantConfig, 'control', palette)}
          strokeDasharray="4 3"
        />
      ) : null}
      {verdict.variants.map((variant, index) => {
        const { lines, centre: y } = rows[index] as ReturnType<typeof rowsOf>[number];
        // One line: the name just above the centre; two: one line above and one on it.
        const nameTop = lines.length > 1 ? y - 8 : y - 2;
        const color = seriesColor(variantConfig, variant.control ? 'control' : 'variant', palette);
        const { lower, upper } = variant.interval;
        return (
          <g key={variant.id} data-slot="variant-row" data-control={variant.control ? '' : undefined}>
            <text
              data-slot="variant-name"
              x={MARGIN.left - 8}
              y={nameTop}
              textAnchor="end"
              fill={palette.foreground}
              fontSize={12}
            >
              <title>{variant.name}</title>
              {lines.map((line, at) => (
                // A name's lines are its first and second: their place is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tspan key={at} x={MARGIN.left - 8} dy={at === 0 ? 0 : 13}>
                  {line}
                </tspan>
              ))}
            </text>
            <text
              {...text}
              x={MARGIN.left - 8}
              y={nameTop + 13 * lines.length}
              textAnchor="end"
              fontSize={10}
            >
              {variant.control ? 'Control' : `n = ${formatCount(variant.trials, locale)}`}
            </text>
            <g data-slot="variant-interval" stroke={color} strokeWidth={2}>
              <line x1={x(lower)} x2={x(upper)} y1={y} y2={y} />
              <line x1={x(lower)} x2={x(lower)} y1={y - 6} y2={y + 6} />
              <line x1={x(upper)} x2={x(upper)} y1={y - 6} y2={y + 6} />
            </g>
            {variant.rate === null ? null : variant.control ? (
              <rect
                x={x(variant.rate) - 5}
                y={y - 5}
                width={10}
                height={10}
                fill={palette.background}
                stroke={color}
                strokeWidth={2}
              />
            ) : (
              <circle cx={x(variant.rate)} cy={y} r={5} fill={color} />
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** The progress toward the planned sample, as read under the chart: '64% of 43,506 per variant'. */
export function plannedSampleText(verdict: VariantComparisonVerdict, locale: string): string {
  return `${percent(verdict.progress, locale, 0)} of the planned ${formatCount(verdict.plannedSample, locale)} per variant`;
}

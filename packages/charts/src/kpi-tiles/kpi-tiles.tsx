import {
  type FigureKeyOf,
  figureKeysIn,
  isRateMetric,
  type MetricChange,
  metricChange,
  type ReportMetric,
  type ReportTotals,
} from '@adconsole/domain';
import { cn, Skeleton } from '@adconsole/ui';
import { ArrowDownIcon, ArrowUpIcon, MinusIcon } from 'lucide-react';
import type * as React from 'react';
import {
  defaultLocale,
  formatFigure,
  formatMetric,
  formatSignedPercent,
  formatSignedPoints,
} from '../lib/format';
import { metricConfig } from '../lib/metrics';
import { verdictClasses } from '../lib/status-colors';

/** A headline figure: the tiles' figures of the base and video groups (the domain's REPORT_FIGURES). */
export type KpiMetric = FigureKeyOf<{ shows: { tiles: true }; group: 'base' | 'video' }>;
/** The tiles in order; the video ones show only when the report has video data. */
export const KPI_METRICS: readonly KpiMetric[] = figureKeysIn('tiles', ['base', 'video']) as KpiMetric[];
/**
 * A tile KpiTiles can show: the headline figures, and the count of conversions (the dashboard's, whose
 * campaigns may count their value in different currencies; a report shows ConversionTiles instead).
 */
export type KpiTileMetric = KpiMetric | 'conversions';

export type KpiTilesProps = React.ComponentProps<'dl'> & {
  /** The report's totals. */
  totals: ReportTotals;
  /** The previous period's totals: each tile then shows its change, coloured good or bad. */
  previous?: ReportTotals;
  /**
   * The previous period's totals are on their way: each tile keeps the room of its change (a
   * placeholder), so the tiles do not grow, and nothing under them moves, when they arrive.
   */
  comparing?: boolean;
  /** Which tiles, in order (those without a figure in `totals` are left out). */
  metrics?: readonly KpiTileMetric[];
  /** BCP 47 locale for numbers; the browser's by default. */
  locale?: string;
};

/** The report's headline figures, each with its change from the previous period when given. */
export function KpiTiles({
  totals,
  previous,
  comparing = false,
  metrics = KPI_METRICS,
  locale = defaultLocale(),
  className,
  ...props
}: KpiTilesProps) {
  const shown = metrics.filter((metric) => totals[metric] !== undefined);
  return (
    <dl
      data-slot="kpi-tiles"
      // At least two to a row (one column would push a phone's report a screen down).
      className={cn(TILE_GRID, className)}
      {...props}
    >
      {shown.map((metric) => (
        <KpiTile
          key={metric}
          slot="kpi-tile"
          metric={metric}
          value={formatFigure(metric, totals, locale)}
          change={previous ? metricChange(metric, totals, previous) : undefined}
          comparing={!previous && comparing}
          locale={locale}
        />
      ))}
    </dl>
  );
}

/** The grid of tiles: at least two to a row however narrow the frame, as many as fit beside. */
export const TILE_GRID = 'grid grid-cols-[repeat(auto-fill,minmax(min(11rem,calc(50%-0.375rem)),1fr))] gap-3';

/**
 * One tile: the figure's label and value, and its change from the previous period (a placeholder while
 * the previous period loads, nothing without a comparison). `format` writes a value of the change.
 */
export function KpiTile({
  slot,
  metric,
  value,
  change,
  comparing,
  locale,
  format,
}: {
  slot: string;
  metric: ReportMetric;
  value: string;
  change: MetricChange | undefined;
  comparing: boolean | undefined;
  locale: string;
  format?: (metric: ReportMetric, value: number) => string;
}) {
  return (
    <div
      data-slot={slot}
      data-metric={metric}
      className="flex flex-col gap-1 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <dt className="text-muted-foreground text-sm">{metricConfig[metric].label}</dt>
      <dd className="font-semibold text-2xl tabular-nums tracking-tight">{value}</dd>
      {change ? (
        <KpiDelta change={change} locale={locale} format={format} />
      ) : comparing ? (
        <dd data-slot="kpi-delta" data-loading="" aria-hidden="true">
          <Skeleton className="h-5 w-16 rounded-md" />
        </dd>
      ) : null}
    </div>
  );
}

/**
 * A tile's change from the previous period: percentage points for a rate, else percent (the difference
 * itself from 0), with an arrow, coloured by whether it is good news. `format` writes a value of the
 * figure (money for the conversion tiles); the report's own formatting by default.
 */
function KpiDelta({
  change,
  locale,
  format = (metric, value) => formatMetric(metric, value, locale),
}: {
  change: MetricChange | undefined;
  locale: string;
  format?: (metric: ReportMetric, value: number) => string;
}) {
  if (!change) return null;
  const { metric, direction, verdict } = change;
  const rate = isRateMetric(metric);
  const shown = rate
    ? formatSignedPoints(change.difference, locale)
    : change.relative === null
      ? `${change.difference > 0 ? '+' : ''}${format(metric, change.difference)}`
      : formatSignedPercent(change.relative, locale);
  const Icon = direction === 'up' ? ArrowUpIcon : direction === 'down' ? ArrowDownIcon : MinusIcon;
  const words = direction === 'up' ? 'Up' : direction === 'down' ? 'Down' : 'No change';
  return (
    <dd
      data-slot="kpi-delta"
      data-direction={direction}
      data-verdict={verdict}
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-md px-1.5 py-0.5 font-medium text-xs tabular-nums',
        verdictClasses[verdict].text,
        verdictClasses[verdict].background,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{words}</span>
      {direction === 'flat' ? null : <span>{shown}</span>}
      <span className="sr-only"> from {format(metric, change.previous)} in the previous period</span>
    </dd>
  );
}

import {
  addBreakdownCounters,
  type Breakdown,
  type BreakdownFigures,
  breakdownFigures,
  metricValue,
  type ReportTotals,
  zeroBreakdownCounters,
} from '@adconsole/domain';
import { EmptyState, Skeleton } from '@adconsole/ui';
import { Bar, type BarTooltipProps } from '@nivo/bar';
import { ChartBarBigIcon } from 'lucide-react';
import type * as React from 'react';
import { useMemo } from 'react';
import {
  BREAKDOWN_DIMENSION_LABELS,
  breakdownHasConversions,
  breakdownIsEmpty,
  breakdownNoun,
  breakdownReportFigures,
} from '../lib/breakdown';
import { ChartFrame } from '../lib/chart-frame';
import type { ChartDisplayProps, SwitchableMetricProps } from '../lib/chart-props';
import { ChartSize } from '../lib/chart-size';
import { ChartTooltip } from '../lib/chart-tooltip';
import { defaultLocale, formatCompact, formatFigure, formatRate } from '../lib/format';
import { MetricSwitch } from '../lib/metric-switch';
import { metricConfig } from '../lib/metrics';
import { nivoTheme } from '../lib/nivo-theme';
import { axisFill, type ChartConfig, seriesColor, themePalette } from '../lib/palette';
import { ticksThatFit } from '../lib/ticks';
import { useControllable } from '../lib/use-controllable';

/** The figures the bars can measure. */
export const BREAKDOWN_BAR_METRICS = ['impressions', 'clicks', 'ctr'] as const;
/** With conversions (the report's `conversionCurrency` set), the bars can measure them too. */
export const BREAKDOWN_CONVERSION_BAR_METRICS = [...BREAKDOWN_BAR_METRICS, 'conversions'] as const;
export type BreakdownBarMetric = (typeof BREAKDOWN_CONVERSION_BAR_METRICS)[number];

export type BreakdownBarsProps = Omit<React.ComponentProps<'div'>, 'children'> &
  SwitchableMetricProps<BreakdownBarMetric> &
  Omit<ChartDisplayProps, 'height'> & {
    /** The report's breakdown (`data.breakdown`); undefined while it loads. */
    breakdown: Breakdown | undefined;
    /** How many values get a bar of their own (the top ones by impressions); the rest join "Other". */
    limit?: number;
    /** Fixed height; by default it grows with the number of bars. */
    height?: number;
    /**
     * The report's `conversionCurrency`: with it, and a breakdown that carries conversions, the switch
     * offers Conversions and the tooltip and hidden table list them.
     */
    conversionCurrency?: string | null | undefined;
  };

/** One bar: a value of the dimension, or "Other" (the values past the limit too), or "Unknown". */
export type BreakdownBar = {
  id: string;
  kind: 'value' | 'other' | 'unknown';
  label: string;
  figures: Partial<ReportTotals>;
};

const sumOf = (parts: readonly BreakdownFigures[]): BreakdownFigures => {
  const sum = zeroBreakdownCounters();
  for (const part of parts) addBreakdownCounters(sum, part);
  return breakdownFigures(sum);
};

/**
 * The bars of a breakdown: its first `limit` values (the API lists them by impressions), then
 * "Other" summing the values past the limit with the breakdown's own Other, then "Unknown".
 */
export function breakdownBars(breakdown: Breakdown, limit: number): BreakdownBar[] {
  const head = breakdown.rows.slice(0, limit);
  const tail = [...breakdown.rows.slice(limit), ...(breakdown.other ? [breakdown.other] : [])];
  return [
    ...head.map((row) => ({
      id: `value:${row.value}`,
      kind: 'value' as const,
      label: row.label,
      figures: breakdownReportFigures(row),
    })),
    ...(tail.length > 0
      ? [
          {
            id: 'other',
            kind: 'other' as const,
            label: 'Other',
            figures: breakdownReportFigures(sumOf(tail)),
          },
        ]
      : []),
    ...(breakdown.unknown
      ? [
          {
            id: 'unknown',
            kind: 'unknown' as const,
            label: 'Unknown',
            figures: breakdownReportFigures(breakdown.unknown),
          },
        ]
      : []),
  ];
}

const truncate = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/** A bar's height and the chart's margins: the height grows with the bars unless it is given. */
const BAR_HEIGHT = 28;
const MARGIN = { top: 4, right: 16, bottom: 32, left: 176 };
/**
 * On a narrow chart (a phone) the labels take at most 40 % of the width and the value axis as many
 * ticks as fit (about 56 px each, 5 at most), so neither the bars nor the tick labels are crowded.
 */
const layoutFor = (width: number) => {
  const left = Math.min(MARGIN.left, Math.round(width * 0.4));
  const axis = width - left - MARGIN.right;
  return {
    margin: { ...MARGIN, left },
    ticks: Math.min(5, ticksThatFit(axis, 56)),
    // 26 characters at the full margin; narrower, about 7 px a character at the axis's font size.
    labelLength: left >= MARGIN.left ? 26 : Math.floor((left - 8) / 7),
  };
};
const heightFor = (bars: number) => MARGIN.top + MARGIN.bottom + Math.max(bars, 1) * BAR_HEIGHT;

type Datum = { id: string; value: number };

/** Each figure keeps its colour of every other widget (impressions --chart-1, clicks --chart-3...). */
const config: ChartConfig<BreakdownBarMetric> = {
  impressions: metricConfig.impressions,
  clicks: metricConfig.clicks,
  ctr: metricConfig.ctr,
  conversions: metricConfig.conversions,
};

/** The top values of a breakdown as horizontal bars of impressions, clicks or CTR. */
export function BreakdownBars({
  breakdown,
  limit = 10,
  metric: metricProp,
  defaultMetric = 'impressions',
  onMetricChange,
  metrics: metricsProp,
  conversionCurrency,
  locale = defaultLocale(),
  width,
  height,
  palette = themePalette,
  animate = false,
  interactive = true,
  ...props
}: BreakdownBarsProps) {
  const [metric, setMetric] = useControllable(metricProp, defaultMetric, onMetricChange);
  // The figures each bar's tooltip and the hidden table list; the switch's choices by default (with
  // conversions already while the breakdown loads, so the switch does not change when it arrives).
  const figures: readonly BreakdownBarMetric[] =
    conversionCurrency && (!breakdown || breakdownHasConversions(breakdown))
      ? BREAKDOWN_CONVERSION_BAR_METRICS
      : BREAKDOWN_BAR_METRICS;
  const metrics = metricsProp ?? figures;
  const bars = useMemo(() => (breakdown ? breakdownBars(breakdown, limit) : []), [breakdown, limit]);
  const header =
    metrics.length > 0 ? (
      <MetricSwitch
        label="Metric"
        metrics={metrics}
        value={metric}
        onChange={setMetric}
        labelOf={(key) => metricConfig[key].label}
      />
    ) : null;

  if (!breakdown) {
    return (
      <div
        data-slot="breakdown-bars"
        data-loading=""
        className="flex flex-col gap-3"
        aria-busy="true"
        {...props}
      >
        {header}
        <span className="sr-only" role="status">
          Loading the breakdown…
        </span>
        <Skeleton style={{ height: height ?? heightFor(limit + 2), width }} />
      </div>
    );
  }
  const noun = breakdownNoun(breakdown.dimension);
  if (breakdownIsEmpty(breakdown)) {
    return (
      <div data-slot="breakdown-bars" data-empty="" className="flex flex-col gap-3" {...props}>
        {header}
        <EmptyState
          icon={<ChartBarBigIcon aria-hidden="true" />}
          title="No figures for this period"
          description={`The ${noun} breakdown fills in as the campaign serves.`}
          style={{ minHeight: height ?? 200, width }}
        />
      </div>
    );
  }

  const label = metricConfig[metric].label;
  const color = seriesColor(config, metric, palette);
  const barValue = (bar: BreakdownBar) => metricValue(metric, bar.figures);
  const text = (bar: BreakdownBar) => formatFigure(metric, bar.figures, locale);
  const labels = new Map(bars.map((bar) => [bar.id, bar.label]));
  // nivo draws the first datum at the bottom: reversed, the biggest value is on top.
  const data: Datum[] = [...bars].reverse().map((bar) => ({ id: bar.id, value: barValue(bar) ?? 0 }));
  const byId = new Map(bars.map((bar) => [bar.id, bar]));
  const summary = `${label} by ${noun}: ${bars.map((bar) => `${bar.label} ${text(bar)}`).join('; ')}.`;
  const dimensionLabel = BREAKDOWN_DIMENSION_LABELS[breakdown.dimension];

  return (
    <ChartFrame
      slot="breakdown-bars"
      summary={summary}
      config={config}
      palette={palette}
      header={header}
      data-metric={metric}
      data-dimension={breakdown.dimension}
      dataTable={{
        caption: `Top values by ${noun}`,
        columns: [dimensionLabel, ...figures.map((key) => metricConfig[key].label)],
        rows: bars.map((bar) => [bar.label, ...figures.map((key) => formatFigure(key, bar.figures, locale))]),
      }}
      {...props}
    >
      <ChartSize width={width} height={height ?? heightFor(bars.length)}>
        {(size) => {
          const layout = layoutFor(size.width);
          return (
            <Bar<Datum>
              width={size.width}
              height={size.height}
              data={data}
              keys={['value']}
              indexBy="id"
              layout="horizontal"
              margin={layout.margin}
              padding={0.3}
              valueScale={{ type: 'linear', min: 0, max: 'auto', nice: true }}
              // Other and Unknown are not one value each: drawn in the axis colour, apart from the values.
              colors={(bar) =>
                byId.get(String(bar.indexValue))?.kind === 'value' ? color : axisFill(palette)
              }
              borderRadius={2}
              theme={nivoTheme(palette)}
              enableLabel={false}
              enableGridX
              enableGridY={false}
              gridXValues={layout.ticks}
              axisBottom={{
                tickSize: 0,
                tickPadding: 8,
                tickValues: layout.ticks,
                format: (value: number) =>
                  metric === 'ctr' ? formatRate(value, locale) : formatCompact(value, locale),
              }}
              axisLeft={{
                tickSize: 0,
                tickPadding: 8,
                format: (id: string) => truncate(labels.get(id) ?? id, layout.labelLength),
              }}
              isInteractive={interactive}
              tooltip={({ data: datum }: BarTooltipProps<Datum>) => {
                const bar = byId.get(datum.id);
                return bar ? (
                  <ChartTooltip
                    title={bar.label}
                    items={figures.map((key) => ({
                      label: metricConfig[key].label,
                      value: formatFigure(key, bar.figures, locale),
                      color: seriesColor(config, key, palette),
                    }))}
                  />
                ) : null;
              }}
              animate={animate}
              role="presentation"
            />
          );
        }}
      </ChartSize>
    </ChartFrame>
  );
}

import type { ReportSeriesPoint } from '@adconsole/domain';
import { EmptyState } from '@adconsole/ui';
import { Line, type PointTooltipProps } from '@nivo/line';
import { TrendingUpIcon } from 'lucide-react';
import type * as React from 'react';
import { useMemo } from 'react';
import { ChartFrame } from '../lib/chart-frame';
import type { ChartDisplayProps, SwitchableMetricProps } from '../lib/chart-props';
import { ChartSize } from '../lib/chart-size';
import { ChartTooltip } from '../lib/chart-tooltip';
import {
  defaultLocale,
  formatCompact,
  formatCount,
  formatFigure,
  formatPeriod,
  formatRate,
  isHourPeriod,
} from '../lib/format';
import { MetricSwitch } from '../lib/metric-switch';
import { metricConfig, singleMetricConfig } from '../lib/metrics';
import { nivoTheme } from '../lib/nivo-theme';
import { seriesColor, themePalette } from '../lib/palette';
import { thinTicks, ticksThatFit } from '../lib/ticks';
import { useControllable } from '../lib/use-controllable';
import { plainLineLayers } from './plain-line-layers';

/** The figures the performance chart draws over time by default. */
export const PERFORMANCE_METRICS = ['impressions', 'engagement', 'clicks', 'ctr'] as const;
/** The same with conversions, for a report that has them (`metrics={CONVERSION_PERFORMANCE_METRICS}`). */
export const CONVERSION_PERFORMANCE_METRICS = [...PERFORMANCE_METRICS, 'conversions'] as const;
export type PerformanceMetric = (typeof CONVERSION_PERFORMANCE_METRICS)[number];

/** A point's figure (a series without conversion counters counts none). */
const figureOf = (point: ReportSeriesPoint, metric: PerformanceMetric): number => point[metric] ?? 0;

export type PerformanceChartProps = Omit<React.ComponentProps<'div'>, 'children'> &
  SwitchableMetricProps<PerformanceMetric> &
  ChartDisplayProps & {
    /** The report's series: one point per local day or hour, oldest first. */
    series: readonly ReportSeriesPoint[];
  };

const MARGIN = { top: 12, right: 20, bottom: 36, left: 60 };

type Datum = { x: string; y: number };
type Series = { id: PerformanceMetric; data: Datum[] };

/** Impressions, engagement, clicks, CTR (or conversions) by local day or hour, with a metric switch. */
export function PerformanceChart({
  series,
  metric: metricProp,
  defaultMetric = 'impressions',
  onMetricChange,
  metrics = PERFORMANCE_METRICS,
  locale = defaultLocale(),
  width,
  height = 300,
  palette = themePalette,
  animate = false,
  interactive = true,
  ...props
}: PerformanceChartProps) {
  const [metric, setMetric] = useControllable(metricProp, defaultMetric, onMetricChange);
  const label = metricConfig[metric].label;
  const byHour = series.length > 0 && isHourPeriod(series[0]?.date ?? '');
  const unit = byHour ? 'hour' : 'day';
  const format = (value: number) =>
    metric === 'ctr' ? formatRate(value, locale) : formatCount(value, locale);
  const config = singleMetricConfig(metric);
  const color = seriesColor(config, metric, palette);
  const theme = useMemo(() => nivoTheme(palette), [palette]);
  const layers = useMemo(() => plainLineLayers<Series>(theme), [theme]);

  const lineData = useMemo<Series[]>(
    () => [{ id: metric, data: series.map((point) => ({ x: point.date, y: figureOf(point, metric) })) }],
    [series, metric],
  );
  const summary = useMemo(() => summarize(series, metric, locale, unit), [series, metric, locale, unit]);
  const withConversions = series.some((point) => point.conversions !== undefined);
  const dataTable = useMemo(
    () => ({
      caption: `${label} by ${unit}`,
      columns: [
        byHour ? 'Hour' : 'Day',
        ...(withConversions ? CONVERSION_PERFORMANCE_METRICS : PERFORMANCE_METRICS).map(
          (key) => metricConfig[key].label,
        ),
      ],
      rows: series.map((point) => [
        formatPeriod(point.date, locale),
        formatCount(point.impressions, locale),
        formatCount(point.engagement, locale),
        formatCount(point.clicks, locale),
        formatFigure('ctr', point, locale),
        ...(withConversions ? [formatCount(point.conversions ?? 0, locale)] : []),
      ]),
    }),
    [series, locale, label, unit, byHour, withConversions],
  );
  const empty = series.every((point) => figureOf(point, metric) === 0);

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

  if (empty) {
    return (
      <div data-slot="performance-chart" data-empty="" className="flex flex-col gap-3" {...props}>
        {header}
        <EmptyState
          icon={<TrendingUpIcon aria-hidden="true" />}
          title={series.length === 0 ? 'No data for this period' : `No ${label.toLowerCase()} in this period`}
          description="The chart fills in as the campaign serves."
          style={{ minHeight: height, width }}
        />
      </div>
    );
  }

  const multiDay = byHour && series[0]?.date.slice(0, 10) !== series.at(-1)?.date.slice(0, 10);
  const dates = series.map((point) => point.date);

  return (
    <ChartFrame
      slot="performance-chart"
      summary={summary}
      config={config}
      palette={palette}
      dataTable={dataTable}
      header={header}
      data-metric={metric}
      {...props}
    >
      <ChartSize width={width} height={height}>
        {(size) => (
          <Line<Series>
            width={size.width}
            height={size.height}
            data={lineData}
            margin={MARGIN}
            xScale={{ type: 'point' }}
            yScale={{ type: 'linear', min: 0, max: 'auto', nice: true }}
            colors={[color]}
            theme={theme}
            curve="monotoneX"
            lineWidth={2}
            enableArea
            areaOpacity={0.12}
            enablePoints={series.length <= 31}
            pointSize={6}
            pointColor={color}
            pointBorderWidth={0}
            enableGridX={false}
            gridYValues={5}
            axisLeft={{
              tickSize: 0,
              tickPadding: 8,
              tickValues: 5,
              format: (value: number) =>
                metric === 'ctr' ? formatRate(value, locale) : formatCompact(value, locale),
            }}
            axisBottom={{
              tickSize: 4,
              tickPadding: 6,
              tickValues: thinTicks(
                dates,
                ticksThatFit(size.width - MARGIN.left - MARGIN.right, multiDay ? 110 : byHour ? 52 : 64),
              ),
              format: (value: string) =>
                multiDay
                  ? `${formatPeriod(value.slice(0, 10), locale, 'axis')} ${formatPeriod(value, locale, 'axis')}`
                  : formatPeriod(value, locale, 'axis'),
            }}
            isInteractive={interactive}
            useMesh={interactive}
            enableCrosshair={interactive}
            crosshairType="x"
            tooltip={({ point }: PointTooltipProps<Series>) => (
              <ChartTooltip
                title={formatPeriod(String(point.data.x), locale)}
                items={[{ label, value: format(Number(point.data.y)), color }]}
              />
            )}
            animate={animate}
            layers={layers}
            role="presentation"
          />
        )}
      </ChartSize>
    </ChartFrame>
  );
}

/** The chart's text alternative: range, total (or average rate) and the highest and lowest period. */
function summarize(
  series: readonly ReportSeriesPoint[],
  metric: PerformanceMetric,
  locale: string,
  unit: 'day' | 'hour',
): string {
  const label = metricConfig[metric].label;
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return `${label} by ${unit}: no data.`;
  const format = (value: number) =>
    metric === 'ctr' ? formatRate(value, locale) : formatCount(value, locale);
  let highest = first;
  let lowest = first;
  for (const point of series) {
    if (figureOf(point, metric) > figureOf(highest, metric)) highest = point;
    if (figureOf(point, metric) < figureOf(lowest, metric)) lowest = point;
  }
  const impressions = series.reduce((sum, point) => sum + point.impressions, 0);
  const clicks = series.reduce((sum, point) => sum + point.clicks, 0);
  const overall =
    metric === 'ctr'
      ? `${format(impressions > 0 ? (clicks / impressions) * 100 : 0)} overall`
      : `${format(series.reduce((sum, point) => sum + figureOf(point, metric), 0))} in total`;
  const range =
    series.length === 1
      ? formatPeriod(first.date, locale)
      : `${formatPeriod(first.date, locale)} to ${formatPeriod(last.date, locale)}`;
  return `${label} by ${unit}, ${range}: ${overall}; highest ${format(figureOf(highest, metric))} on ${formatPeriod(highest.date, locale)}, lowest ${format(figureOf(lowest, metric))} on ${formatPeriod(lowest.date, locale)}.`;
}

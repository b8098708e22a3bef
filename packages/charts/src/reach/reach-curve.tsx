import {
  hasReach,
  type Reach,
  type ReachDay,
  reachErrorText,
  reachSentence,
  reachShown,
} from '@adconsole/domain';
import { cn } from '@adconsole/ui';
import { Line, type LineCustomSvgLayerProps, type LineSvgLayer, type PointTooltipProps } from '@nivo/line';
import type * as React from 'react';
import { useMemo } from 'react';
import { ChartFrame } from '../lib/chart-frame';
import type { ChartDisplayProps } from '../lib/chart-props';
import { ChartSize } from '../lib/chart-size';
import { ChartTooltip, Swatch } from '../lib/chart-tooltip';
import { defaultLocale, formatCompact, formatCount, formatPeriod } from '../lib/format';
import { nivoTheme } from '../lib/nivo-theme';
import { type ChartConfig, type ChartPalette, seriesColor, themePalette } from '../lib/palette';
import { thinTicks, ticksThatFit } from '../lib/ticks';
import { plainLineLayers, scaleOf } from '../performance-chart/plain-line-layers';

export type ReachCurveProps = Omit<React.ComponentProps<'div'>, 'children'> &
  ChartDisplayProps & {
    /** The report's distinct browsers and devices over its range (`data.reach`). */
    reach: Reach;
  };

/** The curve (reached so far) and each day's bar: reached for the first time, or again. */
const reachConfig = {
  cumulative: { label: 'Reached so far', color: 1 },
  new: { label: 'New that day', color: 2 },
  returning: { label: 'Returning that day', color: 3 },
} satisfies ChartConfig;

type Datum = { x: string; y: number };
type Series = { id: 'cumulative'; data: Datum[] };

const MARGIN = { top: 12, right: 16, bottom: 36, left: 52 };

/** 'about 12,400': every reach figure is an estimate. */
const about = (value: number, locale: string) => `about ${formatCount(value, locale)}`;
/** A part of the reach: 'about 12,400', or 'none' (a campaign in apps reaches no browser). */
const part = (value: number, locale: string) => (value === 0 ? 'none' : about(value, locale));

/** '84 %' of the ads with an identity, as the domain's sentence writes it. */
const coverageText = (reach: Reach) =>
  reach.coverage === null ? '–' : `${Math.round(reach.coverage * 100)} %`;

/**
 * "Reach": the distinct browsers and devices the ads reached over the range (estimates, the error
 * beside them), the average frequency and the share of the ads with an identity; the cumulative reach
 * by local day as a curve over each day's reach, new and returning, as stacked bars. The picture is
 * described in a sentence and its figures are in a visually hidden table. Without an identity to count
 * it says why instead of showing 0; without ads, that there were none.
 */
export function ReachCurve({
  reach,
  locale = defaultLocale(),
  width,
  height = 240,
  palette = themePalette,
  animate = false,
  interactive = true,
  className,
  ...props
}: ReachCurveProps) {
  const sentence = reachSentence(reach, locale);
  if (!hasReach(reach))
    return (
      <div
        data-slot="reach-curve"
        data-empty=""
        className={cn('grid gap-2 text-muted-foreground text-sm', className)}
        {...props}
      >
        <p data-slot="reach-summary">{sentence}</p>
        {reachShown(reach) ? <p>{formatCount(reach.ads, locale)} ads served in this range.</p> : null}
      </div>
    );
  return (
    <div data-slot="reach" className={cn('@container grid min-w-0 gap-4', className)} {...props}>
      <ReachFigures reach={reach} locale={locale} />
      <p data-slot="reach-summary" className="text-muted-foreground text-sm">
        {sentence}
      </p>
      <ReachChart
        reach={reach}
        locale={locale}
        width={width}
        height={height}
        palette={palette}
        animate={animate}
        interactive={interactive}
      />
    </div>
  );
}

/** The headline: the reach with its error, then browsers, devices, average frequency and coverage. */
function ReachFigures({ reach, locale }: { reach: Reach; locale: string }) {
  const error = reachErrorText(reach);
  const figures: [string, string][] = [
    ['Browsers', part(reach.browsers, locale)],
    ['Devices', part(reach.devices, locale)],
    ['Average frequency', `${reach.averageFrequency?.toFixed(1) ?? '–'} ads each`],
    ['Ads with an identity', coverageText(reach)],
  ];
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        <span className="text-muted-foreground">About </span>
        <span data-slot="reach-total" className="font-semibold text-2xl tabular-nums">
          {formatCount(reach.reach, locale)}
        </span>
        <span className="text-muted-foreground">
          {' '}
          {reach.reach === 1 ? 'browser or device' : 'browsers and devices'} reached ({error})
        </span>
      </p>
      <dl data-slot="reach-figures" className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm @lg:grid-cols-4">
        {figures.map(([term, value]) => (
          <div key={term} className="grid min-w-0">
            <dt className="text-muted-foreground text-xs">{term}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ReachChart({
  reach,
  locale,
  width,
  height,
  palette,
  animate,
  interactive,
}: Required<Pick<ReachCurveProps, 'reach' | 'height' | 'palette' | 'animate' | 'interactive'>> & {
  locale: string;
  width: number | undefined;
}) {
  const theme = useMemo(() => nivoTheme(palette), [palette]);
  const color = (key: keyof typeof reachConfig) => seriesColor(reachConfig, key, palette);
  const lineData = useMemo<Series[]>(
    () => [{ id: 'cumulative', data: reach.days.map((day) => ({ x: day.date, y: day.cumulative })) }],
    [reach],
  );
  const byDate = useMemo(() => new Map(reach.days.map((day) => [day.date, day])), [reach]);
  const error = reachErrorText(reach);
  const dataTable = {
    caption: `Reach by day (estimates, ${error})`,
    columns: ['Day', 'Reach that day', 'New', 'Returning', 'Reached so far'],
    rows: reach.days.map((day) => [
      formatPeriod(day.date, locale),
      formatCount(day.reach, locale),
      formatCount(day.new, locale),
      formatCount(day.returning, locale),
      formatCount(day.cumulative, locale),
    ]),
  };
  const legend = (
    <ul data-slot="reach-legend" className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
      {(Object.keys(reachConfig) as (keyof typeof reachConfig)[]).map((key) => (
        <li key={key} className="inline-flex items-center gap-1.5">
          <Swatch color={color(key)} />
          {reachConfig[key].label}
        </li>
      ))}
    </ul>
  );
  return (
    <ChartFrame
      slot="reach-curve"
      summary={summarize(reach, locale)}
      config={reachConfig}
      palette={palette}
      dataTable={dataTable}
      header={legend}
    >
      <ChartSize width={width} height={height}>
        {(size) => {
          const count = reach.days.length;
          // A bar is 60 % of a day's step, at most 28 px; half of one overhangs each end of the axis.
          const step = (size.width - MARGIN.left - MARGIN.right) / Math.max(1, count - 1);
          const bar = Math.max(2, Math.min(28, step * 0.6));
          const margin = { ...MARGIN, left: MARGIN.left + bar / 2, right: MARGIN.right + bar / 2 };
          const dates = reach.days.map((day) => day.date);
          return (
            <Line<Series>
              width={size.width}
              height={size.height}
              data={lineData}
              margin={margin}
              xScale={{ type: 'point' }}
              yScale={{ type: 'linear', min: 0, max: 'auto', nice: true }}
              colors={[color('cumulative')]}
              theme={theme}
              curve="monotoneX"
              lineWidth={2}
              // A dot a day where the days stand apart (a month on a phone is one dot every 8 px).
              enablePoints={count === 1 || step >= 16}
              pointSize={6}
              pointColor={color('cumulative')}
              pointBorderWidth={0}
              enableGridX={false}
              gridYValues={4}
              axisLeft={{
                tickSize: 0,
                // Clear of the first day's bar, which stands across the axis.
                tickPadding: 8 + bar / 2,
                tickValues: 4,
                format: (value: number) => formatCompact(value, locale),
              }}
              axisBottom={{
                tickSize: 4,
                tickPadding: 6,
                tickValues: thinTicks(dates, ticksThatFit(size.width - margin.left - margin.right, 64)),
                format: (value: string) => formatPeriod(value, locale, 'axis'),
              }}
              isInteractive={interactive}
              useMesh={interactive}
              enableCrosshair={interactive}
              crosshairType="x"
              tooltip={({ point }: PointTooltipProps<Series>) => {
                const day = byDate.get(String(point.data.x));
                return (
                  <ChartTooltip
                    title={formatPeriod(String(point.data.x), locale)}
                    items={[
                      {
                        label: 'Reached so far',
                        value: about(day?.cumulative ?? 0, locale),
                        color: color('cumulative'),
                      },
                      { label: 'New', value: about(day?.new ?? 0, locale), color: color('new') },
                      {
                        label: 'Returning',
                        value: about(day?.returning ?? 0, locale),
                        color: color('returning'),
                      },
                    ]}
                  />
                );
              }}
              animate={animate}
              layers={withDayBars(plainLineLayers<Series>(theme), { byDate, width: bar, palette })}
              role="presentation"
            />
          );
        }}
      </ChartSize>
    </ChartFrame>
  );
}

type DayBarsOptions = { byDate: ReadonlyMap<string, ReachDay>; width: number; palette: ChartPalette };

/** Each day's stacked bar (new below, returning above) on the chart's scales: a nivo layer's drawing. */
function DayBars({ xScale, yScale }: LineCustomSvgLayerProps<Series>, options: DayBarsOptions) {
  const x = scaleOf(xScale);
  const y = scaleOf(yScale);
  const { width, palette } = options;
  return (
    <g data-slot="reach-day-bars">
      {[...options.byDate.values()].map((day) => {
        const left = x(day.date) - width / 2;
        const newTop = y(day.new);
        const top = y(day.reach);
        return (
          <g key={day.date}>
            <rect
              x={left}
              y={newTop}
              width={width}
              height={Math.max(0, y(0) - newTop)}
              fill={seriesColor(reachConfig, 'new', palette)}
              fillOpacity={0.85}
            />
            <rect
              x={left}
              y={top}
              width={width}
              height={Math.max(0, newTop - top)}
              fill={seriesColor(reachConfig, 'returning', palette)}
              fillOpacity={0.85}
            />
          </g>
        );
      })}
    </g>
  );
}

/** The line chart's layers with the day bars after the grid and axes, before the crosshair and the curve. */
function withDayBars(layers: LineSvgLayer<Series>[], options: DayBarsOptions): LineSvgLayer<Series>[] {
  return [...layers.slice(0, 2), (props) => DayBars(props, options), ...layers.slice(2)];
}

/** The chart's text alternative: range, reach by the last day, and the day that reached the most. */
function summarize(reach: Reach, locale: string): string {
  const first = reach.days[0];
  const last = reach.days.at(-1);
  if (!first || !last) return `Reach by day: no days. ${reachSentence(reach, locale)}`;
  const range =
    first === last
      ? formatPeriod(first.date, locale)
      : `${formatPeriod(first.date, locale)} to ${formatPeriod(last.date, locale)}`;
  const most = reach.days.reduce((best, day) => (day.reach > best.reach ? day : best), first);
  return `Reach by day, ${range} (estimates, ${reachErrorText(reach)}): ${about(last.cumulative, locale)} browsers and devices reached by the last day; the most in one day ${about(most.reach, locale)} on ${formatPeriod(most.date, locale)}, ${formatCount(most.new, locale)} of them new.`;
}

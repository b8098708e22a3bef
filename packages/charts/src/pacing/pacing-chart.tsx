import { GOAL_METRIC_LABELS, PACING_STATUS_LABELS, type PacingAnswer } from '@adconsole/domain';
import type * as React from 'react';
import { useMemo } from 'react';
import { ChartFrame } from '../lib/chart-frame';
import type { ChartDisplayProps } from '../lib/chart-props';
import { ChartSize } from '../lib/chart-size';
import { defaultLocale, formatCompact, formatCount, formatPeriod, NO_VALUE } from '../lib/format';
import { type ChartConfig, type ChartPalette, seriesColor, themePalette } from '../lib/palette';
import { labelsApart, labelWidth, thinTicks, ticksThatFit } from '../lib/ticks';
import { pacingDeviationText } from './pacing-status';

export type PacingChartProps = Omit<React.ComponentProps<'div'>, 'children'> &
  ChartDisplayProps & {
    /** The campaign's pacing as the API answers it (`campaign.pacing`, `reportData.pacing`). */
    pacing: PacingAnswer;
  };

/** The chart's series: delivery to date, the even-delivery plan, the projection, the goal. */
const pacingConfig = {
  delivered: { label: 'Delivered', color: 1 },
  plan: { label: 'Plan', color: 8 },
  projected: { label: 'Projected', color: 1 },
  goal: { label: 'Goal', color: 3 },
} satisfies ChartConfig;

const MARGIN = { top: 12, right: 12, bottom: 28, left: 8 };

/** Round values from 0 to at least `max`: about `count` of them, 1, 2, 2.5 or 5 times a power of ten apart. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let value = 0; value < max + step; value += step) ticks.push(value);
  if ((ticks.at(-1) ?? 0) < max) ticks.push((ticks.at(-1) ?? 0) + step);
  return ticks;
}

/**
 * Cumulative delivery of the goal's metric against the even-delivery line by day of the flight, the
 * projection from today to the flight's end (dashed) and the goal as a reference line. The picture
 * is described in a sentence and its figures are in a visually hidden table.
 */
export function PacingChart({
  pacing,
  locale = defaultLocale(),
  width,
  height = 260,
  palette = themePalette,
  // Drawn still and without hover: the figures are in the hidden table.
  animate: _animate,
  interactive: _interactive,
  ...props
}: PacingChartProps) {
  const metric = GOAL_METRIC_LABELS[pacing.metric];
  const summary = useMemo(() => summarize(pacing, locale), [pacing, locale]);
  const dataTable = useMemo(
    () => ({
      caption: `${metric} delivered against the plan by day of the flight`,
      columns: ['Day', 'Delivered', 'Plan', 'Projected'],
      rows: pacing.days.map((day) => [
        formatPeriod(day.date, locale),
        day.delivered === null ? NO_VALUE : formatCount(day.delivered, locale),
        formatCount(day.plan, locale),
        day.projected === null ? NO_VALUE : formatCount(day.projected, locale),
      ]),
    }),
    [pacing, locale, metric],
  );
  const legend = (
    <ul data-slot="pacing-legend" className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
      <LegendItem label="Delivered" color={seriesColor(pacingConfig, 'delivered', palette)} />
      <LegendItem label="Plan" color={seriesColor(pacingConfig, 'plan', palette)} />
      <LegendItem label="Projected" color={seriesColor(pacingConfig, 'projected', palette)} dashed />
      <LegendItem
        label={`Goal ${formatCompact(pacing.goal, locale)}`}
        color={seriesColor(pacingConfig, 'goal', palette)}
        dashed
      />
    </ul>
  );
  return (
    <ChartFrame
      slot="pacing-chart"
      summary={summary}
      config={pacingConfig}
      palette={palette}
      dataTable={dataTable}
      header={legend}
      data-status={pacing.status}
      {...props}
    >
      <ChartSize width={width} height={height}>
        {(size) => <PacingPicture pacing={pacing} locale={locale} palette={palette} {...size} />}
      </ChartSize>
    </ChartFrame>
  );
}

function LegendItem({ label, color, dashed = false }: { label: string; color: string; dashed?: boolean }) {
  return (
    <li className="inline-flex items-center gap-1.5">
      <svg aria-hidden="true" width="16" height="4" className="shrink-0">
        <line
          x1="0"
          x2="16"
          y1="2"
          y2="2"
          stroke={color}
          strokeWidth="2"
          strokeDasharray={dashed ? '4 3' : undefined}
        />
      </svg>
      {label}
    </li>
  );
}

type Point = { index: number; value: number };

function PacingPicture({
  pacing,
  locale,
  palette,
  width,
  height,
}: {
  pacing: PacingAnswer;
  locale: string;
  palette: ChartPalette;
  width: number;
  height: number;
}) {
  const { days } = pacing;
  const top = Math.max(
    pacing.goal,
    ...days.map((day) => Math.max(day.plan, day.delivered ?? 0, day.projected ?? 0)),
  );
  const yTicks = niceTicks(top);
  const yMax = yTicks.at(-1) ?? top;
  const left = MARGIN.left + Math.max(...yTicks.map((tick) => labelWidth(formatCompact(tick, locale)))) + 6;
  const innerWidth = Math.max(1, width - left - MARGIN.right);
  const innerHeight = Math.max(1, height - MARGIN.top - MARGIN.bottom);
  // Each day's figure stands at the end of the day; the flight's start (0) at the left edge.
  const x = (index: number) => ((index + 1) / Math.max(1, days.length)) * innerWidth;
  const y = (value: number) => innerHeight - (value / yMax) * innerHeight;
  const path = (points: readonly Point[]) =>
    points.map((point, at) => `${at === 0 ? 'M' : 'L'}${x(point.index)},${y(point.value)}`).join('');

  const origin: Point = { index: -1, value: 0 };
  const plan = [origin, ...days.map((day, index) => ({ index, value: day.plan }))];
  // Delivery by complete day: today's count so far is where the projection starts from.
  const delivered: Point[] = [origin];
  days.forEach((day, index) => {
    if (day.delivered !== null && day.projected === null) delivered.push({ index, value: day.delivered });
  });
  const projected: Point[] = [];
  days.forEach((day, index) => {
    if (day.projected !== null) projected.push({ index, value: day.projected });
  });
  if (projected.length > 0) projected.unshift(delivered.at(-1) ?? origin);
  const hasDelivery = delivered.length > 1;

  const dates = days.map((day) => day.date);
  // The last label hangs left of its tick (inside the chart): labels that would touch it are left out.
  const xLabels = labelsApart(
    thinTicks(
      dates.map((_, index) => index),
      ticksThatFit(innerWidth, 56),
    ).map((index) => {
      const label = formatPeriod(dates[index] ?? '', locale, 'axis');
      const anchor: 'middle' | 'end' = index === days.length - 1 ? 'end' : 'middle';
      return { index, label, x: x(index), width: labelWidth(label), anchor };
    }),
  );
  const color = (key: keyof typeof pacingConfig) => seriesColor(pacingConfig, key, palette);
  const text = { fill: palette.text, fontSize: 11 };

  return (
    <svg
      width={width}
      height={height}
      role="presentation"
      data-slot="pacing-svg"
      style={{ display: 'block' }}
    >
      <g transform={`translate(${left},${MARGIN.top})`}>
        {yTicks.map((tick) => (
          <g key={tick}>
            <line x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} stroke={palette.grid} strokeWidth={1} />
            <text x={-8} y={y(tick)} textAnchor="end" dominantBaseline="central" style={text}>
              {formatCompact(tick, locale)}
            </text>
          </g>
        ))}
        {xLabels.map((tick) => (
          <text
            key={tick.index}
            data-axis="x"
            x={tick.x}
            y={innerHeight + 18}
            textAnchor={tick.anchor}
            style={text}
          >
            {tick.label}
          </text>
        ))}
        <line
          data-slot="pacing-goal"
          x1={0}
          x2={innerWidth}
          y1={y(pacing.goal)}
          y2={y(pacing.goal)}
          stroke={color('goal')}
          strokeWidth={1.5}
          strokeDasharray="2 3"
        />
        <path data-slot="pacing-plan" d={path(plan)} fill="none" stroke={color('plan')} strokeWidth={1.5} />
        {hasDelivery ? (
          <>
            <path
              d={`${path(delivered)}L${x(delivered.at(-1)?.index ?? 0)},${innerHeight}L${x(-1)},${innerHeight}Z`}
              fill={color('delivered')}
              fillOpacity={0.12}
            />
            <path
              data-slot="pacing-delivered"
              d={path(delivered)}
              fill="none"
              stroke={color('delivered')}
              strokeWidth={2}
            />
          </>
        ) : null}
        {projected.length > 1 ? (
          <path
            data-slot="pacing-projected"
            d={path(projected)}
            fill="none"
            stroke={color('projected')}
            strokeWidth={2}
            strokeDasharray="5 4"
          />
        ) : null}
        <line
          x1={0}
          x2={innerWidth}
          y1={innerHeight}
          y2={innerHeight}
          stroke={palette.grid}
          strokeWidth={1}
        />
      </g>
    </svg>
  );
}

/** The chart's text alternative: status, delivered against plan, projection and goal. */
function summarize(pacing: PacingAnswer, locale: string): string {
  const metric = GOAL_METRIC_LABELS[pacing.metric].toLowerCase();
  const first = pacing.days[0]?.date;
  const last = pacing.days.at(-1)?.date;
  const range = first && last ? `, ${formatPeriod(first, locale)} to ${formatPeriod(last, locale)}` : '';
  const goal = `Pacing of ${formatCount(pacing.goal, locale)} ${metric}${range}: ${PACING_STATUS_LABELS[pacing.status]}.`;
  if (pacing.status === 'not-started')
    return pacing.elapsedDays > 0
      ? `${goal} Nothing delivered yet: pacing counts from the first impression, or from the end of the flight's first whole day.`
      : `${goal} Nothing is planned before the flight starts.`;
  const deviation = pacingDeviationText(pacing, locale);
  const delivered = `${formatCount(pacing.delivered, locale)} delivered against a plan of ${formatCount(pacing.plan, locale)}${deviation ? ` (${deviation})` : ''}`;
  const ended = pacing.status === 'delivered' || pacing.status === 'missed';
  return ended
    ? `${goal} ${delivered}.`
    : `${goal} ${delivered}; ${formatCount(pacing.projected, locale)} projected by the flight's end.`;
}

import { FIGURE, type ReportWeekHour } from '@adconsole/domain';
import { EmptyState } from '@adconsole/ui';
import { type ComputedCell, type CustomLayerProps, HeatMap } from '@nivo/heatmap';
import { Grid3x3Icon } from 'lucide-react';
import type * as React from 'react';
import { createContext, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import { ChartFrame } from '../lib/chart-frame';
import type { ChartDisplayProps, SwitchableMetricProps } from '../lib/chart-props';
import { ChartSize } from '../lib/chart-size';
import { ChartTooltip } from '../lib/chart-tooltip';
import {
  defaultLocale,
  formatCount,
  formatHour,
  formatRate,
  formatShortHour,
  weekdayNames,
} from '../lib/format';
import { MetricSwitch } from '../lib/metric-switch';
import { metricConfig, singleMetricConfig } from '../lib/metrics';
import { nivoTheme } from '../lib/nivo-theme';
import { type ChartPalette, isThemePalette, seriesColor, themePalette } from '../lib/palette';
import { spacedLabels } from '../lib/ticks';
import { useControllable } from '../lib/use-controllable';

export const HEATMAP_METRICS = ['impressions', 'ctr'] as const;
export type HeatmapMetric = (typeof HEATMAP_METRICS)[number];

export type HourHeatmapProps = Omit<React.ComponentProps<'div'>, 'children'> &
  SwitchableMetricProps<HeatmapMetric> &
  ChartDisplayProps & {
    /** The report's 168 cells: local weekday (0 Monday) × local hour. */
    weekHours: readonly ReportWeekHour[];
  };

type Cell = { x: string; y: number; impressions: number; clicks: number };
type Row = { id: string; data: Cell[] };

const MARGIN = { top: 28, right: 8, bottom: 8, left: 48 };

/** Label every third hour where the labels fit, else every fourth, sixth, eighth or twelfth. */
const HOUR_STEPS = [3, 4, 6, 8, 12] as const;

/**
 * The hour labels of the top axis for a grid `width` pixels wide (margins included): the hours the
 * axis names and what it writes for each. The locale's full hour ('12:00 AM', '15:00') where it fits,
 * its shortest ('12 AM', '15') where that fits at the same step, else fewer labels: two neighbours
 * never overlap, down to a phone's width.
 */
export function hourAxis(
  hours: readonly string[],
  shortHours: readonly string[],
  width: number,
): { tickValues: string[]; format: (hour: string) => string } {
  const sets = shortHours.join('').length < hours.join('').length ? [hours, shortHours] : [hours];
  const { step, labels } = spacedLabels(sets, hours.length, width - MARGIN.left - MARGIN.right, HOUR_STEPS);
  const labelOf = new Map(hours.map((hour, index) => [hour, labels[index] ?? hour]));
  return {
    tickValues: hours.filter((_, hour) => hour % step === 0),
    format: (hour) => labelOf.get(hour) ?? hour,
  };
}

/** The cell under the pointer, kept outside React state so a hover re-renders the tooltip only. */
type HoverStore = {
  get: () => ComputedCell<Cell> | null;
  set: (cell: ComputedCell<Cell> | null) => void;
  subscribe: (listener: () => void) => () => void;
};
function createHoverStore(): HoverStore {
  let current: ComputedCell<Cell> | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (cell) => {
      current = cell;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What the cells layer needs from the chart: nivo renders the layer, so it reads them from context. */
const HeatmapContext = createContext<{ hover: HoverStore | null }>({ hover: null });

/**
 * A nivo layer drawing the cells as plain rects. nivo's own cells layer animates each of the 168
 * cells through react-spring even with animation off, which cost more than the rest of the chart.
 */
function PlainCells({ cells }: CustomLayerProps<Cell>) {
  const { hover } = useContext(HeatmapContext);
  return (
    <g data-slot="heatmap-cells">
      {cells.map((cell) => (
        <rect
          key={cell.id}
          data-cell={cell.id}
          x={cell.x - cell.width / 2}
          y={cell.y - cell.height / 2}
          width={cell.width}
          height={cell.height}
          rx={2}
          ry={2}
          fill={cell.color}
          onMouseEnter={hover ? () => hover.set(cell) : undefined}
          onMouseLeave={hover ? () => hover.set(null) : undefined}
        />
      ))}
    </g>
  );
}

/** The tooltip above the hovered cell. */
function HeatmapTooltip({
  hover,
  children,
}: {
  hover: HoverStore;
  children: (cell: ComputedCell<Cell>) => React.ReactNode;
}) {
  const cell = useSyncExternalStore(hover.subscribe, hover.get, hover.get);
  if (!cell) return null;
  return (
    <div
      className="pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-full"
      style={{ left: MARGIN.left + cell.x, top: MARGIN.top + cell.y - cell.height / 2 - 6 }}
    >
      {children(cell)}
    </div>
  );
}

/** Mixes a hex colour with another by `amount` (0..1 of the first): the static palette's scale. */
function mixHex(color: string, base: string, amount: number): string {
  const channels = (hex: string) =>
    [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  const from = channels(color);
  const to = channels(base);
  return `#${from
    .map((channel, index) =>
      Math.round(channel * amount + (to[index] ?? 0) * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The colour of a cell at `share` (0..1) of the busiest cell: from the background to the series colour. */
export function heatColor(share: number, color: string, palette: ChartPalette): string {
  // Never quite the background, so an empty cell still reads as a cell.
  const amount = 0.06 + 0.94 * Math.min(1, Math.max(0, share));
  return isThemePalette(palette)
    ? `color-mix(in oklab, ${color} ${(amount * 100).toFixed(1)}%, ${palette.background})`
    : mixHex(color, palette.background, amount);
}

/** Impressions or CTR by local weekday and hour of day: when the audience is there. */
export function HourHeatmap({
  weekHours,
  metric: metricProp,
  defaultMetric = 'impressions',
  onMetricChange,
  metrics = HEATMAP_METRICS,
  locale = defaultLocale(),
  width,
  height = 280,
  palette = themePalette,
  animate = false,
  interactive = true,
  ...props
}: HourHeatmapProps) {
  const [metric, setMetric] = useControllable(metricProp, defaultMetric, onMetricChange);
  const [hover] = useState(createHoverStore);
  const label = metricConfig[metric].label;
  const days = useMemo(() => weekdayNames(locale), [locale]);
  const longDays = useMemo(() => weekdayNames(locale, 'long'), [locale]);
  const hours = useMemo(() => Array.from({ length: 24 }, (_, hour) => formatHour(hour, locale)), [locale]);
  const shortHours = useMemo(
    () => Array.from({ length: 24 }, (_, hour) => formatShortHour(hour, locale)),
    [locale],
  );
  const rows = useMemo<Row[]>(() => {
    const grid = days.map((day) => ({
      id: day,
      data: hours.map((hour) => ({ x: hour, y: 0, impressions: 0, clicks: 0 })),
    }));
    for (const cell of weekHours) {
      const target = grid[cell.weekday]?.data[cell.hour];
      if (!target) continue;
      target.impressions += cell.impressions;
      target.clicks += cell.clicks;
    }
    for (const row of grid)
      for (const cell of row.data)
        cell.y =
          metric === 'ctr'
            ? cell.impressions > 0
              ? (cell.clicks / cell.impressions) * 100
              : 0
            : cell.impressions;
    return grid;
  }, [weekHours, days, hours, metric]);

  const format = (value: number) =>
    metric === 'ctr' ? formatRate(value, locale) : formatCount(value, locale);
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
  const max = Math.max(0, ...rows.flatMap((row) => row.data.map((cell) => cell.y)));

  if (max === 0) {
    return (
      <div data-slot="hour-heatmap" data-empty="" className="flex flex-col gap-3" {...props}>
        {header}
        <EmptyState
          icon={<Grid3x3Icon aria-hidden="true" />}
          title={`No ${label.toLowerCase()} in this period`}
          description="The grid shows when in the week the audience sees and clicks the ads."
          style={{ minHeight: height, width }}
        />
      </div>
    );
  }

  const config = singleMetricConfig(metric);
  const color = seriesColor(config, metric, palette);
  let busiest = { day: 0, hour: 0, value: -1 };
  let quietest = { day: 0, hour: 0, value: Number.POSITIVE_INFINITY };
  rows.forEach((row, day) => {
    row.data.forEach((cell, hour) => {
      if (cell.y > busiest.value) busiest = { day, hour, value: cell.y };
      if (cell.y < quietest.value) quietest = { day, hour, value: cell.y };
    });
  });
  const at = (cell: { day: number; hour: number; value: number }) =>
    `${longDays[cell.day]} ${hours[cell.hour]} (${format(cell.value)})`;
  const summary = `${label} by weekday and hour of day: highest ${at(busiest)}, lowest ${at(quietest)}.`;

  return (
    <ChartFrame
      slot="hour-heatmap"
      summary={summary}
      config={config}
      palette={palette}
      header={header}
      data-metric={metric}
      dataTable={{
        caption: `${label} by weekday and hour of day`,
        columns: ['Weekday', ...hours],
        rows: rows.map((row, day) => [longDays[day] ?? row.id, ...row.data.map((cell) => format(cell.y))]),
      }}
      {...props}
    >
      <HeatmapContext.Provider value={{ hover: interactive ? hover : null }}>
        <div className="relative">
          <ChartSize width={width} height={height}>
            {(size) => (
              <HeatMap<Cell, object>
                width={size.width}
                height={size.height}
                data={rows}
                margin={MARGIN}
                xInnerPadding={0.06}
                yInnerPadding={0.08}
                colors={(cell) => heatColor(max > 0 ? (cell.value ?? 0) / max : 0, color, palette)}
                emptyColor={palette.background}
                theme={nivoTheme(palette)}
                enableLabels={false}
                axisTop={{ tickSize: 0, tickPadding: 6, ...hourAxis(hours, shortHours, size.width) }}
                axisLeft={{ tickSize: 0, tickPadding: 8 }}
                axisRight={null}
                axisBottom={null}
                layers={['grid', 'axes', PlainCells]}
                // Hover and tooltip are the cells layer's own (see PlainCells).
                isInteractive={false}
                animate={animate}
                role="presentation"
              />
            )}
          </ChartSize>
          {interactive ? (
            <HeatmapTooltip hover={hover}>
              {(cell) => (
                <ChartTooltip
                  title={`${longDays[days.indexOf(cell.serieId)] ?? cell.serieId} ${cell.data.x}`}
                  items={[
                    { label, value: format(cell.data.y), color },
                    ...(metric === 'ctr'
                      ? [
                          {
                            label: FIGURE.impressions.label,
                            value: formatCount(cell.data.impressions, locale),
                            color,
                          },
                        ]
                      : []),
                  ]}
                />
              )}
            </HeatmapTooltip>
          ) : null}
        </div>
      </HeatmapContext.Provider>
    </ChartFrame>
  );
}

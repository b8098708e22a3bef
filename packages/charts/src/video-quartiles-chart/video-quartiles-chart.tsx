import { counterKeysOf, FIGURE, type ReportCounters, shortLabel } from '@adconsole/domain';
import { EmptyState } from '@adconsole/ui';
import { Bar, type BarCustomLayerProps, type BarTooltipProps } from '@nivo/bar';
import { FilmIcon } from 'lucide-react';
import type * as React from 'react';
import { createContext, useContext, useMemo } from 'react';
import { ChartFrame } from '../lib/chart-frame';
import type { ChartDisplayProps } from '../lib/chart-props';
import { ChartSize } from '../lib/chart-size';
import { ChartTooltip } from '../lib/chart-tooltip';
import { defaultLocale, formatCompact, formatCount, formatRate } from '../lib/format';
import { nivoTheme } from '../lib/nivo-theme';
import { type ChartConfig, seriesColor, themePalette } from '../lib/palette';

/**
 * The steps of a video view, in order, and the counter each reads: the video counters of the domain's
 * REPORT_FIGURES, each under its short label ('Starts', '25 %'... 'Completes').
 */
export const VIDEO_STEPS = counterKeysOf('video').map((key) => ({ key, label: shortLabel(FIGURE[key]) }));

export type VideoQuartilesChartProps = Omit<React.ComponentProps<'div'>, 'children'> &
  ChartDisplayProps & {
    /** The report's totals (or a creative's); the video counters are read from them. */
    totals: Partial<ReportCounters>;
  };

const config: ChartConfig = { video: { label: 'Video views', color: 7 } };
const MARGIN = { top: 28, right: 12, bottom: 32, left: 56 };

type StepDatum = { step: string; views: number; rate: number };

/** How the rate labels look: a nivo layer is rendered by nivo, so it reads them from context. */
const RateLabelContext = createContext<{ style: React.CSSProperties; locale: string }>({
  style: {},
  locale: 'en-US',
});

/** A nivo layer: each step's share of starts above its bar. */
function RateLabels({ bars }: BarCustomLayerProps<StepDatum>) {
  const { style, locale } = useContext(RateLabelContext);
  return (
    <g data-slot="video-quartiles-rates">
      {bars.map((bar) => (
        <text key={bar.key} x={bar.x + bar.width / 2} y={bar.y - 8} textAnchor="middle" style={style}>
          {formatRate(bar.data.data.rate, locale)}
        </text>
      ))}
    </g>
  );
}

/** How many video views reach start, 25 %, 50 %, 75 % and the end, with each step's share of starts. */
export function VideoQuartilesChart({
  totals,
  locale = defaultLocale(),
  width,
  height = 260,
  palette = themePalette,
  animate = false,
  interactive = true,
  ...props
}: VideoQuartilesChartProps) {
  const starts = totals.videoStarts ?? 0;
  const data = useMemo<StepDatum[]>(
    () =>
      VIDEO_STEPS.map(({ key, label }) => {
        const views = totals[key] ?? 0;
        return { step: label, views, rate: starts > 0 ? (views / starts) * 100 : 0 };
      }),
    [totals, starts],
  );

  if (totals.videoStarts === undefined || starts === 0) {
    return (
      <div data-slot="video-quartiles-chart" data-empty="" {...props}>
        <EmptyState
          icon={<FilmIcon aria-hidden="true" />}
          title={
            totals.videoStarts === undefined
              ? 'No video data in this report'
              : 'No video views in this period'
          }
          description="Quartiles show for video creatives once their views are counted."
          style={{ minHeight: height, width }}
        />
      </div>
    );
  }

  const color = seriesColor(config, 'video', palette);
  const summary = `Video views by step: ${data
    .map((datum) => `${datum.step} ${formatCount(datum.views, locale)} (${formatRate(datum.rate, locale)})`)
    .join(', ')}.`;

  const labels = { style: { ...nivoTheme(palette).labels.text, fontWeight: 600 }, locale };

  return (
    <ChartFrame
      slot="video-quartiles-chart"
      summary={summary}
      config={config}
      palette={palette}
      dataTable={{
        caption: 'Video views by step',
        columns: ['Step', 'Views', 'Share of starts'],
        rows: data.map((datum) => [
          datum.step,
          formatCount(datum.views, locale),
          formatRate(datum.rate, locale),
        ]),
      }}
      {...props}
    >
      <RateLabelContext.Provider value={labels}>
        <ChartSize width={width} height={height}>
          {(size) => (
            <Bar<StepDatum>
              width={size.width}
              height={size.height}
              data={data}
              keys={['views']}
              indexBy="step"
              margin={MARGIN}
              padding={0.35}
              colors={[color]}
              borderRadius={3}
              theme={nivoTheme(palette)}
              enableLabel={false}
              enableGridY
              gridYValues={4}
              axisLeft={{
                tickSize: 0,
                tickPadding: 8,
                tickValues: 4,
                format: (value: number) => formatCompact(value, locale),
              }}
              axisBottom={{ tickSize: 0, tickPadding: 8 }}
              layers={['grid', 'axes', 'bars', RateLabels, 'markers', 'legends']}
              isInteractive={interactive}
              tooltip={({ data: datum }: BarTooltipProps<StepDatum>) => (
                <ChartTooltip
                  title={datum.step}
                  items={[
                    { label: 'Views', value: formatCount(datum.views, locale), color },
                    { label: 'Share of starts', value: formatRate(datum.rate, locale), color },
                  ]}
                />
              )}
              animate={animate}
              role="presentation"
            />
          )}
        </ChartSize>
      </RateLabelContext.Provider>
    </ChartFrame>
  );
}

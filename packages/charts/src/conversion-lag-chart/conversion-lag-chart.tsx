import { type ConversionLag, FIGURE } from '@adconsole/domain';
import { EmptyState } from '@adconsole/ui';
import { Bar, type BarCustomLayerProps, type BarTooltipProps } from '@nivo/bar';
import { HourglassIcon } from 'lucide-react';
import type * as React from 'react';
import { createContext, useContext, useMemo } from 'react';
import { ChartFrame } from '../lib/chart-frame';
import type { ChartDisplayProps } from '../lib/chart-props';
import { ChartSize } from '../lib/chart-size';
import { ChartTooltip } from '../lib/chart-tooltip';
import { formatLagShare, type LagBucket, lagBucketName, lagBuckets, medianLagDays } from '../lib/conversions';
import { defaultLocale, formatCompact, formatCount, formatRate } from '../lib/format';
import { nivoTheme } from '../lib/nivo-theme';
import { type ChartConfig, seriesColor, themePalette } from '../lib/palette';

export type ConversionLagChartProps = Omit<React.ComponentProps<'div'>, 'children'> &
  ChartDisplayProps & {
    /** The report's `conversionLag`: counted conversions by whole days from their click. */
    lag: ConversionLag;
  };

const config: ChartConfig = { conversions: { label: FIGURE.conversions.label, color: 5 } };
const MARGIN = { top: 28, right: 12, bottom: 48, left: 48 };
/** Below this width a bar is narrower than '14–29': the day labels are turned, with room under them. */
const NARROW = 480;
const NARROW_MARGIN = { ...MARGIN, bottom: 64 };

type LagDatum = { bucket: string; conversions: number; share: number; cumulative: number; name: string };

/** The share labels' look: a nivo layer is rendered by nivo, so it reads them from context. */
const ShareLabelContext = createContext<{ style: React.CSSProperties; locale: string }>({
  style: {},
  locale: 'en-US',
});

/** A nivo layer: each bar's share of the conversions above it (none above an empty bar). */
function ShareLabels({ bars }: BarCustomLayerProps<LagDatum>) {
  const { style, locale } = useContext(ShareLabelContext);
  return (
    <g data-slot="conversion-lag-shares">
      {bars
        .filter((bar) => bar.data.data.conversions > 0)
        .map((bar) => (
          <text key={bar.key} x={bar.x + bar.width / 2} y={bar.y - 8} textAnchor="middle" style={style}>
            {/* Whole percent: a phone's bar is too narrow for '48.25%' (the table and tooltip have it). */}
            {formatLagShare(bar.data.data.share, locale)}
          </text>
        ))}
    </g>
  );
}

/** Whole days from click to conversion: how long after a click the campaign's conversions came. */
export function ConversionLagChart({
  lag,
  locale = defaultLocale(),
  width,
  height = 260,
  palette = themePalette,
  animate = false,
  interactive = true,
  ...props
}: ConversionLagChartProps) {
  const total = lag.reduce((sum, row) => sum + row.conversions, 0);
  const data = useMemo<LagDatum[]>(() => {
    let running = 0;
    return lagBuckets(lag).map((bucket: LagBucket) => {
      running += bucket.conversions;
      return {
        bucket: bucket.label,
        name: lagBucketName(bucket),
        conversions: bucket.conversions,
        share: total > 0 ? (bucket.conversions / total) * 100 : 0,
        cumulative: total > 0 ? (running / total) * 100 : 0,
      };
    });
  }, [lag, total]);

  if (total === 0) {
    return (
      <div data-slot="conversion-lag-chart" data-empty="" {...props}>
        <EmptyState
          icon={<HourglassIcon aria-hidden="true" />}
          title="No conversions in this period"
          description="The days from click to conversion show once conversions are counted."
          style={{ minHeight: height, width }}
        />
      </div>
    );
  }

  const color = seriesColor(config, 'conversions', palette);
  // A lag of d whole days is under d + 1 days from the click.
  const median = medianLagDays(lag) ?? 0;
  const first = data[0];
  const summary = `Conversions by days from click to conversion: ${formatCount(total, locale)} in all, ${formatRate(first?.share ?? 0, locale)} within a day; half came within ${median === 0 ? 'a day' : `${median + 1} days`}. ${data
    .filter((datum) => datum.conversions > 0)
    .map((datum) => `${datum.name}: ${formatCount(datum.conversions, locale)}`)
    .join(', ')}.`;
  const theme = nivoTheme(palette);

  return (
    <ChartFrame
      slot="conversion-lag-chart"
      summary={summary}
      config={config}
      palette={palette}
      dataTable={{
        caption: 'Conversions by days from click',
        columns: ['Days from click', FIGURE.conversions.label, 'Share', 'Share so far'],
        rows: data.map((datum) => [
          datum.name,
          formatCount(datum.conversions, locale),
          formatRate(datum.share, locale),
          formatRate(datum.cumulative, locale),
        ]),
      }}
      {...props}
    >
      <ChartSize width={width} height={height}>
        {(size) => {
          const narrow = size.width < NARROW;
          return (
            <ShareLabelContext.Provider value={{ style: { ...theme.labels.text, fontWeight: 600 }, locale }}>
              <Bar<LagDatum>
                width={size.width}
                height={size.height}
                data={data}
                keys={['conversions']}
                indexBy="bucket"
                margin={narrow ? NARROW_MARGIN : MARGIN}
                padding={0.25}
                colors={[color]}
                borderRadius={3}
                theme={theme}
                enableLabel={false}
                enableGridY
                gridYValues={4}
                axisLeft={{
                  tickSize: 0,
                  tickPadding: 8,
                  tickValues: 4,
                  format: (value: number) => (Number.isInteger(value) ? formatCompact(value, locale) : ''),
                }}
                axisBottom={{
                  tickSize: 0,
                  tickPadding: narrow ? 4 : 8,
                  tickRotation: narrow ? -40 : 0,
                  legend: 'Days from click',
                  legendPosition: 'middle',
                  legendOffset: narrow ? 52 : 36,
                }}
                layers={['grid', 'axes', 'bars', ShareLabels, 'markers', 'legends']}
                isInteractive={interactive}
                tooltip={({ data: datum }: BarTooltipProps<LagDatum>) => (
                  <ChartTooltip
                    title={datum.name}
                    items={[
                      {
                        label: FIGURE.conversions.label,
                        value: formatCount(datum.conversions, locale),
                        color,
                      },
                      { label: 'Share', value: formatRate(datum.share, locale), color },
                      { label: 'Share so far', value: formatRate(datum.cumulative, locale), color },
                    ]}
                  />
                )}
                animate={animate}
                role="presentation"
              />
            </ShareLabelContext.Provider>
          );
        }}
      </ChartSize>
    </ChartFrame>
  );
}

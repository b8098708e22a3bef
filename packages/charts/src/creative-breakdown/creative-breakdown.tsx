import { FIGURE, type ReportCreative } from '@adconsole/domain';
import { EmptyState } from '@adconsole/ui';
import { Bar, type BarTooltipProps } from '@nivo/bar';
import { ImagesIcon } from 'lucide-react';
import type * as React from 'react';
import { useMemo } from 'react';
import { ChartFrame } from '../lib/chart-frame';
import type { ChartDisplayProps } from '../lib/chart-props';
import { ChartSize } from '../lib/chart-size';
import { ChartTooltip, Swatch } from '../lib/chart-tooltip';
import { defaultLocale, formatCount, formatRate } from '../lib/format';
import { metricConfig } from '../lib/metrics';
import { nivoTheme } from '../lib/nivo-theme';
import { type ChartConfig, seriesColor, themePalette } from '../lib/palette';
import { LABEL_GAP, labelWidth, ticksThatFit } from '../lib/ticks';

export type CreativeBreakdownProps = Omit<React.ComponentProps<'div'>, 'children'> &
  Omit<ChartDisplayProps, 'height'> & {
    /** The report's creatives with their totals. */
    creatives: readonly ReportCreative[];
    /** How many creatives get a bar of their own (most impressions first); the rest are summed as "Other". */
    limit?: number;
    /** Fixed height; by default it grows with the number of bars. */
    height?: number;
  };

/** One row of the chart: a creative (or "Other") and its shares, in percent. */
export type CreativeShare = {
  name: string;
  impressions: number;
  clicks: number;
  impressionsShare: number;
  clicksShare: number;
};

const config: ChartConfig<'impressionsShare' | 'clicksShare'> = {
  impressionsShare: { label: 'Share of impressions', color: metricConfig.impressions.color },
  clicksShare: { label: 'Share of clicks', color: metricConfig.clicks.color },
};
const KEYS = ['impressionsShare', 'clicksShare'] as const;

/** Each creative's share of the impressions and clicks, most impressions first; the tail summed. */
export function creativeShares(creatives: readonly ReportCreative[], limit: number): CreativeShare[] {
  const impressions = creatives.reduce((sum, creative) => sum + creative.totals.impressions, 0);
  const clicks = creatives.reduce((sum, creative) => sum + creative.totals.clicks, 0);
  const share = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);
  const sorted = [...creatives].sort(
    (a, b) => b.totals.impressions - a.totals.impressions || a.name.localeCompare(b.name),
  );
  // "Other" only when it stands for at least two creatives.
  const head = sorted.length > limit ? sorted.slice(0, limit - 1) : sorted;
  const tail = sorted.slice(head.length);
  const rows = head.map((creative) => ({
    name: creative.name,
    impressions: creative.totals.impressions,
    clicks: creative.totals.clicks,
  }));
  if (tail.length > 0) {
    rows.push({
      name: `Other (${tail.length} creatives)`,
      impressions: tail.reduce((sum, creative) => sum + creative.totals.impressions, 0),
      clicks: tail.reduce((sum, creative) => sum + creative.totals.clicks, 0),
    });
  }
  return rows.map((row) => ({
    ...row,
    impressionsShare: share(row.impressions, impressions),
    clicksShare: share(row.clicks, clicks),
  }));
}

const truncate = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

const MARGIN = { top: 4, right: 16, bottom: 32 };

/** Steps between share ticks, in percentage points, finest first. */
const SHARE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100] as const;

/**
 * The chart's layout at `width` pixels for shares up to `maxShare` percent: the names' column (176 px,
 * at most 40 % of a narrow chart, at least 96 px), how many characters of a name it holds, and the
 * share ticks under the bars: the finest round step whose ticks (each '100 %' wide plus a gap, at most
 * seven) fit, the axis ending on the last one. Neither names nor ticks crowd on a phone.
 */
function creativeBreakdownLayout(
  width: number,
  maxShare: number,
): { left: number; nameLength: number; ticks: number[] } {
  const left = Math.round(Math.min(176, Math.max(96, width * 0.4)));
  const bars = width - left - MARGIN.right;
  const fit = Math.min(7, ticksThatFit(bars, labelWidth('100 %') + 2 * LABEL_GAP));
  const top = Math.max(maxShare, 1);
  const step = SHARE_STEPS.find((candidate) => Math.ceil(top / candidate) + 1 <= fit) ?? 100;
  const count = Math.ceil(top / step);
  return {
    left,
    nameLength: Math.max(8, Math.floor((left - 4) / 6.6)),
    ticks: Array.from({ length: count + 1 }, (_, index) => index * step),
  };
}

/** Each creative's share of impressions and clicks as paired horizontal bars. */
export function CreativeBreakdown({
  creatives,
  limit = 8,
  locale = defaultLocale(),
  width,
  height,
  palette = themePalette,
  animate = false,
  interactive = true,
  ...props
}: CreativeBreakdownProps) {
  const rows = useMemo(() => creativeShares(creatives, limit), [creatives, limit]);
  const chartHeight = height ?? 48 + rows.length * 40;
  const noImpressions = rows.every((row) => row.impressions === 0);
  const maxShare = Math.max(0, ...rows.flatMap((row) => [row.impressionsShare, row.clicksShare]));

  if (noImpressions) {
    return (
      <div data-slot="creative-breakdown" data-empty="" {...props}>
        <EmptyState
          icon={<ImagesIcon aria-hidden="true" />}
          title={creatives.length === 0 ? 'No creatives in this report' : 'No creative served in this period'}
          description="Shares show once the creatives deliver impressions."
          style={{ minHeight: height ?? 200, width }}
        />
      </div>
    );
  }

  const colorOf = (key: string) => seriesColor(config, key, palette);
  const summary = `Share of impressions and clicks by creative: ${rows
    .map(
      (row) =>
        `${row.name} ${formatRate(row.impressionsShare, locale)} of impressions, ${formatRate(row.clicksShare, locale)} of clicks`,
    )
    .join('; ')}.`;
  const legend = (
    <ul data-slot="chart-legend" className="flex flex-wrap gap-4 text-muted-foreground text-xs">
      {KEYS.map((key) => (
        <li key={key} className="flex items-center gap-1.5">
          <Swatch color={colorOf(key)} />
          {config[key].label}
        </li>
      ))}
    </ul>
  );

  return (
    <ChartFrame
      slot="creative-breakdown"
      summary={summary}
      config={config}
      palette={palette}
      header={legend}
      dataTable={{
        caption: 'Share of impressions and clicks by creative',
        columns: [
          'Creative',
          FIGURE.impressions.label,
          config.impressionsShare.label,
          FIGURE.clicks.label,
          config.clicksShare.label,
        ],
        rows: rows.map((row) => [
          row.name,
          formatCount(row.impressions, locale),
          formatRate(row.impressionsShare, locale),
          formatCount(row.clicks, locale),
          formatRate(row.clicksShare, locale),
        ]),
      }}
      {...props}
    >
      <ChartSize width={width} height={chartHeight}>
        {(size) => {
          const layout = creativeBreakdownLayout(size.width, maxShare);
          return (
            <Bar<CreativeShare>
              width={size.width}
              height={size.height}
              // nivo draws the first row at the bottom: reversed, the biggest creative is on top.
              data={[...rows].reverse()}
              keys={KEYS}
              indexBy="name"
              layout="horizontal"
              groupMode="grouped"
              margin={{ ...MARGIN, left: layout.left }}
              padding={0.3}
              innerPadding={2}
              valueScale={{ type: 'linear', min: 0, max: layout.ticks[layout.ticks.length - 1] ?? 'auto' }}
              colors={({ id }) => colorOf(String(id))}
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
                format: (value: number) => `${value} %`,
              }}
              axisLeft={{
                tickSize: 0,
                tickPadding: 8,
                format: (name: string) => truncate(name, layout.nameLength),
              }}
              isInteractive={interactive}
              tooltip={({ data: row }: BarTooltipProps<CreativeShare>) => (
                <ChartTooltip
                  title={row.name}
                  items={[
                    {
                      label: FIGURE.impressions.label,
                      value: `${formatCount(row.impressions, locale)} (${formatRate(row.impressionsShare, locale)})`,
                      color: colorOf('impressionsShare'),
                    },
                    {
                      label: FIGURE.clicks.label,
                      value: `${formatCount(row.clicks, locale)} (${formatRate(row.clicksShare, locale)})`,
                      color: colorOf('clicksShare'),
                    },
                  ]}
                />
              )}
              animate={animate}
              role="presentation"
            />
          );
        }}
      </ChartSize>
    </ChartFrame>
  );
}

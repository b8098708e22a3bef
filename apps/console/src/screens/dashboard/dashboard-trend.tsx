// The dashboard's Trend card: all of the user's campaigns by day. A placeholder of the chart's size while
// the figures, then the chart's code load (its own chunk, after the tiles have painted, fetched as the
// reader comes near it), and while the chart is measured and drawn: the chart's area is empty then (it
// is drawn in a transition, which took 1 to 3 s on a loaded phone) and pulses as a skeleton rather than
// stand as an empty box under the metric switch (docs/console.md, "Dashboard").
import type { Dashboard } from '@adconsole/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@adconsole/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { NearViewport } from '../../components/near-viewport';

const PerformanceChart = lazy(() =>
  import('./trend-chart').then((chart) => ({ default: chart.PerformanceChart })),
);

/**
 * The trend chart's drawing height, and the height of the chart with its metric switch (measured in
 * Chromium at 390 and 1280 px wide; the switch takes two lines on a phone).
 */
export const TREND_HEIGHT = 260;
const TREND_PLACEHOLDER = 'h-[340px] md:h-[304px]';
/** The chart's area before it is drawn (empty: the chart measures it first), shown as a skeleton. */
const UNDRAWN =
  '[&_[data-slot=chart-responsive]:empty]:animate-pulse [&_[data-slot=chart-responsive]:empty]:rounded-md [&_[data-slot=chart-responsive]:empty]:bg-muted motion-reduce:[&_[data-slot=chart-responsive]:empty]:animate-none';

export function DashboardTrend({
  series,
  defer = true,
  drawn,
}: {
  /** The days' figures; undefined while the dashboard loads. */
  series: Dashboard['series'] | undefined;
  /** Draw only when the reader comes near (false: at once, for stories). */
  defer?: boolean;
  /**
   * The chart drawn at a fixed width, as static SVG the stylesheet fits to the card (the server's
   * drawing: docs/console.md, "Charts without a window"); none: the console's, which measures its card.
   */
  drawn?: ReactNode;
}) {
  return (
    <Card aria-busy={series === undefined}>
      <CardHeader>
        <CardTitle level={2}>Trend</CardTitle>
        <CardDescription>All of your campaigns, by day.</CardDescription>
      </CardHeader>
      <CardContent className={UNDRAWN} data-slot="dashboard-trend">
        {series && drawn ? (
          <div data-static-chart="">{drawn}</div>
        ) : series ? (
          // Below the tiles on a phone: the chart's code loads when the reader comes near it.
          <NearViewport defer={defer} placeholder={<Skeleton className={TREND_PLACEHOLDER} />}>
            <Suspense fallback={<Skeleton className={TREND_PLACEHOLDER} />}>
              <PerformanceChart series={series} height={TREND_HEIGHT} />
            </Suspense>
          </NearViewport>
        ) : (
          <Skeleton className={TREND_PLACEHOLDER} />
        )}
      </CardContent>
    </Card>
  );
}

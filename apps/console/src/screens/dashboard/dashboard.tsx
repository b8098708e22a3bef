// /dashboard: the signed-in landing page. All of the user's campaigns over a chosen range, summed on
// the server (GET /v1/dashboard): KPIs against the period before, the daily trend, the top campaigns
// by impressions and the most recently updated ones.
import { errorMessage, MESSAGES } from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  Skeleton,
} from '@adconsole/ui';
import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { NearViewport } from '../../components/near-viewport';
import { useSession } from '../../session/session';
import { useSettings } from '../../settings/settings';
import { formatReportDays } from '../reporting/format';
import { DashboardCampaignTable } from './dashboard-campaigns';
import { useDashboard } from './dashboard-queries';
import { DashboardTiles } from './dashboard-tiles';

// The chart's code (nivo) arrives after the heading and the tiles have painted, in its own chunk.
const PerformanceChart = lazy(() =>
  import('./trend-chart').then((chart) => ({ default: chart.PerformanceChart })),
);

/**
 * The trend chart's drawing height, and the height of the chart with its metric switch (measured in
 * Chromium at 390 and 1280 px wide; the switch takes two lines on a phone).
 */
const TREND_HEIGHT = 260;
const TREND_PLACEHOLDER = 'h-[340px] md:h-[304px]';

/** The ranges the dashboard offers, in days up to today. */
const RANGES = [7, 30, 90] as const;
type RangeDays = (typeof RANGES)[number];

export function DashboardPage() {
  const session = useSession();
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const days: RangeDays = RANGES.find((choice) => String(choice) === params.get('days')) ?? 30;
  const now = useMemo(() => new Date(), []);
  const timezone = settings.activeReportingTimezone;
  const board = useDashboard(days, timezone, now);
  // Drawn in a transition, in slices of a few milliseconds, not in one long task (as the report).
  const data = useDeferredValue(board.data);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl">Dashboard</h1>
          <p className="text-muted-foreground">
            Hello {session?.user.first_name}, here is how your campaigns are doing.
          </p>
          {/* Its own line, there from the first paint: the range arriving moves nothing on the page. */}
          <p className="min-h-5 text-muted-foreground text-sm">
            {data ? `${formatReportDays(data)}, ${timezone.label}` : null}
          </p>
        </div>
        <div role="group" aria-label="Range" className="flex gap-1 rounded-md border p-0.5">
          {RANGES.map((choice) => (
            <Button
              key={choice}
              size="sm"
              variant={choice === days ? 'secondary' : 'ghost'}
              aria-pressed={choice === days}
              onClick={() => setParams({ days: String(choice) })}
            >
              Last {choice} days
            </Button>
          ))}
        </div>
      </div>
      {board.isError ? (
        <Alert variant="danger">
          <AlertDescription>{errorMessage(board.error, MESSAGES.dashboardNotLoaded)}</AlertDescription>
        </Alert>
      ) : null}
      {data && data.campaignCount === 0 ? (
        <EmptyState
          title="No campaigns yet"
          description="Create a campaign, publish a creative and place its tag: your numbers show here."
          action={
            <Button asChild>
              <Link to="/campaigns">Go to campaigns</Link>
            </Button>
          }
        />
      ) : (
        <>
          <section aria-label="Totals" aria-busy={!data && !board.isError}>
            <DashboardTiles board={data} />
          </section>
          <Card>
            <CardHeader>
              <CardTitle level={2}>Trend</CardTitle>
              <CardDescription>All of your campaigns, by day.</CardDescription>
            </CardHeader>
            <CardContent>
              {data ? (
                // Below the tiles on a phone: the chart's code loads when the reader comes near it.
                <NearViewport defer placeholder={<Skeleton className={TREND_PLACEHOLDER} />}>
                  <Suspense fallback={<Skeleton className={TREND_PLACEHOLDER} />}>
                    <PerformanceChart series={data.series} height={TREND_HEIGHT} />
                  </Suspense>
                </NearViewport>
              ) : (
                <Skeleton className={TREND_PLACEHOLDER} />
              )}
            </CardContent>
          </Card>
          {/* Side by side only where both tables fit their five columns (beside the side menu). */}
          <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
            <DashboardCampaignTable
              title="Top campaigns"
              description="By impressions in the range."
              campaigns={data?.topCampaigns}
              empty="No impressions in this range yet."
              linkTo={(campaign) => `/campaigns/${campaign.id}/reporting`}
            />
            <DashboardCampaignTable
              title="Recently updated campaigns"
              description="Newest change first."
              campaigns={data?.recentCampaigns}
              empty="No campaigns yet."
              linkTo={(campaign) => `/campaigns/${campaign.id}`}
              showUpdated
            />
          </div>
        </>
      )}
    </div>
  );
}

// /dashboard: the signed-in landing page. All of the user's campaigns over a chosen range, summed on
// the server (GET /v1/dashboard): KPIs against the period before, the daily trend, the top campaigns
// by impressions and the most recently updated ones.
import { errorMessage, MESSAGES } from '@adconsole/domain';
import { Alert, AlertDescription, Button, EmptyState } from '@adconsole/ui';
import { useDeferredValue, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../session/session';
import { useSettings } from '../../settings/settings';
import { formatReportDays } from '../reporting/format';
import { DashboardCampaignTable } from './dashboard-campaigns';
import { useDashboard } from './dashboard-queries';
import { DashboardTiles } from './dashboard-tiles';
import { DashboardTrend } from './dashboard-trend';

/** The ranges the dashboard offers, in whole days before today (today is not over: docs/product.md §1). */
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
          <DashboardTrend series={data?.series} />
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

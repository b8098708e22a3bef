// The dashboard's page from what it shows (its range, zone and figures): the console's page
// (dashboard.tsx) and the server's drawing of it (server/dashboard-page.tsx) draw the same.
import {
  DASHBOARD_RANGES,
  type Dashboard,
  type DashboardRangeDays,
  errorMessage,
  MESSAGES,
  type Timezone,
} from '@adconsole/domain';
import { Alert, AlertDescription, Button, EmptyState } from '@adconsole/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatReportDays } from '../reporting/format';
import { DashboardCampaignTable } from './dashboard-campaigns';
import { DashboardTiles } from './dashboard-tiles';
import { DashboardTrend } from './dashboard-trend';

export interface DashboardContentProps {
  /** The user's first name, in the greeting. */
  firstName: string | undefined;
  days: DashboardRangeDays;
  onRange: (days: DashboardRangeDays) => void;
  timezone: Timezone;
  /** The figures; undefined while they load (or when they failed). */
  data: Dashboard | undefined;
  /** Why the figures did not load; undefined while they load or once they have. */
  error?: unknown;
  /** The trend chart drawn at a fixed width (the server's drawing); the console's own measures its card. */
  drawnTrend?: ReactNode;
}

export function DashboardContent({
  firstName,
  days,
  onRange,
  timezone,
  data,
  error,
  drawnTrend,
}: DashboardContentProps) {
  return (
    // The zone the figures are read in: the touch script starts the console at once on a drawing in
    // another zone than the one this browser chose (public/assets/on-touch-v4.js).
    <div className="grid grid-cols-1 gap-6" data-reporting-zone={timezone.tzCode}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl">Dashboard</h1>
          <p className="text-muted-foreground">Hello {firstName}, here is how your campaigns are doing.</p>
          {/* Its own line, there from the first paint: the range arriving moves nothing on the page. */}
          <p className="min-h-5 text-muted-foreground text-sm">
            {data ? `${formatReportDays(data)}, ${timezone.label}` : null}
          </p>
        </div>
        <div role="group" aria-label="Range" className="flex gap-1 rounded-md border p-0.5">
          {DASHBOARD_RANGES.map((choice) => (
            <Button
              key={choice}
              size="sm"
              variant={choice === days ? 'secondary' : 'ghost'}
              aria-pressed={choice === days}
              onClick={() => onRange(choice)}
            >
              Last {choice} days
            </Button>
          ))}
        </div>
      </div>
      {error !== undefined ? (
        <Alert variant="danger">
          <AlertDescription>{errorMessage(error, MESSAGES.dashboardNotLoaded)}</AlertDescription>
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
          <section aria-label="Totals" aria-busy={!data && error === undefined}>
            <DashboardTiles board={data} />
          </section>
          <DashboardTrend series={data?.series} drawn={drawnTrend} />
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

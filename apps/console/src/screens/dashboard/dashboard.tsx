// /dashboard: the signed-in landing page. Totals and the most recently updated campaigns.
import { clickThroughRate, errorMessage, sumCounters } from '@adconsole/domain';
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
import { Link } from 'react-router-dom';
import { useSession } from '../../session/session';
import { useCampaignList } from '../campaigns/campaign-queries';
import { formatCount, formatDay } from '../campaigns/format';

const KPIS = [
  { key: 'impressions', label: 'Impressions' },
  { key: 'engagement', label: 'Engagements' },
  { key: 'clicks', label: 'Clicks' },
] as const;

export function DashboardPage() {
  const session = useSession();
  const list = useCampaignList('mine', 1);
  const campaigns = list.data?.campaigns ?? [];
  const totals = sumCounters(
    campaigns.map((campaign) => campaign.data),
    KPIS.map(({ key }) => key),
  );
  const ctr = clickThroughRate(totals);

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="font-semibold text-2xl">Dashboard</h1>
        <p className="text-muted-foreground">
          Hello {session?.user.first_name}, here is how your campaigns are doing.
        </p>
      </div>
      {list.isError ? (
        <Alert variant="danger">
          <AlertDescription>
            {errorMessage(list.error, 'The campaigns could not be loaded.')}
          </AlertDescription>
        </Alert>
      ) : null}
      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[
          ...KPIS.map(({ key, label }) => ({ label, value: formatCount(totals[key]) })),
          { label: 'CTR', value: `${ctr.toFixed(2)} %` },
        ].map((kpi) => (
          <Card key={kpi.label}>
            <CardHeader>
              <CardDescription>{kpi.label}</CardDescription>
              <CardTitle className="text-2xl tabular-nums">
                {list.isPending ? <Skeleton className="h-7 w-24" /> : kpi.value}
              </CardTitle>
            </CardHeader>
          </Card>
        ))}
      </section>
      <Card>
        <CardHeader>
          <CardTitle>Recently updated campaigns</CardTitle>
        </CardHeader>
        <CardContent>
          {list.isPending ? (
            <Skeleton className="h-24" />
          ) : campaigns.length === 0 ? (
            <EmptyState
              title="No campaigns yet"
              description="Your campaigns and their numbers show here."
              action={
                <Button asChild>
                  <Link to="/campaigns">Go to campaigns</Link>
                </Button>
              }
            />
          ) : (
            <ul className="divide-y">
              {campaigns.slice(0, 5).map((campaign) => (
                <li key={campaign.id} className="flex items-center justify-between gap-4 py-2">
                  <Link to={`/campaigns/${campaign.id}`} className="font-medium text-primary hover:underline">
                    {campaign.name}
                  </Link>
                  <span className="text-muted-foreground text-sm">
                    {formatCount(campaign.data.impressions)} impressions · updated{' '}
                    {formatDay(campaign.updatedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

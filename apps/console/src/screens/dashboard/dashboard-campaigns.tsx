// The dashboard's campaign tables (top campaigns, recently updated): each campaign's figures in the
// range and, when it books a goal, its pacing status under its name; a Conversions column when a
// campaign of the table converted in the range (docs/conversions.md, "Charts and screens").
import { formatFigure, PacingStatusBadge } from '@adconsole/charts';
import type { DashboardCampaign } from '@adconsole/domain';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@adconsole/ui';
import { Link } from 'react-router-dom';
import { formatCount, formatDay } from '../campaigns/format';
import { DashboardBudget } from './dashboard-budget';

export function DashboardCampaignTable({
  title,
  description,
  campaigns,
  empty,
  linkTo,
  showUpdated = false,
}: {
  title: string;
  description: string;
  campaigns: readonly DashboardCampaign[] | undefined;
  empty: string;
  linkTo: (campaign: DashboardCampaign) => string;
  showUpdated?: boolean;
}) {
  const withConversions = campaigns?.some((campaign) => (campaign.totals.conversions ?? 0) > 0) ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {campaigns === undefined ? (
          <Skeleton className="h-32" />
        ) : campaigns.length === 0 ? (
          <p className="text-muted-foreground text-sm">{empty}</p>
        ) : (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                <TableHead>Campaign</TableHead>
                {showUpdated ? <TableHead>Updated</TableHead> : null}
                <TableHead className="text-right">Impressions</TableHead>
                <TableHead className="text-right">Clicks</TableHead>
                <TableHead className="text-right">CTR</TableHead>
                {withConversions ? <TableHead className="text-right">Conversions</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {campaigns.map((campaign) => (
                <TableRow key={campaign.id}>
                  <TableCell>
                    <Link to={linkTo(campaign)} className="font-medium text-primary hover:underline">
                      {campaign.name}
                    </Link>
                    {/* Under the name, not a column of its own: two tables still fit side by side. */}
                    {campaign.pacing ? (
                      <PacingStatusBadge
                        pacing={campaign.pacing}
                        compact
                        locale="en-US"
                        className="mt-1 flex"
                      />
                    ) : null}
                    <DashboardBudget budget={campaign.budget} />
                  </TableCell>
                  {showUpdated ? <TableCell>{formatDay(campaign.updatedAt)}</TableCell> : null}
                  <TableCell className="text-right tabular-nums">
                    {formatCount(campaign.totals.impressions)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatCount(campaign.totals.clicks)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatFigure('ctr', campaign.totals, 'en-US')}
                  </TableCell>
                  {withConversions ? (
                    <TableCell className="text-right tabular-nums">
                      {formatCount(campaign.totals.conversions ?? 0)}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

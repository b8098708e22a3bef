// An advertiser's (or an insertion order's) campaigns: each one's name linking to its page, where it
// stands, its flight, its lifetime valid impressions, clicks and completed views, its spend at its booked
// rate and its budget, in the advertiser's currency (neither column for a client the advertiser shows no
// costs: the API leaves both out). Props only.
import {
  type AdvertiserCampaignRow,
  CAMPAIGN_STATUS_LABELS,
  formatMoney,
  type InsertionOrder,
} from '@adconsole/domain';
import { Badge, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@adconsole/ui';
import { Link } from 'react-router-dom';
import { STATUS_VARIANT } from '../campaigns/flight-badge';
import { formatCount, formatFlight } from '../campaigns/format';
import { orderPath } from './advertiser-keys';

/** An amount of the currency, or a dash (a campaign without a rate has no spend). */
export const moneyOrDash = (amount: number | null | undefined, currency: string) =>
  amount === null || amount === undefined ? '—' : formatMoney(amount, currency);

/** A campaign's budget: its lifetime budget and its daily budget, one a line, or a dash. */
function BudgetLines({ budget, currency }: { budget: AdvertiserCampaignRow['budget']; currency: string }) {
  const parts = [
    budget?.lifetime === undefined ? undefined : `${formatMoney(budget.lifetime, currency)} lifetime`,
    budget?.daily === undefined ? undefined : `${formatMoney(budget.daily, currency)} a day`,
  ].filter((part) => part !== undefined);
  if (parts.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="grid whitespace-nowrap">
      {parts.map((part) => (
        <span key={part}>{part}</span>
      ))}
    </span>
  );
}

export function AdvertiserCampaignsTable({
  campaigns,
  currency,
  orders,
  caption = 'Campaigns',
  costs = true,
}: {
  campaigns: readonly AdvertiserCampaignRow[];
  /** The advertiser's currency: spend and budgets are in it. */
  currency: string;
  /** The advertiser's orders: each campaign names the order that funds it (the advertiser's page). */
  orders?: readonly Pick<InsertionOrder, 'id' | 'advertiserId' | 'poNumber'>[] | undefined;
  caption?: string;
  /** Whether the reader sees costs: without, no Spend and no Budget column (a client's view). */
  costs?: boolean;
}) {
  const numeric = 'text-right tabular-nums';
  return (
    <Table aria-label={caption}>
      <TableHeader>
        <TableRow>
          <TableHead>Campaign</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Flight</TableHead>
          <TableHead className="text-right">Impressions</TableHead>
          <TableHead className="text-right">Clicks</TableHead>
          <TableHead className="text-right">Completes</TableHead>
          {costs ? (
            <>
              <TableHead className="text-right">Spend</TableHead>
              <TableHead>Budget</TableHead>
            </>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {campaigns.map((campaign) => {
          const order = orders?.find((each) => each.id === campaign.insertionOrderId);
          return (
            <TableRow key={campaign.id}>
              <TableCell className="min-w-48 [overflow-wrap:anywhere]">
                <Link to={`/campaigns/${campaign.id}`} className="font-medium text-primary hover:underline">
                  {campaign.name}
                </Link>
                {order ? (
                  <p className="text-muted-foreground text-xs">
                    Order{' '}
                    <Link to={orderPath(order.advertiserId, order.id)} className="font-mono hover:underline">
                      {order.poNumber}
                    </Link>
                  </p>
                ) : null}
              </TableCell>
              <TableCell>
                <Badge variant={STATUS_VARIANT[campaign.status]}>
                  {CAMPAIGN_STATUS_LABELS[campaign.status]}
                </Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap text-sm">
                {formatFlight(campaign.start?.date, campaign.end?.date)}
              </TableCell>
              <TableCell className={numeric}>{formatCount(campaign.impressions)}</TableCell>
              <TableCell className={numeric}>{formatCount(campaign.clicks)}</TableCell>
              <TableCell className={numeric}>{formatCount(campaign.completes)}</TableCell>
              {costs ? (
                <>
                  <TableCell className={numeric}>{moneyOrDash(campaign.spend, currency)}</TableCell>
                  <TableCell className="text-sm">
                    <BudgetLines budget={campaign.budget} currency={currency} />
                  </TableCell>
                </>
              ) : null}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

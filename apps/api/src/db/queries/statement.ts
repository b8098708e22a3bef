// What an advertiser's billing statement reads beside the events (docs/reports.md, "Billing statement"):
// the advertiser's campaigns (archived ones too: their events happened) with their
// booked rate and insertion order, and the live creatives whose events the campaign reports count.
import type { CampaignRate } from '@adconsole/domain';
import type { Queryable } from '../database';

interface StatementCampaignRow {
  id: string;
  name: string;
  rate: CampaignRate | null;
  insertion_order_id: string | null;
  po_number: string | null;
  order_name: string | null;
}

/** The advertiser's campaigns, at most `limit` (the caller asks one more than it allows to tell "too many"). */
export function listStatementCampaigns(
  db: Queryable,
  advertiserId: string,
  limit: number,
): Promise<StatementCampaignRow[]> {
  return db.query<StatementCampaignRow>(
    `select campaigns.id, campaigns.name, campaigns.body -> 'data' -> 'rate' as rate,
            orders.id as insertion_order_id, orders.po_number, orders.name as order_name
       from campaigns left join insertion_orders as orders on orders.id = campaigns.insertion_order_id
      where campaigns.advertiser_id = $1
      order by campaigns.created_at, campaigns.id
      limit $2`,
    [advertiserId, limit],
  );
}

/** The live creatives (removed ones too) of these campaigns: whose events each campaign report counts. */
export function listStatementLives(
  db: Queryable,
  campaignIds: readonly string[],
): Promise<{ id: string; campaign_id: string }[]> {
  return db.query<{ id: string; campaign_id: string }>(
    'select id, campaign_id from live_creatives where campaign_id = any($1::text[])',
    [[...campaignIds]],
  );
}

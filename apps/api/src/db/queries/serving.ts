// What the ad server reads from the database: the live creative it serves (live_creatives with its
// campaign's flight, advertiser, booked rate, archive and pause times as they are now:
// services/serving/live-creatives.ts caches it), and
// the demo account's campaigns (the demo publisher page: services/demo/demo-page.ts).
import type {
  CampaignBudget,
  CampaignFlight,
  CampaignGoal,
  CampaignRate,
  DeliveryMode,
  DeliveryRules,
} from '@adconsole/domain';
import type { Queryable } from '../database';

export interface ServedLiveCreativeRow<Snapshot = unknown> {
  id: string;
  campaign_id: string;
  creative_id: string | null;
  /** The creative as published (its answer, without its live creatives). */
  snapshot: Snapshot;
  created_at: Date;
  /** The campaign's data (flight dates and timezone, goal and delivery mode); null when the campaign is gone. */
  flight:
    | (CampaignFlight & {
        goal?: CampaignGoal;
        deliveryMode?: DeliveryMode;
        budget?: CampaignBudget | null;
        rate?: CampaignRate | null;
      })
    | null;
  /** Its campaign's advertiser's name (VAST's <Advertiser>); null for the unnamed one or when the campaign is gone. */
  advertiser: string | null;
  /** The campaign's booked rate (VAST's <Pricing>); null when none is. */
  rate: CampaignRate | null;
  /** When the campaign was archived (it then serves nothing); null while it is not. */
  archived_at: Date | null;
  /** When the campaign was paused (it then serves nothing until resumed); null while it is not. */
  paused_at: Date | null;
  /** The landing URL's parameter that carries the click id (docs/conversions.md); null when the campaign is gone. */
  click_param: string | null;
  /** The campaign's delivery rules and its creative's own, as they are now; null when gone. */
  campaign_rules: DeliveryRules | null;
  creative_rules: DeliveryRules | null;
}

/**
 * A live creative that is not removed, with its campaign's flight, advertiser, rate, archive and pause times, click
 * parameter and delivery rules, and its creative's delivery rules.
 */
export async function findServedLiveCreative<Snapshot>(
  db: Queryable,
  liveId: string,
): Promise<ServedLiveCreativeRow<Snapshot> | undefined> {
  const [row] = await db.query<ServedLiveCreativeRow<Snapshot>>(
    `select l.id, l.campaign_id, l.creative_id, l.snapshot, l.created_at, c.body->'data' as flight,
            case when a.unnamed then null else a.name end as advertiser, c.body->'data'->'rate' as rate,
            c.archived_at, c.paused_at,
            c.click_param, c.delivery_rules as campaign_rules, cr.delivery_rules as creative_rules
       from live_creatives l left join campaigns c on c.id = l.campaign_id
            left join advertisers a on a.id = c.advertiser_id
            left join creatives cr on cr.id = l.creative_id
      where l.id = $1 and l.removed_at is null`,
    [liveId],
  );
  return row;
}

/** The campaigns of the user with this e-mail address (the demo account) not archived, oldest first. */
export function listCampaignsOfOwnerEmail(
  db: Queryable,
  email: string,
): Promise<{ id: string; name: string }[]> {
  return db.query<{ id: string; name: string }>(
    'select c.id, c.name from campaigns c join users u on u.id = c.owner_id where u.email = $1 and c.archived_at is null order by c.created_at',
    [email],
  );
}

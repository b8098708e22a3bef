// The campaigns table: its row (the flight dates, timezone, goal and rate in its JSON body, its advertiser
// and insertion order, when it was archived and the click parameter in their own columns) and queries.
import type {
  CampaignBudget,
  CampaignGoal,
  CampaignRate,
  DeliveryMode,
  DeliveryRules,
} from '@adconsole/domain';
import type { Queryable, SqlValue } from '../database';

export interface CampaignRow {
  id: string;
  owner_id: string;
  name: string;
  body: {
    data?: {
      start?: { date: string } | null;
      end?: { date: string } | null;
      timezone?: string;
      /** The free-text advertiser of rows before migration 0049 (now the advertisers table's): never written. */
      advertiser?: string;
      /** The primary goal (the domain's campaigns/pricing.ts); absent when none is booked. */
      goal?: CampaignGoal;
      /** The booked rate (the domain's campaigns/pricing.ts); absent when none is booked. */
      rate?: CampaignRate;
      /** `even` delivers the goal evenly (docs/serving.md, "Even delivery"); absent: as fast as possible. */
      deliveryMode?: DeliveryMode;
      /** The budget in the rate's currency (the domain's campaigns/budget.ts); absent when none is set. */
      budget?: CampaignBudget;
    };
  };
  created_at: Date;
  updated_at: Date;
  data_pulled_at: Date | null;
  /** When the campaign was archived; null while it is not (it then serves within its flight). */
  archived_at: Date | null;
  /** When the campaign was paused; null while it is not (it serves nothing until resumed, but stays listed). */
  paused_at: Date | null;
  /** The e-mail address of who paused it (as it was then); null while it is not paused. */
  paused_by: string | null;
  /** The landing URL's query parameter carrying the click id (docs/conversions.md): adc_click unless named. */
  click_param: string;
  /** The campaign's delivery rules (docs/serving.md, "Delivery rules"); `{}` when it has none. */
  delivery_rules: DeliveryRules;
  /** Its advertiser (db/queries/advertisers.ts): the owner's, every campaign has one. */
  advertiser_id: string;
  /** The insertion order of its advertiser that funds it; null when none does. */
  insertion_order_id: string | null;
}

/** Which campaigns a list reads: the default list leaves archived ones out. */
export type ArchivedFilter = 'exclude' | 'only' | 'include';
const archivedWhere = (archived: ArchivedFilter) =>
  archived === 'exclude' ? 'archived_at is null' : archived === 'only' ? 'archived_at is not null' : 'true';

export async function findCampaign(db: Queryable, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.query<CampaignRow>('select * from campaigns where id = $1', [id]);
  return row;
}

/**
 * Whose campaigns a list reads: an owner's (an id), a client's (its advertisers': docs/security.md,
 * "Client access"), or with neither everyone's.
 */
export type CampaignsOf = string | { advertiserIds: readonly string[] } | undefined;

/** The condition and its value for `whose`, as the parameter `$index`. */
function whoseWhere(whose: CampaignsOf, index: number): { sql: string; values: SqlValue[] } {
  if (whose === undefined) return { sql: '', values: [] };
  if (typeof whose === 'string') return { sql: `and owner_id = $${index}`, values: [whose] };
  return { sql: `and advertiser_id = any($${index}::text[])`, values: [[...whose.advertiserIds]] };
}

/** A page of campaigns, newest first: `whose` (CampaignsOf; archived: `include`). */
export function listCampaignsPage(
  db: Queryable,
  page: { limit: number; offset: number; ownerId?: CampaignsOf; archived?: ArchivedFilter },
): Promise<CampaignRow[]> {
  const whose = whoseWhere(page.ownerId, 3);
  return db.query<CampaignRow>(
    `select * from campaigns where ${archivedWhere(page.archived ?? 'include')} ${whose.sql}
      order by created_at desc, id desc limit $1 offset $2`,
    [page.limit, page.offset, ...whose.values],
  );
}

/** How many campaigns `whose` (CampaignsOf) has (archived ones too unless told). */
export async function countCampaigns(
  db: Queryable,
  ownerId?: CampaignsOf,
  archived: ArchivedFilter = 'include',
): Promise<number> {
  const whose = whoseWhere(ownerId, 1);
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
    `select count(*)::int as total from campaigns where ${archivedWhere(archived)} ${whose.sql}`,
    whose.values,
  );
  return total;
}

export async function insertCampaign(
  db: Queryable,
  campaign: {
    id: string;
    ownerId: string;
    name: string;
    body: CampaignRow['body'];
    clickParam?: string;
    advertiserId: string;
    insertionOrderId?: string | null;
  },
): Promise<CampaignRow> {
  const [row] = await db.query<CampaignRow>(
    `insert into campaigns (id, owner_id, name, body, click_param, advertiser_id, insertion_order_id)
     values ($1, $2, $3, $4, coalesce($5, 'adc_click'), $6, $7) returning *`,
    [
      campaign.id,
      campaign.ownerId,
      campaign.name,
      campaign.body,
      campaign.clickParam ?? null,
      campaign.advertiserId,
      campaign.insertionOrderId ?? null,
    ],
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The campaign's name, body, click parameter, advertiser and order; answers it, undefined when it is gone. */
export async function updateCampaign(
  db: Queryable,
  id: string,
  fields: {
    name: string;
    body: CampaignRow['body'];
    clickParam: string;
    advertiserId: string;
    insertionOrderId: string | null;
  },
): Promise<CampaignRow | undefined> {
  const [row] = await db.query<CampaignRow>(
    `update campaigns set name = $2, body = $3, click_param = $4, advertiser_id = $5, insertion_order_id = $6,
            updated_at = now()
      where id = $1 returning *`,
    [id, fields.name, fields.body, fields.clickParam, fields.advertiserId, fields.insertionOrderId],
  );
  return row;
}

/**
 * The campaign is archived (`true`: now, or `at`; an archived one keeps its time) or no longer (`false`);
 * answers it, undefined when it is gone.
 */
export async function markCampaignArchived(
  db: Queryable,
  id: string,
  archived: boolean,
  at?: Date,
): Promise<CampaignRow | undefined> {
  const [row] = archived
    ? await db.query<CampaignRow>(
        `update campaigns set archived_at = coalesce(archived_at, $2::timestamptz, now()), updated_at = now()
          where id = $1 returning *`,
        [id, at ?? null],
      )
    : await db.query<CampaignRow>(
        'update campaigns set archived_at = null, updated_at = now() where id = $1 returning *',
        [id],
      );
  return row;
}

/**
 * The campaign is paused by `by` (`true`: now; a paused one keeps its time and who paused it) or no longer
 * (`false`); answers it, undefined when it is gone.
 */
export async function markCampaignPaused(
  db: Queryable,
  id: string,
  paused: boolean,
  by: string | null,
): Promise<CampaignRow | undefined> {
  const [row] = paused
    ? await db.query<CampaignRow>(
        `update campaigns set paused_by = case when paused_at is null then $2 else paused_by end,
                paused_at = coalesce(paused_at, now()), updated_at = now()
          where id = $1 returning *`,
        [id, by],
      )
    : await db.query<CampaignRow>(
        'update campaigns set paused_at = null, paused_by = null, updated_at = now() where id = $1 returning *',
        [id],
      );
  return row;
}

/** The campaign goes, and with it (by cascade) its creatives, their assets and its live creatives. */
export async function deleteCampaign(db: Queryable, id: string): Promise<void> {
  await db.query('delete from campaigns where id = $1', [id]);
}

/** Nothing: the campaign's row is locked (`for update`) until the transaction ends. */
export async function lockCampaign(db: Queryable, id: string): Promise<void> {
  await db.query('select id from campaigns where id = $1 for update', [id]);
}

// The campaigns table: its row (the flight dates, timezone and advertiser in its JSON body) and queries.
import type { Queryable } from '../database';

export interface CampaignRow {
  id: string;
  owner_id: string;
  name: string;
  body: {
    data?: {
      start?: { date: string } | null;
      end?: { date: string } | null;
      timezone?: string;
      /** VAST's <Advertiser>; absent when not set. */
      advertiser?: string;
      /** The primary goal (the domain's campaignGoalSchema); absent or null when none is booked. */
      goal?: { metric: 'impressions' | 'clicks' | 'completedViews'; amount: number } | null;
      /** The booked rate (the domain's campaignRateSchema); absent or null when none is. */
      rate?: { model: 'CPM' | 'CPC' | 'CPCV'; amount: number; currency: string } | null;
    };
  };
  created_at: Date;
  updated_at: Date;
  data_pulled_at: Date | null;
}

export async function findCampaign(db: Queryable, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.query<CampaignRow>('select * from campaigns where id = $1', [id]);
  return row;
}

/** A page of campaigns, newest first: the owner's, or with no owner everyone's. */
export function listCampaignsPage(
  db: Queryable,
  page: { limit: number; offset: number; ownerId?: string | undefined },
): Promise<CampaignRow[]> {
  const mine = page.ownerId !== undefined;
  return db.query<CampaignRow>(
    `select * from campaigns ${mine ? 'where owner_id = $3' : ''} order by created_at desc, id desc limit $1 offset $2`,
    mine ? [page.limit, page.offset, page.ownerId] : [page.limit, page.offset],
  );
}

/** How many campaigns the owner has, or with no owner there are. */
export async function countCampaigns(db: Queryable, ownerId?: string): Promise<number> {
  const mine = ownerId !== undefined;
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
    `select count(*)::int as total from campaigns ${mine ? 'where owner_id = $1' : ''}`,
    mine ? [ownerId] : [],
  );
  return total;
}

export async function insertCampaign(
  db: Queryable,
  campaign: { id: string; ownerId: string; name: string; body: CampaignRow['body'] },
): Promise<CampaignRow> {
  const [row] = await db.query<CampaignRow>(
    'insert into campaigns (id, owner_id, name, body) values ($1, $2, $3, $4) returning *',
    [campaign.id, campaign.ownerId, campaign.name, campaign.body],
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The campaign's name and body; answers it, undefined when it is gone. */
export async function updateCampaign(
  db: Queryable,
  id: string,
  fields: { name: string; body: CampaignRow['body'] },
): Promise<CampaignRow | undefined> {
  const [row] = await db.query<CampaignRow>(
    'update campaigns set name = $2, body = $3, updated_at = now() where id = $1 returning *',
    [id, fields.name, fields.body],
  );
  return row;
}

/** The campaign goes, and with it (by cascade) its creatives, their assets and its live creatives. */
export async function deleteCampaign(db: Queryable, id: string): Promise<void> {
  await db.query('delete from campaigns where id = $1', [id]);
}

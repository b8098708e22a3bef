// The live_creatives table: a published, immutable snapshot of a creative, served until it is removed
// (its row stays for the reports), and its queries.
import type { CreativeType } from '@adconsole/domain';
import type { Queryable } from '../database';

export interface LiveCreativeRow {
  id: string;
  creative_id: string | null;
  campaign_id: string;
  snapshot: { type?: CreativeType; width?: number; height?: number; platform?: string | null };
  created_at: Date;
}

/** The live creatives (removed ones too) of these campaigns: whose events count for which creative. */
export function listLiveIdsOfCampaigns(
  db: Queryable,
  campaignIds: readonly string[],
): Promise<{ id: string; creative_id: string | null; campaign_id: string }[]> {
  return db.query<{ id: string; creative_id: string | null; campaign_id: string }>(
    'select id, creative_id, campaign_id from live_creatives where campaign_id = any($1::text[])',
    [[...campaignIds]],
  );
}

/** The live creatives (removed ones too) of every campaign an account owns, but one (the estimate's basis). */
export async function listLiveIdsOfOwner(
  db: Queryable,
  ownerId: string,
  exceptCampaignId: string,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select live.id from live_creatives live join campaigns campaign on campaign.id = live.campaign_id
     where campaign.owner_id = $1 and campaign.id <> $2`,
    [ownerId, exceptCampaignId],
  );
  return rows.map((row) => row.id);
}

/** The live creatives of these creatives that are not removed, oldest first. */
export function listOpenLiveCreatives(
  db: Queryable,
  creativeIds: readonly string[],
): Promise<LiveCreativeRow[]> {
  return db.query<LiveCreativeRow>(
    'select * from live_creatives where creative_id = any($1::text[]) and removed_at is null order by created_at, id',
    [[...creativeIds]],
  );
}

/** A new live creative; published now unless `createdAt` says when. */
export async function insertLiveCreative(
  db: Queryable,
  live: { id: string; creativeId: string; campaignId: string; snapshot: object; createdAt?: Date },
): Promise<void> {
  if (live.createdAt === undefined) {
    await db.query(
      'insert into live_creatives (id, creative_id, campaign_id, snapshot) values ($1, $2, $3, $4)',
      [live.id, live.creativeId, live.campaignId, live.snapshot],
    );
    return;
  }
  await db.query(
    'insert into live_creatives (id, creative_id, campaign_id, snapshot, created_at) values ($1, $2, $3, $4, $5)',
    [live.id, live.creativeId, live.campaignId, live.snapshot, live.createdAt],
  );
}

/** The campaign of a live creative that is not removed; undefined otherwise. */
export async function findOpenLiveCampaignId(db: Queryable, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ campaign_id: string }>(
    'select campaign_id from live_creatives where id = $1 and removed_at is null',
    [id],
  );
  return row?.campaign_id;
}

/** The live creative stops serving (its row stays for the reports). */
export async function markLiveCreativeRemoved(db: Queryable, id: string): Promise<void> {
  await db.query('update live_creatives set removed_at = now() where id = $1', [id]);
}

/** Every live creative of the creative that still serves stops. */
export async function markCreativeLivesRemoved(db: Queryable, creativeId: string): Promise<void> {
  await db.query(
    'update live_creatives set removed_at = now() where creative_id = $1 and removed_at is null',
    [creativeId],
  );
}

/**
 * The current live creative of each of these creatives: its newest one that is not removed (a
 * placement serves it, docs/serving.md "Placements"). Creatives without one are left out.
 */
export function listCurrentLiveIds(
  db: Queryable,
  creativeIds: readonly string[],
): Promise<{ creative_id: string; id: string }[]> {
  return db.query<{ creative_id: string; id: string }>(
    `select distinct on (creative_id) creative_id, id from live_creatives
      where creative_id = any($1::text[]) and removed_at is null
      order by creative_id, created_at desc, id desc`,
    [[...creativeIds]],
  );
}

// The creatives table: its row, the JSON body it keeps the creative's settings in, and its queries.
import type { CreativeSetting, DeliveryRules, Trackers } from '@adconsole/domain';
import type { Queryable } from '../database';

export interface CreativeBodyJson {
  width?: number;
  height?: number;
  fluid?: boolean;
  platform?: string | null;
  trackers?: Trackers;
  settings?: CreativeSetting[];
  layout?: string | null;
  html?: string | null;
}

export interface CreativeRow {
  id: string;
  campaign_id: string;
  name: string;
  type: 'Banner' | 'VAST' | 'VPAID';
  body: CreativeBodyJson;
  created_at: Date;
  updated_at: Date;
  /** The creative's own delivery rules (they narrow its campaign's); `{}` when it has none. */
  delivery_rules: DeliveryRules;
}

/** These creatives, oldest first. */
export function listCreativesByIds(db: Queryable, ids: readonly string[]): Promise<CreativeRow[]> {
  return db.query<CreativeRow>('select * from creatives where id = any($1::text[]) order by created_at, id', [
    [...ids],
  ]);
}

/** The creatives of these campaigns, oldest first. */
export function listCreativesOfCampaigns(
  db: Queryable,
  campaignIds: readonly string[],
): Promise<CreativeRow[]> {
  return db.query<CreativeRow>(
    'select * from creatives where campaign_id = any($1::text[]) order by created_at, id',
    [[...campaignIds]],
  );
}

/** The creative with its campaign's owner. */
export async function findCreativeWithOwner(
  db: Queryable,
  id: string,
): Promise<(CreativeRow & { owner_id: string; advertiser_id: string }) | undefined> {
  const [row] = await db.query<CreativeRow & { owner_id: string; advertiser_id: string }>(
    'select c.*, p.owner_id, p.advertiser_id from creatives c join campaigns p on p.id = c.campaign_id where c.id = $1',
    [id],
  );
  return row;
}

export async function insertCreative(
  db: Queryable,
  creative: { id: string; campaignId: string; name: string; type: string; body: CreativeBodyJson },
): Promise<void> {
  await db.query('insert into creatives (id, campaign_id, name, type, body) values ($1, $2, $3, $4, $5)', [
    creative.id,
    creative.campaignId,
    creative.name,
    creative.type,
    creative.body,
  ]);
}

export async function updateCreative(
  db: Queryable,
  id: string,
  fields: { name: string; type: string; body: CreativeBodyJson },
): Promise<void> {
  await db.query('update creatives set name = $2, type = $3, body = $4, updated_at = now() where id = $1', [
    id,
    fields.name,
    fields.type,
    fields.body,
  ]);
}

export async function updateCreativeBody(db: Queryable, id: string, body: CreativeBodyJson): Promise<void> {
  await db.query('update creatives set body = $2, updated_at = now() where id = $1', [id, body]);
}

/** The creative's assets changed: it counts as updated now. */
export async function markCreativeUpdated(db: Queryable, id: string): Promise<void> {
  await db.query('update creatives set updated_at = now() where id = $1', [id]);
}

/** Nothing: the creative's row is locked (`for update`) until the transaction ends. */
export async function lockCreative(db: Queryable, id: string): Promise<void> {
  await db.query('select id from creatives where id = $1 for update', [id]);
}

/**
 * The creative's trading platform alone (publishing with a platform chosen): its other settings are the
 * row's own, never a copy read before, so a save that lands meanwhile is kept.
 */
export async function setCreativePlatform(db: Queryable, id: string, platform: string | null): Promise<void> {
  await db.query(
    `update creatives set updated_at = now(), body = body || jsonb_build_object('platform', $2::text)
     where id = $1`,
    [id, platform],
  );
}

/** The creative becomes a Banner of this name and size (the builder's export); its other settings stay. */
export async function updateCreativeAsBanner(
  db: Queryable,
  id: string,
  banner: { name: string; width: number; height: number },
): Promise<void> {
  await db.query(
    `update creatives set type = 'Banner', name = $4, updated_at = now(),
       body = body || jsonb_build_object('width', $2::integer, 'height', $3::integer)
     where id = $1`,
    [id, banner.width, banner.height, banner.name],
  );
}

/** The creative goes, and with it (by cascade) its assets. */
export async function deleteCreative(db: Queryable, id: string): Promise<void> {
  await db.query('delete from creatives where id = $1', [id]);
}

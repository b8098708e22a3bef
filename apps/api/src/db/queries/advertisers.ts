// The advertisers table (docs/product.md §3, "Advertiser"): its row and queries, and what the advertiser
// calls read of its campaigns. Names are unique per owner, case-insensitive (advertisers_owner_name_idx).
import type { Queryable } from '../database';
import type { CampaignRow } from './campaigns';

export interface AdvertiserRow {
  id: string;
  owner_id: string;
  name: string;
  /** ISO 4217: its campaigns' rates and budgets and its insertion orders' budgets are in it. */
  currency: string;
  billing_name: string | null;
  billing_email: string | null;
  notes: string | null;
  /** Made for campaigns that named no advertiser ('Unassigned'): VAST's <Advertiser> is left out. */
  unnamed: boolean;
  /** Its creatives are published only once approved (docs/product.md §4, "Approval"; set in creative-approvals.ts). */
  requires_approval: boolean;
  /** Whether its clients see its costs (docs/security.md, "Client access"). */
  client_sees_costs: boolean;
  created_at: Date;
  updated_at: Date;
}

/** An advertiser with its owner's e-mail address (the admins' list of all advertisers). */
type AdvertiserWithOwnerRow = AdvertiserRow & { owner_email: string };

/** The fields a person sets. */
interface AdvertiserFields {
  name: string;
  currency: string;
  billingName: string | null;
  billingEmail: string | null;
  notes: string | null;
}

export async function findAdvertiser(db: Queryable, id: string): Promise<AdvertiserRow | undefined> {
  const [row] = await db.query<AdvertiserRow>('select * from advertisers where id = $1', [id]);
  return row;
}

/** The owner's advertiser of this name (case-insensitive), or undefined. */
export async function findAdvertiserByName(
  db: Queryable,
  ownerId: string,
  name: string,
): Promise<AdvertiserRow | undefined> {
  const [row] = await db.query<AdvertiserRow>(
    'select * from advertisers where owner_id = $1 and lower(name) = lower($2)',
    [ownerId, name],
  );
  return row;
}

/** The owner's unnamed advertiser ('Unassigned'), or undefined. */
export async function findUnnamedAdvertiser(
  db: Queryable,
  ownerId: string,
): Promise<AdvertiserRow | undefined> {
  const [row] = await db.query<AdvertiserRow>(
    'select * from advertisers where owner_id = $1 and unnamed order by created_at limit 1',
    [ownerId],
  );
  return row;
}

/** The owner's advertisers (or those of these ids, a client's; with neither everyone's), by name, at most `limit`. */
export function listAdvertisers(
  db: Queryable,
  where: { ownerId?: string | undefined; ids?: readonly string[] | undefined; limit: number },
): Promise<AdvertiserWithOwnerRow[]> {
  const filter =
    where.ids !== undefined
      ? { sql: 'where a.id = any($2::text[])', value: [...where.ids] }
      : where.ownerId !== undefined
        ? { sql: 'where a.owner_id = $2', value: where.ownerId }
        : undefined;
  return db.query<AdvertiserWithOwnerRow>(
    `select a.*, u.email as owner_email from advertisers a join users u on u.id = a.owner_id
      ${filter?.sql ?? ''}
      order by a.unnamed, lower(a.name), a.id limit $1`,
    filter ? [where.limit, filter.value] : [where.limit],
  );
}

/** The advertisers of these ids (the campaigns' answers read their names). */
export function listAdvertisersByIds(db: Queryable, ids: readonly string[]): Promise<AdvertiserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query<AdvertiserRow>('select * from advertisers where id = any($1)', [[...ids]]);
}

/**
 * A new advertiser; undefined when the owner already has one of that name (case-insensitive): two calls
 * making the same name at once make it once.
 */
export async function insertAdvertiser(
  db: Queryable,
  advertiser: AdvertiserFields & { id: string; ownerId: string; unnamed?: boolean },
): Promise<AdvertiserRow | undefined> {
  const [row] = await db.query<AdvertiserRow>(
    `insert into advertisers (id, owner_id, name, currency, billing_name, billing_email, notes, unnamed)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (owner_id, lower(name)) do nothing returning *`,
    [
      advertiser.id,
      advertiser.ownerId,
      advertiser.name,
      advertiser.currency,
      advertiser.billingName,
      advertiser.billingEmail,
      advertiser.notes,
      advertiser.unnamed ?? false,
    ],
  );
  return row;
}

/** The advertiser's fields; answers it, undefined when it is gone. Throws on a name the owner already has. */
export async function updateAdvertiser(
  db: Queryable,
  id: string,
  fields: AdvertiserFields & { unnamed: boolean },
): Promise<AdvertiserRow | undefined> {
  const [row] = await db.query<AdvertiserRow>(
    `update advertisers set name = $2, currency = $3, billing_name = $4, billing_email = $5, notes = $6,
            unnamed = $7, updated_at = now()
      where id = $1 returning *`,
    [id, fields.name, fields.currency, fields.billingName, fields.billingEmail, fields.notes, fields.unnamed],
  );
  return row;
}

export async function deleteAdvertiser(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('delete from advertisers where id = $1 returning id', [id]);
  return rows.length > 0;
}

/** Locks the advertiser's row until the transaction ends (a currency change against its campaigns' rates). */
export async function lockAdvertiser(db: Queryable, id: string): Promise<void> {
  await db.query('select id from advertisers where id = $1 for update', [id]);
}

/** How many campaigns the advertiser has (archived ones too). */
export async function countCampaignsOfAdvertiser(db: Queryable, id: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from campaigns where advertiser_id = $1',
    [id],
  );
  return row?.count ?? 0;
}

/** How many of its campaigns have a rate in another currency than `currency`, or a budget. */
export async function countCampaignsPricedOtherwise(
  db: Queryable,
  id: string,
  currency: string,
): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from campaigns
      where advertiser_id = $1
        and ((body -> 'data' -> 'rate' ->> 'currency') <> $2 or jsonb_typeof(body -> 'data' -> 'budget') = 'object')`,
    [id, currency],
  );
  return row?.count ?? 0;
}

/** The advertiser's campaigns (archived ones too), newest first, at most `limit`. */
export function listCampaignsOfAdvertiser(db: Queryable, id: string, limit: number): Promise<CampaignRow[]> {
  return db.query<CampaignRow>(
    'select * from campaigns where advertiser_id = $1 order by created_at desc, id desc limit $2',
    [id, limit],
  );
}

/** Per advertiser of these: how many campaigns it has, archived ones left out. */
export function countCampaignsOfAdvertisers(
  db: Queryable,
  ids: readonly string[],
): Promise<{ advertiser_id: string; count: number }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query<{ advertiser_id: string; count: number }>(
    `select advertiser_id, count(*)::int as count from campaigns
      where advertiser_id = any($1) and archived_at is null group by advertiser_id`,
    [[...ids]],
  );
}

/**
 * The campaigns of these advertisers that could serve now but for their flight: neither archived nor
 * paused, with a live creative not removed (the caller reads the flight).
 */
export function listServableCampaignsOfAdvertisers(
  db: Queryable,
  ids: readonly string[],
): Promise<Pick<CampaignRow, 'id' | 'advertiser_id' | 'body'>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query<Pick<CampaignRow, 'id' | 'advertiser_id' | 'body'>>(
    `select c.id, c.advertiser_id, c.body from campaigns c
      where c.advertiser_id = any($1) and c.archived_at is null and c.paused_at is null
        and exists (select 1 from live_creatives l where l.campaign_id = c.id and l.removed_at is null)`,
    [[...ids]],
  );
}

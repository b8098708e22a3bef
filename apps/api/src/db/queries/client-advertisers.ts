// The client_advertisers table: the advertisers each client reads (docs/security.md, "Client access").
import type { Queryable } from '../database';
import type { AdvertiserRow } from './advertisers';

/** The advertisers of these clients, by user id (a user with none is absent). */
export async function listClientAdvertisers(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const rows = await db.query<{ user_id: string; advertiser_id: string }>(
    `select user_id, advertiser_id from client_advertisers where user_id = any($1::text[])
      order by user_id, advertiser_id`,
    [userIds],
  );
  const of = new Map<string, string[]>();
  for (const row of rows) of.set(row.user_id, [...(of.get(row.user_id) ?? []), row.advertiser_id]);
  return of;
}

/** How many of these ids are advertisers. */
export async function countAdvertisersIn(db: Queryable, ids: readonly string[]): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from advertisers where id = any($1::text[])',
    [ids],
  );
  return row?.count ?? 0;
}

/** Gives the client exactly these advertisers (those that still exist). */
export async function replaceClientAdvertisers(
  db: Queryable,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  await db.query('delete from client_advertisers where user_id = $1', [userId]);
  await db.query(
    `insert into client_advertisers (user_id, advertiser_id)
     select $1, a.id from advertisers a where a.id = any($2::text[]) on conflict do nothing`,
    [userId, ids],
  );
}

/** Sets whether the advertiser's clients see its costs (left as it is when undefined). */
export async function setClientSeesCosts(
  db: Queryable,
  row: AdvertiserRow,
  value: boolean | undefined,
): Promise<AdvertiserRow> {
  if (value === undefined || value === row.client_sees_costs) return row;
  const [changed] = await db.query<AdvertiserRow>(
    'update advertisers set client_sees_costs = $2, updated_at = now() where id = $1 returning *',
    [row.id, value],
  );
  return changed ?? row;
}

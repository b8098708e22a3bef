// The api_tokens and api_token_uses tables: personal API tokens (stored as their secret's hash) with
// their owner's address, and each token's uses in the rate window.
import type { ApiTokenScope } from '@adconsole/domain';
import type { Queryable } from '../database';

/** A token with its owner's address. */
export interface ApiTokenRow {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  created_at: Date;
  last_used_at: Date | null;
  user_id: string;
  email: string;
}

/** A token's id and scopes with its owner (the bearer's user). */
export interface TokenOwnerRow {
  token_id: string;
  scopes: ApiTokenScope[];
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'user' | 'admin' | 'client';
  verified_at: Date | null;
  last_login_at: Date | null;
}

const SELECT_TOKENS = `select t.id, t.name, t.scopes, t.created_at, t.last_used_at, t.user_id, u.email
  from api_tokens t join users u on u.id = t.user_id`;

/** A new token, unless its owner already has `max`; answers whether it was made. */
export async function insertApiTokenWithin(
  db: Queryable,
  token: { id: string; userId: string; name: string; scopes: ApiTokenScope[]; secretHash: string },
  max: number,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `insert into api_tokens (id, user_id, name, scopes, secret_hash)
     select $1, $2, $3, $4, $5
      where (select count(*) from api_tokens where user_id = $2) < $6
     returning id`,
    [token.id, token.userId, token.name, token.scopes, token.secretHash, max],
  );
  return rows.length > 0;
}

export async function findApiToken(db: Queryable, id: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db.query<ApiTokenRow>(`${SELECT_TOKENS} where t.id = $1`, [id]);
  return row;
}

/** The user's tokens, or with no user every token; newest first. */
export function listApiTokens(db: Queryable, userId?: string): Promise<ApiTokenRow[]> {
  return userId === undefined
    ? db.query<ApiTokenRow>(`${SELECT_TOKENS} order by t.created_at desc, t.id`)
    : db.query<ApiTokenRow>(`${SELECT_TOKENS} where t.user_id = $1 order by t.created_at desc, t.id`, [
        userId,
      ]);
}

/** Deletes the token; answers whether there was one. */
export async function deleteApiToken(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('delete from api_tokens where id = $1 returning id', [id]);
  return rows.length > 0;
}

/** The token of this secret hash with its owner, its row locked until the transaction ends. */
export async function lockTokenOwner(db: Queryable, secretHash: string): Promise<TokenOwnerRow | undefined> {
  const [row] = await db.query<TokenOwnerRow>(
    `select t.id as token_id, t.scopes, u.id, u.email, u.first_name, u.last_name, u.role,
            u.verified_at, u.last_login_at
       from api_tokens t join users u on u.id = t.user_id
      where t.secret_hash = $1 and u.disabled_at is null
        for update of t`,
    [secretHash],
  );
  return row;
}

/**
 * The token's uses in the last `windowSeconds` (older ones go first), and in how many seconds the
 * oldest of them leaves the window (null when there is none).
 */
export async function tokenUsesInWindow(
  db: Queryable,
  tokenId: string,
  windowSeconds: number,
): Promise<{ uses: number; retry: number | null }> {
  await db.query(
    `delete from api_token_uses where token_id = $1 and used_at <= now() - $2 * interval '1 second'`,
    [tokenId, windowSeconds],
  );
  const [window] = await db.query<{ uses: number; retry: number | null }>(
    `select count(*)::int as uses,
            ceil(extract(epoch from (min(used_at) + $2 * interval '1 second' - now())))::int as retry
       from api_token_uses where token_id = $1`,
    [tokenId, windowSeconds],
  );
  return window ?? { uses: 0, retry: null };
}

/** One use of the token, now: counted in its window and shown as its last use. */
export async function recordTokenUse(db: Queryable, tokenId: string): Promise<void> {
  await db.query('insert into api_token_uses (token_id) values ($1)', [tokenId]);
  await db.query('update api_tokens set last_used_at = now() where id = $1', [tokenId]);
}

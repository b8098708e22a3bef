// Personal API tokens (docs/api.md, "API tokens"): made, listed and revoked by their owner from the
// profile screen; admins list and revoke anyone's. The secret is `adc_` + 256 random bits, answered
// once when the token is made and stored only as its SHA-256 hash, like sessions and link tokens.
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  ApiError,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenRequest,
  type CreatedApiToken,
  MAX_API_TOKENS_PER_USER,
} from '@adconsole/domain';
import type { Context } from '../context';
import { hashSecret, newId, newSecret } from './ids';
import { withRetryAfter } from './retry-after';
import type { SessionUser } from './sessions';

interface TokenRow {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  created_at: Date;
  last_used_at: Date | null;
  user_id: string;
  email: string;
}

const toApiToken = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  owner: { id: row.user_id, email: row.email },
});

const SELECT_TOKENS = `select t.id, t.name, t.scopes, t.created_at, t.last_used_at, t.user_id, u.email
  from api_tokens t join users u on u.id = t.user_id`;

/** POST /v1/tokens: a new token of the signed-in user; its secret is in this answer only. */
export async function createApiToken(
  ctx: Context,
  user: SessionUser,
  input: CreateApiTokenRequest,
): Promise<CreatedApiToken> {
  const secret = `${API_TOKEN_PREFIX}${newSecret()}`;
  const id = newId();
  // Under a lock on the owner's row, so parallel requests cannot both pass the count.
  const rows = await ctx.db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 for update', [user.id]);
    return tx.query<{ id: string }>(
      `insert into api_tokens (id, user_id, name, scopes, secret_hash)
       select $1, $2, $3, $4, $5
        where (select count(*) from api_tokens where user_id = $2) < $6
       returning id`,
      [id, user.id, input.name, input.scopes, hashSecret(secret), MAX_API_TOKENS_PER_USER],
    );
  });
  if (rows.length === 0) throw ApiError.of(400, API_TOKEN_MESSAGES.tooMany);
  const [row] = await ctx.db.query<TokenRow>(`${SELECT_TOKENS} where t.id = $1`, [id]);
  return { ...toApiToken(row as TokenRow), secret };
}

/** GET /v1/tokens: the user's tokens, newest first; with `all` (admins only) every user's. */
export async function listApiTokens(ctx: Context, user: SessionUser, all: boolean): Promise<ApiToken[]> {
  if (all && user.role !== 'admin') throw ApiError.of(403, API_TOKEN_MESSAGES.onlyAdmins);
  const rows = all
    ? await ctx.db.query<TokenRow>(`${SELECT_TOKENS} order by t.created_at desc, t.id`)
    : await ctx.db.query<TokenRow>(`${SELECT_TOKENS} where t.user_id = $1 order by t.created_at desc, t.id`, [
        user.id,
      ]);
  return rows.map(toApiToken);
}

/** DELETE /v1/tokens?id=: the owner's or, for an admin, anyone's token stops working at once. */
export async function revokeApiToken(ctx: Context, user: SessionUser, id: string): Promise<null> {
  const rows = await ctx.db.query(
    'delete from api_tokens where id = $1 and (user_id = $2 or $3) returning id',
    [id, user.id, user.role === 'admin'],
  );
  // Someone else's token reads as missing: its id says nothing to a non-admin.
  if (rows.length === 0) throw ApiError.of(404, API_TOKEN_MESSAGES.notFound);
  return null;
}

export const TOKEN_RATE_LIMITED =
  'Too many requests with this API token. Please wait a minute and try again.';

/** The window of the per-token rate limit. */
export const TOKEN_WINDOW_SECONDS = 60;

export interface TokenOwnerRow {
  token_id: string;
  scopes: ApiTokenScope[];
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'user' | 'admin';
  verified_at: Date | null;
  last_login_at: Date | null;
}

/**
 * One use of a token: its row and its owner, or undefined for an unknown or revoked token (or a removed
 * owner); 429 past the per-token limit. Each use is logged in the database, so the count holds across
 * API processes.
 */
export async function takeTokenUse(ctx: Context, secret: string): Promise<TokenOwnerRow | undefined> {
  const limit = ctx.config.apiTokenRequestsPerMinute;
  return ctx.db.transaction(async (tx) => {
    // The token's row lock orders its parallel requests, so none slips past the count.
    const [row] = await tx.query<TokenOwnerRow>(
      `select t.id as token_id, t.scopes, u.id, u.email, u.first_name, u.last_name, u.role,
              u.verified_at, u.last_login_at
         from api_tokens t join users u on u.id = t.user_id
        where t.secret_hash = $1
          for update of t`,
      [hashSecret(secret)],
    );
    if (!row) return undefined;
    await tx.query(
      `delete from api_token_uses where token_id = $1 and used_at <= now() - $2 * interval '1 second'`,
      [row.token_id, TOKEN_WINDOW_SECONDS],
    );
    const [window] = await tx.query<{ uses: number; retry: number | null }>(
      `select count(*)::int as uses,
              ceil(extract(epoch from (min(used_at) + $2 * interval '1 second' - now())))::int as retry
         from api_token_uses where token_id = $1`,
      [row.token_id, TOKEN_WINDOW_SECONDS],
    );
    if ((window?.uses ?? 0) >= limit) {
      throw withRetryAfter(ApiError.of(429, TOKEN_RATE_LIMITED), window?.retry ?? TOKEN_WINDOW_SECONDS);
    }
    await tx.query('insert into api_token_uses (token_id) values ($1)', [row.token_id]);
    await tx.query('update api_tokens set last_used_at = now() where id = $1', [row.token_id]);
    return row;
  });
}

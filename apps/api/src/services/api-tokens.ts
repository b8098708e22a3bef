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

// Personal API tokens (docs/api.md, "API tokens"): made, listed and revoked by their owner from the
// profile screen; admins list and revoke anyone's. The secret is `adc_` + 256 random bits, answered
// once when the token is made and stored only as its SHA-256 hash, like sessions and link tokens.
import {
  API_TOKEN_PREFIX,
  ApiError,
  type ApiToken,
  type CreateApiTokenRequest,
  type CreatedApiToken,
  isOwnerOrAdmin,
  MAX_API_TOKENS_PER_USER,
  MESSAGES,
} from '@adconsole/domain';
import type { Context } from '../../context';
import {
  type ApiTokenRow,
  deleteApiToken,
  findApiToken,
  insertApiTokenWithin,
  listApiTokens as listApiTokenRows,
  lockTokenOwner,
  recordTokenUse,
  type TokenOwnerRow,
  tokenUsesInWindow,
} from '../../db/queries/api-tokens';
import { lockUser } from '../../db/queries/users';
import { recordChange, type Snapshot } from '../audit/record';
import { hashSecret, newId, newSecret } from '../ids';
import { withRetryAfter } from './retry-after';
import type { SessionUser } from './sessions';

const apiTokenChange = (id: string, before: Snapshot | null, after: Snapshot | null) => ({
  entity: 'apiToken' as const,
  entityId: id,
  campaignId: null,
  before,
  after,
});

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  owner: { id: row.user_id, email: row.email },
});

/** POST /v1/tokens: a new token of the signed-in user; its secret is in this answer only. */
export async function createApiToken(
  ctx: Context,
  user: SessionUser,
  input: CreateApiTokenRequest,
): Promise<CreatedApiToken> {
  const secret = `${API_TOKEN_PREFIX}${newSecret()}`;
  const id = newId();
  // Under a lock on the owner's row, so parallel requests cannot both pass the count.
  const made = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const inserted = await insertApiTokenWithin(
      tx,
      { id, userId: user.id, name: input.name, scopes: input.scopes, secretHash: hashSecret(secret) },
      MAX_API_TOKENS_PER_USER,
    );
    // The secret is never logged: the token is known by its id, name and scopes.
    if (inserted)
      await recordChange(tx, user, apiTokenChange(id, null, { name: input.name, scopes: input.scopes }));
    return inserted;
  });
  if (!made) throw ApiError.of(400, MESSAGES.apiTokenTooMany);
  const row = await findApiToken(ctx.db, id);
  return { ...toApiToken(row as ApiTokenRow), secret };
}

/** GET /v1/tokens: the user's tokens, newest first; with `all` (admins only) every user's. */
export async function listApiTokens(ctx: Context, user: SessionUser, all: boolean): Promise<ApiToken[]> {
  if (all && user.role !== 'admin') throw ApiError.of(403, MESSAGES.apiTokenListOnlyAdmins);
  const rows = await listApiTokenRows(ctx.db, all ? undefined : user.id);
  return rows.map(toApiToken);
}

/** DELETE /v1/tokens?id=: the owner's or, for an admin, anyone's token stops working at once. */
export async function revokeApiToken(ctx: Context, user: SessionUser, id: string): Promise<null> {
  await ctx.db.transaction(async (tx) => {
    const token = await findApiToken(tx, id);
    // Someone else's token reads as missing: its id says nothing to a non-admin.
    const deleted =
      token !== undefined && isOwnerOrAdmin(user, token.user_id) && (await deleteApiToken(tx, id));
    if (!deleted || token === undefined) throw ApiError.of(404, MESSAGES.apiTokenNotFound);
    await recordChange(tx, user, apiTokenChange(id, { name: token.name, scopes: token.scopes }, null));
  });
  return null;
}

/** The window of the per-token rate limit. */
const TOKEN_WINDOW_SECONDS = 60;

/**
 * One use of a token: its row and its owner, or undefined for an unknown or revoked token (or a removed
 * owner); 429 past the per-token limit. Each use is logged in the database, so the count holds across
 * API processes.
 */
export async function takeTokenUse(ctx: Context, secret: string): Promise<TokenOwnerRow | undefined> {
  const limit = ctx.config.apiTokenRequestsPerMinute;
  return ctx.db.transaction(async (tx) => {
    // The token's row lock orders its parallel requests, so none slips past the count.
    const row = await lockTokenOwner(tx, hashSecret(secret));
    if (!row) return undefined;
    const window = await tokenUsesInWindow(tx, row.token_id, TOKEN_WINDOW_SECONDS);
    if (window.uses >= limit) {
      throw withRetryAfter(ApiError.of(429, MESSAGES.tokenRateLimited), window.retry ?? TOKEN_WINDOW_SECONDS);
    }
    await recordTokenUse(tx, row.token_id);
    return row;
  });
}

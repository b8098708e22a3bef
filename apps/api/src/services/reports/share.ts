// Share links of a campaign report: random 256-bit tokens (43 characters, so the domain's
// isSharedToken recognises them), several per campaign, revocable, optionally expiring. The token is
// the capability itself, kept as is so the owner can copy a link again from the report.
import { randomBytes } from 'node:crypto';
import { ApiError, type ReportToken } from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { ownCampaign } from '../access';
import type { SessionUser } from '../sessions';

export const SHARE_LINK_NOT_FOUND = 'Share link not found!';

interface TokenRow {
  token: string;
  created_at: Date;
  expires_at: Date | null;
}

const shareUrl = (ctx: Pick<Context, 'config'>, token: string) => `${ctx.config.publicUrl}/share/${token}`;
const answer = (ctx: Pick<Context, 'config'>, row: TokenRow): ReportToken => ({
  url: shareUrl(ctx, row.token),
  token: row.token,
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
});

/** POST /v1/campaign/newToken. */
export async function newShareToken(
  ctx: Context,
  user: SessionUser,
  input: { campaignID: string; expiresAt?: string | null | undefined },
): Promise<ReportToken> {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now())
    throw ApiError.of(400, 'expiresAt must be in the future');
  const [row] = await ctx.db.query<TokenRow>(
    `insert into share_tokens (token, campaign_id, created_by, expires_at) values ($1, $2, $3, $4)
     returning token, created_at, expires_at`,
    [randomBytes(32).toString('base64url'), campaign.id, user.id, expiresAt],
  );
  if (!row) throw new Error('insert returned no row');
  return answer(ctx, row);
}

/** DELETE /v1/campaign/newToken?token=: the link stops working at once. */
export async function revokeShareToken(ctx: Context, user: SessionUser, token: string) {
  const [row] = await ctx.db.query<{ campaign_id: string }>(
    'select campaign_id from share_tokens where token = $1 and revoked_at is null',
    [token],
  );
  if (!row) throw ApiError.of(404, SHARE_LINK_NOT_FOUND);
  await ownCampaign(ctx.db, user, row.campaign_id).catch(() => {
    throw ApiError.of(404, SHARE_LINK_NOT_FOUND);
  });
  await ctx.db.query('update share_tokens set revoked_at = now() where token = $1', [token]);
  return null;
}

/** The campaign's working share links, oldest first (the report's `reportToken`). */
export async function listShareTokens(
  ctx: Pick<Context, 'config'>,
  db: Queryable,
  campaignId: string,
): Promise<ReportToken[]> {
  const rows = await db.query<TokenRow>(
    `select token, created_at, expires_at from share_tokens
      where campaign_id = $1 and revoked_at is null and (expires_at is null or expires_at > now())
      order by created_at, token`,
    [campaignId],
  );
  return rows.map((row) => answer(ctx, row));
}

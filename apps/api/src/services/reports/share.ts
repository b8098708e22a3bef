// Share links of a campaign report: random 256-bit tokens (43 characters, so the domain's
// isSharedToken recognises them), several per campaign, revocable, optionally expiring. The token is
// the capability itself, kept as is so the owner can copy a link again from the report. A link works
// only while the account that made it and the campaign's owner are enabled (docs/security.md,
// "Off-boarding": a disabled account's links answer 404, as an unknown token).
import { randomBytes } from 'node:crypto';
import { ApiError, MESSAGES, type ReportToken, type UserShareLink } from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import {
  findUnrevokedShareTokenCampaign,
  insertShareToken,
  listAccountShareTokens,
  listWorkingShareTokens,
  revokeShareTokenRow,
  type ShareTokenRow,
} from '../../db/queries/share-tokens';
import { findUserById } from '../../db/queries/users';
import { recordChange } from '../audit/record';
import { shareLinkChange } from '../audit/snapshots';
import { ownCampaign } from '../campaigns/access';
import type { SessionUser } from '../identity/sessions';

type TokenRow = ShareTokenRow;

const shareUrl = (ctx: Pick<Context, 'config'>, token: string) => `${ctx.config.publicUrl}/share/${token}`;
const answer = (ctx: Pick<Context, 'config'>, row: TokenRow): ReportToken => ({
  url: shareUrl(ctx, row.token),
  token: row.token,
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  includeCosts: row.include_costs,
});

/** POST /v1/campaign/newToken. */
export async function newShareToken(
  ctx: Context,
  user: SessionUser,
  input: { campaignID: string; expiresAt?: string | null | undefined; includeCosts?: boolean | undefined },
): Promise<ReportToken> {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw ApiError.of(400, MESSAGES.expiresAtInPast);
  const row = await ctx.db.transaction(async (tx) => {
    const made = await insertShareToken(tx, {
      token: randomBytes(32).toString('base64url'),
      campaignId: campaign.id,
      createdBy: user.id,
      expiresAt,
      includeCosts: input.includeCosts === true,
    });
    if (!made) throw new Error('insert returned no row');
    await recordChange(
      tx,
      user,
      shareLinkChange(made.token, campaign.id, null, { expiresAt, includeCosts: made.include_costs }),
    );
    return made;
  });
  return answer(ctx, row);
}

/** DELETE /v1/campaign/newToken?token=: the link stops working at once. */
export async function revokeShareToken(ctx: Context, user: SessionUser, token: string) {
  const campaignId = await findUnrevokedShareTokenCampaign(ctx.db, token);
  if (!campaignId) throw ApiError.of(404, MESSAGES.shareLinkNotFound);
  await ownCampaign(ctx.db, user, campaignId).catch(() => {
    throw ApiError.of(404, MESSAGES.shareLinkNotFound);
  });
  await ctx.db.transaction(async (tx) => {
    await revokeShareTokenRow(tx, token);
    await recordChange(tx, user, shareLinkChange(token, campaignId, { revoked: false }, { revoked: true }));
  });
  return null;
}

/** GET /v1/users/shareLinks (administrators): the working share links of an account, newest first. */
export async function listAccountShareLinks(ctx: Context, userId: string): Promise<UserShareLink[]> {
  if (!(await findUserById(ctx.db, userId))) throw ApiError.of(404, MESSAGES.userNotFound);
  return (await listAccountShareTokens(ctx.db, userId)).map((row) => ({
    url: shareUrl(ctx, row.token),
    token: row.token,
    campaignID: row.campaign_id,
    campaignName: row.campaign_name,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    includeCosts: row.include_costs,
  }));
}

/** The campaign's working share links, oldest first (the report's `reportToken`). */
export async function listShareTokens(
  ctx: Pick<Context, 'config'>,
  db: Queryable,
  campaignId: string,
): Promise<ReportToken[]> {
  const rows = await listWorkingShareTokens(db, campaignId);
  return rows.map((row) => answer(ctx, row));
}

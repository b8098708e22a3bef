// Preview links (docs/product.md §4, "Approval"; docs/security.md, "Preview links"): a random 256-bit
// token that shows one creative, or every creative of a campaign, to someone without an account, at its
// real size with its click-through, and lets them approve it or ask for changes under the name they
// type. No costs, tags or trackers. A link always expires (30 days unless asked, at most 90), is
// revocable, and dies with the account that made it; a revoked or expired link answers 410, an unknown
// one (or one whose maker or campaign owner is disabled) 404. The campaign's owner gets a mail for each
// decision made through a link.
import { createHash, randomBytes } from 'node:crypto';
import {
  APPROVAL_MESSAGES,
  APPROVAL_STATE_LABELS,
  ApiError,
  type CreatePreviewLinkRequest,
  landingPageUrl,
  MAX_PREVIEW_LINKS_PER_CAMPAIGN,
  MESSAGES,
  PREVIEW_LINK_DEFAULT_DAYS,
  type Preview,
  type PreviewDecideRequest,
  type PreviewLink,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { findAdvertiser } from '../../db/queries/advertisers';
import { findCampaign } from '../../db/queries/campaigns';
import { listCreativeApprovals } from '../../db/queries/creative-approvals';
import {
  countWorkingPreviewLinks,
  findPreviewLink,
  insertPreviewLink,
  listWorkingPreviewLinks,
  type PreviewLinkRow,
  revokePreviewLinkRow,
} from '../../db/queries/preview-links';
import { findUserById } from '../../db/queries/users';
import { type AuditCall, actorInCall, recordChange } from '../audit/record';
import type { SessionUser } from '../identity/sessions';
import { linkMessage } from '../outbound/mail';
import { ownCampaign, ownCreative } from './access';
import { checkedComment, takeApprovalStep } from './approval';
import { approvalAnswer, DRAFT_APPROVAL, drawnHash } from './approval-answers';
import { loadCreatives } from './campaign-loader';

const DAY_MS = 86_400_000;
const iso = (value: Date) => new Date(value).toISOString();
/** The log names a link by a fingerprint of its token: it never holds a working link. */
const fingerprint = (token: string) =>
  `sha256:${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;

const linkAnswer = (ctx: Pick<Context, 'config'>, row: PreviewLinkRow): PreviewLink => ({
  token: row.token,
  url: `${ctx.config.publicUrl}/preview/${row.token}`,
  campaignID: row.campaign_id,
  creativeID: row.creative_id,
  createdAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
});

/** POST /v1/preview/create: a link to one creative of the campaign, or to all of them. */
export async function createPreviewLink(ctx: Context, user: SessionUser, input: CreatePreviewLinkRequest) {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const creativeId = input.creativeID ?? null;
  if (creativeId !== null) {
    const creative = await ownCreative(ctx.db, user, creativeId);
    if (creative.campaign_id !== campaign.id) throw ApiError.of(404, MESSAGES.creativeNotFound);
  }
  const days = input.expiresInDays ?? PREVIEW_LINK_DEFAULT_DAYS;
  const row = await ctx.db.transaction(async (tx) => {
    if ((await countWorkingPreviewLinks(tx, campaign.id)) >= MAX_PREVIEW_LINKS_PER_CAMPAIGN)
      throw ApiError.of(409, APPROVAL_MESSAGES.tooManyPreviewLinks);
    const made = await insertPreviewLink(tx, {
      token: randomBytes(32).toString('base64url'),
      campaignId: campaign.id,
      creativeId,
      createdBy: user.id,
      expiresAt: new Date(Date.now() + days * DAY_MS),
    });
    await recordChange(tx, user, {
      entity: 'previewLink',
      entityId: fingerprint(made.token),
      campaignId: campaign.id,
      before: null,
      after: { creativeId, expiresAt: iso(made.expires_at) },
    });
    return made;
  });
  return linkAnswer(ctx, row);
}

/** GET /v1/preview/list: the campaign's working links (one creative's with creativeID), oldest first. */
export async function listPreviewLinks(
  ctx: Context,
  user: SessionUser,
  input: { campaignID: string; creativeID?: string | undefined },
) {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const rows = await listWorkingPreviewLinks(ctx.db, campaign.id, input.creativeID);
  return { links: rows.map((row) => linkAnswer(ctx, row)) };
}

/** POST /v1/preview/revoke: the link stops working at once (404 for a link not of the caller's campaigns). */
export async function revokePreviewLink(ctx: Context, user: SessionUser, token: string) {
  const link = await findPreviewLink(ctx.db, token);
  if (!link || link.revoked_at !== null) throw ApiError.of(404, APPROVAL_MESSAGES.previewLinkNotFound);
  await ownCampaign(ctx.db, user, link.campaign_id).catch(() => {
    throw ApiError.of(404, APPROVAL_MESSAGES.previewLinkNotFound);
  });
  await ctx.db.transaction(async (tx) => {
    await revokePreviewLinkRow(tx, token);
    await recordChange(tx, user, {
      entity: 'previewLink',
      entityId: fingerprint(token),
      campaignId: link.campaign_id,
      before: { revoked: false },
      after: { revoked: true },
    });
  });
  return null;
}

/** The working link of a token: 404 unknown (or its maker or owner disabled), 410 revoked or expired. */
async function workingLink(ctx: Context, token: string): Promise<PreviewLinkRow> {
  const link = await findPreviewLink(ctx.db, token);
  if (!link) throw ApiError.of(404, APPROVAL_MESSAGES.previewLinkNotFound);
  if (link.revoked_at !== null)
    throw ApiError.of(410, APPROVAL_MESSAGES.previewLinkRevoked, { code: 'gone' });
  if (new Date(link.expires_at).getTime() <= Date.now())
    throw ApiError.of(410, APPROVAL_MESSAGES.previewLinkExpired, { code: 'gone' });
  return link;
}

/** GET /v1/preview (public): the link's creatives as they draw, with their approval. */
export async function readPreview(ctx: Context, token: string): Promise<Preview> {
  const link = await workingLink(ctx, token);
  const campaign = await findCampaign(ctx.db, link.campaign_id);
  if (!campaign) throw ApiError.of(404, APPROVAL_MESSAGES.previewLinkNotFound);
  const creatives = await loadCreatives(
    ctx,
    link.creative_id === null ? { campaignIds: [campaign.id] } : { creativeIds: [link.creative_id] },
    { counters: false },
  );
  const approvals = new Map(
    (
      await listCreativeApprovals(
        ctx.db,
        creatives.map((creative) => creative.id),
      )
    ).map((row) => [row.creative_id, row]),
  );
  const advertiser = await findAdvertiser(ctx.db, campaign.advertiser_id);
  return {
    campaignName: campaign.name,
    advertiserName: advertiser && !advertiser.unnamed ? advertiser.name : null,
    expiresAt: iso(link.expires_at),
    creatives: creatives.map((creative) => ({
      id: creative.id,
      name: creative.name,
      type: creative.type,
      width: creative.width,
      height: creative.height,
      fluid: creative.fluid,
      html: creative.html,
      layout: creative.layout,
      settings: creative.settings.filter((setting) => setting.key === 'layoutOptions'),
      assets: creative.assets,
      clickThrough: landingPageUrl(creative.trackers),
      approval:
        approvalAnswer(approvals.get(creative.id), drawnHash(creative), { withEmail: false }) ??
        DRAFT_APPROVAL,
    })),
  };
}

/** POST /v1/preview/decide (public): the client's decision under their typed name; the owner is mailed. */
export async function decideFromPreview(ctx: Context, call: AuditCall, input: PreviewDecideRequest) {
  const link = await workingLink(ctx, input.sharedToken);
  const inLink =
    link.creative_id === null
      ? (await loadCreatives(ctx, { creativeIds: [input.creativeID] }, { counters: false }))[0]
          ?.campaignID === link.campaign_id
      : link.creative_id === input.creativeID;
  if (!inLink) throw ApiError.of(404, APPROVAL_MESSAGES.previewLinkCreativeNotInLink);
  const comment = checkedComment(input.decision, input.comment);
  // The log names the client by the name they typed, and the link by its fingerprint.
  const audit = actorInCall(
    { id: `preview-link:${fingerprint(link.token)}`, email: `${input.name} (preview link)` },
    call,
  );
  const step = await takeApprovalStep(
    ctx,
    input.creativeID,
    input.decision,
    {
      name: input.name,
      email: null,
      via: 'preview-link',
      audit,
    },
    comment,
  );
  await notifyOwner(
    ctx,
    step.campaignId,
    input.creativeID,
    step.name,
    step.approval.state,
    input.name,
    comment,
  );
  return { ...step.approval, by: step.approval.by && { ...step.approval.by, email: null } };
}

/** A mail to the campaign's owner (errors are logged: the decision stands). */
async function notifyOwner(
  ctx: Context,
  campaignId: string,
  creativeId: string,
  creativeName: string,
  state: keyof typeof APPROVAL_STATE_LABELS,
  who: string,
  comment: string | null,
) {
  try {
    const campaign = await findCampaign(ctx.db, campaignId);
    const owner = campaign && (await findUserById(ctx.db, campaign.owner_id));
    if (!owner) return;
    const what = state === 'approved' ? 'approved' : 'asked for changes to';
    await ctx.mailer.send(
      linkMessage({
        to: owner.email,
        subject: `${who} ${what} “${creativeName}”`,
        intro: `${who} ${what} the creative “${creativeName}” of “${campaign.name}” through a preview link. It is now: ${APPROVAL_STATE_LABELS[state]}.${comment ? ` Their comment: ${comment}` : ''}`,
        action: 'Open the creative',
        link: `${ctx.config.publicUrl}/campaigns/${campaignId}/creative/${creativeId}`,
        outro: 'You get this mail because a preview link you or a colleague made was used.',
      }),
    );
  } catch (error) {
    ctx.log(`Approval mail not sent for ${creativeId}: ${String(error)}`);
  }
}

// Creative approval and preview links (docs/product.md §4, "Approval"; docs/security.md, "Preview
// links"): declarations; the work is in services/campaigns/approval.ts and preview-links.ts.
import { APPROVAL_MESSAGES, contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import * as approval from '../services/campaigns/approval';
import * as links from '../services/campaigns/preview-links';

const notYours = `${MESSAGES.creativeNotFound} (also for a creative that is not yours)`;
const approvalAnswer =
  'Answers the approval: {state: draft | in-review | approved | changes-requested, by: {name, email, via: console | preview-link} | null, at, comment, changedSince}.';
const linkGone = `'${APPROVAL_MESSAGES.previewLinkExpired}' or '${APPROVAL_MESSAGES.previewLinkRevoked}'`;

export const approvalRoutes = [
  defineRoute({
    call: contract.submitForReview,
    audit: 'creativeApproval',
    access: 'user',
    summary: 'Submit a creative for review: a draft, or one whose changes were requested, goes in review.',
    description: approvalAnswer,
    tag: 'Creatives',
    errors: {
      404: notYours,
      409: `'${APPROVAL_MESSAGES.alreadyInReview}' or '${APPROVAL_MESSAGES.alreadyApproved}'`,
    },
    handler: ({ input, user, ctx }) => approval.submitForReview(ctx, user, input.creativeID),
  }),
  defineRoute({
    call: contract.decideReview,
    audit: 'creativeApproval',
    access: 'user',
    // A client of the creative's advertiser decides too (ownCreative's mayRead; docs/security.md, "Client access").
    clients: 'decide',
    summary:
      'Approve a creative in review, or request changes (a comment of at most 2000 characters, required to request changes).',
    description: `${approvalAnswer} A creative that changes what it draws after being approved is in review again. When its campaign's advertiser requires approval, publishing needs it approved (409 otherwise).`,
    tag: 'Creatives',
    errors: {
      400: `'${APPROVAL_MESSAGES.commentRequired}' or '${APPROVAL_MESSAGES.commentTooLong}'`,
      404: notYours,
      409: APPROVAL_MESSAGES.notInReview,
    },
    handler: ({ input, user, ctx }) => approval.decideReview(ctx, user, input),
  }),
  defineRoute({
    call: contract.createPreviewLink,
    audit: 'previewLink',
    access: 'user',
    summary:
      'A new preview link of one creative (creativeID) or of every creative of the campaign: {token, url, campaignID, creativeID, createdAt, expiresAt}.',
    description:
      'The token is 256 random bits; the url is <PUBLIC_URL>/preview/<token>, a page without sign-in that draws the creatives at their size with their click-through and lets its holder approve or request changes under a typed name. It expires after expiresInDays (1 to 90, default 30), stops at once when revoked, and dies with the account that made it.',
    tag: 'Creatives',
    errors: {
      400: APPROVAL_MESSAGES.previewLinkDays,
      404: `${MESSAGES.campaignNotFound} or ${MESSAGES.creativeNotFound}`,
      409: APPROVAL_MESSAGES.tooManyPreviewLinks,
    },
    handler: ({ input, user, ctx }) => links.createPreviewLink(ctx, user, input),
  }),
  defineRoute({
    call: contract.listPreviewLinks,
    access: 'user',
    summary: "A campaign's working preview links (one creative's with creativeID), oldest first.",
    tag: 'Creatives',
    errors: { 404: MESSAGES.campaignNotFound },
    handler: ({ input, user, ctx }) => links.listPreviewLinks(ctx, user, input),
  }),
  defineRoute({
    call: contract.revokePreviewLink,
    audit: 'previewLink',
    access: 'user',
    summary: 'Revoke a preview link: it answers 410 at once.',
    tag: 'Creatives',
    errors: { 404: APPROVAL_MESSAGES.previewLinkNotFound },
    handler: ({ input, user, ctx }) => links.revokePreviewLink(ctx, user, input.token),
  }),
  defineRoute({
    call: contract.preview,
    access: 'public',
    perIpLimit: 300,
    perIdentityLimit: { max: 600, by: 'sharedToken' },
    summary: "A preview link's creatives, by its token (no sign-in): what it takes to draw each at its size.",
    description:
      'Each creative: id, name, type, size, HTML, layout, assets, clickThrough (its landing page) and approval (without e-mail addresses). Never costs, tags or trackers.',
    tag: 'Creatives',
    errors: { 404: APPROVAL_MESSAGES.previewLinkNotFound, 410: linkGone },
    handler: ({ input, ctx }) => links.readPreview(ctx, input.sharedToken),
  }),
  defineRoute({
    call: contract.previewDecide,
    audit: 'creativeApproval',
    access: 'public',
    perIpLimit: 60,
    perIdentityLimit: { max: 120, by: 'sharedToken' },
    summary:
      'Approve a creative of a preview link, or request changes, under the name its holder types (no sign-in); the campaign owner is mailed.',
    description: approvalAnswer,
    tag: 'Creatives',
    errors: {
      400: `'${APPROVAL_MESSAGES.nameRequired}', '${APPROVAL_MESSAGES.commentRequired}' or '${APPROVAL_MESSAGES.commentTooLong}'`,
      404: `${APPROVAL_MESSAGES.previewLinkNotFound} or '${APPROVAL_MESSAGES.previewLinkCreativeNotInLink}'`,
      409: APPROVAL_MESSAGES.notInReview,
      410: linkGone,
    },
    handler: ({ input, ctx, call }) => links.decideFromPreview(ctx, call, input),
  }),
];

// Requests of the approval and preview-link calls (docs/product.md §4, "Approval", and §7): a creative
// submitted or decided on, a preview link made, listed or revoked, and the public page's reading and
// decision by the link's token (typed name, decision, comment).
import { z } from 'zod/mini';
import {
  APPROVAL_DECISIONS,
  APPROVAL_MESSAGES,
  MAX_APPROVAL_COMMENT_LENGTH,
  MAX_REVIEWER_NAME_LENGTH,
  PREVIEW_LINK_MAX_DAYS,
} from '../../campaigns/creative-approval';
import { idField } from '../../validation/fields';

const tokenField = z
  .string({ error: 'sharedToken must be a preview link token' })
  .check(
    z.minLength(25, 'sharedToken must be a preview link token'),
    z.maxLength(256, 'sharedToken must be a preview link token'),
  );
const decisionField = z.enum(APPROVAL_DECISIONS, { error: APPROVAL_MESSAGES.decision });
const commentField = z.optional(
  z.nullable(
    z
      .string({ error: APPROVAL_MESSAGES.commentTooLong })
      .check(z.maxLength(MAX_APPROVAL_COMMENT_LENGTH, APPROVAL_MESSAGES.commentTooLong)),
  ),
);

/** POST /v1/creative/review/submit. */
export const submitForReviewRequestSchema = z.strictObject({ creativeID: idField('creativeID') });

/** POST /v1/creative/review/decide: a signed-in decision (the creative's owner or an admin). */
export const decideReviewRequestSchema = z.strictObject({
  creativeID: idField('creativeID'),
  decision: decisionField,
  comment: commentField,
});
export type DecideReviewRequest = z.output<typeof decideReviewRequestSchema>;

/** POST /v1/preview/create: a link to one creative, or to every creative of the campaign. */
export const createPreviewLinkRequestSchema = z.strictObject({
  campaignID: idField('campaignID'),
  creativeID: z.optional(z.nullable(idField('creativeID'))),
  expiresInDays: z.optional(
    z
      .number({ error: APPROVAL_MESSAGES.previewLinkDays })
      .check(
        z.int(APPROVAL_MESSAGES.previewLinkDays),
        z.gte(1, APPROVAL_MESSAGES.previewLinkDays),
        z.lte(PREVIEW_LINK_MAX_DAYS, APPROVAL_MESSAGES.previewLinkDays),
      ),
  ),
});
export type CreatePreviewLinkRequest = z.output<typeof createPreviewLinkRequestSchema>;

/** GET /v1/preview/list: a campaign's working links (those of one creative with creativeID). */
export const previewLinkListQuerySchema = z.strictObject({
  campaignID: idField('campaignID'),
  creativeID: z.optional(idField('creativeID')),
});

/** POST /v1/preview/revoke. */
export const revokePreviewLinkRequestSchema = z.strictObject({ token: tokenField });

/** GET /v1/preview (public): what a link shows. */
export const previewQuerySchema = z.strictObject({ sharedToken: tokenField });

/** POST /v1/preview/decide (public): the client's decision, under the name they type. */
export const previewDecideRequestSchema = z.strictObject({
  sharedToken: tokenField,
  creativeID: idField('creativeID'),
  name: z
    .string({ error: APPROVAL_MESSAGES.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, APPROVAL_MESSAGES.nameRequired),
      z.maxLength(MAX_REVIEWER_NAME_LENGTH, APPROVAL_MESSAGES.nameTooLong),
    ),
  decision: decisionField,
  comment: commentField,
});
export type PreviewDecideRequest = z.output<typeof previewDecideRequestSchema>;

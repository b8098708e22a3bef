// The approval and preview-link calls of the contract (docs/product.md §4, "Approval"): submitting a
// creative for review and deciding on it, preview links (made, listed, revoked), and the public preview
// page's reading and decision by the link's token.
import { z } from 'zod/mini';
import { assetSchema } from '../../campaigns/asset';
import { CREATIVE_TYPES, creativeSettingSchema } from '../../campaigns/creative';
import { creativeApprovalSchema } from '../../campaigns/creative-approval';
import { call } from '../call';
import {
  createPreviewLinkRequestSchema,
  decideReviewRequestSchema,
  previewDecideRequestSchema,
  previewLinkListQuerySchema,
  previewQuerySchema,
  revokePreviewLinkRequestSchema,
  submitForReviewRequestSchema,
} from './requests';

/** A preview link as its maker sees it. */
export const previewLinkSchema = z.object({
  token: z.string(),
  url: z.string(),
  campaignID: z.string(),
  /** The one creative it shows; null: every creative of the campaign. */
  creativeID: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/** One creative of a preview: what it takes to draw it at its size, its click-through, its approval. */
export const previewCreativeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CREATIVE_TYPES),
  width: z.number(),
  height: z.number(),
  fluid: z.boolean(),
  html: z.nullable(z.string()),
  layout: z.nullable(z.string()),
  /** Its layout's options alone (what the layout draws with). */
  settings: z.array(creativeSettingSchema),
  assets: z.array(assetSchema),
  /** The landing page a click opens; null without one. */
  clickThrough: z.nullable(z.string()),
  /** Its approval (the actor's e-mail left out). */
  approval: creativeApprovalSchema,
});
export type PreviewCreative = z.infer<typeof previewCreativeSchema>;

/** Answer of GET /v1/preview: no costs, tags or trackers. */
export const previewSchema = z.object({
  campaignName: z.string(),
  advertiserName: z.nullable(z.string()),
  expiresAt: z.string(),
  creatives: z.array(previewCreativeSchema),
});
export type Preview = z.infer<typeof previewSchema>;

export const approvalContract = {
  submitForReview: call({
    method: 'POST',
    path: '/v1/creative/review/submit',
    input: submitForReviewRequestSchema,
    answer: creativeApprovalSchema,
    scope: 'campaigns:write',
  }),
  decideReview: call({
    method: 'POST',
    path: '/v1/creative/review/decide',
    input: decideReviewRequestSchema,
    answer: creativeApprovalSchema,
    scope: 'campaigns:write',
  }),
  createPreviewLink: call({
    method: 'POST',
    path: '/v1/preview/create',
    input: createPreviewLinkRequestSchema,
    answer: previewLinkSchema,
    scope: 'campaigns:write',
  }),
  listPreviewLinks: call({
    method: 'GET',
    path: '/v1/preview/list',
    input: previewLinkListQuerySchema,
    answer: z.object({ links: z.array(previewLinkSchema) }),
    scope: 'campaigns:read',
  }),
  revokePreviewLink: call({
    method: 'POST',
    path: '/v1/preview/revoke',
    input: revokePreviewLinkRequestSchema,
    answer: z.null(),
    scope: 'campaigns:write',
  }),
  preview: call({ method: 'GET', path: '/v1/preview', input: previewQuerySchema, answer: previewSchema }),
  previewDecide: call({
    method: 'POST',
    path: '/v1/preview/decide',
    input: previewDecideRequestSchema,
    answer: creativeApprovalSchema,
  }),
} as const;

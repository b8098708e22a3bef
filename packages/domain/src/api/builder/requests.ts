// Requests of the ad builder's calls: a user's drafts and the creative a draft exports to.
import { z } from 'zod/mini';
import { builderDocumentSchema, builderDraftNameSchema } from '../../ad-builder/ad-builder-state';
import { idField } from '../../validation/fields';

/** POST /v1/builder/drafts: a new draft. */
export const builderDraftCreateSchema = z.strictObject({
  name: builderDraftNameSchema,
  document: builderDocumentSchema,
});
/** PUT /v1/builder/drafts: the draft's name and document (its creative is the server's to set). */
export const builderDraftUpdateSchema = z.strictObject({
  id: idField('id'),
  name: builderDraftNameSchema,
  document: builderDocumentSchema,
  // Accepted back as answered, and ignored (server-owned).
  campaignID: z.optional(z.nullable(z.string())),
  creativeID: z.optional(z.nullable(z.string())),
  updatedAt: z.optional(z.string()),
});
/** POST /v1/builder/creative and /v1/builder/export: a draft and the campaign its creative belongs to. */
export const builderTargetSchema = z.strictObject({
  id: idField('id'),
  campaignID: idField('campaignID'),
});
export type BuilderTarget = z.infer<typeof builderTargetSchema>;

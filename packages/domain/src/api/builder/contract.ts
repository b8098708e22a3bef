// The ad builder's calls of the contract (beyond the original list of calls of docs/product.md §7: the builder of
// docs/product.md §3 keeps its work per user).
import { z } from 'zod/mini';
import { builderDraftSchema } from '../../ad-builder/ad-builder-state';
import { creativeSchema } from '../../campaigns/creative';
import { call } from '../call';
import { idQuerySchema } from '../common/requests';
import { builderDraftCreateSchema, builderDraftUpdateSchema, builderTargetSchema } from './requests';

export const builderContract = {
  listBuilderDrafts: call({
    method: 'GET',
    path: '/v1/builder/drafts',
    answer: z.array(builderDraftSchema),
  }),
  createBuilderDraft: call({
    method: 'POST',
    path: '/v1/builder/drafts',
    input: builderDraftCreateSchema,
    answer: builderDraftSchema,
  }),
  updateBuilderDraft: call({
    method: 'PUT',
    path: '/v1/builder/drafts',
    input: builderDraftUpdateSchema,
    answer: builderDraftSchema,
  }),
  deleteBuilderDraft: call({
    method: 'DELETE',
    path: '/v1/builder/drafts',
    input: idQuerySchema,
    answer: z.null(),
  }),
  builderDraftCreative: call({
    method: 'POST',
    path: '/v1/builder/creative',
    input: builderTargetSchema,
    answer: creativeSchema,
  }),
  exportBuilderDraft: call({
    method: 'POST',
    path: '/v1/builder/export',
    input: builderTargetSchema,
    answer: creativeSchema,
  }),
} as const;

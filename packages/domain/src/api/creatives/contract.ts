// The creative, asset and tag calls of the contract (docs/product.md §7).
import { z } from 'zod/mini';
import { assetSchema } from '../../campaigns/asset';
import { creativeSchema } from '../../campaigns/creative';
import { reportFileSchema } from '../../reports/report';
import { call } from '../call';
import { campaignIdQuerySchema, idQuerySchema } from '../common/requests';
import { bulkUploadAnswerSchema, bulkUploadFieldsSchema } from './bulk-requests';
import {
  assetUploadFieldsSchema,
  campaignTagsQuerySchema,
  creativeRequestSchema,
  deleteAssetQuerySchema,
  publishCreativeRequestSchema,
  tagsRequestSchema,
} from './requests';

/** `deleted` beside `data` in the asset upload answer: the assets the upload replaced. */
export const deletedAssetsSchema = z.array(assetSchema);

export const creativesContract = {
  getCreative: call({
    method: 'GET',
    path: '/v1/campaign/creative',
    input: idQuerySchema,
    answer: creativeSchema,
    scope: 'campaigns:read',
  }),
  listCreatives: call({
    method: 'GET',
    path: '/v1/campaign/creatives',
    input: campaignIdQuerySchema,
    answer: z.array(creativeSchema),
    scope: 'campaigns:read',
  }),
  createCreative: call({
    method: 'POST',
    path: '/v1/campaign/creatives',
    input: creativeRequestSchema,
    answer: creativeSchema,
    scope: 'campaigns:write',
  }),
  updateCreative: call({
    method: 'PUT',
    path: '/v1/campaign/creatives',
    input: creativeRequestSchema,
    answer: creativeSchema,
    scope: 'campaigns:write',
  }),
  updateCreativeHtml: call({
    method: 'PUT',
    path: '/v1/campaign/creatives/html',
    input: creativeRequestSchema,
    answer: creativeSchema,
    scope: 'campaigns:write',
  }),
  duplicateCreative: call({
    method: 'PUT',
    path: '/v1/campaign/creatives/duplicate',
    input: creativeRequestSchema,
    answer: creativeSchema,
    scope: 'campaigns:write',
  }),
  publishCreative: call({
    method: 'POST',
    path: '/v1/campaign/creatives/publish',
    input: publishCreativeRequestSchema,
    answer: creativeSchema,
    scope: 'campaigns:write',
  }),
  deleteLiveCreative: call({
    method: 'DELETE',
    path: '/v1/campaign/creatives/live',
    input: idQuerySchema,
    answer: z.null(),
    scope: 'campaigns:write',
  }),
  deleteCreative: call({
    method: 'DELETE',
    path: '/v1/campaign/creatives/delete',
    input: idQuerySchema,
    answer: z.null(),
    scope: 'campaigns:write',
  }),

  // ---- Assets and tags
  uploadAssets: call({
    method: 'POST',
    path: '/v1/campaign/creatives/assets',
    input: assetUploadFieldsSchema,
    multipart: true,
    answer: z.array(assetSchema),
    extras: { deleted: deletedAssetsSchema },
  }),
  deleteAsset: call({
    method: 'DELETE',
    path: '/v1/campaign/creatives/assets',
    input: deleteAssetQuerySchema,
    answer: z.null(),
  }),
  /** Bulk upload (docs/product.md §7): many files, or one ZIP of them, make one creative each. */
  bulkUploadCreatives: call({
    method: 'POST',
    path: '/v1/creative/bulk',
    input: bulkUploadFieldsSchema,
    multipart: true,
    answer: bulkUploadAnswerSchema,
    scope: 'campaigns:write',
  }),
  tagSheet: call({
    method: 'POST',
    path: '/v1/campaign/tags',
    input: tagsRequestSchema,
    answer: reportFileSchema,
  }),
  /** The campaign's tag sheet (xlsx or csv), stored as the caller's private file like the creative's. */
  campaignTagSheet: call({
    method: 'GET',
    path: '/v1/campaign/tags',
    input: campaignTagsQuerySchema,
    answer: reportFileSchema,
    scope: 'campaigns:read',
  }),
} as const;

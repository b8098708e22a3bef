// The campaign calls of the contract (docs/product.md §7).
import { z } from 'zod/mini';
import { auditEntrySchema } from '../../audit/audit';
import { campaignSchema } from '../../campaigns/campaign';
import { call } from '../call';
import { campaignIdQuerySchema } from '../common/requests';
import {
  campaignDuplicateSchema,
  campaignListQuerySchema,
  campaignRequestSchema,
  campaignUpdateBodySchema,
} from './requests';

/** `pagination` beside `data` in the campaign lists. */
export const paginationSchema = z.object({
  page: z.number().check(z.int(), z.positive()),
  perPage: z.number().check(z.int(), z.positive()),
  total: z.number().check(z.int(), z.nonnegative()),
  pages: z.number().check(z.int(), z.positive()),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const campaignsContract = {
  getCampaign: call({
    method: 'GET',
    path: '/v1/campaign/get',
    input: campaignIdQuerySchema,
    answer: campaignSchema,
    scope: 'campaigns:read',
  }),
  listMyCampaigns: call({
    method: 'GET',
    path: '/v1/campaign/mine',
    input: campaignListQuerySchema,
    answer: z.array(campaignSchema),
    extras: { pagination: paginationSchema },
    scope: 'campaigns:read',
  }),
  listAllCampaigns: call({
    method: 'GET',
    path: '/v1/campaign/all',
    input: campaignListQuerySchema,
    answer: z.array(campaignSchema),
    extras: { pagination: paginationSchema },
  }),
  createCampaign: call({
    method: 'POST',
    path: '/v1/campaign/new',
    input: campaignRequestSchema,
    answer: campaignSchema,
    scope: 'campaigns:write',
  }),
  updateCampaign: call({
    method: 'PUT',
    path: '/v1/campaign/update',
    input: campaignUpdateBodySchema,
    answer: campaignSchema,
    scope: 'campaigns:write',
  }),
  deleteCampaign: call({
    method: 'DELETE',
    path: '/v1/campaign/delete',
    input: campaignIdQuerySchema,
    answer: z.null(),
    scope: 'campaigns:write',
  }),
  duplicateCampaign: call({
    method: 'POST',
    path: '/v1/campaign/duplicate',
    input: campaignDuplicateSchema,
    answer: campaignSchema,
    scope: 'campaigns:write',
  }),
  /** The campaign stops serving and leaves the default list; its reports and share links stay. */
  archiveCampaign: call({
    method: 'POST',
    path: '/v1/campaign/archive',
    input: campaignIdQuerySchema,
    answer: campaignSchema,
    scope: 'campaigns:write',
  }),
  /** The campaign is back in the list and serves again (within its flight). */
  unarchiveCampaign: call({
    method: 'POST',
    path: '/v1/campaign/unarchive',
    input: campaignIdQuerySchema,
    answer: campaignSchema,
    scope: 'campaigns:write',
  }),
  /** The campaign stops serving until resumed; it stays in the lists, shown as paused. */
  pauseCampaign: call({
    method: 'POST',
    path: '/v1/campaign/pause',
    input: campaignIdQuerySchema,
    answer: campaignSchema,
    scope: 'campaigns:write',
  }),
  /** The campaign serves again (within its flight). */
  resumeCampaign: call({
    method: 'POST',
    path: '/v1/campaign/resume',
    input: campaignIdQuerySchema,
    answer: campaignSchema,
    scope: 'campaigns:write',
  }),
  campaignHistory: call({
    method: 'GET',
    path: '/v1/campaign/history',
    input: campaignIdQuerySchema,
    answer: z.array(auditEntrySchema),
    scope: 'campaigns:read',
  }),
} as const;

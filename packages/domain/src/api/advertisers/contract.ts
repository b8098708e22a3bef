// The advertiser and insertion-order calls of the contract (docs/product.md §7). Owner access as for
// campaigns: another owner's advertiser or order answers 404; an admin reaches every one.
import { z } from 'zod/mini';
import {
  advertiserListSchema,
  advertiserOverviewSchema,
  advertiserReportSchema,
  advertiserSchema,
  insertionOrderOverviewSchema,
  insertionOrderSchema,
} from '../../campaigns/advertiser';
import { call } from '../call';
import { idQuerySchema } from '../common/requests';
import {
  advertiserListQuerySchema,
  advertiserReportQuerySchema,
  createAdvertiserRequestSchema,
  createInsertionOrderRequestSchema,
  updateAdvertiserRequestSchema,
  updateInsertionOrderRequestSchema,
} from './requests';

export const advertisersContract = {
  listAdvertisers: call({
    method: 'GET',
    path: '/v1/advertiser/list',
    input: advertiserListQuerySchema,
    answer: advertiserListSchema,
    scope: 'campaigns:read',
  }),
  getAdvertiser: call({
    method: 'GET',
    path: '/v1/advertiser/get',
    input: idQuerySchema,
    answer: advertiserOverviewSchema,
    scope: 'campaigns:read',
  }),
  getAdvertiserReport: call({
    method: 'GET',
    path: '/v1/advertiser/report',
    input: advertiserReportQuerySchema,
    answer: advertiserReportSchema,
    scope: 'campaigns:read',
  }),
  createAdvertiser: call({
    method: 'POST',
    path: '/v1/advertiser/create',
    input: createAdvertiserRequestSchema,
    answer: advertiserSchema,
    scope: 'campaigns:write',
  }),
  updateAdvertiser: call({
    method: 'PUT',
    path: '/v1/advertiser/update',
    input: updateAdvertiserRequestSchema,
    answer: advertiserSchema,
    scope: 'campaigns:write',
  }),
  deleteAdvertiser: call({
    method: 'DELETE',
    path: '/v1/advertiser/delete',
    input: idQuerySchema,
    answer: z.null(),
    scope: 'campaigns:write',
  }),
  getInsertionOrder: call({
    method: 'GET',
    path: '/v1/insertion-order/get',
    input: idQuerySchema,
    answer: insertionOrderOverviewSchema,
    scope: 'campaigns:read',
  }),
  createInsertionOrder: call({
    method: 'POST',
    path: '/v1/insertion-order/create',
    input: createInsertionOrderRequestSchema,
    answer: insertionOrderSchema,
    scope: 'campaigns:write',
  }),
  updateInsertionOrder: call({
    method: 'PUT',
    path: '/v1/insertion-order/update',
    input: updateInsertionOrderRequestSchema,
    answer: insertionOrderSchema,
    scope: 'campaigns:write',
  }),
  deleteInsertionOrder: call({
    method: 'DELETE',
    path: '/v1/insertion-order/delete',
    input: idQuerySchema,
    answer: z.null(),
    scope: 'campaigns:write',
  }),
} as const;

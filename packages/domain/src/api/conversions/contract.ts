// The conversion action calls of the contract (docs/conversions.md): a campaign's actions,
// listed (archived ones too), made, changed, archived and restored. Owner access as for placements:
// another owner's campaign or action answers 404.
import { z } from 'zod/mini';
import { conversionActionSchema, postbackKeyAnswerSchema } from '../../conversions/conversion';
import { call } from '../call';
import { campaignIdQuerySchema, idQuerySchema } from '../common/requests';
import { createConversionActionRequestSchema, updateConversionActionRequestSchema } from './requests';

export const conversionsContract = {
  getConversionAction: call({
    method: 'GET',
    path: '/v1/campaign/conversionAction',
    input: idQuerySchema,
    answer: conversionActionSchema,
    scope: 'campaigns:read',
  }),
  listConversionActions: call({
    method: 'GET',
    path: '/v1/campaign/conversionActions',
    input: campaignIdQuerySchema,
    answer: z.array(conversionActionSchema),
    scope: 'campaigns:read',
  }),
  createConversionAction: call({
    method: 'POST',
    path: '/v1/campaign/conversionActions',
    input: createConversionActionRequestSchema,
    answer: conversionActionSchema,
    scope: 'campaigns:write',
  }),
  updateConversionAction: call({
    method: 'PUT',
    path: '/v1/campaign/conversionActions',
    input: updateConversionActionRequestSchema,
    answer: conversionActionSchema,
    scope: 'campaigns:write',
  }),
  /** The action no longer counts conversions; it stays listed, and its figures stay in reports. */
  archiveConversionAction: call({
    method: 'POST',
    path: '/v1/campaign/conversionActions/archive',
    input: idQuerySchema,
    answer: conversionActionSchema,
    scope: 'campaigns:write',
  }),
  /** The action counts conversions again. */
  unarchiveConversionAction: call({
    method: 'POST',
    path: '/v1/campaign/conversionActions/unarchive',
    input: idQuerySchema,
    answer: conversionActionSchema,
    scope: 'campaigns:write',
  }),
  /**
   * A new postback key for the action (docs/conversions.md, "Signed postbacks and caps"): answered this
   * once, stored only as its hash; the key it replaces stops working at once.
   */
  rotatePostbackKey: call({
    method: 'POST',
    path: '/v1/campaign/conversionActions/key',
    input: idQuerySchema,
    answer: postbackKeyAnswerSchema,
    scope: 'campaigns:write',
  }),
} as const;

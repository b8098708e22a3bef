// The delivery rules calls of the contract (docs/serving.md, "Delivery rules"; docs/api.md). Owner
// access as for campaigns: another owner's campaign or creative answers 404.
import { call } from '../call';
import { campaignIdQuerySchema } from '../common/requests';
import {
  campaignDeliveryRulesAnswerSchema,
  deliveryEstimateSchema,
  deliveryTestSchema,
  estimateDeliveryRequestSchema,
  setCampaignDeliveryRulesRequestSchema,
  setCreativeDeliveryRulesRequestSchema,
  testDeliveryRequestSchema,
} from './requests';

export const deliveryRulesContract = {
  getDeliveryRules: call({
    method: 'GET',
    path: '/v1/campaign/deliveryRules',
    input: campaignIdQuerySchema,
    answer: campaignDeliveryRulesAnswerSchema,
    scope: 'campaigns:read',
  }),
  setCampaignDeliveryRules: call({
    method: 'PUT',
    path: '/v1/campaign/deliveryRules',
    input: setCampaignDeliveryRulesRequestSchema,
    answer: campaignDeliveryRulesAnswerSchema,
    scope: 'campaigns:write',
  }),
  setCreativeDeliveryRules: call({
    method: 'PUT',
    path: '/v1/campaign/creatives/deliveryRules',
    input: setCreativeDeliveryRulesRequestSchema,
    answer: campaignDeliveryRulesAnswerSchema,
    scope: 'campaigns:write',
  }),
  estimateDelivery: call({
    method: 'POST',
    path: '/v1/campaign/deliveryRules/estimate',
    input: estimateDeliveryRequestSchema,
    answer: deliveryEstimateSchema,
    scope: 'campaigns:read',
  }),
  testDelivery: call({
    method: 'POST',
    path: '/v1/campaign/deliveryRules/test',
    input: testDeliveryRequestSchema,
    answer: deliveryTestSchema,
    scope: 'campaigns:read',
  }),
} as const;

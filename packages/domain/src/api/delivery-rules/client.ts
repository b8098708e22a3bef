// Delivery rules calls for the console's `*-queries.ts`.
import type { Http } from '../http';
import { type CallInput, send } from '../send';
import { deliveryRulesContract } from './contract';
import type { CampaignDeliveryRules, DeliveryEstimateAnswer, DeliveryTest } from './requests';

export function deliveryRulesCalls(http: Http) {
  const {
    getDeliveryRules,
    setCampaignDeliveryRules,
    setCreativeDeliveryRules,
    estimateDelivery,
    testDelivery,
  } = deliveryRulesContract;
  return {
    getDeliveryRules: (campaignID: string): Promise<CampaignDeliveryRules> =>
      send(http, getDeliveryRules, { campaignID }),
    setCampaignDeliveryRules: (
      input: CallInput<typeof setCampaignDeliveryRules>,
    ): Promise<CampaignDeliveryRules> => send(http, setCampaignDeliveryRules, input),
    setCreativeDeliveryRules: (
      input: CallInput<typeof setCreativeDeliveryRules>,
    ): Promise<CampaignDeliveryRules> => send(http, setCreativeDeliveryRules, input),
    estimateDelivery: (input: CallInput<typeof estimateDelivery>): Promise<DeliveryEstimateAnswer> =>
      send(http, estimateDelivery, input),
    testDelivery: (input: CallInput<typeof testDelivery>): Promise<DeliveryTest> =>
      send(http, testDelivery, input),
  };
}

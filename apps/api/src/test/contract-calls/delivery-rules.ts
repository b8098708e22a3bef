// The contract test's sample calls of the delivery rules (docs/serving.md, "Delivery rules"), one per
// operation: each makes its call succeed on the contract's campaign and creative (routes/contract.test.ts
// reads them beside its own).
import type { ApiAnswer, Client } from '../harness';

type Sample = () => Promise<ApiAnswer<Record<string, unknown>>>;

const GERMANY_AND_AUSTRIA = { countries: { mode: 'include', values: ['DE', 'AT'] } };

/** `world` answers the signed-in admin, the campaign and its creative once the suite's beforeAll made them. */
export function deliveryRulesCalls(
  world: () => { admin: Client; campaignID: string; creativeID: string },
): Record<string, Sample> {
  return {
    getV1CampaignDeliveryRules: () =>
      world().admin.get(`/v1/campaign/deliveryRules?campaignID=${world().campaignID}`),
    putV1CampaignDeliveryRules: () =>
      world().admin.put('/v1/campaign/deliveryRules', { campaignID: world().campaignID, rules: {} }),
    putV1CampaignCreativesDeliveryRules: () =>
      world().admin.put('/v1/campaign/creatives/deliveryRules', {
        creativeID: world().creativeID,
        rules: { devices: { mode: 'exclude', values: ['ctv'] } },
      }),
    postV1CampaignDeliveryRulesEstimate: () =>
      world().admin.post('/v1/campaign/deliveryRules/estimate', {
        campaignID: world().campaignID,
        rules: GERMANY_AND_AUSTRIA,
      }),
    postV1Forecast: () => {
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      return world().admin.post('/v1/forecast', {
        rules: GERMANY_AND_AUSTRIA,
        start: day(7),
        end: day(24),
        timezone: 'Europe/Berlin',
        goal: 250_000,
      });
    },
    postV1CampaignDeliveryRulesTest: async () => {
      const { admin, campaignID, creativeID } = world();
      const published = await admin.post<{ liveCreatives: { id: string }[] }>(
        '/v1/campaign/creatives/publish',
        {
          id: creativeID,
        },
      );
      return admin.post('/v1/campaign/deliveryRules/test', {
        campaignID,
        liveID: published.body.data?.liveCreatives.at(-1)?.id,
        address: '81.2.69.142',
      });
    },
  };
}

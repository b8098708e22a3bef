// The contract test's sample calls of the conversion actions (docs/conversions.md), one per operation: each makes
// its call succeed on the contract's campaign (routes/contract.test.ts reads them beside its own).
import type { ApiAnswer, Client } from '../harness';

type Sample = () => Promise<ApiAnswer<Record<string, unknown>>>;

/** `world` answers the signed-in admin and the campaign once the suite's beforeAll has made them. */
export function conversionActionCalls(
  world: () => { admin: Client; campaignID: string },
): Record<string, Sample> {
  const newAction = async () => {
    const { admin, campaignID } = world();
    const made = await admin.post<{ id: string }>('/v1/campaign/conversionActions', {
      campaignID,
      name: 'Contract purchase',
      type: 'purchase',
    });
    return made.body.data?.id ?? '';
  };
  return {
    getV1CampaignConversionAction: async () =>
      world().admin.get(`/v1/campaign/conversionAction?id=${await newAction()}`),
    getV1CampaignConversionActions: () =>
      world().admin.get(`/v1/campaign/conversionActions?campaignID=${world().campaignID}`),
    postV1CampaignConversionActions: () =>
      world().admin.post('/v1/campaign/conversionActions', {
        campaignID: world().campaignID,
        name: 'Lead',
        type: 'lead',
        counting: 'one-per-click',
        lookbackDays: 7,
      }),
    putV1CampaignConversionActions: async () =>
      world().admin.put('/v1/campaign/conversionActions', { id: await newAction(), lookbackDays: 14 }),
    postV1CampaignConversionActionsArchive: async () =>
      world().admin.post('/v1/campaign/conversionActions/archive', { id: await newAction() }),
    postV1CampaignConversionActionsUnarchive: async () => {
      const id = await newAction();
      await world().admin.post('/v1/campaign/conversionActions/archive', { id });
      return world().admin.post('/v1/campaign/conversionActions/unarchive', { id });
    },
    postV1CampaignConversionActionsKey: async () =>
      world().admin.post('/v1/campaign/conversionActions/key', { id: await newAction() }),
  };
}

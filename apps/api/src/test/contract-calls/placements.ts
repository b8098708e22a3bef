// The contract test's calls of placements and A/B tests.
import type { Calls, ContractWorld } from './world';

/** Placements and their A/B tests. */
export function placementCalls(world: ContractWorld): Calls {
  /** A placement of the contract's creative. */
  const newPlacement = async () =>
    (
      await world.admin.post<{ id: string }>('/v1/campaign/placements', {
        campaignID: world.campaignID,
        name: 'Contract placement',
        items: [{ creativeId: world.creativeID }],
      })
    ).body.data?.id ?? '';
  /** A running A/B test of a new placement of two new VAST creatives; answers its id. */
  const newAbTest = async () => {
    const variants: string[] = [];
    for (const name of ['Variant A', 'Variant B'])
      variants.push(
        (
          await world.admin.post<{ id: string }>('/v1/campaign/creatives', {
            campaignID: world.campaignID,
            name,
            type: 'VAST',
            width: 640,
            height: 360,
          })
        ).body.data?.id ?? '',
      );
    const placementID =
      (
        await world.admin.post<{ id: string }>('/v1/campaign/placements', {
          campaignID: world.campaignID,
          name: 'A/B placement',
          items: variants.map((creativeId) => ({ creativeId })),
        })
      ).body.data?.id ?? '';
    const test = await world.admin.post<{ id: string }>('/v1/campaign/placements/abtest', {
      placementID,
      variants,
      control: variants[0],
      goal: 'completionRate',
      minimumDetectableEffect: 10,
      baselineRate: 50,
    });
    return { placementID, variants, test };
  };
  return {
    getV1CampaignPlacement: async () => world.admin.get(`/v1/campaign/placement?id=${await newPlacement()}`),
    getV1CampaignPlacementStats: async () =>
      world.admin.get(`/v1/campaign/placement/stats?id=${await newPlacement()}`),
    getV1CampaignPlacements: () => world.admin.get(`/v1/campaign/placements?campaignID=${world.campaignID}`),
    postV1CampaignPlacements: () =>
      world.admin.post('/v1/campaign/placements', {
        campaignID: world.campaignID,
        name: 'Pre-rolls',
        items: [{ creativeId: world.creativeID }],
      }),
    putV1CampaignPlacements: async () =>
      world.admin.put('/v1/campaign/placements', {
        id: await newPlacement(),
        mode: 'weighted',
        items: [{ creativeId: world.creativeID, weight: 3 }],
      }),
    deleteV1CampaignPlacements: async () =>
      world.admin.delete(`/v1/campaign/placements?id=${await newPlacement()}`),
    getV1CampaignPlacementsAbtest: async () =>
      world.admin.get(`/v1/campaign/placements/abtest?id=${(await newAbTest()).test.body.data?.id}`),
    getV1CampaignPlacementsAbtests: async () =>
      world.admin.get(`/v1/campaign/placements/abtests?placementID=${(await newAbTest()).placementID}`),
    postV1CampaignPlacementsAbtest: async () => (await newAbTest()).test,
    postV1CampaignPlacementsAbtestStop: async () =>
      world.admin.post('/v1/campaign/placements/abtest/stop', { id: (await newAbTest()).test.body.data?.id }),
    getV1CampaignPlacementsAbtestResults: async () =>
      world.admin.get(`/v1/campaign/placements/abtest/results?id=${(await newAbTest()).test.body.data?.id}`),
  };
}

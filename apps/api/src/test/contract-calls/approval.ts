// The contract test's calls of creative approval and preview links (docs/product.md §4, "Approval"):
// each on a creative of its own in the world's campaign, so the world's creative keeps its draft state.
import type { Calls, ContractWorld } from './world';

export function approvalCalls(world: ContractWorld): Calls {
  const newCreative = async () =>
    (
      await world.admin.post<{ id: string }>('/v1/campaign/creatives', {
        campaignID: world.campaignID,
        name: 'For review',
        type: 'Banner',
        width: 300,
        height: 250,
        html: '<p>Review me</p>',
      })
    ).body.data?.id ?? '';
  const inReview = async () => {
    const creativeID = await newCreative();
    await world.admin.post('/v1/creative/review/submit', { creativeID });
    return creativeID;
  };
  const link = async (creativeID?: string) =>
    (
      await world.admin.post<{ token: string }>('/v1/preview/create', {
        campaignID: world.campaignID,
        ...(creativeID === undefined ? {} : { creativeID }),
      })
    ).body.data?.token ?? '';
  return {
    postV1CreativeReviewSubmit: async () =>
      world.admin.post('/v1/creative/review/submit', { creativeID: await newCreative() }),
    postV1CreativeReviewDecide: async () =>
      world.admin.post('/v1/creative/review/decide', { creativeID: await inReview(), decision: 'approve' }),
    postV1PreviewCreate: () =>
      world.admin.post('/v1/preview/create', { campaignID: world.campaignID, expiresInDays: 7 }),
    getV1PreviewList: () => world.admin.get(`/v1/preview/list?campaignID=${world.campaignID}`),
    postV1PreviewRevoke: async () => world.admin.post('/v1/preview/revoke', { token: await link() }),
    getV1Preview: async () => world.admin.get(`/v1/preview?sharedToken=${await link()}`),
    postV1PreviewDecide: async () => {
      const creativeID = await inReview();
      return world.admin.post('/v1/preview/decide', {
        sharedToken: await link(creativeID),
        creativeID,
        name: 'Client Reviewer',
        decision: 'request-changes',
        comment: 'A larger logo, please.',
      });
    },
  };
}

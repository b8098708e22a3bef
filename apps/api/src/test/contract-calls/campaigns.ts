// The contract test's calls of campaigns, creatives, their assets and live creatives, tag sheets.
import type { Calls, ContractWorld } from './world';

/** Campaigns, creatives, their assets and live creatives, tag sheets. */
export function campaignCalls(world: ContractWorld): Calls {
  /** The contract's creative as a PUT sends it back. */
  const theCreative = () => ({
    id: world.creativeID,
    campaignID: world.campaignID,
    name: 'Banner',
    type: 'VAST',
    width: 640,
    height: 360,
  });
  /** The smallest MP4 the asset checks take (its ftyp box), uploaded to the contract's creative. */
  const uploadMp4 = (name: string) => {
    const form = new FormData();
    form.append('creativeID', world.creativeID);
    form.append(
      'files[]',
      new Blob([new Uint8Array(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]))]),
      name,
    );
    return world.admin.post<{ id: string }[]>('/v1/campaign/creatives/assets', form);
  };
  return {
    getV1CampaignGet: () => world.admin.get(`/v1/campaign/get?campaignID=${world.campaignID}`),
    postV1CampaignDuplicate: () =>
      world.admin.post('/v1/campaign/duplicate', { campaignID: world.campaignID }),
    postV1CampaignArchive: async () => {
      const made = await world.admin.post<{ id: string }>('/v1/campaign/new', { name: 'Archived' });
      return world.admin.post('/v1/campaign/archive', { campaignID: made.body.data?.id });
    },
    postV1CampaignUnarchive: async () => {
      const made = await world.admin.post<{ id: string }>('/v1/campaign/new', { name: 'Unarchived' });
      await world.admin.post('/v1/campaign/archive', { campaignID: made.body.data?.id });
      return world.admin.post('/v1/campaign/unarchive', { campaignID: made.body.data?.id });
    },
    postV1CampaignPause: async () => {
      const made = await world.admin.post<{ id: string }>('/v1/campaign/new', { name: 'Paused' });
      return world.admin.post('/v1/campaign/pause', { campaignID: made.body.data?.id });
    },
    postV1CampaignResume: async () => {
      const made = await world.admin.post<{ id: string }>('/v1/campaign/new', { name: 'Resumed' });
      await world.admin.post('/v1/campaign/pause', { campaignID: made.body.data?.id });
      return world.admin.post('/v1/campaign/resume', { campaignID: made.body.data?.id });
    },
    getV1CampaignHistory: () => world.admin.get(`/v1/campaign/history?campaignID=${world.campaignID}`),
    getV1CampaignMine: () => world.admin.get('/v1/campaign/mine'),
    getV1CampaignAll: () => world.admin.get('/v1/campaign/all?paginate[page]=1'),
    postV1CampaignNew: () => world.admin.post('/v1/campaign/new', { name: 'Another' }),
    putV1CampaignUpdate: () =>
      world.admin.put('/v1/campaign/update', { id: world.campaignID, name: 'Contract' }),
    deleteV1CampaignDelete: async () => {
      const doomed = await world.admin.post<{ id: string }>('/v1/campaign/new', { name: 'Doomed' });
      return world.admin.delete(`/v1/campaign/delete?campaignID=${doomed.body.data?.id}`);
    },
    getV1CampaignCreative: () => world.admin.get(`/v1/campaign/creative?id=${world.creativeID}`),
    getV1CampaignCreatives: () => world.admin.get(`/v1/campaign/creatives?campaignID=${world.campaignID}`),
    postV1CampaignCreatives: () =>
      world.admin.post('/v1/campaign/creatives', {
        campaignID: world.campaignID,
        name: 'Second',
        type: 'Banner',
        width: 300,
        height: 250,
      }),
    putV1CampaignCreatives: () => world.admin.put('/v1/campaign/creatives', theCreative()),
    putV1CampaignCreativesHtml: () =>
      world.admin.put('/v1/campaign/creatives/html', { ...theCreative(), html: '<div></div>' }),
    putV1CampaignCreativesDuplicate: () => world.admin.put('/v1/campaign/creatives/duplicate', theCreative()),
    postV1CampaignCreativesPublish: async () => {
      const answer = await world.admin.post<{ liveCreatives: { id: string }[] }>(
        '/v1/campaign/creatives/publish',
        {
          id: world.creativeID,
        },
      );
      world.liveID = answer.body.data?.liveCreatives.at(-1)?.id ?? '';
      return answer;
    },
    deleteV1CampaignCreativesLive: async () => {
      const answer = await world.admin.post<{ liveCreatives: { id: string }[] }>(
        '/v1/campaign/creatives/publish',
        {
          id: world.creativeID,
        },
      );
      return world.admin.delete(
        `/v1/campaign/creatives/live?id=${answer.body.data?.liveCreatives.at(-1)?.id}`,
      );
    },
    deleteV1CampaignCreativesDelete: async () => {
      const doomed = await world.admin.post<{ id: string }>('/v1/campaign/creatives', {
        campaignID: world.campaignID,
        name: 'Doomed',
        type: 'Banner',
        width: 1,
        height: 1,
      });
      return world.admin.delete(`/v1/campaign/creatives/delete?id=${doomed.body.data?.id}`);
    },
    postV1CampaignCreativesAssets: async () => {
      const answer = await uploadMp4('main.mp4');
      world.assetID = answer.body.data?.[0]?.id ?? '';
      return answer;
    },
    deleteV1CampaignCreativesAssets: async () => {
      const spare = await uploadMp4('spare.mp4');
      return world.admin.delete(
        `/v1/campaign/creatives/assets?id=${spare.body.data?.[0]?.id}&creativeID=${world.creativeID}`,
      );
    },
    postV1CampaignTags: () =>
      world.admin.post('/v1/campaign/tags', { campaignID: world.campaignID, type: 'xlsx', tags: {} }),
    getV1CampaignTags: async () => {
      // Something live to tag, whichever call ran before (a campaign with nothing live answers 409).
      await world.admin.post('/v1/campaign/creatives/publish', { id: world.creativeID });
      return world.admin.get(`/v1/campaign/tags?campaignID=${world.campaignID}&type=csv`);
    },
  };
}

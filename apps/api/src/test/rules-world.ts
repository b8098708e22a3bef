// What the suites serving against delivery rules and frequency caps share (delivery-rules-served,
// frequency-caps-served): a campaign, a published banner, the creative of a live id, and the rules set
// through the API (a 200 expected). Getters, as the suites' beforeAll makes the server and the owner.
import { expect } from 'vitest';
import type { Client, TestServer } from './harness';
import { publishedLive } from './helpers';

export function rulesWorld(world: () => { server: TestServer; owner: Client; image: Buffer }) {
  const setThrough = async (path: string, body: Record<string, unknown>) => {
    const answer = await world().owner.put(path, body);
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  };
  return {
    newCampaign: async (name: string) =>
      (await world().owner.post<{ id: string }>('/v1/campaign/new', { name })).body.data?.id ?? '',
    banner: (campaignID: string, name = 'Banner') =>
      publishedLive(world().owner, campaignID, { name, type: 'Banner', width: 300, height: 250 }, [
        { name: 'banner.png', bytes: world().image },
      ]),
    creativeOf: async (liveId: string) =>
      (
        await world().server.db.query<{ creative_id: string }>(
          'select creative_id from live_creatives where id = $1',
          [liveId],
        )
      )[0]?.creative_id ?? '',
    setRules: (campaignID: string, rules: Record<string, unknown>) =>
      setThrough('/v1/campaign/deliveryRules', { campaignID, rules }),
    setCreativeRules: (creativeID: string, rules: Record<string, unknown>) =>
      setThrough('/v1/campaign/creatives/deliveryRules', { creativeID, rules }),
  };
}

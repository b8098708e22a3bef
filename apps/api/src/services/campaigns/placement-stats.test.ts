// A placement's stats (docs/serving.md, "Placements"): each creative's chance of the next ad request as its rotation gives
// it (even, weighted, optimized by Thompson sampling on the counts serving reads; none in sequential),
// a paused or unpublished creative at 0, each creative's all-time counts of the A/B test goals (the
// baseline of a test before it starts), and the access rules of the placement calls.
import {
  MESSAGES,
  type Placement,
  type PlacementStats,
  placementStatsSchema,
  rotationShares,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { demoAsset, publishedLive, signedInAdmin, signedInUser } from '../../test/helpers';

describe(`placement stats on ${testStoresLabel()}`, () => {
  let server: TestServer;
  let owner: Client;
  let admin: Client;
  let stranger: Client;
  let campaignID: string;
  let draftId: string;
  const banners: { creativeId: string; liveId: string }[] = [];

  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    stranger = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Explained' })).body.data?.id ?? '';
    const image = await demoAsset('banner.png');
    for (const name of ['Banner A', 'Banner B']) {
      const liveId = await publishedLive(
        owner,
        campaignID,
        { name, type: 'Banner', width: 300, height: 250 },
        [{ name: 'banner.png', bytes: image }],
      );
      const [row] = await server.db.query<{ creative_id: string }>(
        'select creative_id from live_creatives where id = $1',
        [liveId],
      );
      banners.push({ creativeId: row?.creative_id ?? '', liveId });
    }
    draftId =
      (
        await owner.post<{ id: string }>('/v1/campaign/creatives', {
          campaignID,
          name: 'Draft',
          type: 'Banner',
          width: 300,
          height: 250,
        })
      ).body.data?.id ?? '';
    // A: 2,000 impressions, 600 clicks, 1,500 viewable; B: 2,000 and 2 clicks.
    const at = '2026-03-01T10:00:00Z';
    const [a, b] = banners as [(typeof banners)[0], (typeof banners)[0]];
    const imported = await admin.post('/v1/events/import', {
      events: [
        { liveID: a.liveId, type: 'impression', at, count: 2000 },
        { liveID: a.liveId, type: 'click', at, count: 600 },
        { liveID: a.liveId, type: 'viewable', at, count: 1500 },
        { liveID: b.liveId, type: 'impression', at, count: 2000 },
        { liveID: b.liveId, type: 'click', at, count: 2 },
      ],
    });
    expect(imported.httpStatus, JSON.stringify(imported.body)).toBe(200);
  });
  afterAll(() => server.close());

  const placement = async (body: Record<string, unknown>) => {
    const made = await owner.post<Placement>('/v1/campaign/placements', {
      campaignID,
      name: 'Slot',
      ...body,
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    return made.body.data as Placement;
  };
  const stats = async (id: string, client = owner) => {
    const answer = await client.get<PlacementStats>(`/v1/campaign/placement/stats?id=${id}`);
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return placementStatsSchema.parse(answer.body.data);
  };

  it('weighted 1:3 with an unpublished creative: 25 % and 75 %, the draft 0 and not serving', async () => {
    const [a, b] = banners as [(typeof banners)[0], (typeof banners)[0]];
    const { id } = await placement({
      mode: 'weighted',
      items: [
        { creativeId: a.creativeId, weight: 1 },
        { creativeId: b.creativeId, weight: 3 },
        { creativeId: draftId, weight: 4 },
      ],
    });
    const answer = await stats(id);
    expect(answer.mode).toBe('weighted');
    expect(
      answer.creatives.map(({ creativeId, liveID, serving, share }) => ({
        creativeId,
        liveID,
        serving,
        share,
      })),
    ).toEqual([
      { creativeId: a.creativeId, liveID: a.liveId, serving: true, share: 0.25 },
      { creativeId: b.creativeId, liveID: b.liveId, serving: true, share: 0.75 },
      { creativeId: draftId, liveID: null, serving: false, share: 0 },
    ]);
  });

  it("optimized: Thompson sampling's shares on the clicks per impression serving reads, 10 % exploring", async () => {
    const [a, b] = banners as [(typeof banners)[0], (typeof banners)[0]];
    const { id } = await placement({
      mode: 'optimized',
      items: [{ creativeId: a.creativeId }, { creativeId: b.creativeId }],
    });
    const answer = await stats(id);
    expect(answer).toMatchObject({ mode: 'optimized', exploration: 0.1, optimizedOn: 'clicks' });
    const [first, second] = answer.creatives;
    expect(first?.optimization).toEqual({ successes: 600, trials: 2000 });
    expect(second?.optimization).toEqual({ successes: 2, trials: 2000 });
    // 30 % against 0.1 %: A's draw is the highest every time, so A gets 90 % + half of the 10 %.
    expect(first?.share).toBeCloseTo(0.95, 6);
    expect(second?.share).toBeCloseTo(0.05, 6);
    expect(answer.creatives.map((creative) => creative.share)).toEqual(
      rotationShares(
        {
          mode: 'optimized',
          items: [a, b].map(({ creativeId }) => ({ creativeId, weight: 1, paused: false })),
        },
        { [a.creativeId]: { successes: 600, trials: 2000 }, [b.creativeId]: { successes: 2, trials: 2000 } },
      ),
    );
  });

  it("each creative's all-time counts of the A/B test goals (a test's baseline before it starts)", async () => {
    const [a, b] = banners as [(typeof banners)[0], (typeof banners)[0]];
    const { id } = await placement({
      mode: 'sequential',
      items: [{ creativeId: a.creativeId }, { creativeId: b.creativeId }],
    });
    const answer = await stats(id);
    expect(answer.creatives.map((creative) => creative.share)).toEqual([null, null]);
    expect(answer.creatives[0]?.goals).toEqual({
      ctr: { successes: 600, trials: 2000 },
      // Banners: every impression is measurable.
      viewability: { successes: 1500, trials: 2000 },
      completionRate: { successes: 0, trials: 0 },
      engagementRate: { successes: 0, trials: 2000 },
      // Conversions per click: none converted yet.
      conversionRate: { successes: 0, trials: 600 },
    });
    expect(answer.creatives[1]?.goals.ctr).toEqual({ successes: 2, trials: 2000 });
  });

  it("answers 404 for another owner's placement; an admin and a campaigns:read token read it", async () => {
    const [a] = banners as [(typeof banners)[0]];
    const { id } = await placement({ items: [{ creativeId: a.creativeId }] });
    const refused = await stranger.get(`/v1/campaign/placement/stats?id=${id}`);
    expect(refused.httpStatus).toBe(404);
    expect(refused.body.message).toBe(MESSAGES.placementNotFound);
    expect((await stats(id, admin)).creatives[0]?.share).toBe(1);
    const bearer = async (scope: string) => {
      const token = await owner.post<{ secret: string }>('/v1/tokens', { name: scope, scopes: [scope] });
      return (
        await fetch(`${server.url}/api/v1/campaign/placement/stats?id=${id}`, {
          headers: { Authorization: `Bearer ${token.body.data?.secret}` },
        })
      ).status;
    };
    expect(await bearer('campaigns:read')).toBe(200);
    expect(await bearer('reports:read')).toBe(403);
  });
});

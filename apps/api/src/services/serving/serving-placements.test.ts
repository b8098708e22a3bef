// A placement's tags (docs/serving.md, "Placements": one tag, several creatives): each request is answered as one of its
// creatives' live creatives, chosen by its rotation from the cached placement, and every event of the
// answer counts for the creative served. Weighted rotation splits 10,000 requests as its weights ask
// (a chi-square goodness-of-fit test, p > 0.001: a correct server fails it once in a thousand runs);
// sequential rotation goes on from the position the page sent (`pos=`); paused and unpublished
// creatives never serve; every event of an answer (a VAST's quartiles and click, a banner's click)
// counts for the creative served and no other; an ended flight answers as it does for a single
// creative's tag.
import { chiSquareGoodnessOfFit, type Placement, servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import {
  daysAroundToday,
  demoAsset,
  publishedLive,
  signedInAdmin,
  signedInUser,
  visit,
} from '../../test/helpers';
import { assertValidVast, parseAsPlayer } from '../../test/vast-check';

const EMPTY = /<VAST version="4.2" xmlns="http:\/\/www.iab.com\/VAST"\/>/;
const PAST = { start: { date: '2020-01-01' }, end: { date: '2020-01-31' } };

describe(`placements served on ${testStoresLabel()}`, () => {
  let server: TestServer;
  let owner: Client;
  let campaignID: string;
  let image: Buffer;
  let clip: Buffer;
  /** Creative id by its live creative id, and the live creatives of the campaign's banners. */
  const creativeOf = new Map<string, string>();
  const banners: { creativeId: string; liveId: string }[] = [];
  const local = (url: string) => `${server.url}${url.slice(new URL(url).origin.length)}`;

  /** Publishes a creative of the campaign; answers its id and its live creative's. */
  async function published(
    campaign: string,
    body: Record<string, unknown>,
    files: { name: string; bytes: Buffer }[],
  ) {
    const liveId = await publishedLive(owner, campaign, body, files);
    const [row] = await server.db.query<{ creative_id: string }>(
      'select creative_id from live_creatives where id = $1',
      [liveId],
    );
    creativeOf.set(liveId, row?.creative_id ?? '');
    return { creativeId: row?.creative_id ?? '', liveId };
  }

  const placement = async (body: Record<string, unknown>, campaign = campaignID) => {
    const made = await owner.post<Placement>('/v1/campaign/placements', {
      campaignID: campaign,
      name: 'Slot',
      ...body,
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    return made.body.data as Placement;
  };

  const served = async (placementId: string, query = '') => {
    const response = await visit(`${server.url}/serve/ad/p/${placementId}.json${query}`);
    expect(response.status).toBe(200);
    return servedAdSchema.parse(await response.json());
  };

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' });
    owner = (await signedInUser(server)).client;
    [image, clip] = await Promise.all([demoAsset('banner.png'), demoAsset('main.mp4')]);
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Rotation' })).body.data?.id ?? '';
    for (const name of ['A', 'B', 'C'])
      banners.push(
        await published(campaignID, { name: `Banner ${name}`, type: 'Banner', width: 300, height: 250 }, [
          { name: 'banner.png', bytes: image },
        ]),
      );
  });
  afterAll(() => server.close());

  it('weighted 1:3: 10,000 ad requests split within the chi-square bound (p > 0.001), each answered as that live creative', async () => {
    const [a, b] = banners as [(typeof banners)[0], (typeof banners)[0]];
    const { id } = await placement({
      mode: 'weighted',
      items: [
        { creativeId: a.creativeId, weight: 1 },
        { creativeId: b.creativeId, weight: 3 },
      ],
    });
    const counts = new Map<string, number>([
      [a.liveId, 0],
      [b.liveId, 0],
    ]);
    const requests = 10_000;
    let next = 0;
    const worker = async () => {
      while (next < requests) {
        next += 1;
        const response = await fetch(`${server.url}/serve/ad/p/${id}.json`, {
          headers: { 'User-Agent': 'Mozilla/5.0 Chrome/126.0.0.0 Safari/537.36' },
        });
        const ad = (await response.json()) as { liveID: string; placement?: { position: number } };
        counts.set(ad.liveID, (counts.get(ad.liveID) ?? 0) + 1);
        expect(ad.placement?.position).toBe(ad.liveID === a.liveId ? 0 : 1);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const observed = [counts.get(a.liveId) ?? 0, counts.get(b.liveId) ?? 0];
    expect(observed.reduce((sum, count) => sum + count, 0)).toBe(requests);
    expect(counts.size).toBe(2);
    const test = chiSquareGoodnessOfFit(observed, [1, 3]);
    expect(test.pValue, `observed ${observed.join(':')}, χ² ${test.statistic.toFixed(2)}`).toBeGreaterThan(
      0.001,
    );
  }, 120_000);

  it('sequential: each page goes on from the position it sent (pos=), skipping a paused creative, wrapping round', async () => {
    const [a, b, c] = banners as [(typeof banners)[0], (typeof banners)[0], (typeof banners)[0]];
    const { id } = await placement({
      mode: 'sequential',
      items: [
        { creativeId: a.creativeId },
        { creativeId: b.creativeId, paused: true },
        { creativeId: c.creativeId },
      ],
    });
    // One page: no position yet, then each answer's position sent back with the next request.
    const shown: string[] = [];
    let pos = '';
    for (let request = 0; request < 5; request++) {
      const ad = await served(id, pos);
      shown.push(ad.liveID);
      pos = `?pos=${ad.placement?.position}`;
    }
    expect(shown).toEqual([a.liveId, c.liveId, a.liveId, c.liveId, a.liveId]);
    // Another page starts from the first again; a position out of range starts there too.
    expect((await served(id)).liveID).toBe(a.liveId);
    expect((await served(id, '?pos=99')).liveID).toBe(a.liveId);
    expect((await served(id, '?pos=junk')).liveID).toBe(a.liveId);
  });

  it('never serves a paused creative, nor one without a live creative; a change applies at once in this process', async () => {
    const [a, b, c] = banners as [(typeof banners)[0], (typeof banners)[0], (typeof banners)[0]];
    const unpublished =
      (
        await owner.post<{ id: string }>('/v1/campaign/creatives', {
          campaignID,
          name: 'Draft',
          type: 'Banner',
          width: 300,
          height: 250,
        })
      ).body.data?.id ?? '';
    const made = await placement({
      items: [
        { creativeId: a.creativeId, paused: true },
        { creativeId: b.creativeId },
        { creativeId: unpublished },
      ],
    });
    const seen = new Set<string>();
    for (let request = 0; request < 60; request++) seen.add((await served(made.id)).liveID);
    expect([...seen]).toEqual([b.liveId]);
    // Pause b, resume c: the next request sees it (the cache is cleared by the change).
    const changed = await owner.put('/v1/campaign/placements', {
      id: made.id,
      items: [
        { creativeId: a.creativeId, paused: true },
        { creativeId: b.creativeId, paused: true },
        { creativeId: c.creativeId },
      ],
    });
    expect(changed.httpStatus).toBe(200);
    for (let request = 0; request < 20; request++) expect((await served(made.id)).liveID).toBe(c.liveId);
    // Its live creative removed: nothing left to serve, the placement answers as an unknown ad (404).
    const removed = await owner.delete(`/v1/campaign/creatives/live?id=${c.liveId}`);
    expect(removed.httpStatus).toBe(200);
    expect((await visit(`${server.url}/serve/ad/p/${made.id}.json`)).status).toBe(404);
    banners[2] = await published(campaignID, { name: 'Banner C2', type: 'Banner', width: 300, height: 250 }, [
      { name: 'banner.png', bytes: image },
    ]);
  });

  it("attributes the served answer's events to the creative served, in its own report", async () => {
    const [a, b] = banners as [(typeof banners)[0], (typeof banners)[0]];
    const { id } = await placement({ items: [{ creativeId: a.creativeId }, { creativeId: b.creativeId }] });
    const counted = new Map<string, number>();
    for (let request = 0; request < 6; request++) {
      const ad = await served(id);
      const beacon = await visit(local(ad.events.impression ?? ''), { method: 'POST' });
      expect(beacon.status).toBe(204);
      counted.set(ad.liveID, (counted.get(ad.liveID) ?? 0) + 1);
    }
    const impressionsOf = async (creativeId: string) =>
      (await owner.get<{ data: { impressions: number } }>(`/v1/campaign/creative?id=${creativeId}`)).body.data
        ?.data.impressions ?? 0;
    // Both banners were served only through this placement's requests that beaconed (the earlier tests sent none).
    expect(await impressionsOf(a.creativeId)).toBe(counted.get(a.liveId) ?? 0);
    expect(await impressionsOf(b.creativeId)).toBe(counted.get(b.liveId) ?? 0);
  });

  it("attributes every event of a VAST placement's answer, and a banner's click, to the creative served and to no other", async () => {
    const made = [];
    for (const name of ['Attributed A', 'Attributed B'])
      made.push(
        await published(campaignID, { name, type: 'VAST', width: 640, height: 360 }, [
          { name: 'main.mp4', bytes: clip },
        ]),
      );
    const { id } = await placement({ items: made.map(({ creativeId }) => ({ creativeId })) });
    const fire = (url: string | undefined) => visit(local(url ?? ''));
    const answered = new Map<string, number>();
    for (let request = 0; request < 8; request++) {
      const { response: vast } = await parseAsPlayer(
        await (await visit(`${server.url}/serve/vast/p/${id}.xml`)).text(),
      );
      const ad = vast.ads[0];
      const linear = ad?.creatives.find((c: { type: string }) => c.type === 'linear');
      await fire(ad?.impressionURLTemplates[0]?.url);
      for (const event of ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'])
        await fire(linear.trackingEvents[event]?.[0]);
      await fire(linear.videoClickTrackingURLTemplates[0]?.url);
      answered.set(linear.adId, (answered.get(linear.adId) ?? 0) + 1);
    }
    // Each live creative's report counts exactly the answers that named it, every event of them.
    for (const { liveId } of made) {
      const times = answered.get(liveId) ?? 0;
      const report = await owner.get<{ totals: Record<string, number> }>(
        `/v1/campaign/reports?${new URLSearchParams({ liveIDs: liveId, ...daysAroundToday(), withVideoData: 'true' })}`,
      );
      expect(report.body.data?.totals, liveId).toMatchObject({
        impressions: times,
        videoStarts: times,
        firstQuartile: times,
        midpoint: times,
        thirdQuartile: times,
        videoCompletes: times,
        clicks: times,
      });
    }
    expect([...answered.values()].reduce((sum, count) => sum + count, 0)).toBe(8);

    // A banner's click through the placement's answer: counted for the banner served.
    const [a, b] = banners as [(typeof banners)[0], (typeof banners)[0]];
    const banner = await placement({ items: [{ creativeId: a.creativeId }, { creativeId: b.creativeId }] });
    const clicksOf = async (creativeId: string) =>
      (await owner.get<{ data: { clicks: number } }>(`/v1/campaign/creative?id=${creativeId}`)).body.data
        ?.data.clicks ?? 0;
    const before = { [a.liveId]: await clicksOf(a.creativeId), [b.liveId]: await clicksOf(b.creativeId) };
    const ad = await served(banner.id);
    await visit(local(ad.events.impression ?? ''), { method: 'POST' });
    const click = await visit(local(ad.clickUrl), { redirect: 'manual' });
    expect(click.status).toBe(302);
    const other = ad.liveID === a.liveId ? b : a;
    const mine = ad.liveID === a.liveId ? a : b;
    expect(await clicksOf(mine.creativeId)).toBe((before[mine.liveId] ?? 0) + 1);
    expect(await clicksOf(other.creativeId)).toBe(before[other.liveId] ?? 0);
  });

  it('optimized: Thompson sampling on the click-through rate read from the counters (not per request)', async () => {
    const [a, b] = banners as [(typeof banners)[0], (typeof banners)[0]];
    const { client: admin } = await signedInAdmin(server);
    const at = '2026-03-01T10:00:00Z';
    const imported = await admin.post('/v1/events/import', {
      events: [
        { liveID: a.liveId, type: 'impression', at, count: 2000 },
        { liveID: a.liveId, type: 'click', at, count: 600 },
        { liveID: b.liveId, type: 'impression', at, count: 2000 },
        { liveID: b.liveId, type: 'click', at, count: 2 },
      ],
    });
    expect(imported.httpStatus, JSON.stringify(imported.body)).toBe(200);
    const { id } = await placement({
      mode: 'optimized',
      items: [{ creativeId: a.creativeId }, { creativeId: b.creativeId }],
    });
    let best = 0;
    for (let request = 0; request < 200; request++) if ((await served(id)).liveID === a.liveId) best += 1;
    // 90 % exploit (A's posterior beats B's every time at these counts) + half of the 10 % exploration.
    expect(best).toBeGreaterThan(170);
    expect(best).toBeLessThan(200);
  });

  it("a VAST placement's answer validates against the IAB schema and parses as a player does, like a single creative's", async () => {
    const one = await published(campaignID, { name: 'Pre-roll 1', type: 'VAST', width: 640, height: 360 }, [
      { name: 'main.mp4', bytes: clip },
    ]);
    const two = await published(campaignID, { name: 'Pre-roll 2', type: 'VAST', width: 640, height: 360 }, [
      { name: 'main.mp4', bytes: clip },
    ]);
    const { id, kind } = await placement({
      mode: 'weighted',
      items: [
        { creativeId: one.creativeId, weight: 1 },
        { creativeId: two.creativeId, weight: 1 },
      ],
    });
    expect(kind).toBe('VAST');
    const adIds = new Set<string>();
    for (let request = 0; request < 8; request++) {
      const xml = await (await visit(`${server.url}/serve/vast/p/${id}.xml?pos=0`)).text();
      await assertValidVast(xml);
      const { response: vast, warnings } = await parseAsPlayer(xml);
      expect(warnings).toEqual([]);
      const adId = vast.ads[0]?.creatives[0]?.adId as string;
      adIds.add(adId);
      // The signed impression names the live creative served.
      expect(vast.ads[0]?.impressionURLTemplates[0]?.url).toContain(`l=${adId}`);
    }
    for (const adId of adIds) expect([one.liveId, two.liveId]).toContain(adId);
    // The VPAID path answers the same creative's document (no VPAID unit: the video alone).
    const vpaid = await (await visit(`${server.url}/serve/vpaid/p/${id}.xml`)).text();
    await assertValidVast(vpaid);
  });

  it("a VPAID placement's answer is the chosen VPAID unit's document: its script MediaFile beside the video, valid VAST", async () => {
    const unit = await published(
      campaignID,
      { name: 'Interactive', type: 'VPAID', width: 640, height: 360 },
      [
        { name: 'main.mp4', bytes: clip },
        { name: 'vpaid.js', bytes: Buffer.from('var getVPAIDAd = function () { return {}; };') },
      ],
    );
    const { id } = await placement({ items: [{ creativeId: unit.creativeId }] });
    const xml = await (await visit(`${server.url}/serve/vpaid/p/${id}.xml?apiframeworks=2`)).text();
    await assertValidVast(xml);
    const { response: vast, warnings } = await parseAsPlayer(xml);
    expect(warnings).toEqual([]);
    const linear = vast.ads[0]?.creatives.find((c: { type: string }) => c.type === 'linear');
    expect(linear.mediaFiles.map((m: { apiFramework: string | null }) => m.apiFramework)).toEqual([
      'VPAID',
      null,
    ]);
    expect(JSON.parse(linear.adParameters.value)).toMatchObject({ liveID: unit.liveId });
  });

  it('unknown placements answer as unknown live creatives: 404 for the ad JSON, the empty VAST', async () => {
    expect((await visit(`${server.url}/serve/ad/p/ffffffffffffffffffffffff.json`)).status).toBe(404);
    expect(await (await visit(`${server.url}/serve/vast/p/ffffffffffffffffffffffff.xml`)).text()).toMatch(
      EMPTY,
    );
    expect(await (await visit(`${server.url}/serve/vast/p/nothing.json`)).text()).toMatch(EMPTY);
  });

  it("a placement whose campaign's flight ended answers like an ended flight", async () => {
    const ended =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Ended', data: PAST })).body.data?.id ??
      '';
    const banner = await published(ended, { name: 'Old', type: 'Banner', width: 300, height: 250 }, [
      { name: 'banner.png', bytes: image },
    ]);
    const video = await published(ended, { name: 'Old video', type: 'VAST', width: 640, height: 360 }, [
      { name: 'main.mp4', bytes: clip },
    ]);
    const bannerPlacement = await placement({ items: [{ creativeId: banner.creativeId }] }, ended);
    const videoPlacement = await placement({ items: [{ creativeId: video.creativeId }] }, ended);
    expect((await visit(`${server.url}/serve/ad/p/${bannerPlacement.id}.json`)).status).toBe(404);
    expect(await (await visit(`${server.url}/serve/vast/p/${videoPlacement.id}.xml`)).text()).toMatch(EMPTY);
  });
});

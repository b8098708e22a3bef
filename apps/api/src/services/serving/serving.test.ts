// Ad serving and event tracking: the served ad's JSON, VAST 4.2 and VPAID checked against the IAB
// schema with xmllint and parsed by vast-client as a player does, signed impressions, replays,
// unknown and removed live creatives, the click redirect through the platform macro, the atomic
// import, and durable group commit into 15-minute rollups.
import { REACH_COOKIE, type ServeRouteContract, servedAdSchema, servingContract } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastifyPath } from '../../routes/serve';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import {
  demoAsset,
  publishedLive,
  signedInAdmin,
  signedInUser,
  visit,
  withoutClickId,
} from '../../test/helpers';
import { assertValidVast, parseAsPlayer } from '../../test/vast-check';
import { readRollups } from '../events/queries/rollups';

const LANDING = 'https://advertiser.example/landing?utm=adconsole';
const GAM_PREFIX = 'https://adclick.g.doubleclick.net/pcs/click?xai=AKAOj&sig=Cg0&adurl=';

describe(`ad serving and events on ${testStoresLabel()}`, () => {
  let server: TestServer;
  let owner: Client;
  let campaignID: string;
  const live: Record<'banner' | 'inBanner' | 'vast' | 'vpaid', string> = {
    banner: '',
    inBanner: '',
    vast: '',
    vpaid: '',
  };
  /** The serving origin (PUBLIC_URL in the answers) swapped for the test server's address. */
  const local = (url: string) => `${server.url}${url.slice(new URL(url).origin.length)}`;

  const creative = (body: Record<string, unknown>, files: { name: string; bytes: Buffer }[]) =>
    publishedLive(
      owner,
      campaignID,
      {
        trackers: {
          click: [{ type: 'redirect', url: LANDING }],
          impression: [{ type: 'pixel', url: 'https://pixel.example/imp' }],
        },
        ...body,
      },
      files,
    );

  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Serving' })).body.data?.id ?? '';
    const [banner, clip, poster] = await Promise.all([
      demoAsset('banner.png'),
      demoAsset('main.mp4'),
      demoAsset('poster.png'),
    ]);
    live.banner = await creative({ name: 'Banner', type: 'Banner', width: 300, height: 250 }, [
      { name: 'banner.png', bytes: banner },
    ]);
    live.inBanner = await creative(
      {
        name: 'In-banner',
        type: 'Banner',
        width: 300,
        height: 250,
        layout: 'in-banner-video',
        settings: [{ key: 'layoutOptions', value: { loop: 'yes', buttons_sizes: 150, ad_duration: 12 } }],
      },
      [
        { name: 'poster.png', bytes: poster },
        { name: 'main.mp4', bytes: clip },
      ],
    );
    live.vast = await creative({ name: 'Pre-roll <&>', type: 'VAST', width: 640, height: 360 }, [
      { name: 'main.mp4', bytes: clip },
    ]);
    live.vpaid = await creative({ name: 'Interactive', type: 'VPAID', width: 640, height: 360 }, [
      { name: 'main.mp4', bytes: clip },
      { name: 'vpaid.js', bytes: Buffer.from('var getVPAIDAd = function () { return {}; };') },
    ]);
  });
  afterAll(() => server.close());

  const totals = async () =>
    (
      await owner.get<{
        data: { impressions: number; engagement: number; clicks: number };
        videoCompletes: number;
      }>(`/v1/campaign/get?campaignID=${campaignID}`)
    ).body.data;

  describe('the served ad (GET /serve/ad/{liveID}.json)', () => {
    it('answers what the runtime renders, with a fresh signed impression, open to every origin, setting only its partitioned reach cookie', async () => {
      const response = await visit(
        `${server.url}/serve/ad/${live.banner}.json?click=${encodeURIComponent(GAM_PREFIX)}`,
        {
          headers: { Origin: 'https://publisher.example' },
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://publisher.example');
      expect(response.headers.getSetCookie()).toEqual([
        expect.stringMatching(new RegExp(`^${REACH_COOKIE}=[A-Za-z0-9_-]{22}; .*; Partitioned$`)),
      ]);
      expect(response.headers.get('content-security-policy')).toBeNull();
      expect(response.headers.get('x-frame-options')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
      const ad = servedAdSchema.parse(await response.json());
      expect(ad).toMatchObject({
        liveID: live.banner,
        type: 'Banner',
        width: 300,
        height: 250,
        landingUrl: LANDING,
        adDuration: 30,
      });
      expect(ad.content).toMatchObject({ kind: 'image', width: 300, height: 250 });
      expect(Object.keys(ad.events).sort()).toEqual(
        [
          'complete',
          'engagement',
          'firstQuartile',
          'impression',
          'midpoint',
          'start',
          'thirdQuartile',
          'viewable',
        ].sort(),
      );
      expect(ad.trackers).toEqual({ impression: [{ type: 'pixel', url: 'https://pixel.example/imp' }] });
      const again = servedAdSchema.parse(
        await (await visit(`${server.url}/serve/ad/${live.banner}.json`)).json(),
      );
      expect(again.impressionID).not.toBe(ad.impressionID);
    });

    it('gives the In-Banner Video layout every option, defaults filled in, and the global ad_duration', async () => {
      const ad = servedAdSchema.parse(
        await (await visit(`${server.url}/serve/ad/${live.inBanner}.json`)).json(),
      );
      expect(ad.layout?.id).toBe('in-banner-video');
      expect(ad.layout?.options).toMatchObject({
        loop: 'yes',
        buttons_sizes: 150,
        video_autoplay: 'yes',
        progress_type: 'Countdown',
      });
      expect(Object.keys(ad.layout?.options ?? {})).toHaveLength(20);
      expect(ad.layout?.assets['main.mp4']).toMatch(/main\.mp4$/);
      expect(ad.adDuration).toBe(12);
    });

    it('answers 404 (JSON) for an unknown id, never a 5xx', async () => {
      for (const id of ['nope', '%00', `${live.banner}.json`, 'x'.repeat(90)]) {
        const response = await visit(`${server.url}/serve/ad/${id}.json`);
        expect(response.status, id).toBe(404);
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
      }
      // Longer than a path parameter may be: the router's own 414.
      expect((await visit(`${server.url}/serve/ad/${'x'.repeat(300)}.json`)).status).toBe(414);
    });
  });

  describe('VAST 4.2 and VPAID', () => {
    it('validates against the IAB 4.2 schema and parses in vast-client with no warning', async () => {
      const response = await visit(
        `${server.url}/serve/vast/${live.vast}.xml?click=${encodeURIComponent(GAM_PREFIX)}&cb=123`,
      );
      expect(response.headers.get('content-type')).toMatch(/application\/xml/);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const xml = await response.text();
      await assertValidVast(xml);
      const { response: vast, warnings } = await parseAsPlayer(xml);
      expect(warnings).toEqual([]);
      const [ad] = vast.ads;
      expect(ad?.title).toBe('Pre-roll <&>');
      expect(ad?.adServingId).toMatch(/^[0-9a-z]+\.[\w-]+$/);
      expect(ad?.impressionURLTemplates.map((t: { url: string }) => t.url)).toEqual([
        expect.stringContaining('/serve/t/impression?'),
        'https://pixel.example/imp',
      ]);
      expect(ad?.errorURLTemplates[0]).toContain('/serve/t/error?');
      // Privacy signals: every tracking URL of ours carries the IAB macros, raw, for the player to expand.
      const signals =
        '&gdpr_consent=[GDPRCONSENT]&regs=[REGULATIONS]&lat=[LIMITADTRACKING]&gpp=[GPPSTRING]&gpp_sid=[GPPSECTIONID]';
      const ours = [...xml.matchAll(/<!\[CDATA\[([^\]]*\/serve\/t\/[^<]*?)\]\]>/g)].map((match) => match[1]);
      expect(ours.length).toBeGreaterThan(10);
      for (const url of ours) expect(url).toMatch(new RegExp(`${signals.replace(/[[\]&]/g, '\\$&')}$`));
      const linear = ad?.creatives.find((c: { type: string }) => c.type === 'linear');
      expect(linear.duration).toBe(6);
      expect(linear.universalAdIds[0]).toMatchObject({ idRegistry: 'adconsole', value: live.vast });
      expect(linear.mediaFiles).toEqual([
        expect.objectContaining({
          deliveryType: 'progressive',
          mimeType: 'video/mp4',
          width: 640,
          height: 360,
          bitrate: expect.any(Number),
        }),
      ]);
      expect(Object.keys(linear.trackingEvents).sort()).toEqual(
        [
          'closeLinear',
          'complete',
          'creativeView',
          'firstQuartile',
          'loaded',
          'midpoint',
          'mute',
          'otherAdInteraction',
          'pause',
          'resume',
          'skip',
          'start',
          'thirdQuartile',
          'unmute',
        ].sort(),
      );
      // The click-through goes through the platform's click macro to the landing page.
      // It is our signed click redirect (the click id, docs/conversions.md), which carries the prefix (c=).
      expect(linear.videoClickThroughURLTemplate.url).toContain(`/serve/click/${live.vast}?`);
      expect(new URL(linear.videoClickThroughURLTemplate.url).searchParams.get('c')).toBe(GAM_PREFIX);
      expect(linear.videoClickTrackingURLTemplates[0].url).toContain('/serve/t/click?');
    });

    it('VPAID adds the JavaScript MediaFile (apiFramework VPAID, AdParameters) beside the plain video', async () => {
      const xml = await (await visit(`${server.url}/serve/vpaid/${live.vpaid}.xml`)).text();
      await assertValidVast(xml);
      const { response: vast, warnings } = await parseAsPlayer(xml);
      expect(warnings).toEqual([]);
      const linear = vast.ads[0]?.creatives.find((c: { type: string }) => c.type === 'linear');
      expect(
        linear.mediaFiles.map((m: { apiFramework: string | null; mimeType: string }) => [
          m.apiFramework,
          m.mimeType,
        ]),
      ).toEqual([
        ['VPAID', 'application/javascript'],
        [null, 'video/mp4'],
      ]);
      expect(JSON.parse(linear.adParameters.value)).toMatchObject({
        liveID: live.vpaid,
        videos: [{ mimetype: 'video/mp4' }],
      });
      const script = await visit(local(linear.mediaFiles[0].fileURL));
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect(script.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('answers an empty <VAST version="4.2"/> with 200 for unknown, removed or non-video live creatives', async () => {
      for (const url of [
        `/serve/vast/nope.xml`,
        `/serve/vpaid/${'%25'}.xml`,
        `/serve/vast/${live.banner}.xml`,
      ]) {
        const response = await visit(`${server.url}${url}`);
        expect(response.status, url).toBe(200);
        const xml = await response.text();
        expect(xml).toMatch(/<VAST version="4.2" xmlns="http:\/\/www.iab.com\/VAST"\/>/);
        await assertValidVast(xml);
      }
    });
  });

  describe('tracking', () => {
    const served = async (liveId: string) =>
      servedAdSchema.parse(
        await (
          await visit(`${server.url}/serve/ad/${liveId}.json?click=${encodeURIComponent(GAM_PREFIX)}`)
        ).json(),
      );

    /** The events the routes hand to the writer or the log while `work` runs (a known repeat is not). */
    const written = async (work: () => Promise<void>) => {
      const events = server.app.adconsole.events;
      const { record } = events;
      const types: string[] = [];
      events.record = (event) => {
        types.push(event.type);
        return record(event);
      };
      await work().finally(() => {
        events.record = record;
      });
      return types;
    };

    it('counts a signed event once: a replayed beacon is not a second impression, nor a second write', async () => {
      const before = await totals();
      const ad = await served(live.banner);
      const types = await written(async () => {
        const beacon = await visit(local(ad.events.impression ?? ''), { method: 'POST' });
        expect(beacon.status).toBe(204);
        expect(beacon.headers.get('access-control-allow-origin')).toBe('*');
        // Acknowledged only after its batch is committed: the count is there already.
        expect((await totals())?.data.impressions).toBe((before?.data.impressions ?? 0) + 1);
        const pixel = await visit(local(ad.events.impression ?? ''));
        expect(pixel.headers.get('content-type')).toBe('image/gif');
        await visit(local(ad.events.impression ?? ''), { method: 'POST' });
        expect((await totals())?.data.impressions).toBe((before?.data.impressions ?? 0) + 1);
        await visit(local(ad.events.engagement ?? ''), { method: 'POST' });
      });
      expect((await totals())?.data.engagement).toBe((before?.data.engagement ?? 0) + 1);
      // The repeats were answered from this process's memory of durable events (durable-events.ts).
      expect(types).toEqual(['impression', 'engagement']);
    });

    it('attack: the breakdown values moved into the impression id (i=<id>|d:<dims>, no d=) are not a second impression, nor a second click', async () => {
      const before = await totals();
      const ad = await served(live.banner);
      const counted = new URL(local(ad.events.impression ?? ''));
      const dims = counted.searchParams.get('d') ?? '';
      expect(dims).not.toBe('');
      const moved = (url: URL) => {
        const copy = new URL(url);
        copy.searchParams.set('i', `${url.searchParams.get('i')}|d:${dims}`);
        copy.searchParams.delete('d');
        return copy;
      };
      for (const url of [counted, moved(counted)]) await visit(url, { method: 'POST' });
      const click = new URL(local(ad.clickUrl));
      for (const url of [click, moved(click)]) await visit(url, { redirect: 'manual' });
      const after = await totals();
      expect(after?.data.impressions).toBe((before?.data.impressions ?? 0) + 1);
      expect(after?.data.clicks).toBe((before?.data.clicks ?? 0) + 1);
    });

    it('does not count an event whose signature does not verify, or of another live creative, or of an unknown type', async () => {
      const before = await totals();
      const ad = await served(live.banner);
      const url = new URL(local(ad.events.impression ?? ''));
      const forged = new URL(url);
      forged.searchParams.set('s', 'A'.repeat(22));
      const moved = new URL(url);
      moved.searchParams.set('l', live.inBanner);
      const invented = new URL(url);
      invented.searchParams.set('i', `${Math.floor(Date.now() / 1000).toString(36)}.invented`);
      for (const attempt of [
        forged,
        moved,
        invented,
        new URL(url.href.replace('/t/impression', '/t/sale')),
      ]) {
        const response = await visit(attempt, { method: 'POST' });
        expect(response.status).toBe(204);
      }
      expect((await totals())?.data.impressions).toBe(before?.data.impressions);
    });

    it('counts video events and the VAST click tracking; completes show as videoCompletes', async () => {
      const before = await totals();
      const { response: vast } = await parseAsPlayer(
        await (await visit(`${server.url}/serve/vast/${live.vast}.xml`)).text(),
      );
      const linear = vast.ads[0]?.creatives.find((c: { type: string }) => c.type === 'linear');
      // As a player does: the impression first, then the video's events.
      await visit(local(vast.ads[0]?.impressionURLTemplates[0]?.url ?? ''));
      for (const event of ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete']) {
        await visit(local(linear.trackingEvents[event][0]));
      }
      await visit(local(linear.videoClickTrackingURLTemplates[0].url));
      const after = await totals();
      expect(after?.videoCompletes).toBe((before?.videoCompletes ?? 0) + 1);
      expect(after?.data.clicks).toBe((before?.data.clicks ?? 0) + 1);
    });

    it('the click redirect counts once and sends the browser to the landing page through the platform macro', async () => {
      const before = await totals();
      const ad = await served(live.banner);
      // A click counts after its impression (the runtime beacons it when the ad renders).
      await visit(local(ad.events.impression ?? ''), { method: 'POST' });
      const first = await visit(local(ad.clickUrl), { redirect: 'manual' });
      expect(first.status).toBe(302);
      // Written straight to the response (http/serving-body.ts): never stored, no body, open to any page.
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(first.headers.get('content-length')).toBe('0');
      expect(first.headers.get('access-control-allow-origin')).toBe('*');
      expect(withoutClickId(first.headers.get('location') ?? '')).toBe(
        `${GAM_PREFIX}${encodeURIComponent(LANDING)}`,
      );
      const again = await written(async () => {
        const second = await visit(local(ad.clickUrl), { redirect: 'manual' });
        // A repeated click still reaches the landing page with a click id; its event is not written again.
        expect(withoutClickId(second.headers.get('location') ?? '')).toBe(
          `${GAM_PREFIX}${encodeURIComponent(LANDING)}`,
        );
      });
      expect(again).toEqual([]);
      expect((await totals())?.data.clicks).toBe((before?.data.clicks ?? 0) + 1);
      // A prefix swapped in after signing is not followed: the browser goes straight to the landing page.
      const swapped = new URL(local(ad.clickUrl));
      swapped.searchParams.set('c', 'https://evil.example/?to=');
      const redirected = await visit(swapped, { redirect: 'manual' });
      expect(redirected.headers.get('location')).toBe(LANDING);
    });

    it("a HEAD (a mail's link scanner, an unfurler, a prefetch) counts nothing: the impression and the click stay the person's to count", async () => {
      const before = await totals();
      const ad = await served(live.banner);
      const scannedPixel = await visit(local(ad.events.impression ?? ''), { method: 'HEAD' });
      expect(scannedPixel.status).toBe(200);
      expect(scannedPixel.headers.get('content-type')).toBe('image/gif');
      expect((await totals())?.data.impressions).toBe(before?.data.impressions);
      await visit(local(ad.events.impression ?? ''), { method: 'POST' });
      expect((await totals())?.data.impressions).toBe((before?.data.impressions ?? 0) + 1);
      // The scanner is sent to the landing page alone: not through the platform's click tracker (which
      // would count it there), and with no click id (nothing was counted to attribute a conversion to).
      const scannedClick = await visit(local(ad.clickUrl), { method: 'HEAD', redirect: 'manual' });
      expect(scannedClick.status).toBe(302);
      expect(scannedClick.headers.get('location')).toBe(LANDING);
      expect((await totals())?.data.clicks).toBe(before?.data.clicks);
      const clicked = await visit(local(ad.clickUrl), { redirect: 'manual' });
      expect(withoutClickId(clicked.headers.get('location') ?? '')).toBe(
        `${GAM_PREFIX}${encodeURIComponent(LANDING)}`,
      );
      expect((await totals())?.data.clicks).toBe((before?.data.clicks ?? 0) + 1);
    });

    it('a removed live creative stops serving: 404 JSON, empty VAST, tracking 204 uncounted', async () => {
      const removable = await creative({ name: 'Short-lived', type: 'Banner', width: 300, height: 250 }, [
        { name: 'banner.png', bytes: await demoAsset('banner.png') },
      ]);
      const ad = await served(removable);
      expect((await owner.delete(`/v1/campaign/creatives/live?id=${removable}`)).httpStatus).toBe(200);
      const before = await totals();
      expect((await visit(`${server.url}/serve/ad/${removable}.json`)).status).toBe(404);
      expect((await visit(local(ad.events.impression ?? ''), { method: 'POST' })).status).toBe(204);
      expect((await totals())?.data.impressions).toBe(before?.data.impressions);
    });

    it('group commit: 400 parallel beacons are written in a few batches, every one counted before it is answered', async () => {
      const before = await totals();
      const ads = await Promise.all(Array.from({ length: 400 }, () => served(live.inBanner)));
      const writer = server.app.adconsole.events.writer;
      const batches = writer.stats.batches;
      await Promise.all(ads.map((ad) => visit(local(ad.events.impression ?? ''), { method: 'POST' })));
      expect((await totals())?.data.impressions).toBe((before?.data.impressions ?? 0) + 400);
      expect(writer.stats.batches - batches).toBeLessThan(40);
    });
  });

  describe('POST /v1/events/import (admins)', () => {
    let admin: Client;
    beforeAll(async () => {
      admin = (await signedInAdmin(server)).client;
    });

    it('imports history atomically into raw events and 15-minute rollups', async () => {
      const before = await totals();
      const imported = await admin.post<{ imported: number }>('/v1/events/import', {
        events: [
          { liveID: live.banner, type: 'impression', at: '2026-03-01T10:14:59+01:00', count: 100 },
          { liveID: live.banner, type: 'impression', at: '2026-03-01T09:15:00Z', count: 50 },
          { liveID: live.banner, type: 'click', at: '2026-03-01T09:20:00.000Z' },
        ],
      });
      expect(imported.body.data).toEqual({ imported: 3 });
      const after = await totals();
      expect(after?.data.impressions).toBe((before?.data.impressions ?? 0) + 150);
      expect(after?.data.clicks).toBe((before?.data.clicks ?? 0) + 1);
      const rollups = await readRollups(
        server.app.adconsole.events.store,
        [live.banner],
        new Date('2026-03-01T09:00:00Z'),
        new Date('2026-03-01T09:30:00Z'),
      );
      expect(rollups.map((row) => [row.bucket.toISOString(), row.impressions, row.clicks])).toEqual([
        ['2026-03-01T09:00:00.000Z', 100, 0],
        ['2026-03-01T09:15:00.000Z', 50, 1],
      ]);
    });

    it('refuses a bad row with 400 naming it, and writes nothing of the batch', async () => {
      const before = await totals();
      const good = { liveID: live.banner, type: 'impression', at: '2026-03-02T10:00:00Z', count: 5 };
      for (const [bad, message] of [
        [{ ...good, type: 'sale' }, /events\.1\.type/],
        [{ ...good, at: '2026-03-02 10:00' }, /events\.1\.at/],
        [{ ...good, count: 0 }, /events\.1\.count/],
        [{ ...good, liveID: 'unknown-live' }, /events\.1\.liveID: there is no live creative unknown-live/],
      ] as const) {
        const answer = await admin.post('/v1/events/import', { events: [good, bad, good] });
        expect(answer.httpStatus).toBe(400);
        expect(answer.body.message).toMatch(message);
      }
      expect((await totals())?.data.impressions).toBe(before?.data.impressions);
      expect((await owner.post('/v1/events/import', { events: [good] })).httpStatus).toBe(403);
    });

    it('takes up to 100,000 rows in one call', async () => {
      const before = await totals();
      const events = Array.from({ length: 100_000 }, (_, index) => ({
        liveID: live.vast,
        type: 'impression',
        at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      }));
      const answer = await admin.post<{ imported: number }>('/v1/events/import', { events });
      expect(answer.body.data).toEqual({ imported: 100_000 });
      expect((await totals())?.data.impressions).toBe((before?.data.impressions ?? 0) + 100_000);
      const tooMany = await admin.post('/v1/events/import', { events: [...events, events[0]] });
      expect(tooMany.httpStatus).toBe(400);
      // 100,000 rows written in one transaction: ~7 s on PGlite on a quiet machine, 40 s when loaded.
    }, 180_000);
  });

  it('serves init.js and video.js, the built ad runtime (pnpm build), each revalidated by its ETag', async () => {
    const etags: string[] = [];
    // init.js, and the In-Banner Video part it loads for an ad with that layout (the player's buttons).
    for (const [file, content] of [
      ['init.js', 'adconsole-ad'],
      ['video.js', 'aria-label'],
    ] as const) {
      const response = await visit(`${server.url}/serve/${file}`);
      expect(response.status, 'build the packages first: pnpm build').toBe(200);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const body = await response.text();
      expect(body, file).toContain(content);
      const etag = response.headers.get('etag') ?? '';
      etags.push(etag);
      expect(
        (await visit(`${server.url}/serve/${file}`, { headers: { 'If-None-Match': etag } })).status,
      ).toBe(304);
    }
    expect(new Set(etags).size).toBe(2);
  });

  it("declares every serving route once, in the domain's serving contract: each is served and documented in /api/openapi.json", async () => {
    type Operation = {
      operationId: string;
      tags: string[];
      parameters?: { name: string; in: string }[];
      responses: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }>;
    };
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const entries = Object.entries(servingContract) as [string, ServeRouteContract][];
    const documented = Object.entries(document.paths)
      .filter(([pathname]) => pathname.startsWith('/serve/'))
      .flatMap(([pathname, operations]) =>
        Object.keys(operations).map((m) => `${m.toUpperCase()} ${pathname}`),
      );
    expect(documented.sort()).toEqual(entries.map(([, entry]) => `${entry.method} ${entry.path}`).sort());
    for (const [name, entry] of entries) {
      expect(server.app.hasRoute({ method: entry.method, url: fastifyPath(entry) }), name).toBe(true);
      const operation = document.paths[entry.path]?.[entry.method.toLowerCase()];
      expect(operation?.operationId, name).toBe(entry.operationId);
      expect(operation?.tags, name).toEqual(['Ad serving']);
      expect(Object.keys(operation?.responses ?? {}).sort(), name).toEqual(Object.keys(entry.answers).sort());
      expect(operation?.parameters?.map((parameter) => parameter.name) ?? [], name).toEqual(
        [entry.params, entry.query, entry.headers].flatMap((schema) => Object.keys(schema?.shape ?? {})),
      );
    }
    const served = document.paths['/serve/ad/{file}']?.get?.responses['200']?.content?.['application/json'];
    expect(Object.keys(served?.schema?.properties ?? {})).toEqual(Object.keys(servedAdSchema.shape));
  });
});

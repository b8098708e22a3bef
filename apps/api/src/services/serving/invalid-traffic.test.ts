// Figures an advertiser can bill from, over real HTTP: the security review's inflation loop, bots and
// data-centre traffic, server-side ad insertion and the integrity rules, each stored as invalid traffic
// with its reason and never in a report's figures, downloads, share page, dashboard or counters; and
// every event received is either valid or invalid, none lost. The server runs with a rate limit of one
// ad request a minute per client and live creative, and trusts 3.5.140.0/24 (an AWS range) as an SSAI
// proxy. Client addresses come through the harness's trusted proxy (X-Forwarded-For).
import {
  type InvalidTraffic,
  type ReportData,
  reportDataSchema,
  servedAdSchema,
  VIDEO_EVENT_TYPES,
} from '@adconsole/domain';
import { VASTParser } from '@dailymotion/vast-client';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import {
  BROWSER_USER_AGENT,
  daysAroundToday,
  demoAsset,
  publishedLive,
  signedInUser,
  visit,
  visitorAddress,
} from '../../test/helpers';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.6478.126 Safari/537.36';
/** A Deutsche Telekom broadband address, and an AWS one (a data centre). */
const HOME = '79.192.7.7';
const AWS = '52.94.236.248';
const SSAI_PROXY = '3.5.140.2';

/** The sum of every counter of the figures (valid events of every type). */
const validEvents = (totals: ReportData['totals']) =>
  totals.impressions +
  totals.viewable +
  totals.engagement +
  totals.clicks +
  (totals.videoStarts ?? 0) +
  (totals.firstQuartile ?? 0) +
  (totals.midpoint ?? 0) +
  (totals.thirdQuartile ?? 0) +
  (totals.videoCompletes ?? 0);

const reasonsOf = (invalid: InvalidTraffic) =>
  Object.fromEntries(invalid.byReason.map((row) => [row.reason, [row.impressions, row.clicks, row.events]]));

describe(`invalid traffic is stored, never counted (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let banner: Buffer;
  let clip: Buffer;
  /** A campaign of its own for each test, with a banner (and a VAST pre-roll when asked). */
  const campaign = async (name: string) => {
    const id = (await owner.post<{ id: string }>('/v1/campaign/new', { name })).body.data?.id ?? '';
    const bannerLive = await publishedLive(
      owner,
      id,
      { name: 'Banner', type: 'Banner', width: 300, height: 250 },
      [{ name: 'banner.png', bytes: banner }],
    );
    const vastLive = await publishedLive(
      owner,
      id,
      { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: clip }],
    );
    return { id, banner: bannerLive, vast: vastLive };
  };
  const report = async (campaignID: string) => {
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday(), withVideoData: 'true' })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };
  /** The serving origin in the answers swapped for the test server's address. */
  const local = (url: string) => `${server.url}${url.slice(new URL(url).origin.length)}`;
  /** One client's requests: a fixed address and user agent (or none), as a loop or a bot sends them. */
  const as =
    (headers: Record<string, string>) =>
    (url: string, init: RequestInit = {}) =>
      fetch(local(url), { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  const servedTo = async (send: ReturnType<typeof as>, liveId: string) =>
    servedAdSchema.parse(await (await send(`${server.url}/serve/ad/${liveId}.json`)).json());

  beforeAll(async () => {
    // The rate rule counts per clock minute: its clock is pinned, so a loop that runs across a minute's
    // end on a slow machine is still one minute (a loaded CI run once counted 2 impressions).
    const minute = Date.now();
    server = await startServer(
      { SERVE_RATE_LIMIT: '1', SSAI_PROXIES: '3.5.140.0/24' },
      { clock: () => minute },
    );
    owner = (await signedInUser(server)).client;
    [banner, clip] = await Promise.all([demoAsset('banner.png'), demoAsset('main.mp4')]);
  });
  afterAll(() => server.close());

  it("the review's inflation loop (40 ad requests, each beaconed and clicked, from one client) counts one impression and nothing else; the rest is invalid `rate`", async () => {
    const mine = await campaign('Inflation loop');
    const loop = as({ 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': HOME });
    for (let round = 0; round < 40; round += 1) {
      const ad = await servedTo(loop, mine.banner);
      await loop(ad.events.impression ?? '', { method: 'POST' });
      await loop(ad.clickUrl, { redirect: 'manual' });
      await loop(ad.events.engagement ?? '', { method: 'POST' });
      // A banner without a video layout never plays video: its completes are not even possible.
      await loop(ad.events.complete ?? '', { method: 'POST' });
    }
    const figures = await report(mine.id);
    expect(figures.totals).toMatchObject({ impressions: 1, clicks: 1, engagement: 1, videoCompletes: 0 });
    expect(reasonsOf(figures.invalid)).toEqual({ rate: [39, 39, 39 * 4], mismatch: [0, 0, 1] });
    // Valid and invalid together are every event received.
    expect(validEvents(figures.totals) + figures.invalid.total).toBe(40 * 4);
    const counters = await owner.get<{ data: { impressions: number; clicks: number } }>(
      `/v1/campaign/get?campaignID=${mine.id}`,
    );
    expect(counters.body.data?.data).toMatchObject({ impressions: 1, clicks: 1 });
  });

  it('bots, headless browsers, requests without a user agent and data-centre addresses are served, but appear only under invalid', async () => {
    const mine = await campaign('Bots and data centres');
    const clients = {
      googlebot: as({ 'User-Agent': GOOGLEBOT, 'X-Forwarded-For': visitorAddress() }),
      curl: as({ 'User-Agent': 'curl/8.4.0', 'X-Forwarded-For': visitorAddress() }),
      headless: as({ 'User-Agent': HEADLESS, 'X-Forwarded-For': visitorAddress() }),
      anonymous: as({ 'User-Agent': '', 'X-Forwarded-For': visitorAddress() }),
      cloud: as({ 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': AWS }),
    };
    for (const send of Object.values(clients)) {
      const response = await send(`${server.url}/serve/ad/${mine.banner}.json`);
      // Served as to anyone: a page never breaks for being judged.
      expect(response.status).toBe(200);
      const ad = servedAdSchema.parse(await response.json());
      await send(ad.events.impression ?? '', { method: 'POST' });
      await send(ad.clickUrl, { redirect: 'manual' });
    }
    for (let person = 0; person < 3; person += 1) {
      const ad = servedAdSchema.parse(
        await (await visit(`${server.url}/serve/ad/${mine.banner}.json`)).json(),
      );
      await visit(local(ad.events.impression ?? ''), { method: 'POST' });
    }
    const figures = await report(mine.id);
    expect(figures.totals).toMatchObject({ impressions: 3, clicks: 0 });
    expect(reasonsOf(figures.invalid)).toEqual({
      bot: [2, 2, 4],
      headless: [1, 1, 2],
      'no-user-agent': [1, 1, 2],
      'data-centre': [1, 1, 2],
    });
    expect(figures.invalid.byReason.find((row) => row.reason === 'data-centre')?.label).toBe(
      'Data-centre or hosting address',
    );
    expect(validEvents(figures.totals) + figures.invalid.total).toBe(5 * 2 + 3);

    // The share page, the CSV and the dashboard read the same: invalid traffic only in its own place.
    const token =
      (await owner.post<{ token: string }>('/v1/campaign/newToken', { campaignID: mine.id })).body.data
        ?.token ?? '';
    const shared = reportDataSchema.parse(
      (
        await new Client(server.url).get(
          `/share/reports?${new URLSearchParams({ sharedToken: token, ...daysAroundToday() })}`,
        )
      ).body.data,
    );
    expect(shared.totals.impressions).toBe(3);
    expect(shared.invalid).toEqual(figures.invalid);
    const file = (
      await owner.get<{ file: string }>(
        `/v1/campaign/reports?${new URLSearchParams({ campaignID: mine.id, ...daysAroundToday(), type: 'csv' })}`,
      )
    ).body.data?.file;
    const csv = await (
      await fetch(`${server.url}/api/uploads/${file}`, { headers: { Cookie: owner.cookie ?? '' } })
    ).text();
    // The figures' table (the tables after it, the ad requests not served among them, have their own rows).
    const [head, ...rows] = (csv.replace(/^\ufeff/, '').split('\r\n\r\n')[0] ?? '').trim().split('\r\n');
    const columns = head?.split(',') ?? [];
    const sum = (name: string) =>
      rows.reduce((total, row) => total + Number(row.split(',')[columns.indexOf(name)]), 0);
    expect(sum('Impressions')).toBe(3);
    expect(sum('Filtered impressions (invalid traffic)')).toBe(5);
    expect(sum('Filtered clicks (invalid traffic)')).toBe(5);
  });

  it("a HEAD of an ad request (a link checker, an unfurler) spends none of the client's ad requests: the person's GET after it counts", async () => {
    const mine = await campaign('Checked links');
    const person = as({ 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': visitorAddress() });
    for (const url of [`/serve/ad/${mine.banner}.json`, `/serve/vast/${mine.vast}.xml`]) {
      for (let round = 0; round < 3; round += 1) {
        const head = await person(`${server.url}${url}`, { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(await head.text()).toBe('');
      }
    }
    // SERVE_RATE_LIMIT is 1 here: had the HEADs counted, this GET would be the fourth and carry `rate`.
    const ad = await servedTo(person, mine.banner);
    await person(ad.events.impression ?? '', { method: 'POST' });
    const figures = await report(mine.id);
    expect(figures.totals).toMatchObject({ impressions: 1 });
    expect(figures.invalid.total).toBe(0);
  });

  it('server-side ad insertion: the viewer behind a listed SSAI proxy counts; the same headers from an unlisted data centre do not', async () => {
    const mine = await campaign('Stitched CTV');
    const viewer = { 'X-Device-IP': HOME, 'X-Device-User-Agent': 'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.5)' };
    const stitch = async (send: ReturnType<typeof as>) => {
      const xml = await (await send(`${server.url}/serve/vast/${mine.vast}.xml`)).text();
      const parsed = await new VASTParser().parseVAST(
        new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document,
      );
      const ad = parsed.ads[0];
      const linear = ad?.creatives.find((c: { type: string }) => c.type === 'linear');
      await send(ad?.impressionURLTemplates[0]?.url ?? '');
      for (const event of VIDEO_EVENT_TYPES) await send(linear.trackingEvents[event][0]);
    };
    // Listed: judged as its viewer (the stitcher's own user agent and address do not matter).
    await stitch(as({ 'User-Agent': 'stitcher/1.0', 'X-Forwarded-For': SSAI_PROXY, ...viewer }));
    // Unlisted: judged as itself, a browser-like client in a data centre (its headers ignored).
    await stitch(as({ 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': AWS, ...viewer }));
    const figures = await report(mine.id);
    expect(figures.totals).toMatchObject({ impressions: 1, videoStarts: 1, videoCompletes: 1 });
    expect(reasonsOf(figures.invalid)).toEqual({ 'data-centre': [1, 0, 6] });
  });

  it('event integrity: a click without its impression, a complete without its start and a prefetched beacon are stored invalid, never counted', async () => {
    const mine = await campaign('Integrity');
    // A click on an ad whose impression never came (a forged click on a fetched ad).
    const clicked = servedAdSchema.parse(
      await (await visit(`${server.url}/serve/ad/${mine.banner}.json`)).json(),
    );
    await visit(local(clicked.clickUrl), { redirect: 'manual' });
    // A prefetched beacon (the browser's speculation, nobody saw it).
    const prefetched = servedAdSchema.parse(
      await (await visit(`${server.url}/serve/ad/${mine.banner}.json`)).json(),
    );
    await visit(local(prefetched.events.impression ?? ''), {
      method: 'POST',
      headers: { 'Sec-Purpose': 'prefetch' },
    });
    // A player that reports completes without ever starting, then one that plays properly.
    const vast = async () => {
      const xml = await (await visit(`${server.url}/serve/vast/${mine.vast}.xml`)).text();
      const parsed = await new VASTParser().parseVAST(
        new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document,
      );
      const ad = parsed.ads[0];
      return { ad, linear: ad?.creatives.find((c: { type: string }) => c.type === 'linear') };
    };
    const skipper = await vast();
    await visit(local(skipper.ad?.impressionURLTemplates[0]?.url ?? ''));
    await visit(local(skipper.linear.trackingEvents.complete[0]));
    const player = await vast();
    await visit(local(player.ad?.impressionURLTemplates[0]?.url ?? ''));
    for (const event of VIDEO_EVENT_TYPES) await visit(local(player.linear.trackingEvents[event][0]));

    const figures = await report(mine.id);
    expect(figures.totals).toMatchObject({
      impressions: 2,
      clicks: 0,
      videoStarts: 1,
      videoCompletes: 1,
    });
    expect(reasonsOf(figures.invalid)).toEqual({ sequence: [0, 1, 2], prefetch: [1, 0, 1] });
    expect(validEvents(figures.totals) + figures.invalid.total).toBe(1 + 1 + 2 + 1 + 5);
  });
});

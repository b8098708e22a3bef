// The gate's integrity (docs/serving.md, "The gate"), over real HTTP on both databases: invalid traffic
// never spends an even delivery's budget (300 bot requests, then 20 browsers served as on a campaign
// the bots never saw) and is counted apart; one address (whatever device ids it sends) and one device
// take at most their share of a period's budget;
// 20 simultaneous requests of one device under a cap of 3 serve 3 (the history appended under the row's
// lock, not replaced); a placeholder device id is never a device and is counted; made-up ids from a
// script write no row, a browser's are swept after the longest cap window; a blocked Referer refuses
// whatever site the tag claims, and the claim is counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDeviceHistories } from '../../db/queries/frequency-devices';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { BROWSER_USER_AGENT, demoAsset, publishedLive, signedInUser } from '../../test/helpers';
import { usAddress as address, deviceId, inWaves, rulesWorld } from '../../test/rules-world';
import { sweepDeviceHistories } from './device-histories';

const CURL = 'curl/8.5.0';
const DAY_MS = 86_400_000;

describe(`the gate's integrity (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;
  let clip: Buffer;
  const noon = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
  let now = noon;

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' }, { clock: () => now, random: () => 0.5 });
    owner = (await signedInUser(server)).client;
    [image, clip] = await Promise.all([demoAsset('banner.png'), demoAsset('main.mp4')]);
  });
  afterAll(() => server.close());

  const { newCampaign, banner, setRules, evenCampaign, notServed } = rulesWorld(() => ({
    server,
    owner,
    image,
  }));

  const ad = async (liveId: string, headers: Record<string, string>, query = '') =>
    (await fetch(`${server.url}/serve/ad/${liveId}.json${query}`, { headers })).status === 200;
  const browser = (index: number) => ({
    'User-Agent': BROWSER_USER_AGENT,
    'X-Forwarded-For': address(index),
  });

  it("invalid traffic never spends an even delivery's budget: 300 bot requests, then 20 browsers served as on a campaign without the bots", async () => {
    const flooded = await evenCampaign('Flooded');
    const quiet = await evenCampaign('Quiet');
    const bots = await inWaves(300, 30, (index) =>
      ad(flooded.live, { 'User-Agent': CURL, 'X-Forwarded-For': address(index) }),
    );
    // The bots are answered as any request (the page needs an answer), and counted apart.
    expect(bots.filter(Boolean)).toHaveLength(300);
    const served = async (live: string) =>
      (await inWaves(20, 10, (index) => ad(live, browser(1000 + index)))).filter(Boolean).length;
    const [afterBots, withoutBots] = [await served(flooded.live), await served(quiet.live)];
    expect(afterBots).toBe(20);
    expect(Math.abs(afterBots - withoutBots)).toBeLessThanOrEqual(1);
    expect(await notServed(flooded.campaignID)).toMatchObject({
      adRequests: 320,
      adsServed: 20,
      adsServedInvalid: 300,
      notServedThrottled: 0,
    });
  });

  it("one address takes at most its share of a period's budget: a browser-looking flood from one address gets 2 of 23", async () => {
    const { campaignID, live } = await evenCampaign('One address');
    const flood = await inWaves(100, 20, () => ad(live, browser(7)));
    expect(flood.filter(Boolean)).toHaveLength(2);
    // A new user agent a request makes no new client: the address is the key.
    expect(
      await ad(live, { 'User-Agent': `${BROWSER_USER_AGENT} Variant/1`, 'X-Forwarded-For': address(7) }),
    ).toBe(false);
    // Everyone else still gets the budget the flood left.
    expect((await inWaves(20, 10, (index) => ad(live, browser(2000 + index)))).filter(Boolean)).toHaveLength(
      20,
    );
    expect(await notServed(campaignID)).toMatchObject({ adsServed: 22, notServedThrottled: 99 });
  });

  it('a new device id a request makes no new client: one address sending made-up ids gets its share, 2 of 23', async () => {
    const { campaignID, live } = await evenCampaign('One address, many ids');
    const flood = await inWaves(100, 20, (index) =>
      ad(live, browser(9), `?ifa=${encodeURIComponent(deviceId(5000 + index))}`),
    );
    expect(flood.filter(Boolean)).toHaveLength(2);
    // Other addresses, with ids or without, are served from what the flood left.
    const others = await inWaves(20, 10, (index) =>
      ad(live, browser(3000 + index), index % 2 === 0 ? `?ifa=${deviceId(6000 + index)}` : ''),
    );
    expect(others.filter(Boolean)).toHaveLength(20);
    expect(await notServed(campaignID)).toMatchObject({ adsServed: 22, notServedThrottled: 98 });
  });

  const inApp = async (name: string, rules: Record<string, unknown>) => {
    const campaignID = await newCampaign(name);
    const vast = await publishedLive(owner, campaignID, { name, type: 'VAST', width: 640, height: 360 }, [
      { name: 'main.mp4', bytes: clip },
    ]);
    await setRules(campaignID, rules);
    /** A VAST request of an app's player (no cookie jar) with this device id; whether it got an ad. */
    const played = async (ifa: string, userAgent = BROWSER_USER_AGENT, index = 1) => {
      const response = await fetch(
        `${server.url}/serve/vast/${vast}.xml?nocookie=1&ifa=${encodeURIComponent(ifa)}`,
        { headers: { 'User-Agent': userAgent, 'X-Forwarded-For': address(index) } },
      );
      return (await response.text()).includes('<InLine>');
    };
    return { campaignID, played };
  };

  it('a burst beats no device cap: 20 simultaneous requests of one device under a cap of 3 a day serve 3', async () => {
    const { campaignID, played } = await inApp('Burst', { frequencyCaps: [{ count: 3, period: 'day' }] });
    const device = deviceId(1);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, index) => played(device, BROWSER_USER_AGENT, index)),
    );
    expect(burst.filter(Boolean)).toHaveLength(3);
    // A second burst of the same device gets nothing more; one row holds the device.
    expect((await Promise.all(Array.from({ length: 10 }, () => played(device)))).some(Boolean)).toBe(false);
    expect(await notServed(campaignID)).toMatchObject({ adsServed: 3, notServedFrequency: 27 });
    const rows = await server.db.query<{ history: string }>('select history from frequency_devices');
    expect(rows.filter((row) => row.history !== '')).toHaveLength(1);
  });

  it("the cookie path cannot be locked: 20 simultaneous requests carrying one browser's history of 2 ads (cap 3) are each served; the next, carrying any answer's cookie, is not", async () => {
    const campaignID = await newCampaign('Cookie burst');
    const live = await banner(campaignID);
    await setRules(campaignID, { frequencyCaps: [{ count: 3, period: 'day' }] });
    const asked = async (cookie?: string) => {
      const response = await fetch(`${server.url}/serve/ad/${live}.json`, {
        headers: { ...browser(9), ...(cookie ? { Cookie: cookie } : {}) },
      });
      await response.arrayBuffer();
      const set = response.headers.getSetCookie().find((header) => header.startsWith('adc_fc='));
      return { served: response.status === 200, cookie: set?.split(';')[0] ?? cookie };
    };
    let cookie = (await asked()).cookie;
    cookie = (await asked(cookie)).cookie;
    const burst = await Promise.all(Array.from({ length: 20 }, () => asked(cookie)));
    // The history travels with the browser: each request read the same 2 ads, so each was under the cap.
    expect(burst.filter((answer) => answer.served)).toHaveLength(20);
    expect((await asked(burst[7]?.cookie)).served).toBe(false);
  });

  it('a placeholder is never a device: ifa=undefined and its kind are not usable (counted), all-f is limited ad tracking', async () => {
    const before = await countDeviceHistories(server.db);
    const { campaignID, played } = await inApp('Placeholders', {
      frequencyCaps: [{ count: 1, period: 'day' }],
      uncappable: 'skip',
    });
    for (const ifa of ['undefined', 'unavailable', 'not-available', 'ffffffff-ffff-ffff-ffff-ffffffffffff'])
      expect(await played(ifa), ifa).toBe(false);
    expect(await countDeviceHistories(server.db)).toBe(before);
    // The placeholders cannot be capped; all-f is limited ad tracking, no consent to device state
    // (docs/privacy.md).
    expect(await notServed(campaignID)).toMatchObject({
      adRequests: 4,
      notServedNotCappable: 3,
      notServedNoConsent: 1,
      requestsDeviceIdUnusable: 3,
    });
    // Served uncapped where the campaign serves those: each one an ad, still counted, never merged.
    const serving = await inApp('Placeholders served', { frequencyCaps: [{ count: 1, period: 'day' }] });
    expect([await serving.played('undefined'), await serving.played('undefined')]).toEqual([true, true]);
    expect(await notServed(serving.campaignID)).toMatchObject({ adsServed: 2, requestsDeviceIdUnusable: 2 });
  });

  it('made-up ids from a script write no row; a browser flood of them costs a row each, swept after the longest cap window', async () => {
    const { played } = await inApp('Made-up ids', { frequencyCaps: [{ count: 3, period: 'day' }] });
    const before = await countDeviceHistories(server.db);
    await inWaves(5000, 50, (index) => played(deviceId(100_000 + index), CURL, index));
    expect(await countDeviceHistories(server.db)).toBe(before);
    await inWaves(500, 50, (index) => played(deviceId(200_000 + index), BROWSER_USER_AGENT, index));
    expect(await countDeviceHistories(server.db)).toBe(before + 500);
    // 35 days on (a flight cap's window), nothing of them is left to count: the sweep takes them.
    now = noon + 36 * DAY_MS;
    try {
      expect(await sweepDeviceHistories(server.app.adconsole, now)).toBeGreaterThanOrEqual(500);
      expect(await countDeviceHistories(server.db)).toBe(0);
    } finally {
      now = noon;
    }
  });

  it('a query parameter never beats the block list: a blocked Referer refuses whatever site or page the tag claims, and the claim is counted', async () => {
    const campaignID = await newCampaign('Blocked site');
    const live = await banner(campaignID);
    await setRules(campaignID, { sites: { allow: [], block: ['example.com'] } });
    const withReferer = { ...browser(3), Referer: 'https://news.example.com/a' };
    expect(await ad(live, withReferer)).toBe(false);
    expect(await ad(live, withReferer, '?site=good-news.org')).toBe(false);
    expect(await ad(live, withReferer, `?page=${encodeURIComponent('https://good-news.org/')}`)).toBe(false);
    // The same claims from a page of that site itself serve, and are no mismatch.
    const fromGoodNews = { ...browser(4), Referer: 'https://www.good-news.org/story' };
    expect(await ad(live, fromGoodNews, '?site=good-news.org')).toBe(true);
    expect(await notServed(campaignID)).toMatchObject({
      adRequests: 4,
      adsServed: 1,
      notServedSite: 3,
      requestsSiteMismatch: 2,
    });
  });
});

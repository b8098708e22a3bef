// The sixth security review's findings on the rate rule and even delivery (docs/traffic-quality.md,
// "The rate rule"; docs/serving.md, "The gate" and "Even delivery"), each test named after its finding,
// over real HTTP: the rate rule counts an address alone too (an IPv6 /64 one address), at
// ADDRESS_RATE_FACTOR times SERVE_RATE_LIMIT; a request over it is invalid traffic at the gate (no device
// row, no reach, no forecast history, no move of the even throttle); even delivery's share per client
// keys an IPv6 address by its /64. The server runs the default limit, 10 a minute, its clock pinned at
// noon (one minute of the rate rule, the first period of the throttles) and its random source seeded.
import { servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDeviceHistories } from '../../db/queries/frequency-devices';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { BROWSER_USER_AGENT, demoAsset, signedInUser } from '../../test/helpers';
import { deviceId, inWaves, rulesWorld, usAddress } from '../../test/rules-world';
import { ADDRESS_RATE_FACTOR } from './traffic-quality';

const RATE_LIMIT = 10;
/** A browser's user agent, new for each n: no bot, a new key of the rate rule per address and user agent. */
const browserAgent = (n: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;
/** An address of one residential IPv6 /64 (a US carrier's), a new one for each n. */
const sameSixtyFour = (n: number) => `2601:646:8a00:1f0::${(n + 1).toString(16)}`;

describe(`the rate rule and even delivery's share (sixth review, ${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;
  const noon = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
  let now = noon;

  beforeAll(async () => {
    server = await startServer(
      { SERVE_RATE_LIMIT: String(RATE_LIMIT) },
      { clock: () => now, random: () => 0.5 },
    );
    owner = (await signedInUser(server)).client;
    image = await demoAsset('banner.png');
  });
  afterAll(() => server.close());

  const { newCampaign, banner, setRules, evenCampaign, report, notServed } = rulesWorld(() => ({
    server,
    owner,
    image,
  }));
  const adUrl = (liveId: string, query = '') => `${server.url}/serve/ad/${liveId}.json${query}`;
  /** Whether the ad request was answered with an ad. */
  const served = async (liveId: string, headers: Record<string, string>, query = '') => {
    const response = await fetch(adUrl(liveId, query), { headers });
    await response.arrayBuffer();
    return response.status === 200;
  };
  const browser = (address: string, userAgent = BROWSER_USER_AGENT) => ({
    'User-Agent': userAgent,
    'X-Forwarded-For': address,
  });
  /** The forecast's history of a campaign: its ad requests counted, this process's written first. */
  const forecastRequests = async (campaignID: string) => {
    await server.app.adconsole.events.requestFacts.flush();
    const [row] = await server.db.query<{ requests: number }>(
      'select coalesce(sum(requests), 0)::int as requests from ad_request_facts where campaign_id = $1',
      [campaignID],
    );
    return row?.requests ?? 0;
  };

  it('S6-3: one address sending a new user agent each request has ADDRESS_RATE_FACTOR × SERVE_RATE_LIMIT ad requests a minute counted valid, not one allowance per user agent: 300 requests, 100 valid impressions, 200 `rate`', async () => {
    const campaignID = await newCampaign('A new user agent a request');
    const live = await banner(campaignID);
    await inWaves(300, 10, async (n) => {
      const headers = browser('79.192.7.7', browserAgent(n));
      const response = await fetch(adUrl(live), { headers });
      expect(response.status).toBe(200);
      const ad = servedAdSchema.parse(await response.json());
      const beacon = new URL(ad.events.impression ?? '');
      await (
        await fetch(`${server.url}${beacon.pathname}${beacon.search}`, { method: 'POST', headers })
      ).text();
    });
    const addressLimit = ADDRESS_RATE_FACTOR * RATE_LIMIT;
    const figures = await report(campaignID);
    expect(figures.totals.impressions).toBe(addressLimit);
    expect(figures.invalid.byReason.find((row) => row.reason === 'rate')?.impressions).toBe(
      300 - addressLimit,
    );
  });

  it('S6-4: requests over the rate rule are invalid traffic at the gate: no device row, no reach, no forecast history; they neither spend nor lower the even throttle', async () => {
    // One browser from one address, a made-up device id a request, a tag with caps: its first
    // SERVE_RATE_LIMIT requests are valid, the other 30 served as invalid traffic and kept nowhere.
    const capped = await newCampaign('Over the rate, capped');
    const live = await banner(capped);
    await setRules(capped, { frequencyCaps: [{ count: 3, period: 'day' }] });
    const devicesBefore = await countDeviceHistories(server.db);
    const answers = await inWaves(40, 10, (n) =>
      served(live, browser(usAddress(1)), `?ifa=${deviceId(400_000 + n)}`),
    );
    expect(answers.every(Boolean)).toBe(true);
    await server.app.adconsole.deviceHistories.settle();
    expect((await countDeviceHistories(server.db)) - devicesBefore).toBe(RATE_LIMIT);
    const figures = await report(capped);
    expect(figures.notServed.totals).toMatchObject({ adsServed: RATE_LIMIT, adsServedInvalid: 30 });
    expect(figures.reach).toMatchObject({ reach: RATE_LIMIT, devices: RATE_LIMIT, ads: RATE_LIMIT });
    expect(await forecastRequests(capped)).toBe(RATE_LIMIT);

    // Even delivery: 1,000 requests of one client against 10 of the same client on a control campaign.
    // The 990 over the rate never reach the throttle, so the next period's rate and budget are the
    // control's, and other visitors are served alike.
    const flooded = await evenCampaign('Flooded over the rate');
    const control = await evenCampaign('Control');
    const client = browser(usAddress(2));
    const flood = await inWaves(1000, 50, () => served(flooded.live, client));
    // Its address's share of the first period (2 of 23) and the 990 over the rate answered as anyone.
    expect(flood.filter(Boolean)).toHaveLength(992);
    await inWaves(RATE_LIMIT, RATE_LIMIT, () => served(control.live, client));
    const throttles = server.app.adconsole.throttles;
    now = noon + 5 * 60_000;
    try {
      // The next period: a visitor's request starts each recompute (from the counted figures).
      for (const [index, { campaignID, live }] of [flooded, control].entries()) {
        const before = throttles.current(campaignID);
        await served(live, browser(usAddress(10 + index)));
        await expect.poll(() => throttles.current(campaignID) !== before).toBe(true);
      }
      expect(throttles.current(flooded.campaignID)).toEqual(throttles.current(control.campaignID));
      const visitors = async (liveId: string) =>
        (await inWaves(40, 10, (index) => served(liveId, browser(usAddress(100 + index))))).filter(Boolean)
          .length;
      const [afterFlood, onControl] = [await visitors(flooded.live), await visitors(control.live)];
      expect(afterFlood).toBeGreaterThan(0);
      expect(afterFlood).toBe(onControl);
      const [floodedCounts, controlCounts] = [
        await notServed(flooded.campaignID),
        await notServed(control.campaignID),
      ];
      expect(floodedCounts).toMatchObject({ adsServedInvalid: 990 });
      expect(floodedCounts.notServedThrottled).toBe(controlCounts.notServedThrottled);
      expect(floodedCounts.adsServed).toBe(controlCounts.adsServed);
      expect(await forecastRequests(flooded.campaignID)).toBe(await forecastRequests(control.campaignID));
    } finally {
      now = noon;
    }
  });

  it("S6-5: an IPv6 /64 is one client of even delivery's share: 60 addresses of one /64 take 2 of a period's 23 ads, and 20 visitors elsewhere are served; an IPv4-mapped address is its IPv4's client", async () => {
    const { campaignID, live } = await evenCampaign('One /64');
    const flood = await inWaves(60, 20, (n) => served(live, browser(sameSixtyFour(n))));
    expect(flood.filter(Boolean)).toHaveLength(2);
    const others = await inWaves(20, 10, (index) => served(live, browser(usAddress(2000 + index))));
    expect(others.filter(Boolean)).toHaveLength(20);
    expect(await notServed(campaignID)).toMatchObject({ adsServed: 22, notServedThrottled: 58 });
    // 73.100.0.8 takes its share; the same address written as IPv4-mapped IPv6 takes no second one.
    const mapped = await evenCampaign('IPv4-mapped');
    expect(await inWaves(2, 2, () => served(mapped.live, browser(usAddress(7))))).toEqual([true, true]);
    expect(await served(mapped.live, browser(`::ffff:${usAddress(7)}`))).toBe(false);
    expect(await served(mapped.live, browser('::ffff:4964:8'))).toBe(false);
  });

  it('S5-1 residual: one browser from one address sending 3,000 made-up device ids writes SERVE_RATE_LIMIT device rows a minute, not a row each', async () => {
    const campaignID = await newCampaign('Made-up ids from one browser');
    const live = await banner(campaignID);
    await setRules(campaignID, { frequencyCaps: [{ count: 3, period: 'day' }] });
    const before = await countDeviceHistories(server.db);
    const answers = await inWaves(3000, 50, (n) =>
      served(live, browser(usAddress(3)), `?ifa=${deviceId(500_000 + n)}`),
    );
    expect(answers.every(Boolean)).toBe(true);
    await server.app.adconsole.deviceHistories.settle();
    expect((await countDeviceHistories(server.db)) - before).toBe(RATE_LIMIT);
    expect(await notServed(campaignID)).toMatchObject({
      adsServed: RATE_LIMIT,
      adsServedInvalid: 3000 - RATE_LIMIT,
    });
  });
});

// Frequency caps at serving time (docs/serving.md, "Frequency caps"), over real HTTP with cookie jars:
// a cap of 3 a day from one jar serves 3 ads and then none, counted as `frequency`; two jars get 3 each;
// the cap's day ends at the campaign zone's midnight; the history is the partitioned cookie of the ad
// answers (its attributes), signed, so a tampered, malformed or oversized one is a new browser, never a
// 500; the cap holds across two API processes on one database with no shared read; a creative's cap on
// VAST; a placement rotating among the creatives still under their caps; the campaign's choice for a
// request that cannot be capped (`nocookie=1`); and a device-id macro keyed cap in a VAST request (the
// history in the store, shared by two processes; never the id itself).
import { FREQUENCY_COOKIE, type ReportData, reportDataSchema, servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentedQuery } from '../../test/consent';
import {
  type Client,
  startSecondProcess,
  startServer,
  type TestServer,
  testStoresLabel,
} from '../../test/harness';
import {
  BROWSER_USER_AGENT,
  daysAroundToday,
  demoAsset,
  publishedLive,
  signedInUser,
} from '../../test/helpers';
import { rulesWorld } from '../../test/rules-world';

const DE = '79.192.7.7';
const CONSENTED = consentedQuery();
const EMPTY_VAST = /<VAST version="4.2" xmlns="http:\/\/www.iab.com\/VAST"\/>/;
const HOUR_MS = 3_600_000;

/** A browser's cookies for the serving origin: the cap history, as the last answer that set it left it. */
class Jar {
  cookie: string | undefined;
  setCookies: string[] = [];

  /** An ad request as this browser: its status, body, and the ad's live id. */
  async get(url: string) {
    // A German browser whose person consented to purpose 1 and our vendor (docs/privacy.md).
    const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}${CONSENTED}`, {
      headers: {
        'User-Agent': BROWSER_USER_AGENT,
        'X-Forwarded-For': DE,
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
    });
    this.setCookies = response.headers.getSetCookie();
    const set = this.setCookies.find((header) => header.startsWith(`${FREQUENCY_COOKIE}=`));
    if (set) this.cookie = set.split(';')[0];
    const body = await response.text();
    return {
      status: response.status,
      body,
      liveId:
        response.status === 200 && url.includes('.json')
          ? servedAdSchema.parse(JSON.parse(body)).liveID
          : null,
    };
  }
}

describe(`frequency caps served (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;
  let clip: Buffer;
  /** The serving clock: today at noon UTC, moved on by the tests that need a new day. */
  const noon = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
  let now = noon;

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' }, { clock: () => now });
    owner = (await signedInUser(server)).client;
    [image, clip] = await Promise.all([demoAsset('banner.png'), demoAsset('main.mp4')]);
  });
  afterAll(() => server.close());

  const { newCampaign, banner, creativeOf, setRules, setCreativeRules } = rulesWorld(() => ({
    server,
    owner,
    image,
  }));
  const report = async (campaignID: string): Promise<ReportData> => {
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday() })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };
  const statuses = async (jar: Jar, url: string, times: number) => {
    const seen: number[] = [];
    for (let index = 0; index < times; index += 1) seen.push((await jar.get(url)).status);
    return seen;
  };

  it('a cap of 3 a day from one cookie jar: 3 ads, then none, counted as frequency; a new day serves again', async () => {
    now = noon;
    const campaignID = await newCampaign('Three a day');
    const live = await banner(campaignID);
    await setRules(campaignID, { frequencyCaps: [{ count: 3, period: 'day' }] });
    const jar = new Jar();
    const url = `${server.url}/serve/ad/${live}.json`;
    // A browser without the cookie is new: capped from its first ad.
    expect(await statuses(jar, url, 5)).toEqual([200, 200, 200, 404, 404]);
    const { notServed } = await report(campaignID);
    expect(notServed.totals).toMatchObject({ adRequests: 5, adsServed: 3, notServedFrequency: 2 });
    // The campaign's day is UTC's: at 23:59 still capped, at midnight three more.
    now = noon + 12 * HOUR_MS - 60_000;
    expect(await statuses(jar, url, 1)).toEqual([404]);
    now = noon + 12 * HOUR_MS;
    expect(await statuses(jar, url, 4)).toEqual([200, 200, 200, 404]);
    now = noon;
  });

  it('the history is a signed, partitioned cookie of the serving path, set only with an ad that has caps', async () => {
    const campaignID = await newCampaign('Cookie');
    const live = await banner(campaignID);
    const uncapped = await banner(await newCampaign('No caps'));
    const jar = new Jar();
    const histories = () => jar.setCookies.filter((line) => line.startsWith(`${FREQUENCY_COOKIE}=`));
    await jar.get(`${server.url}/serve/ad/${uncapped}.json`);
    // An ad without caps sets no history (the browser gets its reach cookie alone: reach-report.test.ts).
    expect(histories()).toEqual([]);
    await setRules(campaignID, { frequencyCaps: [{ count: 2, period: 'day' }] });
    await jar.get(`${server.url}/serve/ad/${live}.json`);
    const [header] = histories();
    const [pair, ...attributes] = (header ?? '').split('; ');
    expect(pair).toMatch(new RegExp(`^${FREQUENCY_COOKIE}=dc[0-9a-z]{7}-[0-9a-z]+\\.[A-Za-z0-9_-]{22}$`));
    // A day's caps keep 26 hours (a 25-hour autumn day and room).
    expect(attributes).toEqual([
      `Max-Age=${26 * 3600}`,
      'Path=/serve',
      'Secure',
      'HttpOnly',
      'SameSite=None',
      'Partitioned',
    ]);
    // A refused request changes nothing: no cookie with it.
    await jar.get(`${server.url}/serve/ad/${live}.json`);
    expect((await jar.get(`${server.url}/serve/ad/${live}.json`)).status).toBe(404);
    expect(jar.setCookies).toEqual([]);
  });

  it('two cookie jars, 3 ads each', async () => {
    const campaignID = await newCampaign('Two jars');
    const live = await banner(campaignID);
    await setRules(campaignID, { frequencyCaps: [{ count: 3, period: 'day' }] });
    const url = `${server.url}/serve/ad/${live}.json`;
    const [first, second] = [new Jar(), new Jar()];
    const seen: number[][] = [[], []];
    // Interleaved: each browser's history is its own.
    for (let index = 0; index < 4; index += 1) {
      seen[0]?.push((await first.get(url)).status);
      seen[1]?.push((await second.get(url)).status);
    }
    expect(seen).toEqual([
      [200, 200, 200, 404],
      [200, 200, 200, 404],
    ]);
    expect((await report(campaignID)).notServed.totals).toMatchObject({
      adsServed: 6,
      notServedFrequency: 2,
    });
  });

  it('a tampered, malformed or oversized cookie is a new browser: served, never a 500, never trusted', async () => {
    const campaignID = await newCampaign('Tampered');
    const live = await banner(campaignID);
    await setRules(campaignID, { frequencyCaps: [{ count: 1, period: 'week' }] });
    const url = `${server.url}/serve/ad/${live}.json`;
    const jar = new Jar();
    expect(await statuses(jar, url, 2)).toEqual([200, 404]);
    const signed = jar.cookie ?? '';
    const [history = '', signature = ''] = signed.slice(FREQUENCY_COOKIE.length + 1).split('.');
    // The history emptied but the old signature kept; the signature of another text; junk; a huge value.
    const forged = [
      `${FREQUENCY_COOKIE}=.${signature}`,
      `${FREQUENCY_COOKIE}=${history.replace(/-[0-9a-z]+$/, '-1')}.${signature}`,
      `${FREQUENCY_COOKIE}=${history}.AAAAAAAAAAAAAAAAAAAAAA`,
      `${FREQUENCY_COOKIE}=%00%ff;;=`,
      `${FREQUENCY_COOKIE}=${'x'.repeat(4000)}.${signature}`,
    ];
    for (const cookie of forged) {
      const browser = new Jar();
      browser.cookie = cookie;
      const answer = await browser.get(url);
      expect(answer.status, cookie.slice(0, 60)).toBe(200);
      // Served as new, with a fresh signed history of its one ad.
      expect(browser.cookie, cookie.slice(0, 60)).toMatch(/^adc_fc=wc[0-9a-z]{7}-[0-9a-z]+\./);
    }
    // The genuine cookie still caps.
    const genuine = new Jar();
    genuine.cookie = signed;
    expect((await genuine.get(url)).status).toBe(404);
  });

  it('the cap holds across two API processes on one database, the history travelling with the browser', async () => {
    const campaignID = await newCampaign('Fleet');
    const live = await banner(campaignID);
    await setRules(campaignID, { frequencyCaps: [{ count: 3, period: 'day' }] });
    const other = await startSecondProcess(server, { SERVE_RATE_LIMIT: '100000' }, { clock: () => now });
    try {
      const jar = new Jar();
      const seen: number[] = [];
      // Each request to the other process than the last.
      for (let index = 0; index < 6; index += 1) {
        const base = index % 2 === 0 ? server.url : other.url;
        seen.push((await jar.get(`${base}/serve/ad/${live}.json`)).status);
      }
      expect(seen).toEqual([200, 200, 200, 404, 404, 404]);
    } finally {
      await other.close();
    }
  });

  it("a creative's own cap on VAST: 1 an hour, the empty document after it, counted as frequency", async () => {
    const campaignID = await newCampaign('Pre-roll');
    const vast = await publishedLive(
      owner,
      campaignID,
      { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: clip }],
    );
    await setCreativeRules(await creativeOf(vast), { frequencyCaps: [{ count: 1, period: 'hour' }] });
    const jar = new Jar();
    const url = `${server.url}/serve/vast/${vast}.xml`;
    expect((await jar.get(url)).body).toContain('<InLine>');
    expect((await jar.get(url)).body).toMatch(EMPTY_VAST);
    now = noon + HOUR_MS;
    expect((await jar.get(url)).body).toContain('<InLine>');
    now = noon;
    expect((await report(campaignID)).notServed.totals).toMatchObject({
      adsServed: 2,
      notServedFrequency: 1,
    });
  });

  it("a placement rotates among the creatives under their caps; the campaign's cap ends it, counted as frequency", async () => {
    const campaignID = await newCampaign('Placement');
    const once = await banner(campaignID, 'Once a day');
    const often = await banner(campaignID, 'Often');
    await setCreativeRules(await creativeOf(once), { frequencyCaps: [{ count: 1, period: 'day' }] });
    await setRules(campaignID, { frequencyCaps: [{ count: 4, period: 'day' }] });
    const made = await owner.post<{ id: string }>('/v1/campaign/placements', {
      campaignID,
      name: 'Slot',
      items: [{ creativeId: await creativeOf(once) }, { creativeId: await creativeOf(often) }],
    });
    const url = `${server.url}/serve/ad/p/${made.body.data?.id}.json`;
    const jar = new Jar();
    const served: (string | null)[] = [];
    for (let index = 0; index < 6; index += 1) served.push((await jar.get(url)).liveId);
    // Four ads (the campaign's cap), of which 'Once a day' at most one; then nothing.
    expect(served.slice(4)).toEqual([null, null]);
    expect(served.slice(0, 4).filter((id) => id === once).length).toBeLessThanOrEqual(1);
    expect(served.slice(0, 4).every((id) => id === once || id === often)).toBe(true);
    expect((await report(campaignID)).notServed.totals).toMatchObject({
      adsServed: 4,
      notServedFrequency: 2,
    });
  });

  it("a request that cannot be capped (nocookie=1) follows the campaign's choice: served by default, else counted as not cappable", async () => {
    const campaignID = await newCampaign('Cookieless');
    const live = await banner(campaignID);
    await setRules(campaignID, { frequencyCaps: [{ count: 1, period: 'day' }] });
    const url = `${server.url}/serve/ad/${live}.json?nocookie=1`;
    const jar = new Jar();
    // Served every time, and no history is written for it.
    expect(await statuses(jar, url, 3)).toEqual([200, 200, 200]);
    expect(jar.setCookies).toEqual([]);
    await setRules(campaignID, { frequencyCaps: [{ count: 1, period: 'day' }], uncappable: 'skip' });
    expect(await statuses(jar, url, 2)).toEqual([404, 404]);
    expect((await report(campaignID)).notServed.totals).toMatchObject({
      adRequests: 5,
      adsServed: 3,
      notServedNotCappable: 2,
    });
  });

  it('a device-id keyed cap in VAST (ifa=): 2 a day per device across two processes, the id never stored; zeros and unexpanded macros are no device', async () => {
    const campaignID = await newCampaign('In-app');
    const vast = await publishedLive(
      owner,
      campaignID,
      { name: 'In-app roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: clip }],
    );
    await setRules(campaignID, { frequencyCaps: [{ count: 2, period: 'day' }], uncappable: 'skip' });
    const other = await startSecondProcess(server, { SERVE_RATE_LIMIT: '100000' }, { clock: () => now });
    try {
      const device = '6D92078A-8246-4BA4-AE5B-76104861E7DC';
      const played = async (base: string, ifa: string) => {
        // An app's player: no cookie jar of its own, so its tag says nocookie=1 beside the device id.
        const answer = await new Jar().get(
          `${base}/serve/vast/${vast}.xml?nocookie=1&ifa=${encodeURIComponent(ifa)}`,
        );
        return answer.body.includes('<InLine>');
      };
      expect([
        await played(server.url, device),
        await played(other.url, device.toLowerCase()),
        await played(server.url, device),
        await played(other.url, device),
      ]).toEqual([true, true, false, false]);
      // Another device has its own two.
      const second = 'bd2a4c1e-0f55-4d1c-9a57-2c3e8b7a9f10';
      expect([await played(other.url, second), await played(server.url, second)]).toEqual([true, true]);
      // An unexpanded macro names no device: not cappable, and this campaign skips those; an id of
      // zeros is limited ad tracking, which keeps no device state (docs/privacy.md): "no consent".
      expect(await played(server.url, '00000000-0000-0000-0000-000000000000')).toBe(false);
      expect(await played(server.url, '[IFA]')).toBe(false);
      const rows = await server.db.query<{ device_key: string; history: string }>(
        'select device_key, history from frequency_devices',
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.device_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
        expect(JSON.stringify(row)).not.toMatch(/6d92078a|bd2a4c1e/i);
      }
    } finally {
      await other.close();
    }
    expect((await report(campaignID)).notServed.totals).toMatchObject({
      adsServed: 4,
      notServedFrequency: 2,
      notServedNotCappable: 1,
      notServedNoConsent: 1,
    });
  });
});

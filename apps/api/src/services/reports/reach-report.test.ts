// Reach over real HTTP (docs/reports.md, "Reach"): a campaign without caps; three German browsers that
// consented were served 3, 1 and 5 ads, an app's device 2, a player that keeps no cookies 1, a German
// browser without consent 1. By hand: 3 browsers + 1 device = 4 reached, 3 + 1 + 5 + 2 = 11 ads with an
// identity of 13 served, 11 / 4 = 2.75 ads each, all on today's date (the clock is pinned at noon UTC).
// The reach cookie is set once per browser, only with consent, and removed once consent is withdrawn.
import { REACH_COOKIE, type ReportData, reportDataSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../test/cookie-jar';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { daysAroundToday, demoAsset, signedInUser } from '../../test/helpers';
import { rulesWorld } from '../../test/rules-world';

const DEVICE = '6d92078a-8246-4ba4-ae5b-76104861e7dc';

describe(`reach report (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;
  const noon = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
  const today = new Date(noon).toISOString().slice(0, 10);

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' }, { clock: () => noon });
    owner = (await signedInUser(server)).client;
    image = await demoAsset('banner.png');
  });
  afterAll(() => server.close());

  const { newCampaign, banner } = rulesWorld(() => ({ server, owner, image }));
  const report = async (campaignID: string, extra: Record<string, string> = {}): Promise<ReportData> => {
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday(), ...extra })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };
  const serve = async (url: string, jar: CookieJar, times: number) => {
    for (let index = 0; index < times; index += 1) expect(await jar.get(url)).toBe(200);
  };

  it('browsers and a device reached, ads with and without an identity, the average and the day, for the campaign and each creative', async () => {
    const campaignID = await newCampaign('Reach');
    const live = await banner(campaignID);
    const other = await banner(campaignID);
    const url = `${server.url}/serve/ad/${live}.json`;
    const first = new CookieJar();
    await serve(url, first, 3);
    await serve(url, new CookieJar(), 1);
    await serve(url, new CookieJar(), 5);
    // The app's device, by its advertising id (a request per ad, no cookies of its own).
    for (let index = 0; index < 2; index += 1) await new CookieJar().get(`${url}?ifa=${DEVICE}&nocookie=1`);
    // A server-side player that keeps no cookies, and a German browser without consent: no identity.
    await new CookieJar().get(`${url}?nocookie=1`);
    const withoutConsent = new CookieJar(false);
    await withoutConsent.get(url);
    expect(withoutConsent.lastSet).toEqual([]);
    // The first browser is served the campaign's other creative too: reached once by the campaign.
    await first.get(`${server.url}/serve/ad/${other}.json`);

    const { reach, notServed } = await report(campaignID);
    expect(notServed.totals).toMatchObject({ adsServed: 14 });
    expect(reach).toMatchObject({ reach: 4, browsers: 3, devices: 1, identifiedAds: 12, ads: 14 });
    expect(reach.averageFrequency).toBe(3);
    expect(reach.coverage).toBeCloseTo(12 / 14, 10);
    expect(reach.relativeError).toBeCloseTo(0.008125, 6);
    expect(reach.days.find((day) => day.date === today)).toEqual({
      date: today,
      reach: 4,
      new: 4,
      returning: 0,
      cumulative: 4,
    });
    expect(reach.days.filter((day) => day.date !== today).every((day) => day.reach === 0)).toBe(true);

    // An API token reads the same figure, which /api/openapi.json declares for outside clients.
    const token = await owner.post<{ secret: string }>('/v1/tokens', {
      name: 'Reach',
      scopes: ['reports:read'],
    });
    const byToken = await fetch(
      `${server.url}/api/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday() })}`,
      { headers: { Authorization: `Bearer ${token.body.data?.secret}` } },
    );
    expect(reportDataSchema.parse(((await byToken.json()) as { data: unknown }).data).reach).toEqual(reach);
    const openapi = JSON.stringify(await (await fetch(`${server.url}/api/openapi.json`)).json());
    for (const field of ['"averageFrequency"', '"identifiedAds"', '"returning"'])
      expect(openapi).toContain(field);

    // A creative's report: its own live creative's identities (the other creative's browser is one of them).
    const creative = (await report(campaignID, { liveIDs: live })).reach;
    expect(creative).toMatchObject({ reach: 4, browsers: 3, devices: 1, identifiedAds: 11, ads: 13 });
    expect((await report(campaignID, { liveIDs: other })).reach).toMatchObject({ reach: 1, ads: 1 });
  });

  it('sets the reach cookie once per browser, partitioned, only with consent, and removes it once consent is gone', async () => {
    const campaignID = await newCampaign('Reach cookie');
    const url = `${server.url}/serve/ad/${await banner(campaignID)}.json`;
    const browser = new CookieJar();
    await browser.get(url);
    expect(browser.lastSet).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${REACH_COOKIE}=[A-Za-z0-9_-]{22}; Max-Age=34128000; Path=/serve; Secure; HttpOnly; SameSite=None; Partitioned$`,
        ),
      ),
    ]);
    const id = browser.cookies.get(REACH_COOKIE);
    await browser.get(url);
    expect(browser.lastSet).toEqual([]);
    expect(browser.cookies.get(REACH_COOKIE)).toBe(id);
    // A value that is not ours is replaced, never counted as it is.
    browser.cookies.set(REACH_COOKIE, 'x');
    await browser.get(url);
    expect(browser.cookies.get(REACH_COOKIE)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The same browser without consent: the cookie is removed and the ad counted without an identity.
    const withdrawn = new CookieJar(false);
    withdrawn.cookies = new Map(browser.cookies);
    await withdrawn.get(url);
    expect(withdrawn.lastSet).toEqual([
      `${REACH_COOKIE}=; Max-Age=0; Path=/serve; Secure; HttpOnly; SameSite=None; Partitioned`,
    ]);
    expect((await report(campaignID)).reach).toMatchObject({ reach: 2, identifiedAds: 3, ads: 4 });
  });

  it('a campaign whose ads had no identity says so instead of a reach of 0', async () => {
    const campaignID = await newCampaign('No identity');
    const url = `${server.url}/serve/ad/${await banner(campaignID)}.json?nocookie=1`;
    await serve(url, new CookieJar(), 2);
    const { reach } = await report(campaignID);
    expect(reach).toMatchObject({ reach: 0, identifiedAds: 0, ads: 2, averageFrequency: null, coverage: 0 });
  });
});

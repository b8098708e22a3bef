// Frequency caps end to end in Chromium with third-party cookies blocked (docs/serving.md, "Frequency
// caps", "Per browser on each site, not across sites"): a publisher's page on one site loads a banner tag
// capped at 3 a day five times (reloads): three ads drawn, then two empty slots, and three impressions
// counted (read through the report API); the same browser on a second site's page gets its own three,
// because the serving origin's cookie is partitioned (CHIPS) by top-level site. The blocking is proven
// in the same browser: the ad origin's unpartitioned cookie, set when the browser visited that host
// itself (and sent back there), is not sent to it from the publishers' pages, while the partitioned cap
// history and reach cookie are; and the campaign's reach counts the browser once on each site: two
// (docs/reports.md, "Reach"). Three sites on loopback, each a secure context over http: the product at 127.0.0.1,
// the publishers at localhost and [::1].
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FREQUENCY_COOKIE, REACH_COOKIE } from '@adconsole/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './support/browser';
import { ALL_TIME } from './support/constants';
import {
  api,
  campaignWithBanner,
  eventually,
  type Publisher,
  type Session,
  signIn,
  startPublisher,
} from './support/publisher';

/**
 * Chromium's switch for testing the web without third-party cookies, as the phase-out meant to leave it:
 * unpartitioned cookies are not sent in a cross-site context, partitioned ones (CHIPS) are. The journey
 * does not take the switch's word for it: it checks what the ad origin's host receives.
 */
const THIRD_PARTY_COOKIES_BLOCKED = '--test-third-party-cookie-phaseout';
/** The ad origin's old-style cookie: unpartitioned, for every context (SameSite=None). */
const PROBE = 'adc_probe';

/**
 * A server on the ad origin's host (127.0.0.1, another port: cookies are per host, not per port, so it
 * receives what the browser sends the ad server): `/serve/probe` sets the old-style cookie when the
 * browser visits it itself; `/serve/echo` answers the cookies the browser sent it, to a credentialed
 * fetch from a publisher's page too (the cap history's path is /serve, so it goes there as well).
 */
function startAdHostEcho(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const origin = request.headers.origin;
    const cors = origin
      ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' }
      : {};
    if (request.url === '/serve/probe') {
      response
        .writeHead(200, {
          'Content-Type': 'text/plain',
          'Set-Cookie': `${PROBE}=unpartitioned; Path=/; Max-Age=600; Secure; SameSite=None`,
        })
        .end('set');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/plain', ...cors }).end(request.headers.cookie ?? '');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** The names of the cookies in a Cookie header. */
const names = (header: string) =>
  header
    .split(';')
    .map((pair) => pair.trim().split('=')[0] ?? '')
    .filter(Boolean);

describe('frequency caps in Chromium with third-party cookies blocked: 3 a day per browser on each site', () => {
  const newPage = useBrowser([THIRD_PARTY_COOKIES_BLOCKED]);
  let session: Session;
  let campaignID: string;
  let creativeID: string;
  let tag = '';
  const publishers: Publisher[] = [];
  let echo: Awaited<ReturnType<typeof startAdHostEcho>>;
  const article = () =>
    `<!doctype html><html><head><title>News</title></head><body><h1>Today</h1>${tag}<p>More text.</p></body></html>`;

  beforeAll(async () => {
    echo = await startAdHostEcho();
    publishers.push(
      await startPublisher({ '/article.html': article }, undefined, 'localhost'),
      await startPublisher({ '/article.html': article }, undefined, '[::1]'),
    );
    session = await signIn(baseURL());
    ({ campaignID, creativeID, tag } = await campaignWithBanner(
      session,
      'Capped journey',
      publishers[0]?.origin ?? '',
    ));
    await api(session, 'PUT', '/v1/campaign/deliveryRules', {
      campaignID,
      rules: { frequencyCaps: [{ count: 3, period: 'day' }] },
    });
  });
  afterAll(async () => Promise.all([echo, ...publishers].map((server) => server?.close())));

  /** Ads drawn so far in the journey: each one's impression is counted before the page reloads. */
  let drawn = 0;

  /** Loads the page (`open`: the first visit or a reload): its ad request's status, once its slot is settled. */
  async function load(page: Page, open: () => Promise<unknown>): Promise<number> {
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/serve/ad/')),
      open(),
    ]);
    const slot = page.locator('ins.adconsole-ad');
    const state = answer.status() === 200 ? 'rendered' : 'empty';
    await expect.poll(() => slot.getAttribute('data-adconsole-state'), { timeout: 15_000 }).toBe(state);
    if (state === 'rendered') {
      // Drawn: the impression beacon leaves as the frame loads; counted before the next reload.
      drawn += 1;
      await eventually(async () => expect((await report()).totals.impressions).toBe(drawn));
    }
    return answer.status();
  }

  /** The cookies this page's credentialed requests carry to the ad origin's host (a cross-site fetch). */
  const sentFromPage = async (page: Page) =>
    names(
      await page.evaluate(
        (url) => fetch(url, { credentials: 'include' }).then((response) => response.text()),
        `${echo.origin}/serve/echo`,
      ),
    );

  /** Five loads of a publisher's article: the first visit, then four reloads. */
  async function fiveLoads(page: Page, publisher: Publisher): Promise<number[]> {
    const loads = [await load(page, () => page.goto(`${publisher.origin}/article.html`))];
    for (let index = 1; index < 5; index += 1) loads.push(await load(page, () => page.reload()));
    return loads;
  }

  const report = () =>
    api<{
      totals: { impressions: number };
      notServed: { totals: { adRequests: number; adsServed: number; notServedFrequency: number } };
      reach: { reach: number; browsers: number; identifiedAds: number; ads: number };
    }>(session, 'GET', `/v1/campaign/reports?campaignID=${campaignID}&${ALL_TIME}`);

  it('five loads on one site: three ads and three impressions; on a second site its own three; the unpartitioned cookie never sent', async () => {
    const page = await newPage();
    const context = page.context();
    // The ad origin's host sets an old-style cookie when the browser visits it itself (first party),
    // and gets it back there.
    await page.goto(`${echo.origin}/serve/probe`);
    await page.goto(`${echo.origin}/serve/echo`);
    expect(names((await page.textContent('body')) ?? '')).toEqual([PROBE]);
    const probe = (await context.cookies(baseURL())).find((cookie) => cookie.name === PROBE);
    expect(probe).toMatchObject({ sameSite: 'None', secure: true });
    expect(probe?.partitionKey).toBeUndefined();

    const [first, second] = publishers as [Publisher, Publisher];
    expect(await fiveLoads(page, first)).toEqual([200, 200, 200, 404, 404]);
    // From the publisher's page, the ad origin gets its partitioned cap history and reach cookie, not
    // the old cookie.
    expect((await sentFromPage(page)).sort()).toEqual([FREQUENCY_COOKIE, REACH_COOKIE].sort());
    await eventually(async () => expect((await report()).totals.impressions).toBe(3));

    expect(await fiveLoads(page, second)).toEqual([200, 200, 200, 404, 404]);
    expect((await sentFromPage(page)).sort()).toEqual([FREQUENCY_COOKIE, REACH_COOKIE].sort());
    await eventually(async () => expect((await report()).totals.impressions).toBe(6));

    // One history per site, each keyed by its top-level site (CHIPS), and the old cookie still stored.
    // (Asked without a URL: Playwright leaves partitioned cookies out of a URL's list.)
    const histories = (await context.cookies()).filter((cookie) => cookie.name === FREQUENCY_COOKIE);
    expect(histories.map((cookie) => cookie.partitionKey).sort()).toEqual(
      [first.origin, second.origin].map((origin) => origin.replace(/:\d+$/, '')).sort(),
    );
    expect((await context.cookies(baseURL())).some((cookie) => cookie.name === PROBE)).toBe(true);

    // One reach cookie per site too: the browser is two browsers to reach, each with its three ads.
    const ids = (await context.cookies()).filter((cookie) => cookie.name === REACH_COOKIE);
    expect(ids).toHaveLength(2);
    const { notServed, reach } = await report();
    expect(notServed.totals).toMatchObject({ adRequests: 10, adsServed: 6, notServedFrequency: 4 });
    expect(reach).toMatchObject({ reach: 2, browsers: 2, identifiedAds: 6, ads: 6 });
    expect(
      (await api<{ data: { impressions: number } }>(session, 'GET', `/v1/campaign/creative?id=${creativeID}`))
        .data.impressions,
    ).toBe(6);
    await context.close();
  });
});

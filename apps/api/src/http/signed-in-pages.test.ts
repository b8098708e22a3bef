// The signed-in pages drawn by the server (docs/console.md, "Signed-in pages drawn by the server"), the
// API's part: who gets a drawing, what it is read with, its limit and its cache header.
// The console's real server module is built by the console's `pnpm build`, which the API suites do not
// run; here a stand-in module (written below, and saying so) returns the view it was given as JSON, so
// the test reads exactly what the API hands the drawing. The real drawing is held by
// e2e/signed-in-first-view.test.ts and the stories of src/server/ in the console.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHARED_REPORT_ELEMENT_ID } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer } from '../test/harness';
import { signedInUser } from '../test/helpers';
import { DRAWN_PAGES_PER_USER } from './signed-in-pages';

const PAGE =
  '<!doctype html><html><head><title>Adconsole</title><script type="module" crossorigin src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>';
/** A stand-in for dist-server/shared-report.js: the view as JSON in a marked element. */
const STAND_IN_MODULE = `// A stand-in for the console's server module (a test's: apps/api/src/http/signed-in-pages.test.ts).
export const renderCampaignReport = (view) => '<pre data-view>' + JSON.stringify(view).replace(/</g, '\\\\u003c') + '</pre>';
export const renderCampaignList = renderCampaignReport;
export const renderCampaignPage = renderCampaignReport;
export const renderDashboard = renderCampaignReport;
`;

/** What the stand-in drew: the view the API handed it, or undefined when nothing was drawn. */
const drawnView = (html: string) => {
  const json = /<pre data-view>(.*?)<\/pre>/s.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
};
const blockOf = (html: string) => {
  const json = new RegExp(
    `<script id="${SHARED_REPORT_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    's',
  ).exec(html)?.[1];
  return json === undefined
    ? undefined
    : (JSON.parse(json) as { query: Record<string, unknown>; data: unknown });
};

describe('the signed-in pages drawn by the server', () => {
  let server: TestServer;
  let consoleDir: string;
  let owner: Client;
  let stranger: Client;
  let campaignID = '';

  const page = async (
    client: Client | undefined,
    pathname: string,
    userAgent = 'Mozilla/5.0 (X11; Linux x86_64)',
  ) => {
    const response = await fetch(`${server.url}${pathname}`, {
      headers: { 'User-Agent': userAgent, ...(client?.cookie ? { Cookie: client.cookie } : {}) },
    });
    return { html: await response.text(), cacheControl: response.headers.get('cache-control') };
  };

  beforeAll(async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'adconsole-drawn-'));
    consoleDir = path.join(base, 'dist');
    await mkdir(path.join(base, 'dist-server'), { recursive: true });
    await mkdir(consoleDir, { recursive: true });
    await writeFile(path.join(consoleDir, 'index.html'), PAGE);
    await writeFile(path.join(base, 'dist-server', 'shared-report.js'), STAND_IN_MODULE);
    server = await startServer({ CONSOLE_DIR: consoleDir });
    owner = (await signedInUser(server)).client;
    stranger = (await signedInUser(server)).client;
    campaignID =
      (
        await owner.post<{ id: string }>('/v1/campaign/new', {
          name: 'Winter <sale>',
          data: { timezone: 'Europe/Berlin' },
        })
      ).body.data?.id ?? '';
  });
  afterAll(async () => {
    await server?.close();
    await rm(path.dirname(consoleDir), { recursive: true, force: true });
  });

  it("draws the owner's report with the campaign report call's answer, in the campaign's zone, kept by no shared cache", async () => {
    const { html, cacheControl } = await page(owner, `/campaigns/${campaignID}/reporting`);
    const view = drawnView(html);
    expect(view).toBeDefined();
    expect(cacheControl).toBe('private, no-cache');
    expect(view?.campaign).toMatchObject({ id: campaignID, name: 'Winter <sale>' });
    expect(view?.user).toEqual({ role: 'user', name: 'Ada Lovelace' });
    expect(view?.phone).toBe(false);
    // Read in the campaign's zone, as the console reads a report whose address names none.
    expect(String(view?.search)).toContain('zone=Europe%2FBerlin');
    // The block is the campaign report call's own answer to its query, as the owner would get it.
    const block = blockOf(html);
    const query = new URLSearchParams(
      Object.entries(block?.query ?? {}).map(([key, value]) => [key, String(value)]),
    );
    const answer = await owner.get(`/v1/campaign/reports?${query}`);
    expect(answer.httpStatus).toBe(200);
    // The same figures; only the moment they were read differs.
    const { dataPulledAt: _drawnAt, ...drawn } = (block?.data ?? {}) as Record<string, unknown>;
    const { dataPulledAt: _askedAt, ...asked } = answer.body.data as Record<string, unknown>;
    expect(drawn).toEqual(asked);
    // The script that starts the console on a touch instead of the console's entry.
    expect(html).toContain('/assets/on-touch-v4.js');
    expect(html).not.toContain('<script type="module"');
    // A phone's user agent gets the phone's drawing.
    const phone = await page(
      owner,
      `/campaigns/${campaignID}/reporting`,
      'Mozilla/5.0 (Linux; Android 14) Mobile',
    );
    expect(drawnView(phone.html)?.phone).toBe(true);
  });

  it("draws nothing without a session, for another user's campaign, or for a client", async () => {
    expect(drawnView((await page(undefined, `/campaigns/${campaignID}/reporting`)).html)).toBeUndefined();
    expect(drawnView((await page(stranger, `/campaigns/${campaignID}/reporting`)).html)).toBeUndefined();
    await server.db.query(
      "update users set role = 'client' where id = (select owner_id from campaigns where id = $1)",
      [campaignID],
    );
    try {
      expect(drawnView((await page(owner, `/campaigns/${campaignID}/reporting`)).html)).toBeUndefined();
    } finally {
      await server.db.query(
        "update users set role = 'user' where id = (select owner_id from campaigns where id = $1)",
        [campaignID],
      );
    }
    // Another page of the campaign is the console's to draw.
    expect(drawnView((await page(owner, `/campaigns/${campaignID}/alerts`)).html)).toBeUndefined();
  });

  it("draws a campaign's page with the campaign call's answer, for its owner only", async () => {
    const { html, cacheControl } = await page(owner, `/campaigns/${campaignID}`);
    expect(cacheControl).toBe('private, no-cache');
    const view = drawnView(html);
    const answer = await owner.get(`/v1/campaign/get?campaignID=${campaignID}`);
    expect(view?.campaign).toEqual(answer.body.data);
    expect(blockOf(html)?.query).toEqual({ campaign: campaignID });
    expect(drawnView((await page(stranger, `/campaigns/${campaignID}`)).html)).toBeUndefined();
    expect(drawnView((await page(owner, `/campaigns/${'0'.repeat(24)}`)).html)).toBeUndefined();
  });

  it("draws the campaign list's page the address names, with the list call's answer", async () => {
    const { html, cacheControl } = await page(owner, '/campaigns?q=winter&page=1&status=bogus');
    const view = drawnView(html);
    expect(cacheControl).toBe('private, no-cache');
    // The address read as the console reads it: a status it does not know is left out.
    expect(view).toMatchObject({
      view: 'mine',
      page: 1,
      filter: { q: 'winter' },
      location: '/campaigns?q=winter&page=1&status=bogus',
    });
    const answer = await owner.get<{ id: string }[]>('/v1/campaign/mine?q=winter&paginate[page]=1');
    const list = view?.list as { campaigns: { id: string }[]; page: number; pages: number };
    expect(list.campaigns.map((campaign) => campaign.id)).toEqual(
      answer.body.data?.map((campaign) => campaign.id),
    );
    expect(list.campaigns.map((campaign) => campaign.id)).toEqual([campaignID]);
    // Its block, under the query the console's list looks it up by.
    expect(blockOf(html)?.query).toEqual({ campaignList: 'mine', page: 1, q: 'winter' });
    // Only an admin sees everyone's campaigns: a user's `view=all` is their own list.
    expect(drawnView((await page(stranger, '/campaigns?view=all')).html)).toMatchObject({ view: 'mine' });
    const strangers = drawnView((await page(stranger, '/campaigns?view=all')).html)?.list;
    expect((strangers as { campaigns: unknown[] } | undefined)?.campaigns).toEqual([]);
  });

  it("draws the dashboard of the range its address names, read in UTC as the console reads it, with the dashboard call's answer", async () => {
    const { html, cacheControl } = await page(owner, '/dashboard?days=7');
    expect(cacheControl).toBe('private, no-cache');
    const view = drawnView(html);
    // The console's zone when the browser chose none; the touch script starts the console for another.
    expect(view).toMatchObject({
      days: 7,
      timezone: { tzCode: 'UTC', offset: '+00:00' },
      firstName: 'Ada',
      location: '/dashboard?days=7',
      user: { role: 'user', name: 'Ada Lovelace' },
    });
    // Seven whole days ending yesterday, by hand: today is not over (the start one minute in, as the
    // console sends a range's days: docs/product.md §4).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const block = blockOf(html);
    expect(block?.query).toEqual({
      dashboard: 7,
      start_dt: `${day(-7)} 00:01:00`,
      end_dt: `${day(-1)} 23:59:59`,
      tzOffset: '+00:00',
      timezone: 'UTC',
    });
    // The block is the dashboard call's own answer for those days, as the owner would get it.
    const { dashboard: _days, ...query } = block?.query ?? {};
    const answer = await owner.get(
      `/v1/dashboard?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`,
    );
    expect(answer.httpStatus).toBe(200);
    const { dataPulledAt: _drawnAt, ...drawn } = (block?.data ?? {}) as Record<string, unknown>;
    const { dataPulledAt: _askedAt, ...asked } = answer.body.data as Record<string, unknown>;
    expect(drawn).toEqual(asked);
    expect(view?.dashboard).toEqual(block?.data);
    expect(drawn).toMatchObject({ start: day(-7), end: day(-1), campaignCount: 1 });
    expect((drawn.recentCampaigns as { name: string }[]).map(({ name }) => name)).toEqual(['Winter <sale>']);
    // A range the dashboard does not offer reads as its default, 30 days; no session: not drawn.
    expect(drawnView((await page(owner, '/dashboard?days=14')).html)).toMatchObject({ days: 30 });
    expect(blockOf((await page(owner, '/dashboard?days=14')).html)?.query).toMatchObject({
      start_dt: `${day(-30)} 00:01:00`,
    });
    expect(drawnView((await page(undefined, '/dashboard')).html)).toBeUndefined();
  });

  it(`draws at most ${DRAWN_PAGES_PER_USER} pages a user in a window, then sends the page undrawn`, async () => {
    expect(drawnView((await page(owner, `/campaigns/${campaignID}/reporting`)).html)).toBeDefined();
    // The window's count as DRAWN_PAGES_PER_USER drawings would leave it (each costs three reports).
    const filled = await server.db.query(
      "update identity_limits set calls = $1 where key like '%(drawn):user:%' returning key",
      [DRAWN_PAGES_PER_USER],
    );
    expect(filled.length).toBeGreaterThan(0);
    const over = await page(owner, `/campaigns/${campaignID}/reporting`);
    expect(drawnView(over.html)).toBeUndefined();
    // Sent undrawn, as before: the console's page, which asks for its figures itself.
    expect(over.html).toContain('<script type="module" crossorigin src="/assets/index-AbC123.js">');
    expect(over.cacheControl).toBe('no-cache');
  });
});

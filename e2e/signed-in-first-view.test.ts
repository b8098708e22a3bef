// The dashboard, a signed-in campaign report, the campaign list or a campaign's page opened by its
// address (a bookmark, a link in a mail, a reload): the server sends it drawn in the signed-in frame
// (docs/console.md, "Signed-in pages drawn by the server"), so a phone reads it before any console code
// has run; the console's code is fetched when the reader touches the page, takes over where the drawing
// stands with the answers the server read, and does what the touch asked for.
import { loadSettings, SETTINGS_VERSION } from '@adconsole/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInThroughThePage } from './support/account';
import { baseURL, useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { PHONE } from './support/phone';
import { api, demoCreative, type Session, signIn } from './support/publisher';
import { tile } from './support/reporting';

interface Block {
  query: Record<string, string | boolean>;
  data: { campaignName: string; totals: { impressions: number; clicks: number } };
  related?: { query: Record<string, string | boolean> }[];
}

/** The report the server drew, as its data block holds it. */
const blockOf = (html: string): Block | undefined => {
  const json = /<script id="adconsole-shared-report" type="application\/json">(.*?)<\/script>/s.exec(
    html,
  )?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as Block);
};

/** The page as a browser with the session's cookie gets it. */
const pageHtml = async (path: string, session?: Session, userAgent?: string) => {
  const response = await fetch(`${baseURL()}${path}`, {
    headers: {
      ...(session ? { Cookie: session.cookie } : {}),
      ...(userAgent ? { 'User-Agent': userAgent } : {}),
    },
  });
  return { html: await response.text(), cacheControl: response.headers.get('cache-control') };
};

/**
 * A fresh tab of a browser signed in as the demo admin through the sign-in page, as a person does: what
 * it fetches is its own page's (the dashboard the sign-in led to stays in its own tab, now closed).
 */
async function signedIn(page: Page): Promise<Page> {
  await page.goto('/signin');
  await signInThroughThePage(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.waitForURL('**/dashboard');
  const tab = await page.context().newPage();
  await page.close();
  return tab;
}

/** The scripts a page fetches and the API calls it makes, as they start. */
function watchRequests(page: Page) {
  const scripts: string[] = [];
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push(url.pathname);
    if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  });
  return { scripts, calls };
}

describe('the signed-in report drawn by the server', () => {
  const newPage = useBrowser();
  let session: Session;
  let path = '';

  beforeAll(async () => {
    session = await signIn(baseURL());
    const { campaignID } = await demoCreative(session, 'Trail season banner');
    path = `/campaigns/${campaignID}/reporting`;
  });

  it("arrives drawn with the campaign report call's own figures for the signed-in owner, and for nobody else", async () => {
    const { html, cacheControl } = await pageHtml(path, session);
    const block = blockOf(html);
    expect(block).toBeDefined();
    // The block is the campaign report call's own answer to its query, read with the owner's rights.
    const query = new URLSearchParams(
      Object.entries(block?.query ?? {}).map(([key, value]) => [key, String(value)]),
    );
    const answer = await api<Block['data']>(session, 'GET', `/v1/campaign/reports?${query}`);
    expect(block?.data.totals).toEqual(answer.totals);
    expect(answer.totals.impressions).toBeGreaterThan(0);
    // The period before and the breakdown's tab came with it.
    expect(block?.related?.length).toBe(2);
    // The user's own page: no shared cache keeps it.
    expect(cacheControl).toBe('private, no-cache');
    expect(html).toContain('Demo campaign');

    // Without a session, or with one that has ended, nothing is drawn: the console sends the reader to
    // sign in, as before.
    for (const cookie of [undefined, { origin: baseURL(), cookie: 'adconsole_session=ended' }]) {
      const anonymous = await pageHtml(path, cookie);
      expect(anonymous.html).not.toContain('data-server-view');
      expect(blockOf(anonymous.html)).toBeUndefined();
    }
    // A campaign that is not there (or not the user's) is drawn by the console, which says so.
    const other = await pageHtml(`/campaigns/${'0'.repeat(24)}/reporting`, session);
    expect(other.html).not.toContain('data-server-view');
  });

  it('on a phone: reads with no console code, then a tap opens the menu in the console without asking for a report', async () => {
    const page = await signedIn(await newPage({ viewport: PHONE, phone: true }));
    const { scripts, calls } = watchRequests(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(300);
    expect(scripts).toEqual(['/assets/on-touch-v4.js']);
    expect(calls).toEqual([]);
    // Drawn for a phone: the compact frame, the report and its charts at the phone's width.
    await page.locator('[data-server-view] h1', { hasText: 'Campaign summary' }).waitFor();
    expect(await page.locator('[data-server-view] [data-slot="app-shell"][data-compact]').count()).toBe(1);
    expect(await tile(page, 'impressions')).toBeGreaterThan(0);
    expect(await page.locator('[data-static-chart] svg[data-scaled]').count()).toBeGreaterThanOrEqual(4);
    // A tap brings the console, which opens the sheet the tap asked for and asks for no report.
    await page.mouse.wheel(0, -3000);
    await page.getByRole('button', { name: 'Dates, zone, export and sharing', exact: true }).tap();
    await page.locator('[data-server-view]').waitFor({ state: 'detached' });
    await page.getByRole('dialog').waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls.filter((call) => call.includes('/reports'))).toEqual([]);
    // The address names the range drawn, as the console writes it.
    expect(new URL(page.url()).searchParams.get('start')).not.toBeNull();
  });

  it('in a 1440 px window: a click on By hour starts the console, which turns the figures hourly', async () => {
    const page = await signedIn(await newPage({ viewport: { width: 1440, height: 900 } }));
    const { scripts, calls } = watchRequests(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/assets/on-touch-v4.js']);
    const drawnTile = await tile(page, 'impressions');
    await page.getByRole('button', { name: 'By hour', exact: true }).click();
    await page.locator('[data-server-view]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'By hour', exact: true, pressed: true }).waitFor();
    await page.waitForLoadState('networkidle');
    // Asked for is only what the click changed: the figures by hour (and the period before by hour).
    const reports = calls.filter((call) => call.startsWith('/api/v1/campaign/reports'));
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((call) => new URL(call, baseURL()).searchParams.get('granularity') === 'hour')).toBe(
      true,
    );
    expect(await tile(page, 'impressions')).toBe(drawnTile);
    // The console's frame: the side menu's links are the router's now, the bell its own.
    await page.getByRole('link', { name: 'Campaigns' }).first().click();
    await page.waitForURL('**/campaigns');
  });

  it('the campaign list: read with no console code; New campaign starts the console, which opens its dialog', async () => {
    const { html } = await pageHtml('/campaigns', session);
    expect(blockOf(html)?.query).toEqual({ campaignList: 'mine', page: 1 });
    const page = await signedIn(await newPage({ viewport: { width: 1440, height: 900 } }));
    const { scripts, calls } = watchRequests(page);
    await page.goto('/campaigns');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/assets/on-touch-v4.js']);
    expect(calls).toEqual([]);
    await page.locator('[data-server-view]').getByRole('link', { name: 'Demo campaign' }).first().waitFor();
    await page.getByRole('button', { name: 'New campaign', exact: true }).click();
    await page.locator('[data-server-view]').waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'New campaign' }).waitFor();
    // The list came with the page: the console did not ask for it again.
    expect(calls.filter((call) => call.startsWith('/api/v1/campaign/mine'))).toEqual([]);
  });

  it('the campaign list: what is typed into the drawn search box is searched for once the console has the page', async () => {
    const page = await signedIn(await newPage({ viewport: { width: 1440, height: 900 } }));
    await page.goto('/campaigns');
    await page.waitForLoadState('networkidle');
    await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('no such campaign');
    await page.locator('[data-server-view]').waitFor({ state: 'detached' });
    // The console's box holds the text, and its search runs as typing would have run it.
    await page.waitForURL((url) => url.searchParams.get('q') === 'no such campaign');
    await page.getByText('No campaign matches').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search campaigns' }).inputValue()).toBe(
      'no such campaign',
    );
  });

  it('a window narrower than the drawing was made for starts the console at once, whose frame fits it', async () => {
    // A desktop browser (no phone in its user agent) in a window of a phone's width: drawn wide.
    const page = await signedIn(await newPage({ viewport: PHONE }));
    await page.goto('/campaigns');
    await page.locator('[data-server-view]').waitFor({ state: 'detached' });
    expect(await page.locator('#root [data-slot="app-shell"][data-compact]').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("a campaign's page on a phone: its first screen with no console code; coming near the owner's cards starts the console, which draws them", async () => {
    const campaignPath = path.replace(/\/reporting$/, '');
    const page = await signedIn(await newPage({ viewport: PHONE, phone: true }));
    const { scripts, calls } = watchRequests(page);
    await page.goto(campaignPath);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/assets/on-touch-v4.js']);
    expect(calls).toEqual([]);
    const drawing = page.locator('[data-server-view]');
    await drawing.getByRole('heading', { name: 'Demo campaign', level: 1 }).waitFor();
    await drawing.getByRole('heading', { name: 'Goal and pacing' }).waitFor();
    // The goal's pacing chart is drawn, at the phone's width.
    expect(await drawing.locator('[data-static-chart] svg[data-scaled]').first().getAttribute('width')).toBe(
      '316',
    );
    // Scrolling towards the owner's cards brings the console, which draws them without asking for the
    // campaign again.
    await drawing.locator('[data-slot="card-placeholder"]').first().scrollIntoViewIfNeeded();
    await drawing.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Placements', level: 2 }).waitFor();
    await expect
      .poll(() => page.locator('#root [data-slot="card-placeholder"]').count(), { timeout: 20_000 })
      .toBe(0);
    expect(calls.filter((call) => call.startsWith('/api/v1/campaign/get'))).toEqual([]);
  });

  it("a campaign's page at 1280 px: Edit campaign starts the console, which opens the campaign's form", async () => {
    const campaignPath = path.replace(/\/reporting$/, '');
    const page = await signedIn(await newPage({ viewport: { width: 1280, height: 720 } }));
    const { scripts } = watchRequests(page);
    await page.goto(campaignPath);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/assets/on-touch-v4.js']);
    await page.getByRole('button', { name: 'Edit campaign', exact: true }).click();
    await page.locator('[data-server-view]').waitFor({ state: 'detached' });
    await page.getByRole('dialog').getByLabel('Campaign name').waitFor();
  });
});

describe('the dashboard drawn by the server', () => {
  const newPage = useBrowser();
  let session: Session;

  beforeAll(async () => {
    session = await signIn(baseURL());
  });

  it("on a phone: the dashboard call's own figures with no console code; a tap on a range starts the console, which asks for that range only", async () => {
    const { html, cacheControl } = await pageHtml('/dashboard', session);
    expect(cacheControl).toBe('private, no-cache');
    // Drawn for the last 30 whole days in UTC (the console's zone when the browser chose none), with the
    // dashboard call's own answer for those days, read with the user's rights.
    const block = blockOf(html) as unknown as {
      query: { dashboard: number; start_dt: string; end_dt: string; tzOffset: string; timezone: string };
      data: { totals: { impressions: number } };
    };
    const { dashboard: days, ...query } = block.query;
    expect(days).toBe(30);
    expect(query.timezone).toBe('UTC');
    const answer = await api<{ totals: { impressions: number } }>(
      session,
      'GET',
      `/v1/dashboard?${new URLSearchParams(query)}`,
    );
    expect(block.data.totals).toEqual(answer.totals);
    expect(answer.totals.impressions).toBeGreaterThan(0);

    const page = await signedIn(await newPage({ viewport: PHONE, phone: true }));
    const { scripts, calls } = watchRequests(page);
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(300);
    expect(scripts).toEqual(['/assets/on-touch-v4.js']);
    expect(calls).toEqual([]);
    const drawing = page.locator('[data-server-view]');
    await drawing.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await drawing.locator('[data-slot="app-shell"][data-compact]').count()).toBe(1);
    expect(await tile(page, 'impressions')).toBe(answer.totals.impressions);
    // The trend is drawn, at the phone's width.
    expect(await drawing.locator('[data-static-chart] svg[data-scaled]').first().getAttribute('width')).toBe(
      '316',
    );
    // A tap on another range brings the console, which carries it out and asks for that range alone: the
    // 30 days drawn came with the page.
    await page.mouse.wheel(0, -3000);
    await page.getByRole('button', { name: 'Last 7 days' }).tap();
    await drawing.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Last 7 days', pressed: true }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('days') === '7');
    await page.waitForLoadState('networkidle');
    const boards = calls.filter((call) => call.startsWith('/api/v1/dashboard'));
    expect(boards).toHaveLength(1);
    expect(new URL(boards[0] ?? '', baseURL()).searchParams.get('start_dt')).not.toBe(query.start_dt);
  });

  it('a browser that chose another reporting zone: the console starts at once and reads the dashboard in that zone', async () => {
    const page = await signedIn(await newPage({ viewport: { width: 1440, height: 900 } }));
    // The zone chosen on this browser, as the console keeps it (its stored settings).
    await page.goto('/signin');
    await page.evaluate(
      (settings) => localStorage.setItem('store', JSON.stringify(settings)),
      loadSettings({
        version: SETTINGS_VERSION,
        activeReportingTimezone: {
          label: '(GMT+01:00) Berlin, Paris, Rome, Madrid',
          offset: '+01:00',
          tzCode: 'Europe/Berlin',
        },
      }),
    );
    const { calls } = watchRequests(page);
    await page.goto('/dashboard');
    // Nobody touched the page: the touch script started the console, whose figures are Berlin's days.
    await page.locator('[data-server-view]').waitFor({ state: 'detached' });
    await page.getByText(/, \(GMT\+01:00\) Berlin, Paris, Rome, Madrid$/).waitFor();
    const boards = calls.filter((call) => call.startsWith('/api/v1/dashboard'));
    expect(boards.length).toBeGreaterThan(0);
    expect(
      boards.every((call) => new URL(call, baseURL()).searchParams.get('timezone') === 'Europe/Berlin'),
    ).toBe(true);
  });
});

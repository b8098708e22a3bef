// What a page load can be held to without timing it (issue: pages that load fast on a phone): the
// public pages log no console error and no CSP violation, the console's files travel compressed, and
// no page scrolls sideways on a phone. The timings themselves are bench/lighthouse.mjs's figures.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/account';
import { baseURL, useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { PHONE, scrollsSideways } from './support/phone';
import { demoShareLink } from './support/publisher';
import { openDemoReport } from './support/reporting';

interface Watched {
  consoleErrors: string[];
  cspViolations: string[];
  assets: { url: string; encoding: string | undefined }[];
  /** The API's answers of 400 or more (a 401 from /api/me is the one a visit must never ask for). */
  refused: string[];
}

/** Records the page's console errors, uncaught errors, CSP violations and the console files it loads. */
async function watch(page: Page): Promise<Watched> {
  const watched: Watched = { consoleErrors: [], cspViolations: [], assets: [], refused: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watched.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watched.consoleErrors.push(error.message));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.status() >= 400)
      watched.refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    if (new URL(response.url()).pathname.startsWith('/assets/')) {
      watched.assets.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
    }
  });
  await page.exposeFunction('__cspViolation', (text: string) => watched.cspViolations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return watched;
}

describe('page loads', () => {
  const newPage = useBrowser();
  let shareUrl = '';

  beforeAll(async () => {
    // The demo campaign's, not the owner's newest: that may be another journey's, with nothing live.
    shareUrl = await demoShareLink(baseURL());
  });

  const publicPages: [string, () => string, (page: Page) => Promise<unknown>][] = [
    ['/signin', () => '/signin', (page) => page.getByRole('form', { name: 'Sign in' }).waitFor()],
    ['/signup', () => '/signup', (page) => page.getByRole('form', { name: 'Sign up' }).waitFor()],
    ['/forgotpassword', () => '/forgotpassword', (page) => page.getByRole('button').first().waitFor()],
    ['/ping', () => '/ping', (page) => page.getByText('Pong', { exact: true }).waitFor()],
    [
      'a share page',
      () => new URL(shareUrl).pathname,
      (page) => page.getByRole('heading', { name: 'Campaign summary' }).waitFor(),
    ],
  ];

  // The console's first anonymous visit (nothing stored): `/` and a bookmarked screen go to the sign-in
  // page without asking the server who is signed in (docs/console.md, "How a page load goes").
  const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' }).waitFor();
  const firstVisits: typeof publicPages = [
    ['the first visit to /', () => '/', signInForm],
    ['a first visit to a bookmarked screen', () => '/campaigns', signInForm],
  ];

  for (const [name, pathOf, painted] of [...publicPages, ...firstVisits]) {
    it(`${name}: no console error (no 401 from asking who is signed in) and no CSP violation`, async () => {
      const page = await newPage();
      const watched = await watch(page);
      await page.goto(pathOf());
      await painted(page);
      await page.waitForLoadState('networkidle');
      expect(watched.consoleErrors).toEqual([]);
      expect(watched.cspViolations).toEqual([]);
      expect(watched.refused).toEqual([]);
    });
  }

  it("a report on a phone asks for its charts' code after its first paint and its tables' code only when the reader comes near a table", async () => {
    // The campaign's own report drawn by the console, reached cold from the campaign's page after signing
    // in (a report opened by its address, like a share page, is drawn by the server and runs no console
    // code until touched: e2e/signed-in-first-view.test.ts, e2e/share-first-view.test.ts).
    const page = await newPage();
    await openDemoReport(page);
    const reportUrl = page.url();
    const cold = await newPage({ viewport: PHONE });
    await cold.context().addCookies(await page.context().cookies());
    await cold.goto('/signin');
    await cold.evaluate(
      (stored) => {
        for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      },
      await page.evaluate(() => ({ ...localStorage })),
    );
    await cold.goto(new URL(reportUrl).pathname.replace(/\/reporting$/, ''));
    // The campaign's page the server drew hands over to the console at the first touch; its Reporting
    // link is then the console's own.
    await cold.getByRole('heading', { level: 1 }).click();
    await cold.locator('[data-server-view]').waitFor({ state: 'detached' });
    await cold.getByRole('link', { name: 'Reporting', exact: true }).first().click();
    await cold.locator('#root').getByRole('heading', { name: 'Campaign summary' }).waitFor();
    await cold.locator('[data-slot="kpi-tile"]').first().waitFor();
    /** The first paint, and the files of the two asked for so far (name and when). */
    const requested = () =>
      cold.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        files: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/(report-charts|report-tables)-[\w-]+\.js$/.test(entry.name))
          .map((entry) => ({
            part: entry.name.split('/').pop()?.split('-')[1] ?? '',
            start: entry.startTime,
          })),
      }));
    /** Waits until `part`'s file has been asked for. */
    const asked = (part: string) =>
      cold.waitForFunction(
        (wanted) =>
          performance
            .getEntriesByType('resource')
            .some((entry) => entry.name.includes(`/assets/report-${wanted}-`)),
        part,
      );
    // The reader stays on the first screen: the tables' code is not asked for.
    await cold.waitForLoadState('networkidle');
    const atRest = await requested();
    expect(atRest.paint).toBeGreaterThan(0);
    expect(atRest.files.map((file) => file.part)).not.toContain('tables');
    // The reader scrolls to the performance chart: the charts' code, still not the tables'.
    await cold.getByRole('heading', { name: 'Performance', level: 2, exact: true }).scrollIntoViewIfNeeded();
    await asked('charts');
    await cold.waitForLoadState('networkidle');
    expect((await requested()).files.map((file) => file.part)).toEqual(['charts']);
    // Then to the figures: the tables' code is asked for then.
    await cold.getByRole('heading', { name: 'Figures', level: 2, exact: true }).scrollIntoViewIfNeeded();
    await asked('tables');
    const scrolled = await requested();
    expect(scrolled.files.map((file) => file.part).sort()).toEqual(['charts', 'tables']);
    for (const file of scrolled.files) expect(file.start, file.part).toBeGreaterThan(scrolled.paint);
    await cold.getByRole('table', { name: 'Figures by day' }).waitFor();
  });

  it("sends the console's scripts and styles compressed, in the browser's preferred encoding", async () => {
    const page = await newPage();
    const watched = await watch(page);
    const response = await page.goto('/signin');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(response?.headers()['content-encoding']).toBe('br');
    const scriptsAndStyles = watched.assets.filter((asset) => /\.(js|css)$/.test(asset.url));
    expect(scriptsAndStyles.length).toBeGreaterThan(0);
    // Files under the build's 1 KB floor are sent as they are; every larger one is brotli.
    const large = scriptsAndStyles.filter((asset) => asset.encoding !== undefined);
    expect(large.length).toBeGreaterThan(scriptsAndStyles.length / 2);
    for (const asset of large) expect(asset.encoding, asset.url).toBe('br');
  });

  it('draws the account pages without the console router, and hands the page over both ways without a reload', async () => {
    const page = await newPage();
    const watched = await watch(page);
    const consoleRouterLoaded = () =>
      watched.assets.some((asset) => /\/assets\/console-[\w-]+\.js$/.test(asset.url));
    const response = await page.goto('/signin');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The page the server sends for an account page does not preload the router, and nothing fetches it.
    expect(await response?.text()).not.toMatch(/assets\/console-/);
    expect(consoleRouterLoaded()).toBe(false);
    // Every other page's page preloads it, so its download starts beside the entry's.
    expect(await (await page.request.get('/dashboard')).text()).toMatch(/assets\/console-/);
    // Between account pages: the links and the back button change the page, never reload it.
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    const samePage = () =>
      page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('form', { name: 'Sign up' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await page.goBack();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(consoleRouterLoaded()).toBe(false);
    // Signing in hands the page to the console, which loads its router then; signing out hands it back.
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(consoleRouterLoaded()).toBe(true);
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.waitForURL('**/profile');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(await samePage()).toBe(true);
    expect(watched.consoleErrors).toEqual([]);
  });

  it('no page scrolls sideways on a 390 px wide phone: public pages, a share page, the dashboard, campaigns, a report', async () => {
    const page = await newPage({ viewport: PHONE });
    for (const [name, pathOf, painted] of publicPages) {
      await page.goto(pathOf());
      await painted(page);
      expect(await scrollsSideways(page), name).toBe(false);
    }
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await scrollsSideways(page), 'dashboard').toBe(false);
    await page.goto('/campaigns');
    await page.waitForLoadState('networkidle');
    expect(await scrollsSideways(page), 'campaigns').toBe(false);
    const { id: campaignID, name: campaignName } = await page.evaluate(
      async () =>
        (await (await fetch('/api/v1/campaign/mine')).json()).data[0] as { id: string; name: string },
    );
    await page.goto(`/campaigns/${campaignID}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await scrollsSideways(page), 'campaign view').toBe(false);
    await page.goto(`/campaigns/${campaignID}/reporting`);
    await page.getByRole('heading', { name: 'Campaign summary' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await scrollsSideways(page), 'campaign report').toBe(false);
    // The report's trail (Campaigns › the campaign › Reporting) stays on the top bar's one line: the
    // campaign's name arrives after the first paint, so its link is waited for.
    const bar = page.getByRole('banner');
    await expect.poll(() => bar.getByRole('link', { name: campaignName }).isVisible()).toBe(true);
    expect((await bar.boundingBox())?.height).toBe(56);
    expect(await bar.getByRole('link', { name: 'Campaigns' }).isVisible()).toBe(false);
  });
});

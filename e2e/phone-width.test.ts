// No page of the console scrolls sideways on a 390 px wide phone: every route of the route table, signed
// in as the demo admin (the admin pages too) and signed out (the account pages, a share page and its
// creative page). A table wider than the phone scrolls inside its card, with a cue, never the page. A
// route added to the table without a page here fails the first test.
import { readFileSync } from 'node:fs';
import { ACCOUNT_PATHS } from '@adconsole/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/account';
import { useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { PHONE, scrollsSideways } from './support/phone';

/** The console's routes (apps/console/src/routes/index.tsx) as patterns of a path: `:param` any segment. */
function routePatterns(): { route: string; pattern: RegExp }[] {
  const table = readFileSync(new URL('../apps/console/src/routes/index.tsx', import.meta.url), 'utf8');
  const routes = [
    ...ACCOUNT_PATHS.map((path) => path.slice(1)),
    ...[...table.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1] ?? ''),
  ].filter((route) => route !== '/');
  return routes.map((route) => ({
    route,
    pattern:
      route === '*'
        ? /^\/no-such-page$/
        : new RegExp(`^/${route.replace(/:\w+/g, '[^/]+').replace(/[.]/g, '\\.')}$`),
  }));
}

type Demo = {
  campaignID: string;
  creativeID: string;
  shareToken: string;
  advertiserID: string;
  orderID: string;
};

const signedOutPaths = ({ shareToken, creativeID }: Demo) => [
  '/signin',
  '/signup',
  '/forgotpassword',
  '/ping',
  `/share/${shareToken}`,
  `/share/${shareToken}/creative/${creativeID}`,
  // A preview link's page (its sentence for a link that is not, or no longer, one).
  '/preview/no-such-preview-link',
  '/no-such-page',
];

const signedInPaths = ({ campaignID, creativeID, advertiserID, orderID }: Demo) => [
  '/dashboard',
  '/campaigns',
  `/campaigns/${campaignID}`,
  `/campaigns/${campaignID}/alerts`,
  `/campaigns/${campaignID}/reporting`,
  `/campaigns/${campaignID}/reporting/creative/${creativeID}`,
  `/campaigns/${campaignID}/creative/${creativeID}`,
  `/campaigns/${campaignID}/creative/new`,
  '/advertisers',
  `/advertisers/${advertiserID}`,
  `/advertisers/${advertiserID}/orders/${orderID}`,
  '/filemanager',
  '/tables',
  '/billing',
  '/builder',
  '/profile',
  '/alerts',
  '/admin',
  '/admin/invite',
  '/no-such-page',
];

describe('every route at 390 px', () => {
  const newPage = useBrowser();
  let demo: Demo;

  beforeAll(async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    demo = await page.evaluate(async () => {
      const headers = { 'X-Requested-With': 'adconsole', 'Content-Type': 'application/json' };
      // The newest campaign with a creative: a journey run earlier on this worker's product may have
      // made newer ones without any.
      const campaigns = (await (await fetch('/api/v1/campaign/mine', { headers })).json()).data as {
        id: string;
        creatives: { id: string }[];
      }[];
      const campaign = campaigns.find((each) => each.creatives.length > 0) ?? { id: '', creatives: [] };
      const share = await fetch('/api/v1/campaign/newToken', {
        method: 'POST',
        headers,
        body: JSON.stringify({ campaignID: campaign.id }),
      });
      // The demo's advertiser with an insertion order (Northwind Outdoor's PO).
      const advertisers = (await (await fetch('/api/v1/advertiser/list', { headers })).json()).data
        .advertisers as { id: string }[];
      const overviews = await Promise.all(
        advertisers.map(
          async ({ id }) => (await (await fetch(`/api/v1/advertiser/get?id=${id}`, { headers })).json()).data,
        ),
      );
      const withOrder = overviews.find((overview) => overview.insertionOrders.length > 0);
      return {
        advertiserID: withOrder?.advertiser.id ?? '',
        orderID: withOrder?.insertionOrders[0]?.id ?? '',
        campaignID: campaign.id,
        creativeID: campaign.creatives[0]?.id ?? '',
        shareToken: new URL((await share.json()).data.url).pathname.split('/').at(-1) ?? '',
      };
    });
    await page.context().close();
  });

  it('visits a page of every route of the route table', () => {
    const visited = [...signedOutPaths(demo), ...signedInPaths(demo)];
    const missed = routePatterns()
      .filter(({ pattern }) => !visited.some((path) => pattern.test(path)))
      .map(({ route }) => route);
    expect(missed, 'routes of apps/console/src/routes/index.tsx without a page in this test').toEqual([]);
  });

  it('signed out: the account pages, a share page and its creative page', async () => {
    const page = await newPage({ viewport: PHONE });
    for (const path of signedOutPaths(demo)) {
      await page.goto(path);
      await page.locator('h1, form, main').first().waitFor();
      expect(await scrollsSideways(page), path).toBe(false);
    }
  });

  it('signed in: every page of the console, the admin pages and the demo pages', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    // The page's title in the top bar is whole beside the menu, the bell and the theme switch: the user
    // shows as initials there (the link still named after them).
    const title = page.locator('[data-slot="top-bar"] [aria-current="page"] span');
    await title.waitFor();
    expect(await title.textContent()).toBe('Dashboard');
    expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await page.getByRole('link', { name: 'Demo Admin', exact: true }).textContent()).toContain('DA');
    for (const path of signedInPaths(demo)) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await scrollsSideways(page), path).toBe(false);
    }
  });
});

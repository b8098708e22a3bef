// The delivery rules, frequency caps and even delivery that bench/serving.mjs's rules rows (and
// bench/profile-serving.mjs with `--rules`) put on the demo campaign: every rule of each level, all of
// which the bench's requests pass, so each request is judged by all of them and still served; each
// request names a publisher page, so the site rule walks its lists.
import { browserHeaders } from './serving-load.mjs';

/** The publisher sites of the rules rows' pages (`.localhost` names: no real site is named). */
const BENCH_SITES = ['news', 'sport', 'weather', 'recipes', 'travel', 'games', 'autos', 'finance'].map(
  (name) => `${name}.localhost`,
);
/** Subdomains in front of a site: none, one, two labels, so the site rule walks lists of each depth. */
const PAGE_PREFIXES = ['', 'www.', 'm.', 'blog.', 'edition.eu.'];
let pageCount = 0;

/**
 * A publisher page of the rules rows' requests (the `page` parameter the ad runtime sends), a different
 * site, subdomain and path each time: every request's site walks the allow and block lists of the site
 * rule (docs/serving.md, "Delivery rules").
 */
function benchPage() {
  pageCount += 1;
  const site = BENCH_SITES[pageCount % BENCH_SITES.length];
  const prefix = PAGE_PREFIXES[Math.floor(pageCount / BENCH_SITES.length) % PAGE_PREFIXES.length];
  return `https://${prefix}${site}/section-${pageCount % 13}/article-${pageCount}.html?ref=home`;
}

/** A path with the `page` parameter of a new publisher page added to its query. */
export const withPage = (path) => () =>
  `${path}${path.includes('?') ? '&' : '?'}page=${encodeURIComponent(benchPage())}`;

/**
 * Before the rules rows: a page of every site and depth is served (a refused request costs less and would
 * flatter the figure) and a page of the creatives' blocked site is not, so the site rule is in force.
 */
export async function checkSiteRule(origin, adPath, adOnPage) {
  const status = async (path) => {
    const answer = await fetch(`${origin}${path}`, { headers: browserHeaders() });
    await answer.arrayBuffer();
    return answer.status;
  };
  for (let index = 0; index < BENCH_SITES.length * PAGE_PREFIXES.length; index += 1) {
    const path = adOnPage();
    const got = await status(path);
    if (got !== 200) throw new Error(`The bench's page was not served (${got}): ${path}`);
  }
  const blocked = `${adPath}?page=${encodeURIComponent('https://www.spam.news.localhost/a.html')}`;
  if ((await status(blocked)) !== 404) throw new Error(`A blocked site's page was served: ${blocked}`);
}

/**
 * Delivery rules every bench request passes (its addresses are German, American and British, its user
 * agents four desktop and mobile browsers, its pages on the sites of BENCH_SITES), so each is judged by
 * every rule and still served: the campaign's (countries included, a device type, an OS and a browser
 * excluded, the bench's sites allowed and 200 others blocked, every hour but one twelve hours away, two
 * frequency caps) and each creative's own (a site blocked, a frequency cap too).
 */
function benchRules() {
  const away = (new Date().getUTCHours() + 12) % 24;
  return {
    campaign: {
      countries: { mode: 'include', values: ['DE', 'FR', 'GB', 'US'] },
      devices: { mode: 'exclude', values: ['ctv'] },
      os: { mode: 'exclude', values: ['Tizen'] },
      browsers: { mode: 'exclude', values: ['Yandex'] },
      sites: {
        allow: BENCH_SITES,
        block: Array.from({ length: 200 }, (_, index) => `blocked-${index}.localhost`),
      },
      daypart: Array.from({ length: 7 }, () => Array.from({ length: 24 }, (_, hour) => hour !== away)),
      // Caps every request is judged by and passes (each comes from a new browser, without a cookie):
      // the answer carries the signed history's Set-Cookie (docs/serving.md, "Frequency caps").
      frequencyCaps: [
        { count: 1000, period: 'day' },
        { count: 1000, period: 'week' },
      ],
    },
    creative: {
      countries: { mode: 'exclude', values: ['CN'] },
      devices: { mode: 'exclude', values: ['other'] },
      sites: { allow: [], block: ['spam.news.localhost'] },
      frequencyCaps: [{ count: 1000, period: 'hour' }],
    },
  };
}

/**
 * Sets the bench's rules on the demo campaign and every creative; false when the build has no rules. The
 * demo's A/B test is stopped first: while a test runs its variants keep the rules they have.
 */
export async function setRules(demo) {
  const { campaign, creative } = benchRules();
  const headers = {
    Cookie: demo.cookie,
    'X-Requested-With': 'adconsole',
    'Content-Type': 'application/json',
  };
  const call = (method, path, body) =>
    fetch(`${demo.origin}/api${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  const set = await call('PUT', '/v1/campaign/deliveryRules', {
    campaignID: demo.campaignID,
    rules: campaign,
  });
  // A build without delivery rules has no such route; any other refusal is the bench's own mistake.
  if (set.status === 404) return false;
  if (!set.ok) throw new Error(`The bench's campaign rules were refused: ${await set.text()}`);
  const placements = (
    await (await call('GET', `/v1/campaign/placements?campaignID=${demo.campaignID}`)).json()
  ).data;
  for (const placement of placements ?? []) {
    const tests = (
      await (await call('GET', `/v1/campaign/placements/abtests?placementID=${placement.id}`)).json()
    ).data;
    for (const test of tests ?? [])
      if (test.status === 'running')
        await call('POST', '/v1/campaign/placements/abtest/stop', { id: test.id });
  }
  for (const each of demo.campaign.creatives) {
    const answer = await call('PUT', '/v1/campaign/creatives/deliveryRules', {
      creativeID: each.id,
      rules: creative,
    });
    if (!answer.ok) throw new Error(`The bench's creative rules were refused: ${await answer.text()}`);
  }
  return true;
}

/** The goal of the bench's evenly delivered campaign: the largest a campaign may book. */
const EVEN_GOAL = { metric: 'impressions', amount: 10_000_000_000 };

/**
 * Delivers the demo campaign evenly toward EVEN_GOAL (its flight as it is: it runs from months ago to
 * weeks ahead, so the plan is millions of ads an hour and far behind it, the throttle's rate 1 and its
 * budget far above what the bench sends), or back as it was (`restore`). False when the build has no
 * even delivery (the campaign answers no delivery mode).
 */
export async function setEvenly(demo, restore) {
  const answer = await fetch(`${demo.origin}/api/v1/campaign/update`, {
    method: 'PUT',
    headers: { Cookie: demo.cookie, 'X-Requested-With': 'adconsole', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      id: demo.campaignID,
      name: demo.campaign.name,
      data: restore
        ? { goal: restore.goal ?? null, deliveryMode: 'asap' }
        : { goal: EVEN_GOAL, deliveryMode: 'even' },
    }),
  });
  const body = await answer.json();
  if (!answer.ok) throw new Error(`The bench's even delivery was refused: ${JSON.stringify(body)}`);
  const mode = body.data?.data?.deliveryMode;
  if (mode === undefined) return false;
  if (mode !== (restore ? 'asap' : 'even')) throw new Error(`The campaign's delivery mode is ${mode}`);
  return true;
}

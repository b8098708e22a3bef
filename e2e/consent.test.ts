// Consent end to end in Chromium with third-party cookies blocked (docs/privacy.md, "Banners: the page's
// CMP"): a publisher's page of another origin runs a real TCF CMP, the IAB's own @iabtechlabtcf/cmpapi
// behind the IAB's stub (@iabtechlabtcf/stub), with a banner tag capped at 3 a day whose platform macros
// nobody expanded (the page is not served by the platform), so the ad runtime asks the page's CMP. The
// person first sees the CMP's banner and decides nothing, then refuses, then accepts; the tag follows
// each decision: no cap cookie and ads served uncapped (counted "no consent") until consent is given,
// then the cookie and the cap of 3.
import { readFileSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { DEFAULT_TCF_VENDOR_ID, FREQUENCY_COOKIE, REACH_COOKIE } from '@adconsole/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../scripts/lib.mjs';
import { baseURL, useBrowser } from './support/browser';
import { ALL_TIME } from './support/constants';
import {
  api,
  campaignWithBanner,
  type Publisher,
  type Session,
  signIn,
  startPublisher,
} from './support/publisher';

/** Chromium's switch for the web without third-party cookies (e2e/frequency-caps.test.ts says more). */
const THIRD_PARTY_COOKIES_BLOCKED = '--test-third-party-cookie-phaseout';

/** The IAB's packages as installed: the CMP API and the TCF core it imports, served as ES modules. */
const CMPAPI = realpathSync(path.join(root, 'node_modules/@iabtechlabtcf/cmpapi/lib/mjs'));
const CORE = realpathSync(path.join(root, 'apps/api/node_modules/@iabtechlabtcf/core/lib/mjs'));
const STUB = realpathSync(path.join(root, 'node_modules/@iabtechlabtcf/stub/lib/stub.js'));

/** A small Global Vendor List of the page's own (the real one is a download): our vendor and purposes 1-11. */
const VENDOR_LIST = {
  gvlSpecificationVersion: 3,
  vendorListVersion: 100,
  tcfPolicyVersion: 5,
  lastUpdated: '2026-01-01T00:00:00Z',
  purposes: Object.fromEntries(
    Array.from({ length: 11 }, (_, index) => [
      index + 1,
      { id: index + 1, name: `Purpose ${index + 1}`, description: '', illustrations: [] },
    ]),
  ),
  specialPurposes: {},
  features: {},
  specialFeatures: {},
  stacks: {},
  dataCategories: {},
  vendors: {
    [DEFAULT_TCF_VENDOR_ID]: {
      id: DEFAULT_TCF_VENDOR_ID,
      name: 'Adconsole',
      purposes: [1, 2, 3, 4, 7],
      legIntPurposes: [],
      flexiblePurposes: [],
      specialPurposes: [],
      features: [],
      specialFeatures: [],
    },
  },
};

/**
 * The publisher's CMP: the stub first (it queues calls and answers frames through its locator), then the
 * CMP API as a module. Its banner is shown until the person decides; the decision is kept in the page's
 * own storage (first party) and given to the CMP API on every later load, as a CMP keeps its cookie.
 */
const cmpScripts = () => `
<script>${readFileSync(STUB, 'utf8')}</script>
<script type="importmap">{"imports":{"@iabtechlabtcf/core":"/tcf/core/index.js"}}</script>
<script type="module">
  import { CmpApi } from '/tcf/cmpapi/index.js';
  import { GVL, TCModel, TCString } from '@iabtechlabtcf/core';
  const gvl = new GVL(${JSON.stringify(VENDOR_LIST)});
  const cmp = new CmpApi(10, 1, true);
  const saved = localStorage.getItem('tc');
  if (saved === null) cmp.update('', true);
  else cmp.update(saved, false);
  window.decide = (accept) => {
    const model = new TCModel(gvl);
    model.cmpId = 10;
    model.cmpVersion = 1;
    model.isServiceSpecific = true;
    if (accept) {
      model.purposeConsents.set(1);
      model.vendorConsents.set(${DEFAULT_TCF_VENDOR_ID});
    }
    const tc = TCString.encode(model);
    localStorage.setItem('tc', tc);
    cmp.update(tc, false);
  };
  // The tag goes in once the CMP answers, as on a page that loads its CMP before its ads: the runtime
  // waits for a CMP at most 500 ms (packages/ad-runtime/src/consent.test.ts tests that wait), and a
  // loaded test machine can take longer than that to load the CMP's modules.
  const slot = document.getElementById('slot');
  slot.append(document.getElementById('tag').content.cloneNode(true));
  for (const old of slot.querySelectorAll('script')) {
    const script = document.createElement('script');
    for (const { name, value } of old.attributes) script.setAttribute(name, value);
    old.replaceWith(script);
  }
</script>`;

/** The IAB packages' modules, from the publisher's own origin. */
function tcfModules(url: URL, response: ServerResponse<IncomingMessage>): boolean {
  const [, prefix] = /^\/tcf\/(cmpapi|core)\//.exec(url.pathname) ?? [];
  if (!prefix) return false;
  const base = prefix === 'cmpapi' ? CMPAPI : CORE;
  const file = path.resolve(base, url.pathname.slice(`/tcf/${prefix}/`.length));
  if (!file.startsWith(`${base}${path.sep}`)) return false;
  try {
    response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(file));
  } catch {
    response.writeHead(404).end();
  }
  return true;
}

describe('consent in Chromium: a real CMP on a publisher page of another origin, third-party cookies blocked', () => {
  const newPage = useBrowser([THIRD_PARTY_COOKIES_BLOCKED]);
  let session: Session;
  let campaignID: string;
  let tag = '';
  let publisher: Publisher;
  const article = () =>
    `<!doctype html><html><head><title>News</title>${cmpScripts()}</head><body><h1>Today</h1><template id="tag">${tag}</template><div id="slot"></div><p>More.</p></body></html>`;

  beforeAll(async () => {
    publisher = await startPublisher({ '/article.html': article }, tcfModules, 'localhost');
    session = await signIn(baseURL());
    ({ campaignID, tag } = await campaignWithBanner(session, 'Consent journey', publisher.origin));
    await api(session, 'PUT', '/v1/campaign/deliveryRules', {
      campaignID,
      rules: { frequencyCaps: [{ count: 3, period: 'day' }] },
    });
  });
  afterAll(() => publisher?.close());

  /** One load (`open`): the ad request's status and its query, once its slot is settled. */
  async function load(page: Page, open: () => Promise<unknown>) {
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/serve/ad/')),
      open(),
    ]);
    const state = answer.status() === 200 ? 'rendered' : 'empty';
    await expect
      .poll(() => page.locator('ins.adconsole-ad').getAttribute('data-adconsole-state'), { timeout: 15_000 })
      .toBe(state);
    return { status: answer.status(), query: new URL(answer.url()).searchParams };
  }
  const capHistories = async (page: Page) =>
    (await page.context().cookies()).filter((cookie) => cookie.name === FREQUENCY_COOKIE);
  const reachIds = async (page: Page) =>
    (await page.context().cookies()).filter((cookie) => cookie.name === REACH_COOKIE);
  const notServed = async () =>
    (
      await api<{ notServed: { totals: Record<string, number> } }>(
        session,
        'GET',
        `/v1/campaign/reports?campaignID=${campaignID}&${ALL_TIME}`,
      )
    ).notServed.totals;

  it('undecided, then refused: served uncapped with no cookie; then accepted: the cookie, and the cap of 3 holds', async () => {
    const page = await newPage();
    // The CMP's banner shown, nothing decided: GDPR applies and there is no consent.
    const first = await load(page, () => page.goto(`${publisher.origin}/article.html`));
    expect(first.status).toBe(200);
    expect(first.query.get('gdpr')).toBe('1');
    expect(first.query.get('gdpr_consent')).toBeNull();
    // Refused: the CMP's string says no to purpose 1 and to us; every load is served, uncapped.
    await page.evaluate(() => (window as unknown as { decide(accept: boolean): void }).decide(false));
    const refused = [];
    for (let index = 0; index < 4; index += 1) refused.push(await load(page, () => page.reload()));
    expect(refused.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(refused.every((answer) => (answer.query.get('gdpr_consent') ?? '').length > 20)).toBe(true);
    expect(await capHistories(page)).toEqual([]);
    expect(await reachIds(page)).toEqual([]);
    // Accepted: the next loads carry the consent; the cookie is kept and the cap holds.
    await page.evaluate(() => (window as unknown as { decide(accept: boolean): void }).decide(true));
    const accepted = [];
    for (let index = 0; index < 5; index += 1) accepted.push(await load(page, () => page.reload()));
    expect(accepted.map((answer) => answer.status)).toEqual([200, 200, 200, 404, 404]);
    expect((await capHistories(page)).map((cookie) => cookie.partitionKey)).toEqual([
      publisher.origin.replace(/:\d+$/, ''),
    ]);
    await expect
      .poll(async () => {
        const totals = await notServed();
        return [totals.adsServedNoConsent, totals.adsServed, totals.notServedFrequency];
      })
      .toEqual([5, 3, 2]);
    // Reach: one browser, from the first ad it consented to; the five before count as ads without one.
    expect(await reachIds(page)).toHaveLength(1);
    const { reach } = await api<{ reach: { browsers: number; identifiedAds: number; ads: number } }>(
      session,
      'GET',
      `/v1/campaign/reports?campaignID=${campaignID}&${ALL_TIME}`,
    );
    expect(reach).toMatchObject({ browsers: 1, identifiedAds: 3, ads: 8 });
  });
});

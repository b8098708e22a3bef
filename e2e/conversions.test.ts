// Conversions end to end (docs/conversions.md), across three origins as they meet in the field: a publisher's page
// (127.0.0.1, one port) shows the banner; its click goes through our redirect to the advertiser's site
// (localhost, another port: another site) with a signed click id on the landing URL; the advertiser's
// pages load our conversion tag from the ad server's origin (a third), which keeps the id in the
// advertiser's own storage and sends it at checkout on a third page. The report then shows the
// conversion with its value; the same order again counts once; a tampered id, an expired one (the
// product's clock moved 31 days: e2e/support/clock-offset.mjs) and one of another campaign count zero
// with their reasons; and a shop's server-to-server postback does the same over plain HTTP.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../scripts/lib.mjs';
import { baseURL, useBrowser } from './support/browser';
import { ALL_TIME } from './support/constants';
import { product } from './support/product';
import {
  api,
  BROWSER_HEADERS,
  eventually,
  type Publisher,
  publishedCreative,
  type Session,
  signIn,
  startPublisher,
} from './support/publisher';

const ASSETS = path.join(root, 'apps/api/src/services/demo/demo-assets');
const DAY_MS = 86_400_000;

interface ConversionReport {
  totals: { clicks: number; conversions?: number; conversionValue?: number };
  invalidConversions: { total: number; byReason: { reason: string; conversions: number }[] };
}

describe('conversions: a click on a publisher page, a sale on the advertiser site', () => {
  const newPage = useBrowser();
  let session: Session;
  let publisher: Publisher;
  let advertiser: Publisher;
  /** The advertiser's site as the browser reaches it: localhost, so another site than the publisher's. */
  let shop: string;
  const campaigns: { id: string; action: string; live: string; tag: string }[] = [];

  /** The site-wide tag every advertiser page carries, and the confirmation call on the thank-you page. */
  const siteTag = () =>
    `<script async src="${baseURL()}/serve/conv.js" data-param="adc_click"></script>
     <script>window.adconsole = window.adconsole || function () { (adconsole.q = adconsole.q || []).push(arguments); };</script>`;

  beforeAll(async () => {
    publisher = await startPublisher({
      '/article.html': () =>
        `<!doctype html><html><head><title>A publisher</title></head><body style="margin:0;font-family:sans-serif">
         <h1>Today's news</h1>${campaigns[0]?.tag}<p>Text after the ad.</p></body></html>`,
    });
    advertiser = await startPublisher({
      '/landing': () =>
        `<!doctype html><title>Shop</title>${siteTag()}<h1>Winter boots</h1><a href="/cart">Add to cart</a>`,
      '/cart': () =>
        `<!doctype html><title>Cart</title>${siteTag()}<h1>Your cart</h1><a href="/thanks">Pay now</a>`,
      '/thanks': () =>
        `<!doctype html><title>Thank you</title>${siteTag()}<h1>Thank you for your order</h1>
         <script>adconsole('conversion', { action: ${JSON.stringify(campaigns[0]?.action)}, value: '49.99', currency: 'USD', order: 'ORDER-1001' });</script>`,
    });
    shop = advertiser.origin.replace('127.0.0.1', 'localhost');
    session = await signIn(baseURL());
    for (const name of ['Winter boots', 'Summer sandals']) {
      const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', { name });
      const action = await api<{ id: string }>(session, 'POST', '/v1/campaign/conversionActions', {
        campaignID: campaign.id,
        name: 'Purchase',
        type: 'purchase',
        counting: 'every',
        lookbackDays: 30,
        currency: 'USD',
      });
      const made = await publishedCreative(
        session,
        {
          campaignID: campaign.id,
          name: `${name} banner`,
          type: 'Banner',
          width: 300,
          height: 250,
          trackers: {
            click: [{ type: 'redirect', url: `${shop}/landing?utm_source=news&utm_medium=display` }],
          },
        },
        [{ name: 'banner.png', bytes: readFileSync(path.join(ASSETS, 'banner.png')) }],
      );
      campaigns.push({
        id: campaign.id,
        action: action.id,
        live: made.live,
        tag: made.tag.replace('%%CLICK_URL_UNESC%%', ''),
      });
    }
  });
  afterAll(async () => {
    writeFileSync(path.join(product().dataDir, 'clock-offset'), '0');
    await Promise.all([publisher.close(), advertiser.close()]);
  });

  const report = (campaignID: string) =>
    api<ConversionReport>(session, 'GET', `/v1/campaign/reports?campaignID=${campaignID}&${ALL_TIME}`);
  const invalid = (figures: ConversionReport, reason: string) =>
    figures.invalidConversions.byReason.find((row) => row.reason === reason)?.conversions ?? 0;

  /** An impression and a click of the campaign's banner as a browser makes them over HTTP: the landing URL our redirect answers. */
  async function clickOver(campaign: (typeof campaigns)[0]): Promise<URL> {
    const headers = BROWSER_HEADERS;
    const ad = (await (await fetch(`${baseURL()}/serve/ad/${campaign.live}.json`, { headers })).json()) as {
      clickUrl: string;
      events: { impression?: string };
    };
    const { clickUrl } = ad;
    expect(clickUrl).toContain('/serve/click/');
    // The ad was shown (its impression counted) before it was clicked, as a browser does it.
    expect((await fetch(ad.events.impression ?? '', { headers })).ok).toBe(true);
    const redirect = await fetch(clickUrl, { headers, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    return new URL(redirect.headers.get('location') ?? '');
  }

  async function checkout(page: Page) {
    await page.getByRole('link', { name: 'Add to cart' }).click();
    await page.waitForURL(`${shop}/cart`);
    await page.getByRole('link', { name: 'Pay now' }).click();
    await page.waitForURL(`${shop}/thanks`);
    await expect.poll(() => page.getByRole('heading').textContent()).toBe('Thank you for your order');
  }

  it('the click lands on the advertiser with its id, the tag keeps it and sends it at checkout: one conversion with its value; the same order again counts once', async () => {
    const [winter] = campaigns as [(typeof campaigns)[0]];
    const page = await newPage();
    await page.goto(`${publisher.origin}/article.html`);
    const slot = page.locator('ins.adconsole-ad');
    await expect.poll(() => slot.getAttribute('data-adconsole-state'), { timeout: 15_000 }).toBe('rendered');
    const popup = page.waitForEvent('popup');
    await page.frameLocator('ins.adconsole-ad iframe').locator('a').click();
    const landing = await popup;
    await landing.waitForURL((url) => url.pathname === '/landing');
    const url = new URL(landing.url());
    expect(url.origin).toBe(shop);
    // The landing URL as the advertiser wrote it (UTM kept), with the signed click id added.
    expect(url.searchParams.get('utm_source')).toBe('news');
    expect(url.searchParams.get('utm_medium')).toBe('display');
    expect(url.searchParams.get('adc_click')).toMatch(/^c1\./);
    // Kept in the advertiser's own storage (first party), not in any cookie of ours.
    await expect
      .poll(() => landing.evaluate(() => localStorage.getItem('adconsole_click') ?? ''))
      .toContain(url.searchParams.get('adc_click') ?? '-');
    await checkout(landing);
    await eventually(async () => {
      const figures = await report(winter.id);
      expect(figures.totals.clicks).toBe(1);
      expect(figures.totals.conversions).toBe(1);
      expect(figures.totals.conversionValue).toBe(49.99);
    });
    // The customer reloads the confirmation page: the same order, sent again, counts once.
    await landing.reload();
    await eventually(async () => expect(invalid(await report(winter.id), 'duplicate-order')).toBe(1));
    const figures = await report(winter.id);
    expect(figures.totals.conversions).toBe(1);
    expect(figures.totals.conversionValue).toBe(49.99);
  });

  it('a tampered click id, an expired one and one of another campaign count zero, each with its reason', async () => {
    const [winter, summer] = campaigns as [(typeof campaigns)[0], (typeof campaigns)[0]];
    const own = (await clickOver(winter)).searchParams.get('adc_click') ?? '';
    const other = (await clickOver(summer)).searchParams.get('adc_click') ?? '';
    // The browser arrives with each id in turn; the tag keeps it and sends it at checkout.
    // It returns once the ad server has answered the tag's call (the ledger row is written by then).
    const arrive = async (id: string) => {
      const page = await newPage();
      await page.goto(`${shop}/landing?adc_click=${encodeURIComponent(id)}`);
      const answered = page.waitForResponse((response) => response.url().includes('/serve/conv/'));
      await checkout(page);
      expect((await answered).status()).toBe(200);
      await page.close();
    };
    const before = await report(winter.id);
    const last = own.at(-1) === 'A' ? 'B' : 'A';
    await arrive(`${own.slice(0, -1)}${last}`);
    await eventually(async () => expect(invalid(await report(winter.id), 'forged')).toBe(1));
    await arrive(other);
    await eventually(async () => expect(invalid(await report(winter.id), 'wrong-campaign')).toBe(1));
    // 31 days later (the action's window is 30), the genuine id has expired.
    // Nothing but the tag's call happens while the clock is moved (a session would look expired too).
    writeFileSync(path.join(product().dataDir, 'clock-offset'), String(31 * DAY_MS));
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      await arrive(own);
    } finally {
      writeFileSync(path.join(product().dataDir, 'clock-offset'), '0');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await eventually(async () => expect(invalid(await report(winter.id), 'expired')).toBe(1));
    const after = await report(winter.id);
    expect(after.totals.conversions).toBe(before.totals.conversions);
    expect(after.totals.conversionValue).toBe(before.totals.conversionValue);
  });

  it("a shop server posts back over HTTP with the action's key: counted once with its value, the same order again and a tampered id not; without the key refused", async () => {
    const [winter] = campaigns as [(typeof campaigns)[0]];
    const click = (await clickOver(winter)).searchParams.get('adc_click') ?? '';
    const before = await report(winter.id);
    // The key the console shows once (docs/conversions.md, "Signed postbacks and caps").
    const { key } = await api<{ key: string }>(session, 'POST', '/v1/campaign/conversionActions/key', {
      id: winter.action,
    });
    const postback = async (id: string, order: string, signed = true) => {
      const query = new URLSearchParams({ click: id, value: '120.50', currency: 'USD', order });
      const response = await fetch(`${baseURL()}/serve/conv/${winter.action}?${query}`, {
        headers: signed ? { Authorization: `Bearer ${key}` } : {},
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { counted: boolean; reason: string | null };
    };
    expect(await postback(click, 'CRM-76', false)).toMatchObject({ counted: false, reason: 'unsigned' });
    expect(await postback(click, 'CRM-77')).toMatchObject({ counted: true, reason: null });
    expect(await postback(click, 'CRM-77')).toMatchObject({ counted: false, reason: 'duplicate-order' });
    expect(await postback(`${click.slice(0, -2)}zz`, 'CRM-78')).toMatchObject({
      counted: false,
      reason: 'forged',
    });
    // Bad input is refused whole, with the reason in words, and nothing is stored.
    const bad = await fetch(`${baseURL()}/serve/conv/${winter.action}?click=${click}&value=12.345`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/decimal/i);
    await eventually(async () => {
      const after = await report(winter.id);
      expect(after.totals.conversions).toBe((before.totals.conversions ?? 0) + 1);
      expect(after.totals.conversionValue).toBeCloseTo((before.totals.conversionValue ?? 0) + 120.5, 2);
    });
  });
});

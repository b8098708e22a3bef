// A trafficker's day in Chromium against the real product: a campaign created a minute ago reads "Not
// started" (docs/reports.md, "Pacing") and gets no pacing alert when the evaluation runs, while one that
// served too little does; a direct tag (no platform: docs/tags.md, "Direct tags") draws on a plain
// page; a share link made without costs shows none on its page, in print or in its downloads
// (docs/reports.md, "Share links"); the history reads with the forms' labels and no JSON
// (docs/console.md, "History").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInPage } from './support/account';
import { baseURL, scrollToOwnerCard, useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { product } from './support/product';
import {
  api,
  eventually,
  type Publisher,
  publishedBanner,
  publishedCreative,
  type Session,
  signIn,
  startPublisher,
} from './support/publisher';
import { download } from './support/reporting';

const root = path.resolve(import.meta.dirname, '..');
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** A zone where today has most of its hours left, so the flight's first whole day lasts the journey. */
const zoneWithTodayAhead = () => (new Date().getUTCHours() < 20 ? 'UTC' : 'Pacific/Kiritimati');
const COSTS = [
  'Spend',
  'eCPM',
  'eCPC',
  'CPCV',
  'Conversion value',
  'Conv. value',
  'Cost per conversion',
  'ROAS',
];

describe("a trafficker's day", () => {
  const newPage = useBrowser();
  let session: Session;
  const scratch = mkdtempSync(path.join(tmpdir(), 'trafficker-day-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  beforeAll(async () => {
    session = await signIn(baseURL());
  });

  const signedInPage = async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signInPage(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    return page;
  };

  it('a campaign created a minute ago reads "Not started" and gets no pacing alert; one that served too little does', async () => {
    const timezone = zoneWithTodayAhead();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
    const name = `Fresh ${Date.now()}`;
    const fresh = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name,
      data: {
        start: { date: today },
        end: { date: day(29) },
        timezone,
        advertiser: 'Northwind Outdoor',
        goal: { metric: 'impressions', amount: 300_000 },
      },
    });
    await publishedBanner(session, fresh.id);
    // No delivery would fire on a campaign with nothing served: only the pacing alert is watched.
    await api(session, 'PUT', '/v1/alerts/rules', {
      campaignID: fresh.id,
      settings: { 'no-delivery': { enabled: false } },
    });
    // The control: ten days in, 1,000 impressions in all against a plan of 100,000: at risk.
    const slow = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name: `Slow ${Date.now()}`,
      data: {
        start: { date: day(-10) },
        end: { date: day(19) },
        timezone: 'UTC',
        goal: { metric: 'impressions', amount: 300_000 },
      },
    });
    const slowLive = await publishedBanner(session, slow.id);
    await api(session, 'PUT', '/v1/alerts/rules', {
      campaignID: slow.id,
      settings: { 'no-delivery': { enabled: false }, 'delivery-drop': { enabled: false } },
    });
    await api(session, 'POST', '/v1/events/import', {
      events: [{ liveID: slowLive, type: 'impression', at: `${day(-5)}T12:00:00Z`, count: 1_000 }],
    });

    const answered = await api<{ pacing: { status: string } | null }>(
      session,
      'GET',
      `/v1/campaign/get?campaignID=${fresh.id}`,
    );
    expect(answered.pacing?.status).toBe('not-started');

    const page = await signedInPage();
    await page.goto(`/campaigns/${fresh.id}`);
    await page.getByRole('heading', { name }).waitFor();
    // The campaign page names the advertiser, and its pacing is "Not started", not "At risk".
    await page.getByText('Advertiser: Northwind Outdoor').waitFor();
    const status = page.locator('[data-slot="pacing-status"]').first();
    await status.waitFor();
    expect(await status.textContent()).toBe('Not started');
    await page.goto(`/campaigns?q=${encodeURIComponent(name)}`);
    const row = page
      .getByRole('table', { name: 'Campaigns', exact: true })
      .getByRole('row', { name: /Fresh/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Not started');

    // The evaluation runs every 15 minutes under a lease: the product's clock moves 16 minutes on
    // (e2e/support/clock-offset.mjs), the next poll evaluates. The slow campaign's alert proves it ran.
    const clock = path.join(product().dataDir, 'clock-offset');
    writeFileSync(clock, String(16 * 60_000));
    try {
      await eventually(async () => {
        const alerts = await api<{ rule: string }[]>(session, 'GET', `/v1/alerts?campaignID=${slow.id}`);
        expect(alerts.map((alert) => alert.rule)).toContain('pacing-behind');
      }, 90_000);
    } finally {
      writeFileSync(clock, '0');
    }
    const freshAlerts = await api<{ rule: string }[]>(session, 'GET', `/v1/alerts?campaignID=${fresh.id}`);
    expect(freshAlerts).toEqual([]);
  });

  describe('a direct tag', () => {
    let publisher: Publisher;
    let tag = '';
    beforeAll(async () => {
      publisher = await startPublisher({
        '/plain.html': () =>
          `<!doctype html><html><head><title>A plain page</title></head><body><h1>A publisher's own page</h1>${tag}</body></html>`,
      });
    });
    afterAll(() => publisher.close());

    it('the tag panel gives a creative without a platform its direct tag, with no macro, and it draws on a plain page', async () => {
      const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
        name: `Direct ${Date.now()}`,
      });
      const banner = readFileSync(path.join(root, 'apps/api/src/services/demo/demo-assets/banner.png'));
      const made = await publishedCreative(
        session,
        {
          campaignID: campaign.id,
          name: 'Direct banner',
          type: 'Banner',
          width: 300,
          height: 250,
          platform: null,
          trackers: { click: [{ type: 'redirect', url: `${publisher.origin}/landing` }] },
        },
        [{ name: 'banner.png', bytes: banner }],
      );
      const page = await signedInPage();
      await page.goto(`/campaigns/${campaign.id}/creative/${made.id}`);
      await page.getByText(/No trading platform chosen: these are direct tags/).waitFor();
      const box = page.getByRole('textbox', {
        name: `Direct (no platform) tag for live creative ${made.live}`,
      });
      tag = (await box.inputValue()).trim();
      expect(tag).toContain('data-platform="direct"');
      expect(tag).not.toMatch(/data-click|data-cb|%%|\$\{/);

      const plain = await newPage();
      await plain.goto(`${publisher.origin}/plain.html`);
      const slot = plain.locator('ins.adconsole-ad');
      await expect
        .poll(() => slot.getAttribute('data-adconsole-state'), { timeout: 15_000 })
        .toBe('rendered');
      const frame = slot.locator('iframe');
      expect(await frame.evaluate((element) => [element.clientWidth, element.clientHeight])).toEqual([
        300, 250,
      ]);
    });
  });

  it('a share link made without costs shows none: not on its page, in print or in its CSV, Excel and pivot files', async () => {
    const name = `Shared without costs ${Date.now()}`;
    const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name,
      data: { rate: { model: 'CPM', amount: 2.5, currency: 'USD' } },
    });
    const liveID = await publishedBanner(session, campaign.id);
    await api(session, 'POST', '/v1/events/import', {
      events: [
        { liveID, type: 'impression', at: `${day(-1)}T12:00:00Z`, count: 4_000 },
        { liveID, type: 'click', at: `${day(-1)}T12:00:00Z`, count: 40 },
      ],
    });
    const page = await signedInPage();
    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('link', { name: 'Reporting' }).click();
    await page.getByRole('heading', { name: 'Campaign summary' }).waitFor();
    // The owner's report has the spend; the link is made with "Include costs" left unticked.
    await page.locator('[data-slot="spend-tiles"]').first().waitFor();
    const include = page.getByRole('checkbox', { name: 'Include costs' });
    expect(await include.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Create share link' }).click();
    const link = page.getByRole('link', { name: 'Newest share link' });
    await link.waitFor();
    const url = new URL((await link.getAttribute('href')) ?? '');
    await page
      .getByText(/without costs/)
      .first()
      .waitFor();

    const shared = await newPage();
    await shared.goto(url.pathname);
    await shared.locator('[data-slot="kpi-tile"]').first().waitFor();
    // Every section drawn (the tables below the fold are drawn as the reader comes near them).
    await shared.getByRole('heading', { name: 'Figures', exact: true }).waitFor();
    await expect
      .poll(
        async () => {
          await shared.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return shared.getByRole('table', { name: 'Figures by day' }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const text = (await shared.locator('body').textContent()) ?? '';
    expect(text).toContain('Impressions');
    for (const cost of [...COSTS, 'USD', '$']) expect(text, cost).not.toContain(cost);

    // Print: the page as a PDF.
    await shared.emulateMedia({ media: 'print' });
    const pdfFile = path.join(scratch, 'shared.pdf');
    writeFileSync(pdfFile, await shared.pdf({ preferCSSPageSize: true }));
    const printed = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(printed).toContain('Impressions');
    for (const cost of COSTS) expect(printed, cost).not.toContain(cost);
    await shared.emulateMedia({ media: 'screen' });

    // The downloads: the CSV's text, every cell of the workbooks.
    const csv = (await download(shared, 'CSV', scratch)).toString('utf8');
    expect(csv).toContain('Impressions');
    for (const cost of COSTS) expect(csv, cost).not.toContain(cost);
    for (const format of ['Excel', 'Excel with Pivot']) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await download(shared, format, scratch)) as unknown as ArrayBuffer);
      const cells: string[] = [];
      book.eachSheet((sheet) => {
        sheet.eachRow((row) => {
          row.eachCell((cell) => {
            cells.push(String(cell.text));
          });
        });
      });
      const all = cells.join('\n');
      expect(all, format).toContain('Impressions');
      for (const cost of COSTS) expect(all, `${format}: ${cost}`).not.toContain(cost);
    }
  });

  it("the history shows the forms' labels and values in words, no JSON", async () => {
    const historyName = `History ${Date.now()}`;
    const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name: historyName,
      data: { start: { date: day(0) }, end: { date: day(20) }, timezone: 'UTC' },
    });
    const creative = await api<{ id: string }>(session, 'POST', '/v1/campaign/creatives', {
      campaignID: campaign.id,
      name: 'Leaderboard',
      type: 'Banner',
      width: 728,
      height: 90,
      platform: 'google-ad-manager',
      trackers: { click: [{ type: 'redirect', url: 'https://shop.example/old' }] },
    });
    await api(session, 'PUT', '/v1/campaign/creatives', {
      id: creative.id,
      campaignID: campaign.id,
      name: 'Leaderboard',
      type: 'Banner',
      width: 728,
      height: 90,
      platform: 'the-trade-desk',
      settings: [{ key: 'euCreative', value: true }],
      trackers: { click: [{ type: 'redirect', url: 'https://shop.example/new' }] },
    });
    await api(session, 'PUT', '/v1/campaign/update', {
      id: campaign.id,
      name: historyName,
      data: { end: { date: day(25) } },
    });
    const page = await signedInPage();
    await page.goto(`/campaigns/${campaign.id}`);
    await scrollToOwnerCard(page, 'History');
    const history = page.getByRole('list', { name: 'Changes, newest first' });
    await history.getByText(`${DEMO_EMAIL} changed creative “Leaderboard”`).waitFor();
    const text = (await history.textContent()) ?? '';
    expect(text).toContain(`End date${day(20)} → ${day(25)}`);
    expect(text).toContain('Landing page URLhttps://shop.example/old → https://shop.example/new');
    expect(text).toContain('Traffic platformGoogle Ad Manager → The Trade Desk');
    expect(text).toContain('EU creative— → Yes');
    expect(text).not.toMatch(/[{}[\]"]|click tracker/);
  });
});

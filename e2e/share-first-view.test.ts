// The share page as a reader opens it from a mail on a phone: the server sends its heading, period and
// key figures drawn (docs/console.md, "The share page drawn by the server"), so they show before any
// script has run, and the console takes over where they stand, with the report the server read instead
// of asking for it again.
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './support/browser';
import { PHONE } from './support/phone';
import { demoShareLink } from './support/publisher';
import { tile } from './support/reporting';

interface Block {
  query: Record<string, string | boolean>;
  data: { campaignName: string; totals: { impressions: number; clicks: number } };
}

/** The report the server drew, as its data block holds it. */
const blockOf = (html: string): Block | undefined => {
  const json = /<script id="adconsole-shared-report" type="application\/json">(.*?)<\/script>/s.exec(
    html,
  )?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as Block);
};

const summary = (page: Page) => page.getByRole('heading', { name: 'Campaign summary', level: 1 });

describe('the share page drawn by the server', () => {
  const newPage = useBrowser();
  let path = '';

  beforeAll(async () => {
    path = new URL(await demoShareLink(baseURL())).pathname;
  });

  it('arrives with the heading, the period and the key figures the share report call answers', async () => {
    const html = await (await fetch(`${baseURL()}${path}`)).text();
    const block = blockOf(html);
    expect(block).toBeDefined();
    // The block is the share report call's own answer to its query.
    const query = new URLSearchParams(
      Object.entries(block?.query ?? {}).map(([key, value]) => [key, String(value)]),
    );
    const answer = (await (await fetch(`${baseURL()}/api/share/reports?${query}`)).json()) as {
      data: Block['data'];
    };
    expect(block?.data.totals).toEqual(answer.data.totals);
    expect(answer.data.totals.impressions).toBeGreaterThan(0);

    // Drawn with no script at all: the figures are in the page.
    const page = await newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(path);
    await summary(page).waitFor();
    expect(await page.getByText(`${answer.data.campaignName} · `, { exact: false }).first().isVisible()).toBe(
      true,
    );
    expect(await tile(page, 'impressions')).toBe(answer.data.totals.impressions);
    expect(await tile(page, 'clicks')).toBe(answer.data.totals.clicks);
    // Nothing drawn wider than the phone (no script runs here to measure the page's scroll width).
    expect((await page.locator('[data-server-view]').boundingBox())?.width).toBeLessThanOrEqual(PHONE.width);
    // The console's root takes no room while the drawing stands: nothing the console lays out before its
    // page stands below the drawing, to move up when the drawing goes (docs/console.md, "No shift when
    // the console takes over").
    expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).display)).toBe('none');
  });

  for (const [name, viewport] of [
    ['a phone', PHONE],
    ['a 1440 px window', { width: 1440, height: 900 }],
  ] as const) {
    it(`on ${name}, the console takes over where the server's drawing stood, without asking for the report again`, async () => {
      const still = await newPage({ viewport, javaScriptEnabled: false });
      await still.goto(path);
      const drawn = await summary(still).boundingBox();
      const drawnTile = await still.locator('[data-slot="kpi-tile"]').first().boundingBox();

      const page = await newPage({ viewport });
      const reports: Request[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/share/reports') reports.push(request);
      });
      const html = await (await page.goto(path))?.text();
      const block = blockOf(html ?? '');
      // The console's own page has replaced the server's drawing.
      await page.locator('[data-server-view]').waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      expect(await page.locator('[data-server-view]').count()).toBe(0);
      expect(await summary(page).count()).toBe(1);
      expect(await summary(page).boundingBox()).toEqual(drawn);
      expect(await page.locator('[data-slot="kpi-tile"]').first().boundingBox()).toEqual(drawnTile);
      expect(await tile(page, 'impressions')).toBe(block?.data.totals.impressions);
      // It asked for the period before (the tiles' changes) and the breakdown, never the figures again.
      const asked = reports.map((request) => new URL(request.url()).searchParams);
      expect(asked.length).toBeGreaterThan(0);
      expect(
        asked.filter(
          (query) => query.get('start_dt') === block?.query.start_dt && query.get('granularity') === 'day',
        ),
      ).toEqual([]);
    });
  }

  it('draws the range the address names, and nothing for a link that no longer works', async () => {
    // 1 to 3 November 2026, UTC, as a bookmarked report names it.
    const start = Date.UTC(2026, 10, 1, 0, 1) / 1000;
    const end = Date.UTC(2026, 10, 3, 23, 59, 59) / 1000;
    const html = await (await fetch(`${baseURL()}${path}?start=${start}&end=${end}&tz=%2B00%3A00`)).text();
    expect(html).toContain('1 Nov 2026 – 3 Nov 2026');
    expect(blockOf(html)?.query.start_dt).toBe('2026-11-01 00:01:00');

    const gone = await (await fetch(`${baseURL()}/share/${'x'.repeat(43)}`)).text();
    expect(gone).not.toContain('data-server-view');
    expect(blockOf(gone)).toBeUndefined();
  });
});

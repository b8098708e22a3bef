// The share page as a reader opens it from a mail on a phone: the server sends the whole report drawn
// (docs/console.md, "The share page drawn by the server" and "The share page read-only until touched"),
// so it reads with no script at all, and the console's code is fetched only when the reader touches the
// page: it then takes over where the drawing stands, with the reports the server read instead of asking
// for them again, and does what the touch asked for.
import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, useBrowser } from './support/browser';
import { PHONE } from './support/phone';
import { api, demoCreative, demoShareLink, signIn } from './support/publisher';
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

/** The scripts a page fetches and the API calls it makes, as they start. */
function watchRequests(page: Page) {
  const scripts: string[] = [];
  const reports: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push(url.pathname);
    if (url.pathname.startsWith('/api/')) reports.push(url.pathname);
  });
  return { scripts, reports };
}

/** Where an element stands on the page (not in the window: a touch may scroll the page). */
const placeOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
  });

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
    const page = await newPage({ viewport: PHONE, phone: true, javaScriptEnabled: false });
    await page.goto(path);
    await summary(page).waitFor();
    expect(await page.getByText(`${answer.data.campaignName} · `, { exact: false }).first().isVisible()).toBe(
      true,
    );
    expect(await tile(page, 'impressions')).toBe(answer.data.totals.impressions);
    expect(await tile(page, 'clicks')).toBe(answer.data.totals.clicks);
    // Nothing drawn wider than the phone (no script runs here to measure the page's scroll width).
    expect((await page.locator('[data-server-view]').boundingBox())?.width).toBeLessThanOrEqual(PHONE.width);
    // The console's root takes no room while the drawing stands and is not shown: nothing the console
    // lays out before its page stands below the drawing, to move up when the drawing goes
    // (docs/console.md, "No shift when the console takes over").
    expect(
      await page.locator('#root').evaluate((root) => {
        const style = getComputedStyle(root);
        return [style.position, style.visibility];
      }),
    ).toEqual(['absolute', 'hidden']);
  });

  it('runs no script of the console while the reader only reads and scrolls', async () => {
    const page = await newPage({ viewport: PHONE, phone: true });
    const { scripts, reports } = watchRequests(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
    expect(scripts).toEqual(['/assets/on-touch-v4.js']);
    expect(reports).toEqual([]);
    // The whole report is there: the tiles' changes, every chart drawn, no placeholder.
    expect(await page.locator('[data-slot="kpi-delta"]:not([data-loading])').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-static-chart] svg[data-scaled]').count()).toBeGreaterThanOrEqual(6);
    expect(await page.locator('[data-chart-placeholder], [data-table-placeholder]').count()).toBe(0);
    expect(await page.locator('[data-server-view]').count()).toBe(1);
  });

  for (const [name, viewport, control, opens] of [
    ['a phone', PHONE, 'Dates, zone and export', 'dialog'],
    ['a 1440 px window', { width: 1440, height: 900 }, 'By hour', undefined],
  ] as const) {
    it(`on ${name}, a touch brings the console where the drawing stood, which does what the touch asked, without asking for a report`, async () => {
      const phone = viewport === PHONE;
      const still = await newPage({ viewport, phone, javaScriptEnabled: false });
      await still.goto(path);
      const heading = (page: Page) => page.locator('h1', { hasText: 'Campaign summary' });
      const firstTile = (page: Page) => page.locator('[data-slot="kpi-tile"]').first();
      const drawn = await placeOf(heading(still));
      const drawnTile = await placeOf(firstTile(still));

      const page = await newPage({ viewport, phone });
      const reports: Request[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/share/reports') reports.push(request);
      });
      const html = await (await page.goto(path))?.text();
      const block = blockOf(html ?? '');
      await page.waitForLoadState('networkidle');
      const button = page.getByRole('button', { name: control, exact: true });
      if (phone) await button.tap();
      else await button.click();
      // The console's own page has replaced the server's drawing, with what is on the screen drawn.
      await page.locator('[data-server-view]').waitFor({ state: 'detached' });
      expect(
        await page.evaluate(
          () =>
            Array.from(
              document.querySelectorAll(
                '#root [data-slot="near-viewport"][data-waiting], #root [data-chart-placeholder], #root [data-table-placeholder]',
              ),
            ).filter((element) => {
              const box = element.getBoundingClientRect();
              return box.bottom > 0 && box.top < window.innerHeight;
            }).length,
        ),
      ).toBe(0);
      expect(await heading(page).count()).toBe(1);
      expect(await placeOf(heading(page))).toEqual(drawn);
      expect(await placeOf(firstTile(page))).toEqual(drawnTile);
      expect(await tile(page, 'impressions')).toBe(block?.data.totals.impressions);
      // The touch is carried out in the console's page: the sheet opens, or the figures go by hour.
      if (opens) await page.getByRole(opens).waitFor();
      else await page.getByRole('button', { name: control, exact: true, pressed: true }).waitFor();
      await page.waitForLoadState('networkidle');
      // The figures, the period before and the breakdown came with the page: asked for is only what
      // the touch changed (the figures by hour).
      const asked = reports.map((request) => new URL(request.url()).searchParams);
      expect(asked.filter((query) => query.get('granularity') !== 'hour')).toEqual([]);
      if (opens) expect(asked).toEqual([]);
    });
  }

  it('a reader on the keyboard: the first Tab starts the console, and the focus stays on the control it reached', async () => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    /** The focused control as a reader's screen reader names it. */
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return {
          inRoot: document.getElementById('root')?.contains(element) ?? false,
          name: `${element?.tagName} ${element?.getAttribute('aria-label') ?? element?.textContent?.trim()}`,
        };
      });
    const reached = (await focused()).name;
    expect(reached).toMatch(/^(BUTTON|A) \S/);
    await page.locator('[data-server-view]').waitFor({ state: 'detached' });
    // The console's copy of that control has the focus, inside the console's page.
    await expect.poll(focused).toEqual({ inRoot: true, name: reached });
    // The address names the range the server drew, written before the console started.
    expect(new URL(page.url()).searchParams.get('start')).not.toBeNull();
  });

  it('sends a page drawn a moment ago again as it was, and nothing drawn for a link revoked since', async () => {
    const session = await signIn(baseURL());
    const { campaignID } = await demoCreative(session, 'Trail season banner');
    const link = await api<{ url: string }>(session, 'POST', '/v1/campaign/newToken', { campaignID });
    const sharePath = new URL(link.url).pathname;
    const token = sharePath.split('/').at(-1) ?? '';
    const first = blockOf(await (await fetch(`${baseURL()}${sharePath}`)).text());
    const again = blockOf(await (await fetch(`${baseURL()}${sharePath}`)).text());
    expect(first).toBeDefined();
    // Drawn once: the same figures, read at the same moment.
    expect(again).toEqual(first);
    await api(session, 'DELETE', `/v1/campaign/newToken?token=${encodeURIComponent(token)}`);
    const revoked = await (await fetch(`${baseURL()}${sharePath}`)).text();
    expect(revoked).not.toContain('data-server-view');
    expect(blockOf(revoked)).toBeUndefined();
  });

  it("draws a creative's page too, by the creative's live ids, and runs no console code until touched", async () => {
    const summaryBlock = blockOf(await (await fetch(`${baseURL()}${path}`)).text()) as unknown as {
      data: { creatives: { id: string; name: string; liveIDs: string[] }[] };
    };
    const creative = summaryBlock.data.creatives.find((entry) => entry.liveIDs.length > 0);
    expect(creative).toBeDefined();
    const creativePath = `${path}/creative/${creative?.id}`;
    const page = await newPage({ viewport: PHONE, phone: true });
    const { scripts, reports } = watchRequests(page);
    const html = (await (await page.goto(creativePath))?.text()) ?? '';
    // The summary, then the creative's own report among the page's answers, read by its live ids.
    const related = (
      JSON.parse(
        /<script id="adconsole-shared-report" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ??
          '{}',
      ) as { related?: { query: { liveIDs?: string[] } }[] }
    ).related;
    expect(related?.some((answer) => answer.query.liveIDs?.join() === creative?.liveIDs.join())).toBe(true);
    await page.locator('[data-server-view] h1', { hasText: creative?.name ?? '' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/assets/on-touch-v4.js']);
    expect(reports).toEqual([]);
    // A tap brings the console, which asks for no report: the page came with all four.
    await page.getByRole('button', { name: 'Dates, zone and export', exact: true }).tap();
    await page.locator('[data-server-view]').waitFor({ state: 'detached' });
    await page.getByRole('dialog').waitFor();
    await page.waitForLoadState('networkidle');
    expect(reports).toEqual([]);
  });

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

// The report's Breakdown section on the seeded demo campaign (docs/reports.md, "Breakdowns"), in Chromium against the real
// server: the tabs show the demo's sites and countries (apps/api/src/services/demo/demo-breakdowns.ts), the
// chosen tab lives in the URL (a reload keeps it), the country CSV from the export section sums to the
// report's impressions, a creative's report has its own breakdown, and a share page shows the
// breakdown of its link's campaign.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { download, number, openDemoReport, tile } from './support/reporting';

const scratch = mkdtempSync(path.join(tmpdir(), 'adconsole-e2e-breakdowns-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The first cells (the values) of a breakdown table's rows, and its total impressions. */
async function breakdownTable(page: Page, dimension: string) {
  // The section is drawn when the reader scrolls to it (docs/console.md, "Below the fold").
  await page.getByRole('heading', { name: 'Breakdown', level: 2 }).scrollIntoViewIfNeeded();
  const table = page.getByRole('table', { name: `Report by ${dimension}` });
  await table.locator('tbody tr').first().waitFor();
  const labels = await table.locator('tbody tr td:first-child').allTextContents();
  const total = await table
    .getByRole('row', { name: /^Total/ })
    .locator('td, th')
    .nth(1)
    .textContent();
  return { labels, total: number(total) };
}

/** Chooses a Breakdown tab and waits for its table. */
async function chooseTab(page: Page, name: string, dimension: string) {
  await page.getByRole('tablist', { name: 'Breakdown by' }).getByRole('tab', { name }).click();
  await page.waitForURL(new RegExp(`breakdown=${dimension}`));
  return breakdownTable(page, name === 'OS' ? 'OS' : name.toLowerCase());
}

describe('report breakdowns', () => {
  const newPage = useBrowser();

  it("shows the demo's sites and countries in the Breakdown tabs, keeps the tab in the URL, and the country CSV sums to the report's impressions", async () => {
    const page = await newPage();
    await openDemoReport(page);
    const impressions = await tile(page, 'impressions');
    expect(impressions).toBeGreaterThan(0);
    // The first tab, site: the demo's sites by name (an app among them), adding up to the report.
    await page.waitForURL(/breakdown=site/);
    const sites = await breakdownTable(page, 'site');
    expect(sites.labels).toEqual(
      expect.arrayContaining(['dailynews.example', 'trailrunner.example', 'com.example.trailmaps (app)']),
    );
    expect(sites.labels.length).toBeGreaterThanOrEqual(25);
    expect(sites.total).toBe(impressions);
    // The bars of the top values are drawn (the charts' code may arrive after the table).
    await page.locator('[data-slot="breakdown-bars"] svg rect').first().waitFor();

    // Country: the demo's countries by name, the country database named under them.
    const countries = await chooseTab(page, 'Country', 'country');
    expect(countries.labels).toEqual(
      expect.arrayContaining(['United States', 'United Kingdom', 'Germany', 'Nepal', 'Unknown']),
    );
    expect(countries.total).toBe(impressions);
    await page.getByText(/^Countries from .*geo-whois-asn-country/).waitFor();

    // The tab is in the URL: a reload (or the link sent to someone) opens it again.
    await page.reload();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Country' }).getAttribute('aria-selected'))
      .toBe('true');
    expect((await breakdownTable(page, 'country')).labels).toEqual(countries.labels);

    // The export section puts the chosen tab's breakdown in the file: the CSV's last table.
    const form = page.getByRole('form', { name: 'Export report' });
    expect(await form.getByRole('switch', { name: 'Breakdown by country' }).isChecked()).toBe(true);
    const csv = (await download(page, 'CSV', scratch)).toString('utf8').replace(/^\ufeff/, '');
    const table = (csv.trim().split('\r\n\r\n').at(-1) ?? '').split('\r\n');
    const header = (table[0] ?? '').split(',');
    expect(header.slice(0, 3)).toEqual(['Country', 'Country name', 'Impressions']);
    const rows = table.slice(1).map((line) => line.split(','));
    expect(rows.map((cells) => cells[1])).toEqual(expect.arrayContaining(['United States', 'Nepal']));
    expect(rows.reduce((sum, cells) => sum + Number(cells[2]), 0)).toBe(impressions);

    // Device: every device type of the demo.
    const devices = await chooseTab(page, 'Device', 'device');
    expect(devices.labels).toEqual(expect.arrayContaining(['Desktop', 'Mobile', 'Tablet', 'Connected TV']));

    // A creative's report has its creative's breakdown (by its live ids), part of the campaign's.
    await page
      .getByRole('navigation', { name: 'Report' })
      .getByRole('link', { name: /Trail season pre-roll/ })
      .click();
    await page.getByRole('heading', { name: 'Trail season pre-roll', level: 1 }).waitFor();
    await page.waitForURL(/\/creative\/[^?]+\?.*breakdown=device/);
    await expect.poll(() => tile(page, 'impressions')).toBeLessThan(impressions);
    const creative = await breakdownTable(page, 'device');
    expect(creative.total).toBe(await tile(page, 'impressions'));
  });

  it('shows the breakdown of its own campaign on a share page', async () => {
    const page = await newPage();
    await openDemoReport(page);
    const impressions = await tile(page, 'impressions');
    await page.getByRole('button', { name: 'Create share link' }).click();
    const link = page.getByRole('link', { name: 'Newest share link' });
    await link.waitFor();
    const url = (await link.getAttribute('href')) ?? '';

    // Someone without an account opens the link on the country tab: the server reads the country
    // breakdown through the link and sends it drawn (docs/console.md, "The share page read-only until
    // touched"), as the share report call answers it.
    const outsider = await newPage();
    const page0 = await outsider.goto(`${url}?breakdown=country`);
    const sent = /<script id="adconsole-shared-report" type="application\/json">(.*?)<\/script>/s.exec(
      (await page0?.text()) ?? '',
    )?.[1];
    const related =
      (JSON.parse(sent ?? '{}') as { related?: { query: Record<string, unknown> }[] }).related ?? [];
    const country = related.find((answer) => answer.query.breakdown === 'country');
    expect(country?.query.sharedToken).toBe(url.split('/').at(-1));
    await outsider.getByRole('heading', { name: 'Campaign summary' }).waitFor();
    expect(await outsider.getByRole('tab', { name: 'Country' }).getAttribute('aria-selected')).toBe('true');
    const countries = await breakdownTable(outsider, 'country');
    expect(countries.labels).toEqual(expect.arrayContaining(['United States', 'Germany']));
    expect(countries.total).toBe(impressions);
    // Another tab on the share page asks its own breakdown, through the link.
    const sites = await chooseTab(outsider, 'Site', 'site');
    expect(sites.labels).toContain('dailynews.example');
    expect(sites.total).toBe(impressions);
  });
});

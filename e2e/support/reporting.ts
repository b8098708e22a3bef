// Steps of the reporting journeys, as a person does them in the console: open the demo campaign's
// report, read a key figure, download a file from the export section.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signIn } from './account';
import { DEMO_EMAIL, DEMO_PASSWORD } from './constants';

/** A figure as shown ('60,386', '1.25 %') as a number. */
export const number = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** The value of a KPI tile, e.g. 60386 for 'Impressions 60,386'. */
export const tile = async (page: Page, metric: string) =>
  number(await page.locator(`[data-slot="kpi-tile"][data-metric="${metric}"] dd`).first().textContent());

/** Signs in as the demo user and opens the demo campaign's report from the campaigns list. */
export async function openDemoReport(page: Page) {
  await page.goto('/signin');
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.waitForURL('**/dashboard');
  await page.getByRole('link', { name: 'Campaigns' }).click();
  await page
    .getByRole('table', { name: 'Campaigns', exact: true })
    .getByRole('link', { name: 'Demo campaign' })
    .click();
  await page.getByRole('link', { name: 'Reporting' }).click();
  await page.waitForURL(/\/reporting\?start=\d+&end=\d+&tz=/);
  await page.getByRole('heading', { name: 'Campaign summary' }).waitFor();
  await page.locator('[data-slot="kpi-tile"]').first().waitFor();
}

/**
 * Chooses a download format in the export section and saves, into `folder`, what the Download button
 * fetches.
 */
export async function download(page: Page, format: string, folder: string): Promise<Buffer> {
  const form = page.getByRole('form', { name: 'Export report' });
  await form.getByRole('combobox', { name: 'Download format' }).click();
  await page.getByRole('option', { name: format, exact: true }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: 'Download' }).click(),
  ]);
  const target = path.join(folder, `${format}-${file.suggestedFilename()}`);
  await file.saveAs(target);
  return readFileSync(target);
}

// A trafficker's report, in Chromium against the built product: on a phone (390 x 844, touch) a custom
// range picked in three taps with Apply in view (docs/product.md §2, "Reporting side menu"), and at
// 1440 x 900 a New York campaign's report and share page opened in New York time (docs/reports.md,
// "The report's zone").
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/account';
import { useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { PHONE } from './support/phone';

const DESKTOP = { width: 1440, height: 900 };

async function signedInAsDemo(page: Page) {
  await page.goto('/signin');
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.waitForURL('**/dashboard');
}

/** A call of the API from the signed-in page, as the console makes it. */
function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers = { 'X-Requested-With': 'adconsole', 'Content-Type': 'application/json' };
      const answer = await fetch(`/api${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = await answer.json();
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
      return json.data;
    },
    { method, path, body },
  ) as Promise<T>;
}

const unix = (iso: string) => String(Date.parse(iso) / 1000);

describe("a trafficker's report", () => {
  const newPage = useBrowser();

  it('picks a custom range on a phone in three taps, Apply in view, and the sheet closes on the figures', async () => {
    const page = await newPage({ viewport: PHONE, touch: true });
    await signedInAsDemo(page);
    const [campaign] = await call<{ id: string }[]>(page, 'GET', '/v1/campaign/mine');
    await page.goto(`/campaigns/${campaign?.id}/reporting`);
    await page.waitForURL(/\/reporting\?start=\d+&end=\d+&tz=/);
    await page.locator('[data-slot="kpi-tile"]').first().waitFor();

    await page.getByRole('button', { name: 'Dates, zone, export and sharing' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Report settings' });
    await sheet.getByRole('button', { name: 'Dates', exact: true }).tap();
    const picker = page.getByRole('dialog', { name: 'Report dates' });
    await picker.getByRole('grid').first().waitFor();
    // One month, the current one (the picker's clock is the browser's, as is the month named here).
    const today = await page.evaluate(() => {
      const now = new Date();
      return {
        year: now.getFullYear(),
        month: now.toLocaleString('en-GB', { month: 'long' }),
        day: now.getDate(),
        iso: `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`,
      };
    });
    await expect(picker.getByRole('grid').count()).resolves.toBe(1);
    await expect(picker.getByRole('grid').getAttribute('aria-label')).resolves.toBe(
      `${today.month} ${today.year}`,
    );
    // The popover keeps within the screen.
    const box = await picker.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= PHONE.height).toBe(true);

    // Three taps: the 1st, today, Apply (a range already chosen does not matter: the first tap starts anew).
    const dayButton = (day: number) =>
      picker.getByRole('button', { name: new RegExp(`\\b${day} ${today.month} ${today.year}`) });
    await dayButton(1).tap();
    await dayButton(today.day).tap();
    const apply = picker.getByRole('button', { name: 'Apply' });
    const applyBox = await apply.boundingBox();
    expect(applyBox && applyBox.y + applyBox.height <= PHONE.height).toBe(true);
    await apply.tap();

    const start = unix(`${today.iso}-01T00:01:00Z`);
    const end = unix(`${today.iso}-${String(today.day).padStart(2, '0')}T23:59:59Z`);
    await page.waitForURL(new RegExp(`start=${start}&end=${end}`));
    await expect(sheet.isVisible()).resolves.toBe(false);
    await page.locator('[data-slot="kpi-tile"]').first().waitFor();
  });

  it("opens a New York campaign's report and its share page in New York time", async () => {
    const page = await newPage({ viewport: DESKTOP });
    await signedInAsDemo(page);
    const made = await call<{ id: string }>(page, 'POST', '/v1/campaign/new', {
      name: 'Hudson Valley launch',
      data: { timezone: 'America/New_York' },
    });
    await page.goto(`/campaigns/${made.id}/reporting`);
    await page.waitForURL(/zone=America%2FNew_York/);
    await expect(page.getByRole('combobox', { name: 'Timezone' }).textContent()).resolves.toContain(
      'Eastern Time',
    );
    await page.getByRole('heading', { name: 'Campaign summary' }).waitFor();

    // The reader's pick stays in the address and wins over the campaign's zone.
    await page.goto(`/campaigns/${made.id}/reporting?zone=Europe%2FBerlin&tz=%2B01%3A00`);
    await expect(page.getByRole('combobox', { name: 'Timezone' }).textContent()).resolves.toContain('Berlin');

    // A share link opened by someone else, without a session: the campaign's zone too.
    const link = await call<{ token: string }>(page, 'POST', '/v1/campaign/newToken', {
      campaignID: made.id,
    });
    const reader = await newPage({ viewport: PHONE, touch: true });
    await reader.goto(`/share/${link.token}`);
    await reader.waitForURL(/zone=America%2FNew_York/);
    await reader.getByRole('heading', { name: 'Campaign summary' }).waitFor();
    // The period line names the zone; the phone's settings button holds no sharing on a share page.
    await reader
      .locator('[data-slot="report-view"] > header')
      .getByText('(GMT-05:00) Eastern Time (US & Canada)')
      .waitFor();
    await reader.getByRole('button', { name: 'Dates, zone and export' }).waitFor();
  });
});

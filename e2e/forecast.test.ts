// The inventory forecast end to end (docs/console.md, "The inventory forecast"), in Chromium against the
// real server and the demo's request history: the new campaign dialog says what a forecast needs, then
// forecasts a booking (flight and goal) before the campaign exists, with how it was computed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn as signInPage } from './support/account';
import { useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';

describe('the inventory forecast in the console', () => {
  const newPage = useBrowser();
  async function signedIn(page: Page) {
    await page.goto('/signin');
    await signInPage(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
  }

  it('the new campaign dialog forecasts a booking before the campaign exists', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const page = await newPage();
    await signedIn(page);
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New campaign' }).first().click();
    const dialog = page.getByRole('dialog');
    const panel = dialog.getByLabel('Inventory forecast');
    // Nothing to forecast yet: it says what is missing.
    await expect.poll(() => panel.textContent(), { timeout: 10_000 }).toMatch(/Set the flight/);
    await dialog.getByLabel('Campaign name').fill('Winter booking');
    await dialog.getByLabel('Start date').fill(day(10));
    await dialog.getByLabel('End date').fill(day(27));
    await dialog.getByRole('combobox', { name: 'Goal' }).click();
    await page.getByRole('option', { name: 'Impressions' }).click();
    await dialog.getByLabel('Goal amount').fill('250,000');
    // Asked and answered: a verdict and how it was computed, from the account's own history.
    // A wait for a hang, not a measure: the dialog asks again as each field is typed.
    await expect.poll(() => panel.getAttribute('data-status'), { timeout: 30_000 }).toBe('ready');
    await expect.poll(() => panel.locator('[data-slot="forecast-verdict"]').textContent()).toMatch(/\w/);
    await expect
      .poll(() => panel.locator('[data-slot="forecast-method"]').textContent())
      .toMatch(/ad requests/);
    await page.context().close();
  });
});

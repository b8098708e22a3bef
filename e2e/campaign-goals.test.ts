// A campaign that books a goal and a rate, in Chromium against the real server: 300,000 impressions at
// USD 2.50 CPM over a 30-day flight (UTC), ten days of 8,000 impressions imported as another ad server's
// history. The fixture, computed by hand: whatever the hour of day 11, the plan stands between
// 100,000 and 110,000 and 80,000 are delivered (20 to 27 % behind); the last seven complete days ran at
// 8,000 a day, so at most 80,000 + 20 x 8,000 = 240,000 are projected, under 90 % of the goal (270,000):
// "At risk". The campaign page, the list and the report say so, and the report's spend is its
// impressions at a quarter cent each.
import { describe, expect, it } from 'vitest';
import { signIn as signInPage } from './support/account';
import { baseURL, useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { api, publishedBanner, signIn } from './support/publisher';
import { number } from './support/reporting';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('a campaign with a goal and a rate', () => {
  const newPage = useBrowser();

  it('paces "At risk" as the fixture predicts, on the campaign page, in the list and in the report, with its spend', async () => {
    const session = await signIn(baseURL());
    const name = `Booked ${Date.now()}`;
    const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name,
      data: {
        start: { date: day(-10) },
        end: { date: day(19) },
        timezone: 'UTC',
        goal: { metric: 'impressions', amount: 300_000 },
        rate: { model: 'CPM', amount: 2.5, currency: 'USD' },
      },
    });
    const liveID = await publishedBanner(session, campaign.id);
    const events = Array.from({ length: 10 }, (_, index) => ({
      liveID,
      type: 'impression',
      at: `${day(index - 10)}T12:00:00Z`,
      count: 8_000,
    }));
    await api(session, 'POST', '/v1/events/import', { events });

    // The API answers the status the fixture predicts.
    const answered = await api<{ pacing: { status: string; delivered: number; goal: number } | null }>(
      session,
      'GET',
      `/v1/campaign/get?campaignID=${campaign.id}`,
    );
    expect(answered.pacing).toMatchObject({ status: 'at-risk', delivered: 80_000, goal: 300_000 });

    const page = await newPage();
    await page.goto('/signin');
    await signInPage(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');

    // The campaign page: its goal card.
    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('heading', { name }).waitFor();
    const status = page.locator('[data-slot="pacing-status"]').first();
    await status.waitFor();
    await expect(status.textContent()).resolves.toContain('At risk');

    // The list: searched by its name, the pacing column says the same.
    await page.goto(`/campaigns?q=${encodeURIComponent(name)}`);
    const row = page
      .getByRole('table', { name: 'Campaigns', exact: true })
      .getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('At risk');

    // The report: the pacing card, and spend = impressions x USD 2.50 / 1,000.
    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('link', { name: 'Reporting' }).click();
    await page.getByRole('heading', { name: 'Pacing', level: 2 }).waitFor();
    await expect(page.locator('[data-slot="pacing-status"]').first().textContent()).resolves.toContain(
      'At risk',
    );
    const impressions = number(
      await page.locator('[data-slot="kpi-tile"][data-metric="impressions"] dd').first().textContent(),
    );
    expect(impressions).toBeGreaterThanOrEqual(8_000);
    expect(impressions % 8_000).toBe(0);
    const spend = await page.locator('[data-slot="spend-tile"][data-metric="spend"]').first().textContent();
    expect(spend).toContain(
      (impressions * 0.0025).toLocaleString('en-US', { style: 'currency', currency: 'USD' }),
    );
  });
});

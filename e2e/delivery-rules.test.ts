// Delivery rules end to end (docs/serving.md, "Delivery rules"), in Chromium against the real server: a
// country rule set in the console's rules editor; the tag on a publisher's page loaded by a visitor from
// another country (its address through the product's trusted proxy header, X-Forwarded-For) gets no ad,
// and the report's "Requests not served, by reason" counts it under Country; a daypart without the
// current hour refuses the ad, and once the editor puts the hour back the ad shows. The estimate in a
// demo creative's editor follows each rule ticked on its week of history: each figure it shows is the
// API's answer for the rules on screen at that moment. (The demo campaign's own editor shows its inventory
// forecast's funnel as its one figure of what matches, not the estimate: docs/console.md.)
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInPage } from './support/account';
import { baseURL, scrollToOwnerCard, useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import {
  api,
  campaignWithBanner,
  demoCreative,
  type Publisher,
  type Session,
  signIn,
  startPublisher,
} from './support/publisher';

/** Broadband addresses in Germany and Great Britain (the packaged IP-to-country database). */
const GERMANY = '79.192.7.7';
const BRITAIN = '81.2.69.142';

describe('delivery rules: set in the console, refused and counted, served again', () => {
  const newPage = useBrowser();
  let session: Session;
  let publisher: Publisher;
  let campaignID: string;
  let tag = '';

  beforeAll(async () => {
    publisher = await startPublisher({
      '/article.html': () =>
        `<!doctype html><html><head><title>News</title></head><body><h1>Today</h1>${tag}<p>More text.</p></body></html>`,
    });
    session = await signIn(baseURL());
    ({ campaignID, tag } = await campaignWithBanner(session, 'Rules journey', publisher.origin));
  });
  afterAll(async () => publisher?.close());

  /** The console on the campaign's page, signed in as the demo admin. */
  async function campaignPage(page: Page) {
    await page.goto('/signin');
    await signInPage(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`/campaigns/${campaignID}`);
    await scrollToOwnerCard(page, 'Delivery rules');
    await page.getByRole('button', { name: 'Edit campaign rules' }).waitFor();
  }

  /**
   * Saves the editor open in `page` and waits for it to close. As a reader would, it first waits for the
   * estimate of the rules on screen: the "Estimating…" line gives way to a taller note just above the
   * button, so a click while it arrives can land where the button was (seen once on a loaded machine).
   */
  async function save(page: Page) {
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Estimating from the last 7 days…').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save delivery rules' }).click();
    try {
      await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    } catch {
      throw new Error(`The rules editor stayed open after Save: ${await dialog.textContent()}`);
    }
  }

  /** The publisher's page opened by a visitor at `address`: the status of its ad request. */
  async function adStatusFrom(address: string): Promise<number> {
    const visitor = await newPage();
    // The visitor's address, as a load balancer in front of the ad server would pass it on.
    await visitor.route('**/serve/ad/**', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
    );
    const [answer] = await Promise.all([
      visitor.waitForResponse((response) => response.url().includes('/serve/ad/')),
      visitor.goto(`${publisher.origin}/article.html`),
    ]);
    const status = answer.status();
    await visitor.context().close();
    return status;
  }

  it('a country rule set in the console: a British visitor gets no ad, counted as Country in the report', async () => {
    const page = await newPage();
    await campaignPage(page);
    await page.getByRole('button', { name: 'Edit campaign rules' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Countries' }).click();
    await page.getByRole('option', { name: 'Only these' }).click();
    await dialog.getByRole('combobox', { name: 'Add a country' }).click();
    await page.getByPlaceholder('Search countries…').fill('Germany');
    await page.getByRole('option', { name: 'Germany' }).click();
    await save(page);
    await expect
      .poll(() => page.locator('[data-slot="campaign-rules-summary"]').textContent())
      .toBe('Germany');

    expect(await adStatusFrom(BRITAIN)).toBe(404);
    expect(await adStatusFrom(GERMANY)).toBe(200);

    await page.getByRole('link', { name: 'Reporting' }).click();
    // The report opens on whole days that ended yesterday (docs/product.md §4): the requests just made
    // are today's, so the reader picks Today.
    await page.getByRole('button', { name: 'Dates', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Report dates' })
      .getByRole('button', { name: 'Today', exact: true })
      .click();
    // The panel draws its table once the reader scrolls near it.
    const heading = page.getByRole('heading', { name: 'Requests not served, by reason' });
    await heading.waitFor();
    await heading.scrollIntoViewIfNeeded();
    const panel = page.getByRole('table', { name: 'Requests not served by reason' });
    await panel.waitFor();
    // The British request refused, the German one served: 1 of 2 requests, 50 %.
    await expect
      .poll(() => panel.getByRole('row').filter({ hasText: 'Country' }).textContent())
      .toBe('Country150.00%');
    await page.context().close();
  });

  it('a daypart without the current hour refuses the ad; putting the hour back serves it', async () => {
    const page = await newPage();
    await campaignPage(page);
    const hours = [-1, 0, 1].map((shift) =>
      String((new Date().getUTCHours() + shift + 24) % 24).padStart(2, '0'),
    );
    const toggleHours = async () => {
      await page.getByRole('button', { name: 'Edit campaign rules' }).click();
      // The campaign's zone is UTC: the hour now, and either side of it, every day.
      for (const hour of hours) await page.getByRole('button', { name: `${hour}:00 every day` }).click();
      await save(page);
    };
    await toggleHours();
    expect(await adStatusFrom(GERMANY)).toBe(404);
    await toggleHours();
    expect(await adStatusFrom(GERMANY)).toBe(200);
    await page.context().close();
  });

  it("the estimate follows each rule ticked, and each figure is the API's for the rules on screen", async () => {
    const { campaignID: demo, creativeID } = await demoCreative(session, 'Trail season banner');
    const savedRules = async () =>
      (
        await api<{ creatives: { creativeID: string; rules: Record<string, unknown> }[] }>(
          session,
          'GET',
          `/v1/campaign/deliveryRules?campaignID=${demo}`,
        )
      ).creatives.find((creative) => creative.creativeID === creativeID)?.rules;
    const saved = { rules: (await savedRules()) ?? {} };
    /** The line the editor should show for `rules`, from the API itself. */
    const expected = async (rules: Record<string, unknown>) => {
      const answer = await api<{ share: number | null }>(
        session,
        'POST',
        '/v1/campaign/deliveryRules/estimate',
        {
          campaignID: demo,
          creativeID,
          rules,
        },
      );
      const share = answer.share ?? 0;
      const text =
        share >= 0.995 || share < 0.005 ? String(Math.round(share * 100)) : (share * 100).toPrecision(2);
      return `About ${text} %`;
    };
    const page = await newPage();
    await page.goto('/signin');
    await signInPage(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`/campaigns/${demo}`);
    await scrollToOwnerCard(page, 'Delivery rules');
    await page.getByRole('button', { name: 'Edit the rules of Trail season banner' }).click();
    const dialog = page.getByRole('dialog');
    const estimate = dialog.locator('[data-slot="delivery-estimate"]');
    const weekdays = Array.from({ length: 7 }, (_, day) =>
      Array.from({ length: 24 }, (__, hour) => day < 5 && hour >= 8 && hour < 20),
    );
    // The saved rules first; then mobile only; then weekdays 08-20 besides.
    const steps: [string, Record<string, unknown>, () => Promise<void>][] = [
      ['saved', saved.rules, async () => {}],
      [
        'mobile',
        { ...saved.rules, devices: { mode: 'include', values: ['mobile'] } },
        async () => {
          await dialog.getByRole('combobox', { name: 'Device types' }).click();
          await page.getByRole('option', { name: 'Only these' }).click();
          await dialog.getByRole('checkbox', { name: 'Mobile' }).click();
        },
      ],
      [
        'weekdays',
        { ...saved.rules, devices: { mode: 'include', values: ['mobile'] }, daypart: weekdays },
        () => dialog.getByRole('button', { name: 'Weekdays 08-20' }).click(),
      ],
    ];
    const seen: string[] = [];
    for (const [name, rules, tick] of steps) {
      await tick();
      const line = await expected(rules);
      // Within a second or two of the edit (a quarter second's pause, then one request).
      await expect
        .poll(() => estimate.locator('[data-slot="alert-title"]').textContent(), { timeout: 5000 })
        .toContain(line);
      seen.push(`${name}: ${line}`);
    }
    // Each rule narrowed the figure: three different lines, and the last read every rule set.
    expect(new Set(seen.map((entry) => entry.split(': ')[1])).size).toBe(3);
    await expect.poll(() => estimate.textContent()).toMatch(/Read: countries .*device types .*daypart/);
    // The edits were never saved: leaving asks first, and Discard closes the dialog with nothing saved.
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Discard your changes to the delivery rules?' });
    await question.waitFor({ state: 'visible' });
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    expect((await savedRules()) ?? {}).toEqual(saved.rules);
    await page.context().close();
  });
});

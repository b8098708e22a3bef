// Editing a campaign after creation, in the console: its flight's end moved to yesterday, the page says
// it ended, the history names the change, and the ad server stops serving it within the live-creative
// cache period (seconds), as a publisher's page would find.
import { describe, expect, it } from 'vitest';
import { signIn as signInPage } from './support/account';
import { baseURL, useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { api, BROWSER_HEADERS, eventually, publishedBanner, signIn } from './support/publisher';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('editing a campaign', () => {
  const newPage = useBrowser();

  it('moves the end of a serving campaign to yesterday: the page says it ended, the history shows it, serving stops', async () => {
    const session = await signIn(baseURL());
    const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name: 'Edited in the console',
      data: { start: { date: day(-10) }, end: { date: day(20) } },
    });
    const adUrl = `${baseURL()}/serve/ad/${await publishedBanner(session, campaign.id)}.json`;
    expect((await fetch(adUrl, { headers: BROWSER_HEADERS })).status).toBe(200);

    const page = await newPage();
    await page.goto('/signin');
    await signInPage(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('heading', { name: 'Edited in the console' }).waitFor();
    await page.getByText('Live', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit campaign', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit campaign' });
    await form.getByLabel('Campaign name').fill('Edited in the console, ended');
    await form.getByLabel('End date').fill(day(-1));
    await form.getByRole('button', { name: 'Save campaign' }).click();
    await form.waitFor({ state: 'detached' });

    // The page, and its history, at once.
    await page.getByRole('heading', { name: 'Edited in the console, ended' }).waitFor();
    await page.getByText('Ended', { exact: true }).waitFor();
    const history = page.getByRole('list', { name: 'Changes, newest first' });
    const newest = history.getByRole('listitem').first();
    await newest.getByText(`${DEMO_EMAIL} changed the campaign`).waitFor();
    await expect(newest.textContent()).resolves.toContain(`${day(20)} → ${day(-1)}`);

    // The ad server: no ad for a campaign whose flight ended (within the live-creative cache's seconds).
    await eventually(async () => {
      expect((await fetch(adUrl, { headers: BROWSER_HEADERS })).status).not.toBe(200);
    }, 15_000);

    // Duplicated: a dialog asks for the name (the copy rule's) and a flight (this one ended: from today,
    // its length kept); the copy opens, with the creative but nothing published, not started.
    await page.getByRole('button', { name: 'Duplicate campaign' }).click();
    const copyDialog = page.getByRole('dialog', { name: 'Duplicate Edited in the console, ended' });
    await expect(copyDialog.getByLabel('Name of the copy').inputValue()).resolves.toBe(
      'Edited in the console, ended (Copy)',
    );
    await copyDialog.getByRole('button', { name: 'Duplicate campaign' }).click();
    await page.getByRole('heading', { name: 'Edited in the console, ended (Copy)' }).waitFor();
    expect(page.url()).not.toContain(campaign.id);
    await page.getByRole('table', { name: 'Creatives' }).getByText('Draft', { exact: true }).waitFor();
  });
});

describe('archiving a campaign', () => {
  const newPage = useBrowser();

  it('archives from the campaign page after a dialog that says it stops serving: the badge, serving stops, the list filter, unarchive', async () => {
    const session = await signIn(baseURL());
    const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name: 'Archived in the console',
    });
    const adUrl = `${baseURL()}/serve/ad/${await publishedBanner(session, campaign.id)}.json`;
    expect((await fetch(adUrl, { headers: BROWSER_HEADERS })).status).toBe(200);

    const page = await newPage();
    await page.goto('/signin');
    await signInPage(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('heading', { name: 'Archived in the console' }).waitFor();

    await page.getByRole('button', { name: 'Archive campaign' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Archive Archived in the console?' });
    await expect(dialog.textContent()).resolves.toContain('Its ads stop serving at once');
    await dialog.getByRole('button', { name: 'Archive campaign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-slot="badge"]').getByText('Archived', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Unarchive' }).waitFor();
    await eventually(async () => {
      expect((await fetch(adUrl, { headers: BROWSER_HEADERS })).status).toBe(404);
    }, 15_000);

    // Out of the list, under the Archived status.
    await page.goto('/campaigns');
    await page.getByRole('table', { name: 'Campaigns' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('Archived in the console');
    // The search is asked for once typing pauses: the address has it before the status changes.
    await page.waitForURL((url) => url.searchParams.get('q') === 'Archived in the console');
    await page.getByText('Archived in the console', { exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Archived' }).click();
    await page.getByRole('link', { name: 'Archived in the console' }).click();

    // Back: serving again.
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await page.getByRole('button', { name: 'Archive campaign' }).waitFor();
    await eventually(async () => {
      expect((await fetch(adUrl, { headers: BROWSER_HEADERS })).status).toBe(200);
    }, 15_000);
  });
});

import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/account';
import { baseURL, useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { tinyPng } from './support/files';
import { holdAnswers } from './support/network';
import { signIn as apiSignIn, demoCreative } from './support/publisher';

describe('campaigns and creatives', () => {
  const newPage = useBrowser();

  it('creates a campaign, a creative stored only by its first save, with an uploaded image; publishes it, shows its tag, duplicates and deletes it', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');

    // A campaign.
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('button', { name: 'New campaign' }).click();
    const campaignForm = page.getByRole('form', { name: 'New campaign' });
    await campaignForm.getByLabel('Campaign name').fill('Winter sale 2026');
    await campaignForm.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Winter sale 2026' }).waitFor();

    // "New creative" opens the editor and stores nothing: leaving it leaves no creative behind.
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/campaign/creatives') && request.method() !== 'GET') {
        writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
      }
    });
    await page.getByRole('link', { name: 'Create a creative', exact: true }).click();
    await page.waitForURL(/\/creative\/new$/);
    await page.getByText('Not saved yet').waitFor();
    await page.getByText('Save the creative first: its files are kept with the saved creative.').waitFor();
    await page.getByRole('link', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Winter sale 2026' }).waitFor();
    await page.getByText('No creatives yet').waitFor();
    expect(writes).toEqual([]);

    // A creative, on a platform, with an image: its first save creates it and opens its own address.
    await page.getByRole('link', { name: 'New creative', exact: true }).click();
    await page.waitForURL(/\/creative\/new$/);
    await page.getByRole('heading', { name: 'New creative' }).waitFor();
    await page.getByRole('combobox', { name: 'Traffic platform' }).click();
    await page.getByRole('option', { name: 'Google Ad Manager' }).click();
    expect(writes).toEqual([]);
    // Publishing needs somewhere for clicks to go: first the refusal, then the landing page.
    await page.getByRole('button', { name: 'Save creative' }).click();
    await page.waitForURL(/\/creative\/(?!new$)[^/]+$/);
    await page.getByText('Saved.').waitFor();
    expect(writes).toEqual(['POST /api/v1/campaign/creatives']);
    // The platform chosen before the first save was stored with it.
    expect(await page.getByRole('combobox', { name: 'Traffic platform' }).textContent()).toContain(
      'Google Ad Manager',
    );
    // "Saved." belongs to the save's visit: a reload of the creative's page shows it no more.
    await page.reload();
    await page.getByRole('button', { name: 'Save creative' }).waitFor();
    await page.getByRole('heading', { name: 'New creative' }).waitFor();
    expect(await page.getByText('Saved.').count()).toBe(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Add the landing page URL before publishing', { exact: true }).waitFor();
    await page.getByLabel('Landing page URL').fill('https://shop.example/winter-sale');
    // 'Saved.' is still shown from the first save: what proves this one is the server's answer to it.
    const saving = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && response.url().includes('/v1/campaign/creatives'),
    );
    // The save's answer is held back a moment: Publish waits for it (what goes live is what it stores).
    const save = await holdAnswers(page, '**/v1/campaign/creatives', 'PUT');
    await page.getByRole('button', { name: 'Save creative' }).click();
    const publish = page.getByRole('button', { name: 'Publish' });
    await expect.poll(() => publish.isDisabled()).toBe(true);
    save.release();
    expect((await saving).status()).toBe(200);
    await save.stop();
    await page.getByText('Saved.').waitFor();
    await expect.poll(() => publish.isDisabled()).toBe(false);

    await page
      .locator('input[type="file"][aria-label="Upload assets"]')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.getByRole('list', { name: 'Assets' }).getByText('banner.png').waitFor();
    // A second upload adds to the assets; it never removes the first.
    await page
      .locator('input[type="file"][aria-label="Upload assets"]')
      .setInputFiles({ name: 'backup.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.getByRole('list', { name: 'Assets' }).getByText('backup.png').waitFor();
    await page.getByRole('list', { name: 'Assets' }).getByText('banner.png').waitFor();

    // Publish: a live creative and its tag.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Live (1)').first().waitFor();
    const tag = page.getByRole('textbox', { name: /Google Ad Manager tag for live creative/ });
    expect(await tag.inputValue()).toContain('<ins class="adconsole-ad"');
    expect(await tag.inputValue()).toContain('%%CLICK_URL_UNESC%%');

    // Duplicate: the copy opens, named by the copy rule.
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('heading', { name: 'New creative (Copy)' }).waitFor();

    // Delete the copy, after confirming.
    await page.getByRole('button', { name: 'Delete New creative (Copy)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete creative' }).click();
    await page.getByRole('heading', { name: 'Winter sale 2026' }).waitFor();
    const creatives = page.getByRole('table', { name: 'Creatives' });
    await creatives.getByRole('link', { name: 'New creative', exact: true }).waitFor();
    // The campaign's list may show its cached creatives first, and then the fetched ones.
    await expect.poll(() => creatives.getByRole('link', { name: 'New creative (Copy)' }).count()).toBe(0);

    // A double click on a row's Duplicate makes one copy: the button is busy until the copy is listed.
    const copies: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/campaign/creatives/duplicate')) copies.push(request.method());
    });
    await creatives.getByRole('button', { name: 'Duplicate New creative', exact: true }).dblclick();
    await creatives.getByRole('link', { name: 'New creative (Copy)' }).waitFor();
    await expect
      .poll(() => creatives.getByRole('button', { name: 'Duplicate New creative', exact: true }).isEnabled())
      .toBe(true);
    expect(copies).toEqual(['PUT']);
    expect(await creatives.getByRole('link', { name: 'New creative (Copy)' }).count()).toBe(1);
  });

  it("downloads the creative's tag sheet from its editor: an xlsx a spreadsheet reader opens, holding the tag the panel shows", async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    const { campaignID: demoId } = await demoCreative(await apiSignIn(baseURL()), 'Trail season banner');
    await page.goto(`/campaigns/${demoId}`);
    await page
      .getByRole('table', { name: 'Creatives' })
      .getByRole('link', { name: 'Trail season banner' })
      .click();
    const shown = page.getByRole('textbox', { name: /tag for live creative/ }).first();
    const tag = await shown.inputValue();
    expect(tag).toContain('<ins class="adconsole-ad"');
    const live = /tag for live creative (\S+)/.exec((await shown.getAttribute('aria-label')) ?? '')?.[1];

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the tag sheet (xlsx)' }).click();
    const file = await (await download).path();
    // Read by ExcelJS, a reader of its own (not the code that wrote the file's rows).
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await readFile(file)).buffer);
    const sheet = workbook.getWorksheet('Tags');
    if (!sheet) throw new Error('The workbook has no sheet named Tags.');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Campaign',
      'Creative',
      'Creative ID',
      'Live creative ID',
      'Type',
      'Size',
      'Platform',
      'Tag',
      'Note',
    ]);
    const rows = (sheet.getRows(2, sheet.rowCount - 1) ?? []).map((row) =>
      (row.values as unknown[]).slice(1),
    );
    const row = rows.find((values) => values[3] === live);
    expect(row?.slice(0, 2)).toEqual(['Demo campaign', 'Trail season banner']);
    expect(row?.[7]).toBe(tag);
  });

  it("downloads the tag sheet when clicked before the campaign's answer came: the button waits, then the file arrives", async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    const { campaignID, creativeID } = await demoCreative(await apiSignIn(baseURL()), 'Trail season banner');
    // The campaign's answer is held back (a slow network) until the button has been clicked.
    const campaign = await holdAnswers(page, '**/v1/campaign/get?**');
    // Straight to the editor (a bookmark, a link in a mail): the creative comes, the campaign not yet.
    await page.goto(`/campaigns/${campaignID}/creative/${creativeID}`);
    await page
      .getByRole('textbox', { name: /tag for live creative/ })
      .first()
      .waitFor();
    const button = page.getByRole('button', { name: 'Download the tag sheet (xlsx)' });
    const download = page.waitForEvent('download');
    await button.click();
    await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
    campaign.release();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await readFile(await (await download).path())).buffer);
    const names: unknown[] = [];
    workbook
      .getWorksheet('Tags')
      ?.getColumn(2)
      .eachCell((cell) => {
        names.push(cell.value);
      });
    // The header, then the creative's rows (one a live creative), each of this creative alone.
    expect(names[0]).toBe('Creative');
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names.slice(1))).toEqual(new Set(['Trail season banner']));
    await expect.poll(() => button.getAttribute('aria-busy')).toBe(null);
  });

  it('keeps dark mode across a reload', async () => {
    const page = await newPage();
    await page.goto('/signin');
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    await toggle.click();
    expect(await page.locator('html').getAttribute('class')).toContain('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Dark mode', pressed: true }).waitFor();
    expect(await page.locator('html').getAttribute('class')).toContain('dark');
  });
});

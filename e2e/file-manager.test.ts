// The file manager journey: a folder is created, files go straight to their presigned URLs with a
// progress bar each, the folder is opened and left through the page hash (back and forward), an image
// is previewed from its presigned URL, and the folder goes with its contents. A large folder comes a
// page at a time.
import { describe, expect, it } from 'vitest';
import { signIn } from './support/account';
import { useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { tinyPng } from './support/files';

declare global {
  interface Window {
    /** Every value the page's progress bars showed, recorded by the journey's observer. */
    progressSeen?: string[];
  }
}

describe('file manager', () => {
  const newPage = useBrowser();

  it('creates a folder, uploads with progress, navigates by hash and back, previews and deletes', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'File manager', exact: true })
      .click();
    await page.getByRole('heading', { name: 'File manager', exact: true }).waitFor();

    const folder = `journey-${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'New folder', exact: true }).click();
    await page.getByLabel('Folder name').fill('a/b');
    await page.getByRole('button', { name: 'Create folder', exact: true }).click();
    await page.getByText('A name cannot contain "/".', { exact: true }).waitFor();
    await page.getByLabel('Folder name').fill(folder);
    await page.getByRole('button', { name: 'Create folder', exact: true }).click();
    await page.getByRole('link', { name: folder }).click();
    await page.waitForURL(`**/filemanager#/${folder}/`);
    await page.getByText('This folder is empty', { exact: true }).waitFor();

    // Every value the progress bars show is recorded, so the journey sees the upload advance.
    await page.evaluate(() => {
      const seen: string[] = [];
      window.progressSeen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          seen.push(
            `${bar.getAttribute('aria-label')}:${bar.getAttribute('aria-valuenow') ?? bar.getAttribute('data-value')}`,
          );
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.locator('input[type="file"][aria-label="Upload files"]').setInputFiles([
      { name: 'banner.png', mimeType: 'image/png', buffer: tinyPng() },
      { name: 'footage.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(8 * 1024 * 1024, 7) },
    ]);
    const uploads = page.getByRole('list', { name: 'Files' });
    await expect
      .poll(() => uploads.getByText('Uploaded', { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);
    const progress = await page.evaluate(() => window.progressSeen ?? []);
    expect(progress.some((value) => value.startsWith('Uploading footage.bin'))).toBe(true);
    const table = page.getByRole('table', { name: 'Files and folders' });
    await table.getByRole('cell', { name: 'banner.png', exact: true }).waitFor();
    await table.getByRole('cell', { name: '8 MB', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Actions for banner.png' }).click();
    await page.getByRole('menuitem', { name: 'Preview' }).click();
    const preview = page.getByRole('img', { name: 'Preview of banner.png' });
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(2);
    await page.keyboard.press('Escape');

    // The hash is the directory: back leaves the folder, forward opens it again.
    await page.goBack();
    await page.waitForURL((url) => url.hash === '#/' || url.hash === '');
    await table.getByRole('link', { name: folder }).waitFor();
    await page.goForward();
    await page.waitForURL(`**/filemanager#/${folder}/`);
    await table.getByRole('cell', { name: 'banner.png', exact: true }).waitFor();
    await page
      .getByRole('navigation', { name: 'Folder' })
      .getByRole('link', { name: 'Files', exact: true })
      .click();
    await page.waitForURL((url) => url.hash === '#/');

    await page.getByRole('button', { name: `Actions for ${folder}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByText('The folder and everything in it are deleted.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Delete folder', exact: true }).click();
    await page.getByText(`${folder} and 2 files in it were deleted.`, { exact: true }).waitFor();
    // The notice comes with the answer; the listing is fetched again after it.
    await expect.poll(() => table.getByRole('link', { name: folder }).count()).toBe(0);
  });

  it('lists a large folder a page at a time: "Load more" brings the next page in', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    // 205 folders (one more page than the console's 200 a page), made through the API with the session.
    const folder = `paged-${Date.now().toString(36)}`;
    const create = (directory: string, name: string) =>
      page.request.post('/api/v1/files/folder', {
        headers: { 'X-Requested-With': 'adconsole' },
        data: { directory, name },
      });
    expect((await create('', folder)).status()).toBe(200);
    const names = Array.from({ length: 205 }, (_, index) => `f${String(index).padStart(3, '0')}`);
    for (let start = 0; start < names.length; start += 15)
      await Promise.all(names.slice(start, start + 15).map((name) => create(`${folder}/`, name)));

    await page.goto(`/filemanager#/${folder}/`);
    const table = page.getByRole('table', { name: 'Files and folders' });
    await table.getByRole('link', { name: 'f199', exact: true }).waitFor();
    expect(await table.getByRole('link', { name: 'f200', exact: true }).count()).toBe(0);
    await page.getByText('200 shown; this folder holds more.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Load more', exact: true }).click();
    await table.getByRole('link', { name: 'f204', exact: true }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(206);
    expect(await page.getByRole('button', { name: 'Load more', exact: true }).count()).toBe(0);

    const removed = await page.request.delete(`/api/v1/files?path=${folder}/`, {
      headers: { 'X-Requested-With': 'adconsole' },
    });
    expect(removed.status()).toBe(200);
  });

  it('remembers the chosen bucket across a reload, remembered buckets first (docs/product.md §3)', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto('/filemanager');
    const picker = page.getByRole('combobox', { name: 'Bucket' });
    await expect.poll(() => picker.textContent()).toBe('files');
    await picker.click();
    await page.getByRole('option', { name: 'archive', exact: true }).click();
    await expect.poll(() => picker.textContent()).toBe('archive');

    const folder = `kept-${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'New folder', exact: true }).click();
    await page.getByLabel('Folder name').fill(folder);
    await page.getByRole('button', { name: 'Create folder', exact: true }).click();
    const table = page.getByRole('table', { name: 'Files and folders' });
    await table.getByRole('link', { name: folder }).waitFor();

    await page.reload();
    await expect.poll(() => picker.textContent()).toBe('archive');
    await table.getByRole('link', { name: folder }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('store') ?? '{}').fileManager);
    expect(stored).toMatchObject({ region: 'us-east-1', bucket: 'archive', rememberedBuckets: ['archive'] });
    await picker.click();
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['archive', 'files']);

    // The folder is in 'archive' only.
    await page.getByRole('option', { name: 'files', exact: true }).click();
    await expect.poll(() => table.getByRole('link', { name: folder }).count()).toBe(0);
  });
});

import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/account';
import { useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { tinyPng } from './support/files';
import { holdAnswers } from './support/network';

describe('the creative builder', () => {
  const newPage = useBrowser();
  /** A signed-in page on a new canvas of the builder. */
  const openBuilder = async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto('/builder');
    await page.getByRole('group', { name: 'Artboard 300×250' }).waitFor();
    return page;
  };

  it('lays out and animates a banner, keeps the draft over a reload, exports it and serves it', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');

    // An image put into the file manager first, to take into the banner below.
    const folder = `builder-${Date.now().toString(36)}`;
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'File manager', exact: true })
      .click();
    await page.getByRole('button', { name: 'New folder', exact: true }).click();
    await page.getByLabel('Folder name').fill(folder);
    await page.getByRole('button', { name: 'Create folder', exact: true }).click();
    await page.getByRole('link', { name: folder }).click();
    await page.waitForURL(`**/filemanager#/${folder}/`);
    await page
      .locator('input[type="file"][aria-label="Upload files"]')
      .setInputFiles({ name: 'brand.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.getByRole('list', { name: 'Files' }).getByText('Uploaded', { exact: true }).waitFor();

    // Reached from a campaign's page.
    await page.getByRole('link', { name: 'Campaigns' }).click();
    // In the campaign list's table: until the list is drawn, the dashboard's own links to the demo
    // campaign's report are on the page too (a loaded machine clicked one of them).
    await page
      .getByRole('table', { name: 'Campaigns' })
      .getByRole('link', { name: 'Demo campaign', exact: true })
      .first()
      .click();
    await page.getByRole('link', { name: 'Build a banner' }).click();
    await page.waitForURL('**/builder');
    await page.getByRole('group', { name: 'Artboard 300×250' }).waitFor();

    // A rectangle, dragged by the mouse and resized by a handle.
    await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
    const rectangle = page.getByRole('button', { name: 'Rectangle layer', exact: true });
    const box = await rectangle.boundingBox();
    if (!box) throw new Error('no rectangle on the artboard');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2 - 30, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => page.getByRole('textbox', { name: 'X', exact: true }).inputValue()).toBe('50');
    await expect.poll(() => page.getByRole('textbox', { name: 'Y', exact: true }).inputValue()).toBe('55');
    const corner = page.locator('[data-slot="builder-handle"][data-handle="se"]');
    const cornerBox = await corner.boundingBox();
    if (!cornerBox) throw new Error('no resize handle');
    await page.mouse.move(cornerBox.x + 6, cornerBox.y + 6);
    await page.mouse.down();
    await page.mouse.move(cornerBox.x + 26, cornerBox.y + 16, { steps: 5 });
    await page.mouse.up();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Width', exact: true }).inputValue())
      .toBe('140');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Height', exact: true }).inputValue())
      .toBe('90');
    // One drag is one undo step.
    await page.keyboard.press('Control+z');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Width', exact: true }).inputValue())
      .toBe('120');
    await page.keyboard.press('Control+Shift+z');

    // A text that slides right over the first second: a keyframe at 0, then Shift+arrows at 1 s.
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await page.getByRole('button', { name: 'Add keyframe' }).click();
    // The playhead by the keyboard: 100 ms a step.
    await page.getByRole('slider', { name: 'Playhead' }).focus();
    for (let step = 0; step < 10; step += 1) await page.keyboard.press('ArrowRight');
    await page.getByText('1.0 s / 5.0 s').waitFor();
    await page
      .getByRole('region', { name: 'Layers' })
      .getByRole('button', { name: 'Text', exact: true })
      .focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('Shift+ArrowRight');
    await page.getByRole('button', { name: 'Text keyframe at 1.0 s' }).waitFor();

    // An image uploaded through the asset upload (to the draft's creative in the demo campaign).
    await page.getByRole('button', { name: 'Image', exact: true }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Add an image' });
    await imageDialog.getByRole('tab', { name: 'Upload', exact: true }).click();
    await imageDialog
      .getByLabel('Image file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() });
    await imageDialog.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: 'Demo campaign' }).click();
    await imageDialog.getByRole('button', { name: 'Upload and add' }).click();
    await page.getByRole('button', { name: 'Image layer', exact: true }).waitFor();
    await page.waitForURL(/\/builder\?draft=/);
    // The upload lands at its own size (2×2).
    expect(await page.getByRole('textbox', { name: 'Width', exact: true }).inputValue()).toBe('2');

    // An image from the file manager, copied into the draft's creative ("use in a creative").
    await page
      .getByRole('group', { name: 'Add a layer' })
      .getByRole('button', { name: 'Image', exact: true })
      .click();
    await imageDialog.getByRole('tab', { name: 'File manager', exact: true }).click();
    const files = imageDialog.getByRole('list', { name: 'Folders and images' });
    await files.getByRole('button', { name: folder }).click();
    await imageDialog
      .getByRole('navigation', { name: 'Folder' })
      .getByText(folder, { exact: true })
      .waitFor();
    await files.getByRole('button', { name: 'brand.png' }).click();
    await imageDialog.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: 'Demo campaign' }).click();
    await imageDialog.getByRole('button', { name: 'Add brand.png', exact: true }).click();
    await page.getByRole('button', { name: 'Image 2 layer', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Image URL', exact: true }).inputValue()).toMatch(
      /\/api\/uploads\/assets\//,
    );

    // Saved, the draft is in the URL; a reload opens it again.
    await page.getByRole('textbox', { name: 'Draft name' }).fill('Journey banner');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('All changes saved').waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Text keyframe at 1.0 s' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Draft name' }).inputValue()).toBe('Journey banner');
    const layers = page.getByRole('region', { name: 'Layers' }).getByRole('listitem');
    expect(await layers.allTextContents()).toEqual(['Image 2', 'Image', 'Text', 'Rectangle']);

    // The preview plays the timeline to its end, then offers Play again.
    await page.getByRole('button', { name: 'Play preview' }).click();
    await page.getByRole('button', { name: 'Pause preview' }).waitFor();
    await page.getByText('5.0 s / 5.0 s').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Play preview' }).waitFor();

    // Export to the demo campaign, then publish the creative as every banner is published.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export as HTML5 banner' });
    await dialog.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: 'Demo campaign' }).click();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect
      .poll(() => dialog.textContent(), { timeout: 15_000 })
      .toContain('Exported to “Journey banner”');
    await dialog.getByRole('link', { name: 'Open the creative' }).click();
    await page.getByRole('heading', { name: 'Journey banner' }).waitFor();
    await page.getByRole('list', { name: 'Assets' }).getByText('Journey_banner.zip').waitFor();
    await page.getByRole('combobox', { name: 'Traffic platform' }).click();
    await page.getByRole('option', { name: 'Google Ad Manager' }).click();
    await page.getByLabel('Landing page URL').fill('https://shop.example/journey');
    await page.getByRole('button', { name: 'Save creative' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Live (1)').first().waitFor();

    // The served banner draws the layers and runs the keyframes as a CSS animation.
    const creativeID = page.url().split('/creative/')[1] ?? '';
    const creative = (await (
      await page.request.get(`/api/v1/campaign/creative?id=${creativeID}`)
    ).json()) as {
      data: { liveCreatives: { id: string }[] };
    };
    const liveID = creative.data.liveCreatives.at(-1)?.id ?? '';
    await page.goto(`/serve/h5/${liveID}/index.html`);
    await expect(page.locator('#l2').textContent()).resolves.toBe('Your headline');
    const style = await page.locator('#l2').evaluate((element) => {
      const computed = getComputedStyle(element);
      return { animationName: computed.animationName, duration: computed.animationDuration };
    });
    expect(style).toEqual({ animationName: 'l2', duration: '5s' });
    const rect = await page.locator('#l1').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(rect).toBe('rgb(37, 99, 235)');
    // The uploaded image travels inside the banner.
    expect(await page.locator('#l3').getAttribute('src')).toMatch(/^images\/1-/);
    await expect
      .poll(() => page.locator('#l3').evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    // So does the image taken from the file manager.
    expect(await page.locator('#l4').getAttribute('src')).toMatch(/^images\/2-/);
    await expect
      .poll(() => page.locator('#l4').evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBe(2);
  });

  it("a new canvas saved and exported before the save's answer came is one draft, not two", async () => {
    const page = await openBuilder();
    const name = `Saved once ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Draft name' }).fill(name);
    // The first save's answer is held back (a slow network) until the export has been asked for.
    const creates = await holdAnswers(page, '**/v1/builder/drafts', 'POST');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export as HTML5 banner' });
    await dialog.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: 'Demo campaign' }).click();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    creates.release();
    await expect.poll(() => dialog.textContent(), { timeout: 15_000 }).toContain(`Exported to “${name}”`);
    expect(creates.requests).toHaveLength(1);
    const drafts = (await (await page.request.get('/api/v1/builder/drafts')).json()) as {
      data: { name: string }[];
    };
    expect(drafts.data.filter((draft) => draft.name === name)).toHaveLength(1);
  });

  it('asks before unsaved changes are lost, deletes drafts after confirming, reaches layers by Tab and shares the bucket choice', async () => {
    const page = await openBuilder();
    const status = page.locator('[data-slot="builder-save-status"]');
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    const field = (name: string) => page.getByRole('textbox', { name, exact: true }).inputValue();
    expect(await status.textContent()).toBe('');

    // A text layer, then reached by Tab from the layer list: focus selects it, arrows move it.
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await status.getByText('Unsaved changes').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('heading', { name: 'Artboard properties' }).count()).toBe(1);
    await page
      .getByRole('region', { name: 'Layers' })
      .getByRole('button', { name: 'Text', exact: true })
      .focus();
    await page.keyboard.press('Tab');
    const textLayer = page.getByRole('button', { name: 'Text layer: Your headline', exact: true });
    await expect.poll(() => textLayer.evaluate((layer) => layer === document.activeElement)).toBe(true);
    expect(await textLayer.getAttribute('aria-pressed')).toBe('true');
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => field('X')).toBe('73');

    // Saved: the status says so and the URL names the draft.
    await page.getByRole('textbox', { name: 'Draft name' }).fill('Unsaved journey');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await status.getByText('All changes saved').waitFor();
    await page.waitForURL(/\/builder\?draft=/);
    const draftURL = page.url();

    // A change, then New: Cancel keeps the change.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => field('Y')).toBe('106');
    await status.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await question.getByText('Starting a new draft replaces the canvas.', { exact: false }).waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await field('Y')).toBe('106');

    // Closing the tab with unsaved changes gets the browser's prompt; staying keeps the page.
    const prompt = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
    await page.close({ runBeforeUnload: true });
    const beforeUnload = await prompt;
    expect(beforeUnload.type()).toBe('beforeunload');
    await beforeUnload.dismiss();
    expect(page.isClosed()).toBe(false);

    // Leaving for another screen asks too; Cancel stays on the draft.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
    await question.getByText('Leaving this draft closes the canvas.', { exact: false }).waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(draftURL);

    // New again, and Save: the change is saved, then a fresh canvas opens.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await question.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/builder' && url.search === '');
    await expect.poll(() => field('Draft name')).toBe('Untitled banner');
    await expect.poll(() => status.textContent()).toBe('');

    // A change on the fresh canvas, then another draft: Discard changes opens it without saving.
    await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
    await chooseDraft(page, 'Unsaved journey');
    await question.getByText('Opening “Unsaved journey” replaces the canvas.', { exact: false }).waitFor();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL(draftURL);
    await textLayer.waitFor();
    expect(await page.getByRole('button', { name: 'Rectangle layer', exact: true }).count()).toBe(0);
    await textLayer.click();
    // The move made before New was saved by the question's Save.
    await expect.poll(() => field('Y')).toBe('106');
    await status.getByText('All changes saved').waitFor();

    // The browser's Back button to the fresh canvas (an entry of this page's history) asks too.
    await page.keyboard.press('ArrowUp');
    await status.getByText('Unsaved changes').waitFor();
    await page.goBack();
    await question.getByText('Leaving this draft closes the canvas.', { exact: false }).waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    await expect.poll(() => page.url()).toBe(draftURL);
    expect(await field('Y')).toBe('105');
    // Undoing back to the saved canvas leaves no unsaved changes.
    await page.keyboard.press('Control+z');
    await status.getByText('All changes saved').waitFor();

    // Delete draft asks first; Keep it keeps it, Delete draft deletes it and opens a new canvas.
    const draftID = new URL(draftURL).searchParams.get('draft');
    await page.getByRole('button', { name: 'Delete draft Unsaved journey' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Unsaved journey?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(draftURL);
    await page.getByRole('button', { name: 'Delete draft Unsaved journey' }).click();
    await confirm.getByRole('button', { name: 'Delete draft' }).click();
    await page.getByText('“Unsaved journey” was deleted.', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/builder' && url.search === '');
    await expect.poll(() => field('Draft name')).toBe('Untitled banner');
    const drafts = (await (await page.request.get('/api/v1/builder/drafts')).json()) as {
      data: { id: string }[];
    };
    expect(drafts.data.map((draft) => draft.id)).not.toContain(draftID);

    // A draft deleted elsewhere (another tab) meanwhile: the refusal is a notification.
    await page.getByRole('textbox', { name: 'Draft name' }).fill('Deleted elsewhere');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/builder\?draft=/);
    const elsewhereID = new URL(page.url()).searchParams.get('draft');
    const deleted = await page.request.delete(`/api/v1/builder/drafts?id=${elsewhereID}`, {
      headers: { 'X-Requested-With': 'adconsole' },
    });
    expect(deleted.status()).toBe(200);
    await page.getByRole('button', { name: 'Delete draft Deleted elsewhere' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Deleted elsewhere?' })
      .getByRole('button', { name: 'Delete draft' })
      .click();
    await page.getByText('The draft was not deleted', { exact: true }).waitFor();
    await page.getByText('Draft not found!', { exact: true }).waitFor();

    // The image dialog's file browser picks the bucket as the file manager does, and the choice is
    // the file manager's remembered one.
    await page.getByRole('button', { name: 'Image', exact: true }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Add an image' });
    await imageDialog.getByRole('tab', { name: 'File manager', exact: true }).click();
    const bucket = imageDialog.getByRole('combobox', { name: 'Bucket' });
    await expect.poll(() => bucket.textContent()).toBe('files');
    await bucket.click();
    await page.getByRole('option', { name: 'archive', exact: true }).click();
    await expect.poll(() => bucket.textContent()).toBe('archive');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('store') ?? '{}').fileManager);
    expect(stored).toMatchObject({ bucket: 'archive', rememberedBuckets: ['archive'] });
    await page.keyboard.press('Escape');
    await page.goto('/filemanager');
    await expect.poll(() => page.getByRole('combobox', { name: 'Bucket' }).textContent()).toBe('archive');
  });
});

/** Opens a draft from the toolbar's "Open draft" choice. */
async function chooseDraft(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Open draft' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

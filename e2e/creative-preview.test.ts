// The creative editor's preview on the built product, under the console's real Content-Security-Policy:
// the demo's In-Banner Video banner is drawn by the ad runtime in the serving origin's preview page,
// and the player's own script runs in the ad's frame (it starts the video and answers its buttons),
// which a frame drawn in the console's page could not do (the console's policy refused its script).
// Nothing is counted, and no policy is broken on the way.
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/account';
import { baseURL, useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { api, signIn as apiSignIn, demoCreative } from './support/publisher';

/** The ad's frame inside the preview page's frame. */
async function adFrame(page: Page): Promise<Frame> {
  const previewPage = await (
    await page.waitForSelector('[data-slot="creative-preview-page"]')
  ).contentFrame();
  const ad = await (await previewPage?.waitForSelector('ins iframe'))?.contentFrame();
  if (!ad) throw new Error('The preview drew no ad frame.');
  return ad;
}

describe("the creative editor's preview", () => {
  const newPage = useBrowser();

  it('draws the In-Banner Video banner with the runtime on the serving origin: its player runs, nothing is counted, no policy is broken', async () => {
    const session = await apiSignIn(baseURL());
    const { campaignID, creativeID } = await demoCreative(session, 'In-banner trailer');
    const impressions = async () =>
      (await api<{ data: { impressions: number } }>(session, 'GET', `/v1/campaign/creative?id=${creativeID}`))
        .data.impressions;
    const before = await impressions();

    const page = await newPage();
    const refused: string[] = [];
    const serving: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/serve\/(ad|t|click)\//.test(pathname)) serving.push(pathname);
    });
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.goto(`/campaigns/${campaignID}/creative/${creativeID}`);
    const preview = page.locator('[data-slot="creative-preview"]');
    await expect.poll(() => preview.getAttribute('data-status'), { timeout: 15_000 }).toBe('rendered');

    // The markup says "Play"; the player's script says "Pause" once it has started the video itself
    // (the demo's layout plays by itself), and "Mute" once the sound is on.
    const ad = await adFrame(page);
    const playButton = ad.locator('#adc-pp');
    await expect.poll(() => playButton.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Pause');
    await ad.locator('#adc-m').click();
    await expect.poll(() => ad.locator('#adc-m').getAttribute('aria-label')).toBe('Mute');

    expect(refused).toEqual([]);
    expect(serving).toEqual([]);
    expect(await impressions()).toBe(before);
  });
});

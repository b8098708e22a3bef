// Placements and A/B tests end to end (docs/reports.md, "A/B tests"): a placement made in the console, its one tag on a
// publisher's page of another origin showing different creatives across page views, each impression
// counted for the creative served; an A/B test of it planned (its sample shown before it starts),
// started and ended in the console; a real player (Fluid Player) playing a VAST placement, its events
// counted for the creative it got; and the demo's A/B test verdict and optimized rotation, explained,
// on the campaign page.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildPlacementTag, type Placement } from '@adconsole/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../scripts/lib.mjs';
import { signIn as signInPage } from './support/account';
import { baseURL, scrollToOwnerCard, useBrowser } from './support/browser';
import { ALL_TIME, DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { buildFluidPlayer, CLIP, playerFiles, playerPage } from './support/fluid-player';
import { api, eventually, type Publisher, type Session, signIn, startPublisher } from './support/publisher';

const ASSETS = path.join(root, 'apps/api/src/services/demo/demo-assets');

/** Every impression of a live creative, valid or not (past the per-client rate, page views count as invalid). */
async function impressionsOf(session: Session, liveId: string): Promise<number> {
  const report = await api<{
    totals: { impressions: number };
    invalid: { byReason: { impressions: number }[] };
  }>(session, 'GET', `/v1/campaign/reports?liveIDs=${liveId}&${ALL_TIME}`);
  return report.totals.impressions + report.invalid.byReason.reduce((sum, row) => sum + row.impressions, 0);
}

/** A video's event counts from its live creative's report (all time). */
async function videoCounts(session: Session, liveId: string) {
  const { totals } = await api<{ totals: Record<string, number> }>(
    session,
    'GET',
    `/v1/campaign/reports?liveIDs=${liveId}&${ALL_TIME}&withVideoData=true`,
  );
  return {
    impression: totals.impressions,
    start: totals.videoStarts,
    firstQuartile: totals.firstQuartile,
    midpoint: totals.midpoint,
    thirdQuartile: totals.thirdQuartile,
    complete: totals.videoCompletes,
  };
}

async function signedInConsole(page: Page) {
  await page.goto('/signin');
  await signInPage(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.waitForURL('**/dashboard');
}

describe('placements: one tag, several creatives', () => {
  const newPage = useBrowser();
  const playerDir = mkdtempSync(path.join(tmpdir(), 'adconsole-fluid-'));
  let session: Session;
  let publisher: Publisher;
  const tags: Record<string, string> = {};

  /** A published creative of the campaign: its id and live creative's id. */
  async function published(campaignID: string, body: Record<string, unknown>, file: string) {
    const creative = await api<{ id: string }>(session, 'POST', '/v1/campaign/creatives', {
      campaignID,
      platform: 'google-ad-manager',
      trackers: { click: [{ type: 'redirect', url: `${publisher.origin}/landing` }] },
      ...body,
    });
    const form = new FormData();
    form.append('creativeID', creative.id);
    form.append('files[]', new Blob([new Uint8Array(readFileSync(file))]), path.basename(file));
    await api(session, 'POST', '/v1/campaign/creatives/assets', form);
    const made = await api<{ liveCreatives: { id: string }[] }>(
      session,
      'POST',
      '/v1/campaign/creatives/publish',
      {
        id: creative.id,
      },
    );
    return { id: creative.id, live: made.liveCreatives.at(-1)?.id ?? '' };
  }

  beforeAll(async () => {
    await buildFluidPlayer(playerDir);
    publisher = await startPublisher(
      {
        '/article.html': () =>
          `<!doctype html><html><head><title>A publisher</title></head><body style="margin:0;font-family:sans-serif">
           <h1>Today's news</h1><p>Text before the ad.</p>${tags.banner}<p>Text after the ad.</p></body></html>`,
        '/video.html': () => playerPage(tags.vast ?? ''),
        '/landing': () => '<!doctype html><title>Advertiser</title><h1>Welcome to the advertiser</h1>',
      },
      playerFiles(playerDir),
    );
    session = await signIn(baseURL());
  });
  afterAll(async () => {
    await publisher?.close();
    rmSync(playerDir, { recursive: true, force: true });
  });

  it('made in the console, its one tag on another origin shows both banners across page views, each impression counted for the banner served; an A/B test of it is planned, started and ended there', async () => {
    const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name: 'Rotated sidebar',
    });
    const banners = [
      await published(
        campaign.id,
        { name: 'Sidebar, plain', type: 'Banner', width: 300, height: 250 },
        path.join(ASSETS, 'banner.png'),
      ),
      await published(
        campaign.id,
        { name: 'Sidebar, bold', type: 'Banner', width: 300, height: 250 },
        path.join(ASSETS, 'banner.png'),
      ),
    ];

    // The console: a new placement of the campaign's two banners, and its tag.
    const page = await newPage();
    await signedInConsole(page);
    await page.goto(`/campaigns/${campaign.id}`);
    await scrollToOwnerCard(page, 'Placements');
    await page.getByRole('button', { name: 'New placement' }).click();
    const dialog = page.getByRole('dialog', { name: 'New placement' });
    await dialog.getByLabel('Placement name').fill('Article sidebar');
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Create placement' }).click();
    await page.getByRole('heading', { name: 'Article sidebar' }).waitFor();
    const tag = await page.getByRole('textbox', { name: 'Tag of Article sidebar' }).inputValue();
    expect(tag).toContain('data-placement-id=');
    tags.banner = tag.replace('%%CLICK_URL_UNESC%%', `${publisher.origin}/platform-click?adurl=`);

    // Page views of the publisher's article until both banners were shown (even rotation: about three).
    const views = new Map<string, number>();
    for (let view = 0; view < 40 && views.size < 2; view++) {
      const reader = await newPage();
      const answer = reader.waitForResponse((response) => response.url().includes('/serve/ad/p/'));
      await reader.goto(`${publisher.origin}/article.html`);
      const served = (await (await answer).json()) as { liveID: string };
      const slot = reader.locator('ins.adconsole-ad');
      await expect
        .poll(() => slot.getAttribute('data-adconsole-state'), { timeout: 15_000 })
        .toBe('rendered');
      views.set(served.liveID, (views.get(served.liveID) ?? 0) + 1);
      await reader.context().close();
    }
    expect([...views.keys()].sort()).toEqual(banners.map((banner) => banner.live).sort());
    for (const [live, count] of views)
      await eventually(async () => expect(await impressionsOf(session, live)).toBe(count));

    // An A/B test of the two: no clicks yet, so the console asks for the control's expected rate and
    // shows the sample each variant needs before it starts (1 % against 1.2 %: 42,693 impressions).
    await page.reload();
    await page.getByRole('button', { name: 'Start A/B test of Article sidebar' }).click();
    const testDialog = page.getByRole('dialog', { name: 'A/B test of Article sidebar' });
    await testDialog.getByLabel("Control's expected rate (%)").fill('1');
    await expect
      .poll(() => testDialog.getByRole('status').textContent())
      .toContain('Needs 42,693 impressions per variant, 85,386 in all');
    await testDialog.getByRole('button', { name: 'Start A/B test' }).click();
    const placement = page.getByRole('region', { name: 'Article sidebar', exact: true });
    await placement.getByText('A/B test running').waitFor();
    await placement.getByText(/42,693 impressions per variant/).waitFor();
    await placement.locator('[data-slot="variant-verdict"]').getByText('Not enough data').waitFor();
    // Ending it puts the placement's rotation back.
    await placement.getByRole('button', { name: 'End test' }).click();
    await page
      .getByRole('alertdialog', { name: 'End this A/B test?' })
      .getByRole('button', { name: 'End test' })
      .click();
    await placement.getByText('Ended', { exact: true }).first().waitFor();
    await expect.poll(() => placement.getByText('A/B test running').count()).toBe(0);
  });

  it('Fluid Player plays a VAST placement: the creative it got counts impression, start, quartiles and complete once each, the other nothing', async () => {
    const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name: 'Rotated pre-roll',
    });
    const videos = [
      await published(campaign.id, { name: 'Pre-roll A', type: 'VAST', width: 640, height: 360 }, CLIP),
      await published(campaign.id, { name: 'Pre-roll B', type: 'VAST', width: 640, height: 360 }, CLIP),
    ];
    const placement = await api<Placement>(session, 'POST', '/v1/campaign/placements', {
      campaignID: campaign.id,
      name: 'Pre-roll slot',
      items: videos.map((video) => ({ creativeId: video.id })),
    });
    const built = buildPlacementTag({ placement, platform: 'google-ad-manager', servingHost: baseURL() });
    if (!built.ok) throw new Error(built.error);
    const platformClick = encodeURIComponent(`${publisher.origin}/platform-click?adurl=`);
    tags.vast = built.tag.replace(/click=[^&]*/, `click=${platformClick}`);
    expect(tags.vast).toContain(`/serve/vast/p/${placement.id}.xml`);

    const page = await newPage();
    const log: string[] = [];
    page.on('pageerror', (error) => log.push(`pageerror: ${error.message}`));
    const answer = page.waitForResponse((response) => response.url().includes('/serve/vast/p/'));
    await page.goto(`${publisher.origin}/video.html`);
    // The VAST document names the live creative it serves (its Creative's adId, its signed impression).
    const xml = await (await answer).text();
    const served = videos.find((video) => xml.includes(`adId="${video.live}"`));
    expect(served, xml).toBeDefined();
    const other = videos.find((video) => video !== served);
    await page
      .locator('.vast_clickthrough_layer')
      .waitFor({ state: 'visible', timeout: 20_000 })
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\n${log.join('\n')}`);
      });
    await eventually(async () =>
      expect(await videoCounts(session, served?.live ?? '')).toEqual({
        impression: 1,
        start: 1,
        firstQuartile: 1,
        midpoint: 1,
        thirdQuartile: 1,
        complete: 1,
      }),
    );
    expect((await videoCounts(session, other?.live ?? '')).impression).toBe(0);
  });

  it("the demo campaign's page shows its placement's A/B test and the fixture's verdict: In-banner trailer wins", async () => {
    const page = await newPage();
    await signedInConsole(page);
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await page
      .getByRole('table', { name: 'Campaigns', exact: true })
      .getByRole('link', { name: 'Demo campaign' })
      .click();
    const placement = page.getByRole('region', { name: 'Homepage sidebar', exact: true });
    await placement.scrollIntoViewIfNeeded();
    await placement.getByText('A/B test running').waitFor();
    await expect
      .poll(() => placement.locator('[data-slot="variant-verdict"]').textContent())
      .toBe('In-banner trailer wins');
    await placement.getByText('100% of the planned 43,506 per variant').waitFor();
    await placement.getByRole('img', { name: /^CTR by variant: Trail season banner \(control\)/ }).waitFor();
    // Its other placement rotates the same banners optimized, and says why: the trailer's better CTR
    // takes most of the requests.
    const optimized = page.getByRole('region', { name: 'Article sidebar', exact: true });
    await optimized.getByText(/draws a likely CTR for every serving creative/).waitFor();
    const share = async (name: string) =>
      Number(
        (
          await optimized.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1).textContent()
        )?.replace('%', ''),
      );
    await expect.poll(() => share('In-banner trailer')).toBeGreaterThan(50);
    expect((await share('In-banner trailer')) + (await share('Trail season banner'))).toBeCloseTo(100, 0);
  });
});

// A real, open-source web video player that nobody here wrote plays our tags (docs/serving.md, "Proof with a real player"): Fluid Player
// (MIT, VAST and VPAID support of its own, not vast-client), built from its sources into a publisher's
// site on another origin, at its default settings (only the ad tag, and muted autoplay, is given).
// It requests the VAST with credentials and checks the MediaFile with fetch(), so it only plays when
// CORS and the files from /serve/files are right. Impression, start, the quartiles, complete and a
// click through the platform's click tracker are counted once each, and the player calls no <Error>
// URL. Also here: the console's CSP keeps an uploaded .js from running as a script on a console page.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../scripts/lib.mjs';
import { baseURL, useBrowser } from './support/browser';
import { ALL_TIME } from './support/constants';
import { buildFluidPlayer, CLIP, playerFiles, playerPage } from './support/fluid-player';
import {
  api,
  eventually,
  type Publisher,
  publishedCreative,
  type Session,
  signIn,
  startPublisher,
  withClickId,
  withoutQuery,
} from './support/publisher';

/** Every event of a played ad and its click, counted once each. */
const ONCE_EACH = {
  impression: 1,
  start: 1,
  firstQuartile: 1,
  midpoint: 1,
  thirdQuartile: 1,
  complete: 1,
  click: 1,
};

/**
 * How long the VPAID ad's video is held when the player never hears AdStarted: past the 3 s Fluid Player
 * gives startAd to answer, short of the 5 s it gives a video to start playing.
 */
const HELD_VIDEO_MS = 4_000;

/** The player pauses the ad on a click-through: back on the video, the viewer clicks again to resume. */
async function resumeAfterClickThrough(page: Page, layer: Locator) {
  await page.bringToFront();
  await expect
    .poll(() => page.locator('#content').evaluate((video: HTMLVideoElement) => video.paused))
    .toBe(true);
  await layer.click();
}

describe('a real open-source player (Fluid Player) plays our tags on a publisher page of another origin', () => {
  const newPage = useBrowser();
  const playerDir = mkdtempSync(path.join(tmpdir(), 'adconsole-fluid-'));
  let session: Session;
  let publisher: Publisher;
  const tags: Record<string, string> = {};
  const lives: Record<string, string> = {};

  beforeAll(async () => {
    await buildFluidPlayer(playerDir);
    publisher = await startPublisher(
      {
        '/video.html': () => playerPage(tags.vast ?? ''),
        // VPAID is off in Fluid Player unless the publisher allows it: its one switch, nothing else.
        '/vpaid.html': () => playerPage(tags.vpaid ?? '', { allowVPAID: true }, { debug: true }),
        '/landing': () => '<!doctype html><title>Advertiser</title><h1>Welcome to the advertiser</h1>',
      },
      playerFiles(playerDir),
    );
    session = await signIn(baseURL());
    const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name: 'Played by Fluid Player',
    });
    const platformClick = encodeURIComponent(`${publisher.origin}/platform-click?adurl=`);
    const publish = async (key: 'vast' | 'vpaid', type: string, files: { name: string; bytes: Buffer }[]) => {
      const { live, tag } = await publishedCreative(
        session,
        {
          campaignID: campaign.id,
          name: `${type} for a real player`,
          type,
          width: 640,
          height: 360,
          trackers: { click: [{ type: 'redirect', url: `${publisher.origin}/landing` }] },
        },
        files,
      );
      lives[key] = live;
      // The platform expands its click macro to its click tracker before the player asks for the tag.
      tags[key] = tag.replace(/click=[^&]*/, `click=${platformClick}`);
    };
    const clip = { name: 'main.mp4', bytes: readFileSync(CLIP) };
    await publish('vast', 'VAST', [clip]);
    await publish('vpaid', 'VPAID', [
      clip,
      {
        name: 'vpaid.js',
        bytes: readFileSync(path.join(root, 'apps/api/src/services/demo/demo-assets/vpaid.js')),
      },
    ]);
  });
  afterAll(async () => {
    await publisher?.close();
    rmSync(playerDir, { recursive: true, force: true });
  });

  /** Event counts of a live creative from its report (all time). */
  async function counts(liveId: string) {
    const report = await api<{ totals: Record<string, number> }>(
      session,
      'GET',
      `/v1/campaign/reports?liveIDs=${liveId}&${ALL_TIME}&withVideoData=true`,
    );
    const { totals } = report;
    return {
      impression: totals.impressions,
      start: totals.videoStarts,
      firstQuartile: totals.firstQuartile,
      midpoint: totals.midpoint,
      thirdQuartile: totals.thirdQuartile,
      complete: totals.videoCompletes,
      click: totals.clicks,
    };
  }

  /** Every request the page makes to our /serve/t/error (the VAST <Error> URL). */
  const watchErrors = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/serve/t/error')) calls.push(request.url());
    });
    return calls;
  };

  it('plays the VAST tag: impression, start, quartiles, complete and a click through the platform macro counted once each, no <Error> call', async () => {
    const page = await newPage();
    const log: string[] = [];
    page.on('console', (message) => log.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => log.push(`pageerror: ${error.message}`));
    const errors = watchErrors(page);
    await page.goto(`${publisher.origin}/video.html`);
    // The player shows its click-through layer over the ad while the ad plays: a viewer clicks it.
    const layer = page.locator('.vast_clickthrough_layer');
    await layer.waitFor({ state: 'visible', timeout: 20_000 }).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${log.join('\n')}`);
    });
    const [landing] = await Promise.all([page.waitForEvent('popup'), layer.click()]);
    // Through our click redirect, which adds the click id to the landing page (docs/conversions.md).
    await landing.waitForURL(withClickId(`${publisher.origin}/landing`));
    expect(publisher.clicks.map(withoutQuery)).toEqual([`${publisher.origin}/landing`]);
    await resumeAfterClickThrough(page, layer);
    await eventually(async () => expect(await counts(lives.vast ?? '')).toEqual(ONCE_EACH));
    expect(errors, log.join('\n')).toEqual([]);
  });
  it('plays the VPAID tag (allowVPAID): the ad unit runs in the player, which counts impression, start, quartiles, complete and the click once each, no <Error> call', async () => {
    expect(tags.vpaid).toContain('/serve/vpaid/');
    const page = await newPage();
    const log: string[] = [];
    page.on('console', (message) => log.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => log.push(`pageerror: ${error.message}`));
    const errors = watchErrors(page);
    // The ad's video arrives late, as from a slow host: Fluid Player gives the unit's startAd 3 s to say
    // AdStarted and otherwise abandons the ad (error 901) with its slot and click layer. The unit answers
    // at once and counts its start when the video plays (docs/testing.md, "The VPAID start"). So the
    // video's first request is held until the player has heard AdStarted (its debug line), or for
    // HELD_VIDEO_MS, past the player's 3 s, when it never does: not timed against the machine.
    let adStarted = () => {};
    const heard = new Promise<void>((resolve) => {
      adStarted = resolve;
    });
    page.on('console', (message) => {
      if (message.text().includes('Ad has started')) adStarted();
    });
    let held = false;
    await page.route(
      (url) => url.origin === new URL(baseURL()).origin && url.pathname.endsWith('.mp4'),
      async (route) => {
        if (!held) {
          held = true;
          await Promise.race([heard, new Promise((resolve) => setTimeout(resolve, HELD_VIDEO_MS))]);
        }
        await route.continue();
      },
    );
    // Every tracking call the player makes and the server's answer, for the message when a count is late.
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/serve/t/'))
        log.push(`tracking: ${url.pathname} ${response.status()} at ${new Date().toISOString()}`);
    });
    const startAnswered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/serve/t/start',
      { timeout: 30_000 },
    );
    await page.goto(`${publisher.origin}/vpaid.html`);
    const layer = page.locator('.vpaid-click');
    await layer.waitFor({ state: 'visible', timeout: 20_000 }).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${log.join('\n')}`);
    });
    // The player sends the start when the unit says AdVideoStart (the video's first frame); it is
    // counted from the server's answer on, within the counter's flush (docs/testing.md, "The VPAID start").
    const started = await startAnswered.catch((error: unknown) => {
      throw new Error(`The player sent no start: ${String(error)}\n${log.join('\n')}`);
    });
    expect(started.status(), log.join('\n')).toBeLessThan(300);
    const answeredAt = Date.now();
    await eventually(async () => expect((await counts(lives.vpaid ?? '')).start).toBe(1), 20_000).catch(
      async (error: unknown) => {
        const seen = JSON.stringify(await counts(lives.vpaid ?? ''));
        throw new Error(
          `${String(error)}\n${Date.now() - answeredAt} ms after the start's answer the report had ${seen}\n${log.join('\n')}`,
        );
      },
    );
    // The popup's wait and the click together, so a click that fails leaves no wait behind unhandled.
    const [landing] = await Promise.all([page.waitForEvent('popup'), layer.click()]);
    await landing.waitForURL(withClickId(`${publisher.origin}/landing`));
    expect(
      publisher.clicks.map(withoutQuery).filter((url) => url === `${publisher.origin}/landing`),
    ).toHaveLength(2);
    await resumeAfterClickThrough(page, layer);
    await eventually(async () => expect(await counts(lives.vpaid ?? '')).toEqual(ONCE_EACH));
    expect(errors, log.join('\n')).toEqual([]);
  });
});

describe("the console's CSP", () => {
  const newPage = useBrowser();

  it('an uploaded .js cannot run as a script on a console page (scripts only from the built /assets/)', async () => {
    const session = await signIn(baseURL());
    const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', { name: 'CSP probe' });
    const creative = await api<{ id: string }>(session, 'POST', '/v1/campaign/creatives', {
      campaignID: campaign.id,
      name: 'Uploaded script',
      type: 'VPAID',
      width: 640,
      height: 360,
    });
    const form = new FormData();
    form.append('creativeID', creative.id);
    form.append('files[]', new Blob(['window.__uploadedScriptRan = true;']), 'vpaid.js');
    const uploaded = await api<{ assets?: { url: string; filename: string }[] }>(
      session,
      'POST',
      '/v1/campaign/creatives/assets',
      form,
    );
    const script = (
      await api<{ assets: { url: string; filename: string }[] }>(
        session,
        'GET',
        `/v1/campaign/creative?id=${creative.id}`,
      )
    ).assets.find((asset) => asset.filename === 'vpaid.js');
    expect(script, JSON.stringify(uploaded)).toBeDefined();
    const scriptPath = new URL(script?.url ?? '').pathname;
    expect(scriptPath).toMatch(/^\/api\/uploads\//);

    const page = await newPage();
    await page.goto('/signin');
    // The console's own scripts (from /assets/) run: the sign-in form is there.
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    // The uploaded file is reachable from the page's origin: only the policy can stop it.
    expect(await page.evaluate(async (url) => (await fetch(url)).status, scriptPath)).toBe(200);
    const outcome = await page.evaluate((url) => {
      const violation = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective)),
      );
      const loaded = new Promise<boolean>((resolve) => {
        const element = document.createElement('script');
        element.src = url;
        element.onload = () => resolve(true);
        element.onerror = () => resolve(false);
        document.head.append(element);
      });
      return Promise.all([loaded, violation]).then(([load, directive]) => ({
        loaded: load,
        ran: '__uploadedScriptRan' in window,
        violation: directive,
      }));
    }, scriptPath);
    expect(outcome).toEqual({ loaded: false, ran: false, violation: 'script-src-elem' });
  });
});

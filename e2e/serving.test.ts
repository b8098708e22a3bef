// Ad serving end to end, as a publisher and a player see it: a publisher's page on another origin embeds
// a banner tag (init.js renders it, its impression, viewability and click are counted, the click lands
// on the landing page through the platform's click tracker); a VAST player page reads the VAST URL with
// the player's own VAST library and plays it (impression, quartiles, complete and click counted); and a
// server killed with kill -9 after acknowledging events still has every one of them when it restarts.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../scripts/lib.mjs';
import { signIn as signInPage } from './support/account';
import { baseURL, useBrowser } from './support/browser';
import { ALL_TIME, DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
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
import { freePort, waitUntilServing } from './support/server';

type Counters = { data: { impressions: number; engagement: number; clicks: number }; videoCompletes: number };
const creativeTotals = (session: Session, id: string) =>
  api<Counters>(session, 'GET', `/v1/campaign/creative?id=${id}`);

/** The player's own VAST library, served by the publisher's site. */
const vastClientScript = (url: URL, response: ServerResponse) => {
  if (url.pathname !== '/vast-client.js') return false;
  const file = path.join(root, 'apps/api/node_modules/@dailymotion/vast-client/dist/vast-client.min.js');
  response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(file));
  return true;
};

describe('ad serving on a publisher page and in a VAST player', () => {
  const newPage = useBrowser();
  let session: Session;
  let publisher: Publisher;
  let banner: { id: string; live: string };
  let video: { id: string; live: string };
  let crawled: { id: string; live: string };
  let campaignID: string;
  const tags: Record<string, string> = {};

  beforeAll(async () => {
    publisher = await startPublisher(
      {
        '/article.html': () =>
          `<!doctype html><html><head><title>A publisher</title></head><body style="margin:0;font-family:sans-serif">
         <h1>Today's news</h1><p>Text before the ad.</p>${tags.banner}<p>Text after the ad.</p></body></html>`,
        '/crawled.html': () =>
          `<!doctype html><html><head><title>A crawled page</title></head><body style="margin:0;font-family:sans-serif">
         <h1>Archive</h1><p>Text before the ad.</p>${tags.crawled}<p>Text after the ad.</p></body></html>`,
        '/landing': () => '<!doctype html><title>Advertiser</title><h1>Welcome to the advertiser</h1>',
        '/player.html': () => `<!doctype html><html><head><title>A player</title></head>
        <body><video id="player" width="640" height="360" muted playsinline></video>
        <script type="module">
          // The player's own VAST library (an ES module), as a video player uses it.
          import { VASTClient, VASTTracker } from '/vast-client.js';
          const VAST = { VASTTracker };
          const video = document.getElementById('player');
          const client = new VASTClient();
          client.get(${JSON.stringify(tags.vast)}).then((response) => {
            const ad = response.ads[0];
            const creative = ad.creatives.find((c) => c.type === 'linear');
            const tracker = new VAST.VASTTracker(client, ad, creative);
            video.src = creative.mediaFiles[0].fileURL;
            video.addEventListener('canplay', () => tracker.trackImpression(), { once: true });
            video.addEventListener('timeupdate', () => tracker.setProgress(video.currentTime));
            video.addEventListener('ended', () => { tracker.complete(); document.title = 'ended'; });
            video.addEventListener('click', () => tracker.click());
            tracker.on('clickthrough', (url) => { window.location.href = url; });
            video.playbackRate = 4;
            video.play();
          });
        </script></body></html>`,
      },
      vastClientScript,
    );
    session = await signIn(baseURL());
    const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name: 'Served on a publisher page',
    });
    campaignID = campaign.id;
    const landing = { click: [{ type: 'redirect', url: `${publisher.origin}/landing` }] };
    const make = (body: Record<string, unknown>, file: { name: string; bytes: Buffer }) =>
      publishedCreative(session, { campaignID: campaign.id, trackers: landing, ...body }, [file]);
    const assets = path.join(root, 'apps/api/src/services/demo/demo-assets');
    const bannerMade = await make(
      { name: 'Publisher banner', type: 'Banner', width: 300, height: 250 },
      { name: 'banner.png', bytes: readFileSync(path.join(assets, 'banner.png')) },
    );
    const videoMade = await make(
      { name: 'Publisher pre-roll', type: 'VAST', width: 640, height: 360 },
      { name: 'main.mp4', bytes: readFileSync(path.join(assets, 'main.mp4')) },
    );
    const crawledMade = await make(
      { name: 'Crawled banner', type: 'Banner', width: 300, height: 250 },
      { name: 'banner.png', bytes: readFileSync(path.join(assets, 'banner.png')) },
    );
    banner = bannerMade;
    video = videoMade;
    crawled = crawledMade;
    // The platform expands its click macro to its click tracker's URL before the page loads.
    const platformClick = `${publisher.origin}/platform-click?adurl=`;
    tags.banner = bannerMade.tag.replace('%%CLICK_URL_UNESC%%', platformClick);
    tags.crawled = crawledMade.tag.replace('%%CLICK_URL_UNESC%%', platformClick);
    tags.vast = videoMade.tag.replace(/click=[^&]*/, `click=${encodeURIComponent(platformClick)}`);
  });
  afterAll(() => publisher.close());

  it('a banner tag on another origin renders, counts its impression, viewability and click, and the click lands through the platform', async () => {
    const page = await newPage();
    await page.goto(`${publisher.origin}/article.html`);
    const slot = page.locator('ins.adconsole-ad');
    await expect.poll(() => slot.getAttribute('data-adconsole-state'), { timeout: 15_000 }).toBe('rendered');
    const frame = slot.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(await frame.evaluate((element) => [element.clientWidth, element.clientHeight])).toEqual([
      300, 250,
    ]);
    await page.screenshot({ path: path.join(root, '.vitest-attachments/e2e-publisher-banner.png') });
    // In view for more than a second: impression and viewable.
    await eventually(async () => {
      const totals = await creativeTotals(session, banner.id);
      expect(totals.data.impressions).toBe(1);
    });
    await eventually(async () => expect((await readEvents(banner.live, 'viewable'))[0]?.count).toBe(1));
    // The click opens a new window: our redirect, then the platform's tracker, then the landing page.
    const popup = page.waitForEvent('popup');
    await page.frameLocator('ins.adconsole-ad iframe').locator('a').click();
    const landing = await popup;
    // The landing page carries the click id our redirect adds (docs/conversions.md).
    await landing.waitForURL(withClickId(`${publisher.origin}/landing`));
    expect(await landing.getByRole('heading').textContent()).toBe('Welcome to the advertiser');
    expect(publisher.clicks.map(withoutQuery)).toEqual([`${publisher.origin}/landing`]);
    await eventually(async () => expect((await creativeTotals(session, banner.id)).data.clicks).toBe(1));
  });

  it('a VAST player reads the VAST URL and plays it: impression, quartiles, complete and click counted', async () => {
    const page = await newPage();
    const problems: string[] = [];
    page.on('console', (message) => problems.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${publisher.origin}/player.html`);
    await page
      .waitForFunction(() => document.title === 'ended', undefined, { timeout: 20_000 })
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\n${problems.join('\n')}`);
      });
    await page.waitForFunction(() => document.title === 'ended', undefined, { timeout: 20_000 });
    await eventually(async () => {
      const events = await readEvents(video.live);
      expect(Object.fromEntries(events.map((row) => [row.type, row.count]))).toMatchObject({
        impression: 1,
        start: 1,
        firstQuartile: 1,
        midpoint: 1,
        thirdQuartile: 1,
        complete: 1,
      });
    });
    await page.locator('#player').click();
    await page.waitForURL(withClickId(`${publisher.origin}/landing`));
    expect(publisher.clicks.map(withoutQuery)).toContain(`${publisher.origin}/landing`);
    await eventually(async () => expect((await creativeTotals(session, video.id)).data.clicks).toBe(1));
  });

  it('Chromium reads the VAST documents gzipped from their template (docs/serving.md, "What a request costs"): six in a row, each whole, each its own impression', async () => {
    const vastUrl = String(tags.vast).replace('[CACHEBUSTING]', '1');
    // The server answers a browser with gzip (spliced from the template's compressed text after the first).
    const { headers } = await fetch(vastUrl, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(headers.get('content-encoding')).toBe('gzip');
    const page = await newPage();
    await page.goto(`${publisher.origin}/article.html`);
    const documents = await page.evaluate(async (url) => {
      const read = [];
      for (let index = 0; index < 6; index += 1) {
        const text = await (await fetch(url)).text();
        const xml = new DOMParser().parseFromString(text, 'application/xml');
        read.push({
          broken: xml.getElementsByTagName('parsererror').length > 0,
          id: xml.getElementsByTagName('AdServingId')[0]?.textContent ?? '',
          trackings: xml.getElementsByTagName('Tracking').length,
          impression: xml.getElementsByTagName('Impression')[0]?.textContent ?? '',
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return read;
    }, vastUrl);
    expect(documents.every((document) => !document.broken && document.trackings > 10)).toBe(true);
    expect(new Set(documents.map((document) => document.id)).size).toBe(6);
    for (const document of documents)
      expect(document.impression).toContain(`i=${encodeURIComponent(document.id)}`);
  });

  it("a bot's browser on the publisher page is served the ad (the page does not break) and counted only as invalid; the report's panel shows it", async () => {
    const bot = await newPage({
      userAgent:
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.6478.126 Safari/537.36',
    });
    const problems: string[] = [];
    bot.on('pageerror', (error) => problems.push(error.message));
    await bot.goto(`${publisher.origin}/crawled.html`);
    const slot = bot.locator('ins.adconsole-ad');
    await expect.poll(() => slot.getAttribute('data-adconsole-state'), { timeout: 15_000 }).toBe('rendered');
    await expect.poll(() => bot.getByRole('heading', { name: 'Archive' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    // Its impression arrives and is stored, filed under its reason, never in the figures.
    const read = () =>
      api<{
        totals: { impressions: number };
        invalid: { byReason: { reason: string; impressions: number }[] };
      }>(session, 'GET', `/v1/campaign/reports?liveIDs=${crawled.live}&${ALL_TIME}`);
    await eventually(async () => {
      const report = await read();
      expect(report.invalid.byReason.find((row) => row.reason === 'bot')?.impressions).toBe(1);
    });
    expect((await read()).totals.impressions).toBe(0);
    expect((await creativeTotals(session, crawled.id)).data.impressions).toBe(0);

    // The campaign's report in the console shows the panel.
    const owner = await newPage();
    await owner.goto('/signin');
    await signInPage(owner, DEMO_EMAIL, DEMO_PASSWORD);
    await owner.waitForURL('**/dashboard');
    // Yesterday to tomorrow in UTC (unix seconds), whatever range the demo user chose last.
    const day = 86_400;
    const today = Math.floor(Date.now() / 1000 / day) * day;
    await owner.goto(
      `/campaigns/${campaignID}/reporting?start=${today - day}&end=${today + 2 * day - 1}&tz=%2B00:00&by=day`,
    );
    const heading = owner.getByRole('heading', { name: 'Invalid traffic (filtered)' });
    await heading.waitFor({ timeout: 20_000 });
    // The section's table is drawn when the reader scrolls to it.
    await heading.scrollIntoViewIfNeeded();
    const table = owner.getByRole('table', { name: 'Invalid traffic by reason' });
    await expect
      .poll(() => table.getByRole('row', { name: /Known bot, crawler or link preview/ }).textContent())
      .toMatch(/^Known bot, crawler or link preview1/);
  });

  it('/serve/demo runs under its nonce CSP in Chromium: no violation, its banners render in their frames and the VAST player gets its video (docs/security.md)', async () => {
    const page = await newPage();
    // Looked at, not counted: the events of this visit never reach the server (other journeys count them).
    await page.route('**/serve/t/**', (route) => route.abort());
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(error.message));
    const answer = await page.goto(`${baseURL()}/serve/demo`);
    const policy = (await answer?.headerValue('content-security-policy')) ?? '';
    expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    // This journey's banners are the demo account's: both render, their frame's script runs.
    const slots = page.locator(`ins.adconsole-ad`);
    await expect
      .poll(
        async () =>
          (
            await slots.evaluateAll((all) => all.map((slot) => slot.getAttribute('data-adconsole-state')))
          ).filter((state) => state === 'rendered').length,
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(2);
    // Every slot of the page done (the demo shows every banner of the account, other journeys' too):
    // a frame still loading has not run its script yet.
    await expect
      .poll(() => slots.evaluateAll((all) => all.map((slot) => slot.getAttribute('data-adconsole-state'))), {
        timeout: 20_000,
      })
      .not.toContain('loading');
    const states = await slots.evaluateAll((all) =>
      all.map((slot) => slot.getAttribute('data-adconsole-state')),
    );
    expect(states).not.toContain('error');
    // The frame script ran inside each srcdoc frame (it sets window.clickTag), under the inherited policy.
    const adFrames = page.frames().filter((frame) => frame.url() === 'about:srcdoc');
    expect(adFrames.length).toBeGreaterThanOrEqual(2);
    for (const frame of adFrames) {
      expect(
        await frame.evaluate(() => typeof (window as { clickTag?: string }).clickTag),
        violations.join('\n'),
      ).toBe('string');
    }
    // The page's own inline script (the small VAST player) ran: it put a video in the player's box.
    await expect.poll(() => page.locator('.player video').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    // The policy is enforced: an inline script without the nonce is refused.
    await page.evaluate(() => {
      const script = document.createElement('p');
      script.innerHTML = '<img src="x:" onerror="window.__inline = 1">';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { __inline?: number }).__inline)).toBeUndefined();
  });

  /** Event counts of a live creative by type, from the campaign's report (every type, all time). */
  async function readEvents(liveId: string, only?: string) {
    const report = await api<{ totals: Record<string, number> }>(
      session,
      'GET',
      `/v1/campaign/reports?liveIDs=${liveId}&${ALL_TIME}&withVideoData=true`,
    );
    const names: Record<string, string> = {
      impression: 'impressions',
      viewable: 'viewable',
      engagement: 'engagement',
      click: 'clicks',
      start: 'videoStarts',
      firstQuartile: 'firstQuartile',
      midpoint: 'midpoint',
      thirdQuartile: 'thirdQuartile',
      complete: 'videoCompletes',
    };
    return Object.entries(names)
      .filter(([type]) => only === undefined || type === only)
      .map(([type, key]) => ({ type, count: report.totals[key] ?? 0 }));
  }
});

describe('durability', () => {
  let server: ChildProcess | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adconsole-kill9-'));
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The product on a free port over the journey's own data directory (kept across restarts). */
  const start = async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_PASSWORD,
        JOB_POLL_SECONDS: '0',
        // Two days of demo history, not ninety: the first start seeds in seconds even beside a browser suite.
        DEMO_DAYS: '2',
        // The load below comes from loopback on behalf of 300 visitors (X-Forwarded-For).
        TRUST_PROXY: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const origin = `http://127.0.0.1:${port}`;
    await waitUntilServing(`${origin}/serve/health`, child, () => output);
    return { child, origin };
  };

  it('a server killed with kill -9 right after acknowledging 300 beacons has every one of them after restart', async () => {
    const first = await start();
    server = first.child;
    const session = await signIn(first.origin);
    const [campaign] = await api<
      { creatives: { id: string; type: string; liveCreatives: { id: string }[] }[] }[]
    >(session, 'GET', '/v1/campaign/mine');
    const creative = campaign?.creatives.find((c) => c.type === 'Banner');
    const live = creative?.liveCreatives[0]?.id ?? '';
    const before = (await creativeTotals(session, creative?.id ?? '')).data.impressions;
    // 300 visitors' browsers (each its own address), not one bot: every impression is valid.
    const visitor = (index: number) => ({
      'User-Agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'X-Forwarded-For': `10.0.${index >> 8}.${index & 255}`,
    });
    const ads = await Promise.all(
      Array.from({ length: 300 }, async (_, index) =>
        servedAdSchema.parse(
          await (await fetch(`${first.origin}/serve/ad/${live}.json`, { headers: visitor(index) })).json(),
        ),
      ),
    );
    const acknowledged = await Promise.all(
      ads.map((ad, index) =>
        fetch(ad.events.impression ?? '', { method: 'POST', headers: visitor(index) }).then(
          (response) => response.status,
        ),
      ),
    );
    expect(acknowledged.every((status) => status === 204)).toBe(true);
    // No goodbye: the process is killed at once, after the last acknowledgement.
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const second = await start();
    server = second.child;
    const again = await signIn(second.origin);
    expect((await creativeTotals(again, creative?.id ?? '')).data.impressions).toBe(before + 300);
    // Two starts, the first seeding the demo: beside a browser suite that alone can pass two minutes.
  }, 300_000);
});

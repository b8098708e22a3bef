// The built scripts (dist/init.js and dist/video.js as tsup builds them) on a publisher page in Chromium,
// the way Google Ad Manager serves it: the tags and their script tags inside a cross-origin frame, the
// scripts from the serving origin, which answers the ad requests and receives the beacons.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_TYPES, type ServedAd } from '@adconsole/domain';
import { type Browser, chromium, type Frame, type Page } from 'playwright-core';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchArgs, chromiumPath } from '../../../scripts/chromium';
import { scriptBuild } from '../tsup.config';
import { inBannerVideo, servedAd } from './fixtures/served-ad';

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

interface Hit {
  method: string;
  url: URL;
  /** The Cookie header the request carried. */
  cookie: string | undefined;
}

/** A server on 127.0.0.1 with a free port; `hits` records every request. */
async function serve(handle: (request: IncomingMessage, response: ServerResponse, url: URL) => void) {
  const hits: Hit[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    hits.push({ method: request.method ?? 'GET', url, cookie: request.headers.cookie });
    handle(request, response, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { origin: `http://127.0.0.1:${address.port}`, hits, server };
}

const tagHtml = (liveID: string) =>
  `<ins class="adconsole-ad" data-live-id="${liveID}" data-width="300" data-height="250" data-platform="google-ad-manager" data-click="https://adclick.g.doubleclick.example/pcs/click?adurl=" data-cb="987654" data-view-url="%%VIEW_URL_UNESC%%" style="display:inline-block;width:300px;height:250px"></ins>`;

describe('dist/init.js on a publisher page, inside a cross-origin ad-server frame', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'ad-runtime-'));
  let ads: Awaited<ReturnType<typeof serve>>;
  let gam: Awaited<ReturnType<typeof serve>>;
  let publisher: Awaited<ReturnType<typeof serve>>;
  let browser: Browser;
  let page: Page;
  let frame: Frame;
  const errors: string[] = [];

  beforeAll(async () => {
    await build({
      ...scriptBuild,
      entry: {
        init: path.join(packageDir, scriptBuild.entry.init),
        video: path.join(packageDir, scriptBuild.entry.video),
      },
      outDir: work,
      config: false,
      silent: true,
    });
    const script = readFileSync(path.join(work, 'init.js'));
    const videoScript = readFileSync(path.join(work, 'video.js'));
    const asset = (name: string) => readFileSync(path.join(packageDir, 'test-assets', name));
    const files: Record<string, [string, Buffer]> = {
      '/assets/banner.png': ['image/png', asset('banner.png')],
      '/assets/frame.png': ['image/png', asset('frame.png')],
      '/assets/main.mp4': ['video/mp4', asset('main.mp4')],
    };

    // The serving origin: the script, the ads (CORS-open as ours are: the page's Origin echoed with
    // credentials allowed, since the runtime asks for the ad with credentials: docs/serving.md, "CORS"),
    // the tracking and click routes.
    ads = await serve((request, response, url) => {
      const cors = {
        'access-control-allow-origin': request.headers.origin ?? '*',
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
      };
      const ad = /^\/serve\/ad\/(.+)\.json$/.exec(url.pathname)?.[1];
      if (url.pathname === '/serve/init.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      } else if (url.pathname === '/serve/video.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(videoScript);
      } else if (ad && ad !== 'removed') {
        const liveID = decodeURIComponent(ad);
        const impressionID = `imp-${liveID}`;
        const answer = servedAd({
          liveID,
          impressionID,
          content: {
            kind: 'image',
            url: `${ads.origin}/assets/${liveID === 'live-video' ? 'frame' : 'banner'}.png`,
            width: 300,
            height: 250,
          },
          layout: liveID === 'live-video' ? inBannerVideo(`${ads.origin}/assets/main.mp4`) : null,
          clickUrl: `${ads.origin}/serve/click/${liveID}?i=${impressionID}`,
          events: Object.fromEntries(
            EVENT_TYPES.map((type) => [type, `${ads.origin}/serve/t/${type}?i=${impressionID}`]),
          ) as ServedAd['events'],
        });
        // A placement's tag (p/{id}): the position after the one the page sent, of three.
        const placement = liveID.startsWith('p/')
          ? { id: liveID.slice(2), position: (Number(url.searchParams.get('pos') ?? -1) + 1) % 3 }
          : undefined;
        response
          .writeHead(200, {
            'content-type': 'application/json',
            ...cors,
            // The cap history, as the server sets it on an ad with caps (docs/serving.md, "Frequency caps").
            'set-cookie': `adc_fc=seen-${liveID.replace(/\W/g, '')}; Path=/serve; Secure; HttpOnly; SameSite=None; Partitioned`,
          })
          .end(JSON.stringify(placement ? { ...answer, placement } : answer));
      } else if (files[url.pathname]) {
        const [type, body] = files[url.pathname] as [string, Buffer];
        response.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body);
      } else if (url.pathname.startsWith('/serve/t/')) {
        response.writeHead(204, cors).end();
      } else if (url.pathname.startsWith('/serve/click/')) {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Landing page</title>');
      } else {
        response.writeHead(404, cors).end();
      }
    });
    // The ad server's frame: tags, each with its own copy of the script tag (a removed ad among them);
    // /banners: banners only.
    const scriptTag = `<script async src="${ads.origin}/serve/init.js"></script>`;
    gam = await serve((_, response, url) => {
      if (url.pathname === '/placement') {
        // Three slots of one placement (docs/serving.md, "Placements") on a page.
        const slot = tagHtml('').replace('data-live-id=""', 'data-placement-id="P1"');
        response.writeHead(200, { 'content-type': 'text/html' }).end(`${slot}${slot}${slot}${scriptTag}`);
        return;
      }
      const ids = url.pathname === '/banners' ? ['live-3'] : ['live-1', 'live-2', 'removed', 'live-video'];
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><body style="margin:0">${ids.map((id) => `${tagHtml(id)}${scriptTag}`).join('')}</body>`,
        );
    });
    publisher = await serve((_, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><body style="margin:0"><h1 style="margin:0;height:40px">News</h1><iframe src="${gam.origin}/ad" width="300" height="1300" style="border:0;display:block"></iframe></body>`,
        );
    });

    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumLaunchArgs });
    page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('404')) errors.push(message.text());
    });
    await page.goto(`${publisher.origin}/`);
    const found = page.frames().find((candidate) => candidate.url().endsWith('/ad'));
    if (!found) throw new Error('the ad server frame did not load');
    frame = found;
  });

  afterAll(async () => {
    await browser?.close();
    for (const started of [ads, gam, publisher]) started?.server.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Polls for up to 5 s: the machine may be busy (the default is 1 s). */
  const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 5000 });
  const state = (liveID: string) =>
    frame.evaluate(
      (id) =>
        document.querySelector(`ins[data-live-id="${id}"]`)?.getAttribute('data-adconsole-state') ?? null,
      liveID,
    );
  const beacons = (type: string, impressionID?: string) =>
    ads.hits.filter(
      (hit) =>
        hit.url.pathname === `/serve/t/${type}` &&
        (!impressionID || hit.url.searchParams.get('i') === impressionID),
    );
  const adFrame = async (liveID: string) => {
    const handle = await frame.$(`ins[data-live-id="${liveID}"] iframe`);
    const content = await handle?.contentFrame();
    if (!handle || !content) throw new Error(`${liveID} has no ad frame`);
    return { handle, content };
  };

  /**
   * From now on, records the beacons the runtime sends, as `sendBeacon` is called (the server sees each
   * a moment later). `sentBeacons` reads them: `[type, impression id]` each.
   */
  const watchSentBeacons = () =>
    frame.evaluate(() => {
      const page = window as unknown as { sentBeacons?: string[] };
      if (!page.sentBeacons) {
        const send = navigator.sendBeacon.bind(navigator);
        navigator.sendBeacon = (url, data) => {
          page.sentBeacons?.push(String(url));
          return send(url, data);
        };
      }
      page.sentBeacons = [];
    });
  const sentBeacons = async () =>
    (await frame.evaluate(() => (window as unknown as { sentBeacons: string[] }).sentBeacons)).map((url) => {
      const parsed = new URL(url);
      return [parsed.pathname.replace('/serve/t/', ''), parsed.searchParams.get('i')];
    });

  it('takes its serving origin from its own script and asks for each tag’s ad with the tag’s macros and the publisher’s page', async () => {
    await eventually(() => state('live-1')).toBe('rendered');
    await eventually(() => state('live-2')).toBe('rendered');
    const requests = ads.hits.filter((hit) => hit.url.pathname === '/serve/ad/live-1.json');
    expect(requests).toHaveLength(1);
    expect(Object.fromEntries(requests[0]?.url.searchParams ?? [])).toEqual({
      click: 'https://adclick.g.doubleclick.example/pcs/click?adurl=',
      cb: '987654',
      // The report's site: the top page seen through the ad server's frame (location.ancestorOrigins).
      page: publisher.origin,
    });
  });

  it('starts once although every tag brings its own script tag, and renders each tag once', async () => {
    expect(await frame.evaluate(() => '__adconsoleAdRuntime' in window)).toBe(true);
    await eventually(() => state('live-video')).toBe('rendered');
    expect(await frame.evaluate(() => document.querySelectorAll('ins iframe').length)).toBe(3);
    expect(ads.hits.filter((hit) => hit.url.pathname.startsWith('/serve/ad/'))).toHaveLength(4);
  });

  it('leaves the slot of a removed ad empty, and collapses it', async () => {
    await eventually(() => state('removed')).toBe('empty');
    expect(await frame.evaluate(() => document.querySelector('ins[data-live-id="removed"]')?.innerHTML)).toBe(
      '',
    );
    // Collapsed (docs/serving.md): no blank 300x250 hole where a refused ad would have been.
    expect(
      await frame.evaluate(() => {
        const slot = document.querySelector<HTMLElement>('ins[data-live-id="removed"]');
        return slot ? [getComputedStyle(slot).display, slot.getBoundingClientRect().height] : null;
      }),
    ).toEqual(['none', 0]);
  });

  it('renders the creative in a sandboxed frame that cannot reach the page', async () => {
    const { handle, content } = await adFrame('live-1');
    expect(await handle.getAttribute('sandbox')).toBe(
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    await eventually(() =>
      content.evaluate(() => (document.querySelector('img') as HTMLImageElement).naturalWidth),
    ).toBe(300);
    expect(await content.evaluate(() => origin)).toBe('null');
  });

  it('posts the impression beacon (sendBeacon: POST) once, and viewable after a second in view', async () => {
    await eventually(() => beacons('impression', 'imp-live-1').length).toBe(1);
    expect(beacons('impression', 'imp-live-1')[0]?.method).toBe('POST');
    await eventually(() => beacons('viewable', 'imp-live-1').length).toBe(1);
    await eventually(() => beacons('viewable', 'imp-live-2').length).toBe(1);
    expect(beacons('impression')).toHaveLength(3);
  });

  it('loads video.js once, only after an ad with the In-Banner Video layout came, and a page of banners never', async () => {
    await eventually(() => state('live-video')).toBe('rendered');
    const paths = ads.hits.map((hit) => hit.url.pathname);
    expect(paths.filter((pathname) => pathname === '/serve/video.js')).toHaveLength(1);
    expect(paths.indexOf('/serve/video.js')).toBeGreaterThan(paths.indexOf('/serve/ad/live-video.json'));
    const banners = await browser.newPage();
    await banners.goto(`${gam.origin}/banners`);
    await expect
      .poll(() => banners.evaluate(() => document.querySelector('ins')?.getAttribute('data-adconsole-state')))
      .toBe('rendered');
    await banners.close();
    expect(ads.hits.filter((hit) => hit.url.pathname === '/serve/video.js')).toHaveLength(1);
  });

  it('plays the In-Banner Video layout muted by itself and reports its start, quartiles and end', async () => {
    const video = ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'];
    await expect
      .poll(() => video.map((type) => beacons(type, 'imp-live-video').length), { timeout: 10_000 })
      .toEqual([1, 1, 1, 1, 1]);
    const { content } = await adFrame('live-video');
    expect(await content.evaluate(() => document.querySelector('video')?.muted)).toBe(true);
    expect(
      await content.evaluate(() => document.querySelector('button')?.getAttribute('aria-label')),
    ).toBeTruthy();
  });

  it('renders a tag added to the frame later', async () => {
    await frame.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), tagHtml('live-late'));
    await eventually(() => state('live-late')).toBe('rendered');
    await eventually(() => beacons('impression', 'imp-live-late').length).toBe(1);
  });

  it("asks for the ad with credentials: the serving origin's cookie of an earlier answer goes with it", () => {
    const late = ads.hits.find((hit) => hit.url.pathname === '/serve/ad/live-late.json');
    expect(late?.cookie).toMatch(/^adc_fc=seen-/);
  });

  it('counts the pointer over the ad for a second as an engagement, once', async () => {
    const { handle, content } = await adFrame('live-1');
    const box = await handle.boundingBox();
    if (!box) throw new Error('the ad is not visible');
    // The beacons as the runtime sends them, and a promise of the ad's next marker message.
    await watchSentBeacons();
    await frame.evaluate(() => {
      const page = window as unknown as { marker: Promise<void> };
      page.marker = new Promise((resolve) =>
        addEventListener('message', (event) => {
          if (Array.isArray(event.data) && event.data[0] === 'marker') resolve();
        }),
      );
    });
    await page.mouse.move(box.x + box.width + 300, box.y + 20);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 10 });
    await eventually(() => beacons('engagement', 'imp-live-1').length).toBe(1);
    await page.mouse.move(box.x + 10, box.y + 10, { steps: 5 });
    // Every report of the pointer the ad sent has reached the runtime (a marker posted after them
    // arrives after them); then a timer longer than the hover second, set after any the runtime set
    // for them, fires after those (timers of one window run in order of their deadlines). A second
    // engagement would have been sent by then.
    await content.evaluate(() => parent.postMessage(['marker'], '*'));
    await frame.evaluate(async () => {
      await (window as unknown as { marker: Promise<void> }).marker;
      await new Promise((resolve) => setTimeout(resolve, 1001));
    });
    expect((await sentBeacons()).filter(([type]) => type === 'engagement')).toEqual([
      ['engagement', 'imp-live-1'],
    ]);
    expect(beacons('engagement', 'imp-live-1')).toHaveLength(1);
  });

  it('opens the click URL in a new window on a click, and beacons no click itself', async () => {
    const { handle } = await adFrame('live-2');
    const box = await handle.boundingBox();
    if (!box) throw new Error('the ad is not visible');
    // The beacons as the runtime sends them: the server sees each a moment later, possibly after the
    // landing page has loaded (a clean-clone run failed on counting them at once).
    await watchSentBeacons();
    const popup = page.waitForEvent('popup');
    await page.mouse.click(box.x + 150, box.y + 125);
    const landing = await popup;
    await landing.waitForLoadState();
    expect(landing.url()).toBe(`${ads.origin}/serve/click/live-2?i=imp-live-2`);
    // The ad's click message makes the engagement and (were it beaconed) the click in one task: once
    // the engagement has been sent, a click beacon would have been too.
    const sentTypes = async () => (await sentBeacons()).map(([type]) => type);
    await eventually(sentTypes).toContain('engagement');
    expect(await sentTypes()).not.toContain('click');
    await eventually(() => beacons('engagement', 'imp-live-2').length).toBe(1);
    expect(beacons('click')).toHaveLength(0);
  });

  it("asks a placement's slots one after the other, each with the position the one before was answered with (pos=)", async () => {
    const other = await browser.newPage();
    try {
      await other.goto(`${gam.origin}/placement`);
      const asked = () => ads.hits.filter((hit) => hit.url.pathname === '/serve/ad/p/P1.json');
      await eventually(() => asked().length).toBe(3);
      expect(asked().map((hit) => hit.url.searchParams.get('pos'))).toEqual([null, '0', '1']);
      await expect
        .poll(
          () =>
            other.evaluate(() =>
              Array.from(document.querySelectorAll('ins[data-placement-id]'), (tag) =>
                tag.getAttribute('data-adconsole-state'),
              ),
            ),
          { timeout: 5000 },
        )
        .toEqual(['rendered', 'rendered', 'rendered']);
    } finally {
      await other.close();
    }
  });

  it('throws nothing into the page', () => {
    expect(errors).toEqual([]);
  });
});

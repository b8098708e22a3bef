// The built dist/preview.js (the creative editor's preview page's script) in Chromium: a console page on
// one origin, under a policy like the console's (scripts from its /assets/ only), frames the preview
// page of the serving origin (its own nonce policy, framed by the console alone) and posts it a draft of
// an In-Banner Video banner. The ad is drawn in the runtime's sandboxed frame and the player's script
// runs there (it started the video and answers its buttons); nothing is requested or counted; a page of
// another origin cannot frame the preview.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREVIEW_MESSAGE } from '@adconsole/domain';
import { type Browser, chromium, type Frame, type Page } from 'playwright-core';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchArgs, chromiumPath } from '../../../scripts/chromium';
import { scriptBuild } from '../tsup.config';
import { inBannerVideo, servedAd } from './fixtures/served-ad';

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const NONCE = 'cHJldmlldy1ub25jZQ==';

/** A server on 127.0.0.1 with a free port; `paths` records every path asked for. */
async function serve(handle: (response: ServerResponse, url: URL, request: IncomingMessage) => void) {
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    paths.push(url.pathname);
    handle(response, url, request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { origin: `http://127.0.0.1:${address.port}`, paths, server };
}

describe('dist/preview.js: the creative editor draws its draft on the serving origin', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'ad-runtime-preview-'));
  let serving: Awaited<ReturnType<typeof serve>>;
  let consolePage: Awaited<ReturnType<typeof serve>>;
  let stranger: Awaited<ReturnType<typeof serve>>;
  let browser: Browser;
  let page: Page;
  let preview: Frame;
  const refused: string[] = [];

  beforeAll(async () => {
    await build({
      ...scriptBuild,
      entry: {
        preview: path.join(packageDir, scriptBuild.entry.preview),
        video: path.join(packageDir, scriptBuild.entry.video),
      },
      outDir: work,
      config: false,
      silent: true,
    });
    const scripts: Record<string, Buffer> = {
      '/serve/preview.js': readFileSync(path.join(work, 'preview.js')),
      '/serve/video.js': readFileSync(path.join(work, 'video.js')),
    };
    const asset = (name: string) => readFileSync(path.join(packageDir, 'test-assets', name));
    const files: Record<string, [string, Buffer]> = {
      '/assets/frame.png': ['image/png', asset('frame.png')],
      '/assets/main.mp4': ['video/mp4', asset('main.mp4')],
    };
    consolePage = await serve((response) => {
      response
        .writeHead(200, {
          'content-type': 'text/html',
          // The console's own policy: scripts from its /assets/ only, frames from the serving origin.
          'content-security-policy': `default-src 'self'; script-src ${consolePage.origin}/assets/; frame-src ${serving.origin}`,
        })
        .end(
          `<!doctype html><body><iframe id="preview" sandbox="allow-scripts" src="${serving.origin}/serve/preview" width="300" height="250"></iframe></body>`,
        );
    });
    stranger = await serve((response) => {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><body><iframe src="${serving.origin}/serve/preview"></iframe></body>`);
    });
    // The serving origin: the preview page as the API sends it, its scripts and the draft's files.
    serving = await serve((response, url) => {
      const script = scripts[url.pathname];
      const file = files[url.pathname];
      if (url.pathname === '/serve/preview') {
        response
          .writeHead(200, {
            'content-type': 'text/html',
            'content-security-policy': `script-src 'nonce-${NONCE}' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors ${consolePage.origin}`,
          })
          .end(
            `<!doctype html><body style="margin:0"><div id="preview"></div><script nonce="${NONCE}" src="/serve/preview.js" data-console-origin="${consolePage.origin}"></script></body>`,
          );
      } else if (script) {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      } else if (file) {
        response.writeHead(200, { 'content-type': file[0], 'content-length': file[1].length }).end(file[1]);
      } else {
        response.writeHead(404).end();
      }
    });

    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumLaunchArgs });
    page = await browser.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused/i.test(message.text())) refused.push(message.text());
    });
    // What the preview page tells the console, as the console's window receives it.
    await page.addInitScript(() => {
      const page = window as unknown as { previewStates: unknown[] };
      page.previewStates = [];
      window.addEventListener('message', (event) => page.previewStates.push(event.data));
    });
    await page.goto(`${consolePage.origin}/`);
    const found = await (await page.$('#preview'))?.contentFrame();
    if (!found) throw new Error('the preview page did not load');
    preview = found;
  });

  afterAll(async () => {
    await browser?.close();
    for (const started of [serving, consolePage, stranger]) started?.server.close();
    rmSync(work, { recursive: true, force: true });
  });

  const states = () =>
    page.evaluate(() =>
      (window as unknown as { previewStates: { state?: string }[] }).previewStates.map((data) => data.state),
    );
  const post = (ad: unknown) =>
    page.evaluate(
      ([type, draft]) =>
        (document.getElementById('preview') as HTMLIFrameElement).contentWindow?.postMessage(
          { type, ad: draft, draft: 1 },
          '*',
        ),
      [PREVIEW_MESSAGE, ad] as const,
    );

  it("says it is ready, draws the posted In-Banner Video draft, and the player's script runs in the ad's frame", async () => {
    await expect.poll(states).toEqual(['ready']);
    await post(
      servedAd({
        liveID: 'preview',
        content: { kind: 'image', url: `${serving.origin}/assets/frame.png`, width: 300, height: 250 },
        layout: inBannerVideo(`${serving.origin}/assets/main.mp4`, { video_autoplay: 'yes' }),
        clickUrl: 'about:blank',
        events: {},
      }),
    );
    await expect.poll(states, { timeout: 10_000 }).toEqual(['ready', 'loading', 'rendered']);
    const ad = await (await preview.$('ins iframe'))?.contentFrame();
    if (!ad) throw new Error('no ad frame');
    // The markup says "Play"; the player's script says "Pause" once it has started the video itself.
    const play = ad.locator('#adc-pp');
    // 20 s: a hang catcher (the video starts in about a second on a quiet machine; a loaded CI took 10+).
    await expect.poll(() => play.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Pause');
    await ad.locator('#adc-m').click();
    await expect.poll(() => ad.locator('#adc-m').getAttribute('aria-label')).toBe('Mute');
    expect(refused).toEqual([]);
  });

  it('requests and counts nothing: no ad request, beacon, pixel or click', () => {
    expect(serving.paths.filter((pathname) => /^\/serve\/(ad|t|click)\//.test(pathname))).toEqual([]);
  });

  it('draws the next draft in place of the last, and says so when a draft is not an ad', async () => {
    await post(servedAd({ liveID: 'preview', content: { kind: 'html', html: '<p>Second</p>' }, events: {} }));
    await expect.poll(() => preview.locator('ins iframe').count()).toBe(1);
    const ad = await (await preview.$('ins iframe'))?.contentFrame();
    await expect.poll(() => ad?.locator('p').textContent()).toBe('Second');
    await post({ width: 'wide' });
    await expect.poll(async () => (await states()).at(-1)).toBe('error');
  });

  it('cannot be framed by a page of another origin', async () => {
    const other = await browser.newPage();
    await other.goto(`${stranger.origin}/`);
    const framed = await (await other.$('iframe'))?.contentFrame();
    // Refused by frame-ancestors: the frame holds the browser's error page, not the preview.
    await expect.poll(() => framed?.url()).toMatch(/^chrome-error:/);
    expect(await framed?.locator('#preview').count()).toBe(0);
    await other.close();
  });
});

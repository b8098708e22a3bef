// Creative QA's measurement (docs/builder.md, "Creative QA"): the creative's ad document opened in headless
// Chromium (playwright-core, never a downloaded browser) on the serving origin, under the ad frame's own
// policy (`Content-Security-Policy: sandbox` with the domain's AD_SANDBOX: an opaque origin, as served),
// watched for at most CREATIVE_QA_WINDOW.maxSeconds. The Chrome DevTools Protocol gives the bytes of
// every request (Network.loadingFinished's encodedDataLength: as transferred) and the main thread's busy
// time (Performance.getMetrics' TaskDuration), polled twice a second; a poll the main thread cannot
// answer counts its wait as busy time (one long task blocks the metrics). The run ends early once the
// network has been idle and the CPU quiet for CREATIVE_QA_WINDOW.quietSeconds after load, or at once
// when a heavy-ad limit is passed; a hard timeout kills the browser. One Chromium at a time per process.
import {
  AD_SANDBOX,
  CREATIVE_QA_WINDOW,
  type CreativeQaMeasurement,
  HEAVY_AD_LIMITS,
  heavyAdLimitPassed,
} from '@adconsole/domain';
import type { BrowserServer, CDPSession, Page } from 'playwright-core';

/** What the ad document shows, as the runtime would draw it. */
export type QaContent =
  | { kind: 'image'; url: string }
  | { kind: 'html'; html: string }
  | { kind: 'html5'; read: (path: string) => Promise<{ body: Buffer; contentType: string } | undefined> }
  | { kind: 'none' };

interface QaTarget {
  chromium: string;
  /** The serving origin (AD_SERVING_URL): the ad document is opened under it. */
  servingOrigin: string;
  /** A name for the document's path (the creative's id). */
  name: string;
  width: number;
  height: number;
  content: QaContent;
  /** Whether an HTML5 archive's files mention a clickTag (read by the caller). */
  clickTagFound: boolean | null;
}

const POLL_MS = 500;
/** Past the window: the browser is killed however the page behaves. */
const HARD_TIMEOUT_MS = (CREATIVE_QA_WINDOW.maxSeconds + 15) * 1000;
const SANDBOX_POLICY = `sandbox ${AD_SANDBOX}`;

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The document of an image or HTML creative: what the runtime writes into the ad frame. */
function adDocument(target: QaTarget, clickUrl: string): string {
  const { content, width, height } = target;
  const head = `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;overflow:hidden}</style></head><body>`;
  if (content.kind === 'image')
    return `${head}<a href="${escapeAttribute(clickUrl)}" target="_blank"><img id="qa-image" src="${escapeAttribute(content.url)}" width="${width}" height="${height}" alt=""></a></body></html>`;
  if (content.kind === 'html') return `${head}${content.html}</body></html>`;
  return `${head}</body></html>`;
}

/** The metrics' busy time: TaskDuration in seconds, or undefined when the page did not answer in time. */
async function taskSeconds(cdp: CDPSession, waitMs: number): Promise<number | undefined> {
  const metrics = cdp.send('Performance.getMetrics').then(
    (answer) => answer.metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0,
    () => undefined,
  );
  const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), waitMs).unref());
  return Promise.race([metrics, late]);
}

/** The size the ad drew: the image's own, else the union of the elements' boxes. */
function drawnSize(page: Page, image: boolean): Promise<{ width: number; height: number } | null> {
  const measured = page
    .evaluate((isImage) => {
      if (isImage) {
        const img = document.getElementById('qa-image') as HTMLImageElement | null;
        return img && img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null;
      }
      let right = 0;
      let bottom = 0;
      const all = Array.from(document.body?.querySelectorAll('*') ?? []).slice(0, 5000);
      for (const element of all) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        right = Math.max(right, box.right + window.scrollX);
        bottom = Math.max(bottom, box.bottom + window.scrollY);
      }
      return right > 0 ? { width: Math.ceil(right), height: Math.ceil(bottom) } : null;
    }, image)
    .catch(() => null);
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000).unref());
  return Promise.race([measured, late]);
}

interface Counters {
  bytes: number;
  requests: number;
  insecure: string[];
  inflight: Set<string>;
  lastNetworkAt: number;
  initial: { bytes: number; requests: number } | undefined;
}

/**
 * Watches the network through CDP: the bytes each request has received so far (Network.dataReceived), its
 * transferred total once finished (loadingFinished's encodedDataLength), a cancelled one's bytes too.
 * The documents we answer ourselves are counted by their bodies.
 */
function watchNetwork(cdp: CDPSession, counters: Counters, ourPrefix: string, favicon: string) {
  const ours = new Set<string>();
  const received = new Map<string, number>();
  const add = (requestId: string, total: number) => {
    if (ours.has(requestId)) return;
    const before = received.get(requestId) ?? 0;
    if (total <= before) return;
    received.set(requestId, total);
    counters.bytes += total - before;
  };
  cdp.on('Network.requestWillBeSent', (event) => {
    // The browser's own favicon request for a top-level page: an ad in its frame makes none.
    if (event.request.url === favicon) {
      ours.add(event.requestId);
      return;
    }
    counters.requests += 1;
    counters.inflight.add(event.requestId);
    counters.lastNetworkAt = Date.now();
    const url = event.request.url;
    if (url.startsWith(ourPrefix)) ours.add(event.requestId);
    else if (!/^(https:|data:|blob:|about:)/.test(url)) counters.insecure.push(url.slice(0, 200));
  });
  cdp.on('Network.dataReceived', (event) => {
    counters.lastNetworkAt = Date.now();
    add(event.requestId, (received.get(event.requestId) ?? 0) + event.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (event) => {
    counters.inflight.delete(event.requestId);
    counters.lastNetworkAt = Date.now();
    add(event.requestId, event.encodedDataLength);
  });
  cdp.on('Network.loadingFailed', (event) => {
    counters.inflight.delete(event.requestId);
    counters.lastNetworkAt = Date.now();
  });
}

/** Opens the creative and measures it (the browser is always killed at the end). */
async function measureOnce(target: QaTarget): Promise<CreativeQaMeasurement> {
  const { chromium } = await import('playwright-core');
  const started = Date.now();
  let server: BrowserServer | undefined;
  const hardTimeout = new Promise<never>((_resolve, reject) =>
    setTimeout(() => {
      server?.kill().catch(() => undefined);
      reject(new Error(`Creative QA stopped: the page did not finish within ${HARD_TIMEOUT_MS / 1000} s.`));
    }, HARD_TIMEOUT_MS).unref(),
  );
  const run = async (): Promise<CreativeQaMeasurement> => {
    server = await chromium.launchServer({
      executablePath: target.chromium,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--disable-sync',
        // The document is answered by the run itself (no address): without this, Chromium's local
        // network checks would take it for a public page and refuse its files on a private serving host.
        '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights',
      ],
    });
    const browser = await chromium.connect(server.wsEndpoint());
    const context = await browser.newContext({ viewport: { width: target.width, height: target.height } });
    const base = `${target.servingOrigin}/serve/qa/${encodeURIComponent(target.name)}/`;
    const clickUrl = `${target.servingOrigin}/serve/qa-click/${encodeURIComponent(target.name)}`;
    let ourBytes = 0;
    let clicked = false;
    await context.route(`${clickUrl}**`, (route) => {
      clicked = true;
      return route.fulfill({ status: 204 });
    });
    await context.route(`${base}**`, async (route) => {
      const path = decodeURIComponent(
        new URL(route.request().url()).pathname.slice(new URL(base).pathname.length),
      );
      const content = target.content;
      const file =
        content.kind === 'html5'
          ? await content.read(path)
          : path === 'index.html'
            ? { body: Buffer.from(adDocument(target, clickUrl)), contentType: 'text/html; charset=utf-8' }
            : undefined;
      if (!file) return route.fulfill({ status: 404, body: '' });
      ourBytes += file.body.length;
      return route.fulfill({
        status: 200,
        body: file.body,
        headers: { 'content-type': file.contentType, 'content-security-policy': SANDBOX_POLICY },
      });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const counters: Counters = {
      bytes: 0,
      requests: 0,
      insecure: [],
      inflight: new Set(),
      lastNetworkAt: Date.now(),
      initial: undefined,
    };
    watchNetwork(cdp, counters, base, `${target.servingOrigin}/favicon.ico`);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    await cdp.send('Page.enable');
    cdp.on('Page.loadEventFired', () => {
      counters.initial ??= { bytes: counters.bytes + ourBytes, requests: counters.requests };
    });
    const query = target.content.kind === 'html5' ? `?clickTag=${encodeURIComponent(clickUrl)}` : '';
    void page.goto(`${base}index.html${query}`, { timeout: HARD_TIMEOUT_MS }).catch(() => undefined);

    const samples: { at: number; busy: number }[] = [{ at: Date.now(), busy: 0 }];
    let stoppedAt: string | null = null;
    let peak = 0;
    let lastBusy = 0;
    const deadline = started + CREATIVE_QA_WINDOW.maxSeconds * 1000;
    const quietMs = CREATIVE_QA_WINDOW.quietSeconds * 1000;
    while (Date.now() < deadline) {
      const pollAt = Date.now();
      const reported = await taskSeconds(cdp, 2000);
      // A main thread too busy to answer was busy all the while it did not.
      const busy = reported ?? lastBusy + (Date.now() - pollAt) / 1000;
      lastBusy = Math.max(lastBusy, busy);
      const now = Date.now();
      samples.push({ at: now, busy: lastBusy });
      const windowStart = samples.find((s) => s.at >= now - HEAVY_AD_LIMITS.cpuWindowSeconds * 1000);
      peak = Math.max(peak, lastBusy - (windowStart?.busy ?? 0));
      stoppedAt = heavyAdLimitPassed({
        networkBytes: counters.bytes + ourBytes,
        cpuPeakWindowSeconds: peak,
        cpuTotalSeconds: lastBusy,
      });
      if (stoppedAt) break;
      const quietSince = samples.find((s) => s.at >= now - quietMs);
      const quiet =
        counters.initial !== undefined &&
        counters.inflight.size === 0 &&
        now - counters.lastNetworkAt >= quietMs &&
        now - started >= quietMs &&
        lastBusy - (quietSince?.busy ?? 0) < 0.2;
      if (quiet) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_MS - (Date.now() - now))));
    }
    const drawn = stoppedAt ? null : await drawnSize(page, target.content.kind === 'image');
    let wired = false;
    if (target.content.kind === 'html5' && !stoppedAt) {
      await page.mouse.click(target.width / 2, target.height / 2).catch(() => undefined);
      const until = Date.now() + 2000;
      while (!clicked && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      wired = clicked;
    }
    const bytes = counters.bytes + ourBytes;
    const initial = counters.initial ?? { bytes, requests: counters.requests };
    return {
      networkBytes: bytes,
      initialLoadBytes: initial.bytes,
      requests: counters.requests,
      initialRequests: initial.requests,
      insecureRequests: counters.insecure.length,
      insecureExamples: counters.insecure.slice(0, 5),
      cpuPeakWindowSeconds: Math.round(peak * 10) / 10,
      cpuTotalSeconds: Math.round(lastBusy * 10) / 10,
      declared: { width: target.width, height: target.height },
      drawn,
      clickTag: target.clickTagFound === null ? null : { found: target.clickTagFound, wired },
      elapsedSeconds: Math.round((Date.now() - started) / 100) / 10,
      stoppedAt,
    };
  };
  try {
    return await Promise.race([run(), hardTimeout]);
  } finally {
    await (server as BrowserServer | undefined)?.kill().catch(() => undefined);
  }
}

/** One Chromium at a time in this process: runs wait their turn. */
let queue: Promise<unknown> = Promise.resolve();

export function measureCreative(target: QaTarget): Promise<CreativeQaMeasurement> {
  const next = queue.then(() => measureOnce(target));
  queue = next.catch(() => undefined);
  return next;
}

// The creative editor's preview : the page /serve/preview, on the serving origin, draws the
// draft the console posts to it as a publisher's page would draw the published ad: the runtime's own
// sandboxed frame, its own frame script, the In-Banner Video player and its controls. The page has its
// own nonce policy, which the frames' scripts carry; drawn in the console's page instead, they would
// inherit the console's policy, which refuses them. The runtime's ad request is answered with the
// draft, and nothing is sent: no beacons, no pixels.
import { INS_TAG_CLASS, PREVIEW_MESSAGE, type PreviewState, STATE_ATTRIBUTE } from './contract';
import type { InBannerVideo } from './in-banner-video';
import { readServedAd } from './served-ad';
import { type AdRuntime, start } from './start';

export interface PreviewOptions {
  /** Where the ad is drawn (its content is replaced with each draft). */
  root: Element;
  /** The console's origin: only its messages are drawn, only it is told the slot's state. */
  consoleOrigin: string;
  /** The serving origin (where the In-Banner Video part is loaded from). Default: the page's. */
  origin?: string;
  /** The CSP nonce the frames' scripts carry. */
  nonce?: string;
  /** The In-Banner Video part; by default loaded from `<origin>/serve/video.js` as on a publisher's page. */
  video?: () => Promise<InBannerVideo>;
}

/** Starts listening for drafts and tells the console it is ready; the returned function stops it. */
export function startPreview({ root, consoleOrigin, origin, nonce, video }: PreviewOptions): () => void {
  const doc = root.ownerDocument;
  const win = doc.defaultView ?? window;
  let runtime: AdRuntime | undefined;
  let observer: MutationObserver | undefined;
  const report = (state: PreviewState, draft?: number) => {
    try {
      win.parent.postMessage({ type: PREVIEW_MESSAGE, state, draft }, consoleOrigin);
    } catch {
      // A parent gone: nothing to tell.
    }
  };

  const draw = (answer: unknown, draft: number | undefined) => {
    runtime?.stop();
    observer?.disconnect();
    const tag = doc.createElement('ins');
    tag.className = INS_TAG_CLASS;
    tag.setAttribute('data-live-id', 'preview');
    root.replaceChildren(tag);
    const ad = readServedAd(answer);
    if (!ad) return report('error', draft);
    const body = JSON.stringify(ad);
    let last: string | null = null;
    observer = new win.MutationObserver(() => {
      const state = tag.getAttribute(STATE_ATTRIBUTE);
      if (state && state !== last) {
        last = state;
        report(state as PreviewState, draft);
      }
    });
    observer.observe(tag, { attributes: true, attributeFilter: [STATE_ATTRIBUTE] });
    runtime = start({
      root,
      origin: origin ?? win.location.origin,
      ...(nonce === undefined ? {} : { nonce }),
      ...(video ? { video } : {}),
      fetch: async () => new Response(body, { headers: { 'content-type': 'application/json' } }),
      sendBeacon: () => true,
      pixel: () => {},
    });
  };

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== consoleOrigin || event.source !== win.parent) return;
    const data = event.data as { type?: unknown; ad?: unknown; draft?: unknown } | null;
    if (typeof data !== 'object' || data === null || data.type !== PREVIEW_MESSAGE || !('ad' in data)) return;
    const draft = typeof data.draft === 'number' ? data.draft : undefined;
    try {
      draw(data.ad, draft);
    } catch {
      report('error', draft);
    }
  };
  win.addEventListener('message', onMessage);
  report('ready');
  return () => {
    win.removeEventListener('message', onMessage);
    observer?.disconnect();
    runtime?.stop();
  };
}

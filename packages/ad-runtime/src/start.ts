// The runtime: finds every ad tag of the page (now and later), asks the ad server for each tag's ad,
// renders it in a sandboxed frame and reports its events. Nothing here may throw into the host page:
// every entry point (a scan, a message, an observer, a timer) runs guarded.

import { pageConsentReader } from './consent';
import {
  type EventType,
  FRAME_SANDBOX,
  INS_TAG_CLASS,
  SERVE_VIDEO_PATH,
  type ServedAd,
  STATE_ATTRIBUTE,
  type TagState,
  VIDEO_GLOBAL,
} from './contract';
import { impressionEvents } from './events';
import { frameDocument, playerVideo } from './frame-document';
import type { InBannerVideo } from './in-banner-video';
import { quartileTracker } from './quartiles';
import { readServedAd } from './served-ad';
import { adRequestUrl, pageOrigin, placementOf, scriptNonce, scriptOrigin, tagCarriesConsent } from './tag';
import { onceTimer, type Timers } from './timers';
import { VIEWABLE_MS, viewableRatio } from './viewability';

export type { Timers } from './timers';

export interface StartOptions {
  /** Where to look for tags (and watch for new ones). Default: the document. */
  root?: Document | Element;
  /** The serving origin. Default: the origin of the runtime's own script (`/serve/init.js`). */
  origin?: string;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Default: navigator.sendBeacon. */
  sendBeacon?: (url: string) => boolean;
  /** GET as an image: the beacon's fallback and the creative's pixels. Default: `new Image().src`. */
  pixel?: (url: string) => void;
  /** Default: the window's setTimeout and clearTimeout. */
  timers?: Timers;
  /** The CSP nonce the frames' scripts carry. Default: the nonce of the runtime's own script tag. */
  nonce?: string;
  /**
   * The In-Banner Video part (in-banner-video.ts), asked for the first time an ad has that layout.
   * Default: loads `<origin>/serve/video.js` into the page (with the nonce), once.
   */
  video?: () => Promise<InBannerVideo>;
}

export interface AdRuntime {
  /** Renders the tags not yet taken (new tags are also found on their own). */
  scan(): void;
  /** Stops watching the page, the frames and the timers; rendered ads stay. */
  stop(): void;
}

/** Time under the pointer that is an engagement, in ms. */
const HOVER_MS = 1000;
const TAG_SELECTOR = `ins.${INS_TAG_CLASS}:not([${STATE_ATTRIBUTE}])`;

const guard = <A extends unknown[]>(callback: (...args: A) => void) =>
  function guarded(...args: A): void {
    try {
      callback(...args);
    } catch {
      // Never into the host page: a broken ad is an empty slot.
    }
  };

/** The In-Banner Video part, loaded into the page from `src` the first time an ad asks for it. */
function videoLoader(doc: Document, win: Window, src: string, nonce?: string): () => Promise<InBannerVideo> {
  let videoPart: Promise<InBannerVideo> | undefined;
  return () =>
    (videoPart ??= new Promise((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = src;
      if (nonce) script.nonce = nonce;
      script.onload = () => {
        const part = (win as Window & { [VIDEO_GLOBAL]?: InBannerVideo })[VIDEO_GLOBAL];
        if (part) resolve(part);
        else reject();
      };
      // A later ad tries again.
      script.onerror = () => {
        videoPart = undefined;
        reject();
      };
      (doc.head ?? doc.documentElement).appendChild(script);
    }));
}

type Listen = <E extends Event>(target: EventTarget, type: string, handler: (event: E) => void) => void;

/**
 * Fires `viewable` once the frame has been in view (by the ad's share of pixels) for a continuous
 * second while the page is visible; answers the clean-up that stops watching.
 */
function watchViewability(
  win: Window & typeof globalThis,
  doc: Document,
  timers: Timers,
  listen: Listen,
  frame: HTMLIFrameElement,
  ad: ServedAd,
  fire: (type: EventType) => void,
): () => void {
  const ratio = viewableRatio(ad.width, ad.height);
  let inView = false;
  const update = () => viewable.set(inView && doc.visibilityState !== 'hidden');
  const viewable = onceTimer(timers, VIEWABLE_MS, () => {
    observer.disconnect();
    fire('viewable');
  });
  const observer = new win.IntersectionObserver(
    guard((entries: IntersectionObserverEntry[]) => {
      for (const entry of entries) inView = entry.isIntersecting && entry.intersectionRatio >= ratio;
      update();
    }),
    { threshold: ratio },
  );
  observer.observe(frame);
  listen(doc, 'visibilitychange', update);
  return () => {
    observer.disconnect();
    viewable.set(false);
  };
}

export function start(options: StartOptions = {}): AdRuntime {
  const root = options.root ?? document;
  const doc = root.ownerDocument ?? (root as Document);
  const win = doc.defaultView ?? window;
  const origin = options.origin ?? scriptOrigin(doc) ?? '';
  const nonce = options.nonce ?? scriptNonce(doc);
  const page = pageOrigin(win);
  const fetcher = options.fetch ?? ((url, init) => win.fetch(url, init));
  const sendBeacon = options.sendBeacon ?? ((url) => win.navigator.sendBeacon(url));
  const pixel =
    options.pixel ??
    ((url) => {
      new win.Image().src = url;
    });
  // The window itself: its setTimeout and clearTimeout, called on it.
  const timers: Timers = options.timers ?? win;
  const pageConsent = pageConsentReader(win, timers);
  const video = options.video ?? videoLoader(doc, win, origin + SERVE_VIDEO_PATH, nonce);
  let stopped = false;
  const cleanups: (() => void)[] = [];
  const listen: Listen = (target, type, handler) => {
    const listener = guard(handler as (event: Event) => void);
    target.addEventListener(type, listener);
    cleanups.push(() => target.removeEventListener(type, listener));
  };

  /** The message handler and the engagement of each rendered frame. */
  const frames = new Map<MessageEventSource, { frame: HTMLIFrameElement; receive(data: unknown[]): void }>();
  // Only our frames' windows, whose sandbox gives them the opaque origin 'null'.
  listen<MessageEvent>(win, 'message', (event) => {
    const entry = event.origin === 'null' && event.source && frames.get(event.source);
    if (entry && Array.isArray(event.data)) entry.receive(event.data);
  });
  // A tap or a click into a frame moves the focus into it: the page's window loses it.
  listen(win, 'blur', () => {
    for (const entry of frames.values()) if (doc.activeElement === entry.frame) entry.receive(['i']);
  });
  // The pointer moves on the page itself: it is over none of the ads (until a frame reports a later
  // entry). Its time is when the move happened (the frames report theirs the same way), not when this
  // page handled it: on a busy page the last move on the way into an ad can be handled after the ad's
  // frame has reported the pointer over it, and must not cancel that.
  let pointerOnPage = 0;
  // The page's and the frame's clocks are each coarsened by the browser (100 µs with jitter in Chromium,
  // 1 ms in Firefox): a report that reads up to this much before the page's last move is the same crossing.
  const CLOCK_SLACK_MS = 2;
  listen<MouseEvent>(doc, 'mousemove', (event) => {
    const happened = win.performance?.timeOrigin ? win.performance.timeOrigin + event.timeStamp : Date.now();
    pointerOnPage = Math.max(pointerOnPage, happened);
    for (const entry of frames.values()) entry.receive(['h', 0, happened]);
  });

  function show(tag: Element, ad: ServedAd, player?: InBannerVideo) {
    const frame = doc.createElement('iframe');
    frame.setAttribute('sandbox', FRAME_SANDBOX);
    frame.title = 'Advertisement';
    const size = ad.fluid
      ? `width:100%;height:auto;aspect-ratio:${ad.width}/${ad.height}`
      : `width:${ad.width}px;height:${ad.height}px`;
    frame.style.cssText = `display:block;border:0;margin:0;padding:0;${size}`;
    frame.srcdoc = frameDocument(ad, nonce, player);
    const fire = guard(
      impressionEvents(ad, {
        sendBeacon,
        pixel,
        script: (url) => frame.contentWindow?.postMessage(['s', url], '*'),
      }),
    );
    const engage = () => fire('engagement');
    const hover = onceTimer(timers, HOVER_MS, engage);
    cleanups.push(() => hover.set(false));
    const quartiles = quartileTracker();
    let rendered = false;
    listen(frame, 'load', () => {
      if (rendered || stopped) return;
      rendered = true;
      tag.setAttribute(STATE_ATTRIBUTE, 'rendered' satisfies TagState);
      fire('impression');
      // The platform's own impression counter (Google Ad Manager's %%VIEW_URL_UNESC%%), once expanded.
      const viewUrl = tag.getAttribute('data-view-url');
      if (viewUrl && /^https?:\/\//i.test(viewUrl)) pixel(viewUrl);
      if ('IntersectionObserver' in win)
        cleanups.push(watchViewability(win, doc, timers, listen, frame, ad, fire));
      if (ad.adDuration > 0) {
        const id = timers.setTimeout(
          guard(() => frame.contentWindow?.postMessage(['x'], '*')),
          ad.adDuration * 1000,
        );
        cleanups.push(() => timers.clearTimeout(id));
      }
    });
    tag.appendChild(frame);
    if (!frame.contentWindow) return;
    // When the frame last reported the pointer over the ad (the event's time).
    let overAt = 0;
    frames.set(frame.contentWindow, {
      frame,
      // The frame's messages (frame-script.ts): ['h', over, at], ['c'], ['i'], ['p', time, duration], ['e'].
      receive([type, first, second]) {
        if (type === 'h') {
          const at = Number(second);
          // Reports and the page's own moves are ordered by when they happened, whatever order they are
          // handled in. The pointer is over the ad from a report later than the page's last move (or at
          // the same instant: it crosses the page on its way in), and leaves it at a move on the page or
          // the frame's mouseout after the last such report; an earlier one is stale and changes nothing.
          if (first === 1 && at >= pointerOnPage - CLOCK_SLACK_MS) {
            overAt = Math.max(overAt, at);
            hover.set(true);
          } else if (first !== 1 && at > overAt) hover.set(false);
        }
        if (type === 'c' || type === 'i') engage();
        if (type === 'c') fire('click');
        if (type === 'p') for (const event of quartiles.progress(Number(first), Number(second))) fire(event);
        if (type === 'e') for (const event of quartiles.ended()) fire(event);
      },
    });
  }

  /**
   * A placement's tags on this page (docs/serving.md, "Placements") ask in turn, each with the position the one before was
   * answered with (`pos=`), so sequential rotation goes on across the page's slots: per placement, the
   * position its last answer named (a promise while a request is out).
   */
  const positions = new Map<string, Promise<number | undefined>>();

  async function render(tag: Element) {
    tag.setAttribute(STATE_ATTRIBUTE, 'loading' satisfies TagState);
    let state: TagState = 'error';
    const placement = placementOf(tag);
    let answered: (position: number | undefined) => void = () => {};
    let position: number | undefined;
    if (placement) {
      const before = positions.get(placement);
      positions.set(
        placement,
        new Promise((resolve) => {
          answered = resolve;
        }),
      );
      position = await before;
    }
    try {
      // A tag without a consent string of its own carries the page CMP's (docs/privacy.md).
      const consent = tagCarriesConsent(tag) ? {} : await pageConsent();
      const url = adRequestUrl(tag, origin, page, position, win.navigator.cookieEnabled !== false, consent);
      // With credentials: the serving origin's partitioned cookie carries the browser's frequency-cap
      // history there and back (docs/serving.md, "Frequency caps"; the answer echoes the Origin).
      const response = url ? await fetcher(url, { credentials: 'include' }) : null;
      if (response?.status === 404 || response?.status === 204) state = 'empty';
      else if (response?.ok) {
        const ad = readServedAd(await response.json());
        answered(ad?.placement?.position ?? position);
        // Only an ad with the In-Banner Video layout waits for its part (video.js); without it the slot
        // is an error, as without the ad.
        const player = ad && playerVideo(ad) ? await video() : undefined;
        if (ad && !stopped) {
          show(tag, ad, player);
          return;
        }
      }
    } catch {
      // A failed request or a broken answer leaves the slot empty.
    } finally {
      // Answered already when an ad came; otherwise the next slot goes on from the same position.
      answered(position);
    }
    tag.setAttribute(STATE_ATTRIBUTE, state);
    // Nothing to serve (the ad server answered 404 or 204: a rule refused, the ad was removed): the
    // slot collapses, as GAM's collapseEmptyDivs does, instead of a blank hole in the page.
    if (state === 'empty') (tag as HTMLElement).style.setProperty('display', 'none');
  }

  const scan = guard(() => {
    if (stopped) return;
    for (const tag of root.querySelectorAll(TAG_SELECTOR)) void render(tag);
  });
  const observer = new win.MutationObserver(scan);
  observer.observe(root, { childList: true, subtree: true });
  scan();

  return {
    scan,
    stop() {
      stopped = true;
      observer.disconnect();
      for (const cleanup of cleanups.splice(0)) cleanup();
      frames.clear();
    },
  };
}

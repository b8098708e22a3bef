// The serving contract's plain constants: paths, the ad request's query, event types and the tracker
// kind of each event, and the landing-page rule. No zod here, so the ad runtime can bundle this module
// into its few-kilobyte script (served-ad.ts, with the schemas, would pull zod in).
import type { TrackerKind } from '../campaigns/creative';

/** Every event the tracking endpoint counts, in the order reports show them. */
export const EVENT_TYPES = [
  'impression',
  'viewable',
  'engagement',
  'click',
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const VIDEO_EVENT_TYPES = ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'] as const;

/** Which of a creative's own tracker lists fires beside each of our events. */
export const TRACKER_KIND_OF_EVENT: Readonly<Partial<Record<EventType, TrackerKind>>> = {
  impression: 'impression',
  engagement: 'engagement',
  click: 'click',
  start: 'videoStart',
  firstQuartile: 'videoFirstQuartile',
  midpoint: 'videoMidpoint',
  thirdQuartile: 'videoThirdQuartile',
  complete: 'videoComplete',
};

/** The ad runtime's script, which ad tags load. */
export const SERVE_INIT_PATH = '/serve/init.js';
/**
 * The In-Banner Video layout's part of the ad runtime (its player and layout options): init.js loads it
 * into the page only when a served ad has that layout.
 */
export const SERVE_VIDEO_PATH = '/serve/video.js';

/**
 * The creative editor's preview : a page of the serving origin that draws the draft the editor
 * posts to it with the ad runtime (its script: SERVE_PREVIEW_SCRIPT_PATH), under the page's own nonce
 * policy, never the console's (whose `script-src` would refuse the script the runtime writes into its
 * frames). Nothing in a preview is requested or counted.
 */
export const SERVE_PREVIEW_PATH = '/serve/preview';
export const SERVE_PREVIEW_SCRIPT_PATH = '/serve/preview.js';
/** The `type` of every message between the creative editor and its preview page. */
export const PREVIEW_MESSAGE = 'adconsole-preview';
/** What the preview page's ad slot is at: `ready` when it waits for a draft, then as a tag's state. */
export type PreviewState = 'ready' | 'loading' | 'rendered' | 'empty' | 'error';
/**
 * The editor to its preview page: the ad to draw (a ServedAd, as GET /serve/ad/{liveID}.json answers),
 * numbered so the states the page reports are known to be this draft's and not an earlier one's.
 */
export interface PreviewDraftMessage {
  type: typeof PREVIEW_MESSAGE;
  ad: unknown;
  draft: number;
}
/** The preview page to the editor: its slot's state, and which draft it is drawing (none when `ready`). */
export interface PreviewStateMessage {
  type: typeof PREVIEW_MESSAGE;
  state: PreviewState;
  draft?: number;
}

/**
 * The sandbox of every ad: the ad runtime's frames take it as their `sandbox` attribute, and the
 * server sends it as `Content-Security-Policy: sandbox …` with an HTML5 creative's own pages, so a page
 * opened outside its frame is still scripts and popups in an opaque origin, never the server's.
 */
export const AD_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
/**
 * The conversion tag (docs/conversions.md): the advertiser's own pages load it. It keeps the
 * click id the landing URL carried (CONVERSION_QUERY.click's value there is the campaign's click
 * parameter) in the advertiser's first-party storage and sends it with each conversion.
 */
export const SERVE_CONVERSION_TAG_PATH = '/serve/conv.js';
/** A conversion of one action: the tag's beacon, and the advertiser's server's postback (GET or POST). */
export const serveConversionPath = (actionID: string) => `/serve/conv/${encodeURIComponent(actionID)}`;
/** The conversion's query parameters: the click id (several for a postback), value, currency, order id. */
export const CONVERSION_QUERY = {
  click: 'click',
  value: 'value',
  currency: 'currency',
  order: 'order',
} as const;
/** How long the tag keeps a click id in the advertiser's storage (the longest lookback window). */
export const CLICK_ID_KEEP_DAYS = 90;
/** The tag's storage key for the click id, in the advertiser's own localStorage. */
export const CLICK_ID_STORAGE_KEY = 'adconsole_click';

/** The ad description (ServedAd JSON) of a live creative. */
export const serveAdPath = (liveID: string) => `/serve/ad/${encodeURIComponent(liveID)}.json`;
/** The ad description of one of a placement's creatives, chosen by its rotation (docs/serving.md, "Placements"). */
export const servePlacementAdPath = (placementID: string) =>
  `/serve/ad/p/${encodeURIComponent(placementID)}.json`;

/**
 * Paths of the ad-serving routes under the serving origin (AD_SERVING_URL). The three the ad runtime
 * needs are also exported alone above: a bundler cannot drop the unused members of an object.
 */
export const SERVE_PATHS = {
  init: SERVE_INIT_PATH,
  video: SERVE_VIDEO_PATH,
  ad: serveAdPath,
  vast: (liveID: string) => `/serve/vast/${encodeURIComponent(liveID)}.xml`,
  vpaid: (liveID: string) => `/serve/vpaid/${encodeURIComponent(liveID)}.xml`,
  /**
   * A placement's tags (docs/serving.md, "Placements"): each request is answered as the tag of one of its creatives' live
   * creatives, chosen by the placement's rotation (docs/serving.md, "Placements").
   */
  adPlacement: servePlacementAdPath,
  vastPlacement: (placementID: string) => `/serve/vast/p/${encodeURIComponent(placementID)}.xml`,
  vpaidPlacement: (placementID: string) => `/serve/vpaid/p/${encodeURIComponent(placementID)}.xml`,
  /** GET (1×1 GIF, or 204 with `?r=204`) or POST (beacons) one event of an impression. */
  track: (type: EventType) => `/serve/t/${type}`,
  /** Counts a click and redirects to the landing page through the platform's click macro. */
  click: (liveID: string) => `/serve/click/${encodeURIComponent(liveID)}`,
  /** Files of an HTML5 creative's ZIP, extracted when it is first served. */
  html5: (liveID: string, file: string) => `/serve/h5/${encodeURIComponent(liveID)}/${file}`,
  /**
   * A stored file an ad loads (video, image), by its storage key: from the serving origin, so a CDN in
   * front of /serve/ alone serves ads whole, with byte ranges and CORS.
   */
  files: (key: string) => `/serve/files/${key.split('/').map(encodeURIComponent).join('/')}`,
  /** The conversion tag, on the advertiser's pages (docs/conversions.md). */
  conversionTag: SERVE_CONVERSION_TAG_PATH,
  /** A conversion of an action: GET or POST, from the tag or the advertiser's server. */
  conversion: serveConversionPath,
  demo: '/serve/demo',
  preview: SERVE_PREVIEW_PATH,
  previewScript: SERVE_PREVIEW_SCRIPT_PATH,
} as const;

/**
 * The query the runtime sends with GET /serve/ad/{liveID}.json, read from the tag's data attributes:
 * the platform's expanded click macro, its cache-buster, and the deal and fallback ids.
 */
export const SERVE_AD_QUERY = {
  click: 'click',
  cacheBuster: 'cb',
  dealID: 'deal_id',
  fallbackID: 'fallback_id',
  /** The page the runtime sees (its top frame's origin, or its referrer's): the breakdown's site. */
  page: 'page',
  /** The platform's site or domain macro, expanded (`data-site`). */
  site: 'site',
  /** The platform's app-bundle macro, expanded (`data-bundle`), in-app. */
  bundle: 'bundle',
  /** A placement's position (in its rotation) the page showed last: sequential rotation goes on from it. */
  position: 'pos',
  /** `1` when the browser keeps no cookies (`navigator.cookieEnabled` false): it cannot be frequency capped. */
  noCookie: 'nocookie',
} as const;

/** The landing page of a creative: its first click tracker of type 'redirect'. */
export function landingPageUrl(trackers: {
  click?: readonly { type: string; url: string }[] | undefined;
}): string | null {
  return trackers.click?.find((tracker) => tracker.type === 'redirect')?.url ?? null;
}

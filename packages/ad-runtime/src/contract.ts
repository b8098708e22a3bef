// What the runtime shares with the ad server. The serving paths, the ad request's query, the tracker
// kind of each event and the tag's class come from the domain and are bundled at build time (they are
// plain constants: no zod reaches the script). Two values live in modules too large to bundle for one
// string each (the layout catalogue, the platform table): they are copied here, and
// `contract.test.ts` fails when a copy drifts from the domain.
import type { EventType, ServedAd } from '@adconsole/domain';

export {
  CLICK_ID_KEEP_DAYS,
  CLICK_ID_STORAGE_KEY,
  CONVERSION_QUERY,
  INS_TAG_CLASS,
  PLACEMENT_ATTRIBUTE,
  PREVIEW_MESSAGE,
  type PreviewState,
  SERVE_AD_QUERY,
  SERVE_INIT_PATH,
  SERVE_VIDEO_PATH,
  serveAdPath,
  serveConversionPath,
  servePlacementAdPath,
  TRACKER_KIND_OF_EVENT,
} from '@adconsole/domain';
export type { EventType, ServedAd };

/** The In-Banner Video layout's id (the domain's IN_BANNER_VIDEO_ID). */
export const IN_BANNER_VIDEO = 'in-banner-video';
/** The deal-ID / fallback-ID attributes of every platform that has them (the domain's dealAttributes). */
export const DEAL_ATTRIBUTES = { dealID: 'data-deal-id', fallbackID: 'data-fallback-id' } as const;
/**
 * The privacy signals a banner tag carries and its ad request forwards, by query parameter: the domain's
 * PRIVACY_ATTRIBUTES as `tagParamOf` names them (`data-gdpr-consent` is `gdpr_consent`); Google's
 * additional consent is not read.
 */
export const PRIVACY_PARAMS = ['gdpr', 'gdpr_consent', 'us_privacy', 'gpp', 'gpp_sid'] as const;
/** The landing URL's click-id parameter unless the tag names another (the domain's DEFAULT_CLICK_PARAM). */
export const DEFAULT_CLICK_PARAM = 'adc_click';
/** The layout's video asset (the catalogue's requiredAssets). */
export const VIDEO_ASSET = 'main.mp4';

/** The page's global through which video.js (the In-Banner Video part) hands its module to init.js. */
export const VIDEO_GLOBAL = '__adconsoleAdRuntimeVideo';

/** The attribute that marks a tag the runtime has taken: it is never rendered twice. */
export const STATE_ATTRIBUTE = 'data-adconsole-state';
export type TagState = 'loading' | 'rendered' | 'empty' | 'error';

/** The sandbox of every ad frame: scripts and popups, never the publisher's origin (the domain's AD_SANDBOX). */
export { AD_SANDBOX as FRAME_SANDBOX } from '@adconsole/domain';

// What the ad server hands the ad runtime for one live creative (GET /serve/ad/{liveID}.json). The API
// builds this shape, the ad runtime (`@adconsole/ad-runtime`) renders it; both read it here. The serving
// paths, event types and the landing-page rule are in `serve-paths.ts`, free of zod so that the ad
// runtime can bundle them.
import { z } from 'zod/mini';
import {
  CREATIVE_TYPES,
  layoutOptionValuesSchema,
  TRACKER_KINDS,
  type Trackers,
  trackerSchema,
} from '../campaigns/creative';
import { MESSAGES } from '../validation/messages';
import { EVENT_TYPES, landingPageUrl } from './serve-paths';

/**
 * How long after serving an impression's events still count: a player may hold a VAST document this long
 * (its `<Expires>`), and a tracking call signed for an older impression counts nothing
 * (docs/serving.md, "Signed impressions").
 */
export const IMPRESSION_LIFETIME_MS = 48 * 60 * 60 * 1000;

const url = z.string().check(z.minLength(1), z.maxLength(4096));

/** What the banner shows: an image, the creative's own HTML, or an HTML5 ZIP's index page. */
export const servedContentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('image'),
    url,
    width: z.nullable(z.number()),
    height: z.nullable(z.number()),
  }),
  z.object({ kind: z.literal('html'), html: z.string() }),
  z.object({ kind: z.literal('html5'), url }),
  /** Nothing to show besides the layout (an In-Banner Video without a poster), or a VAST/VPAID creative. */
  z.object({ kind: z.literal('none') }),
]);
export type ServedContent = z.infer<typeof servedContentSchema>;

export const servedLayoutSchema = z.object({
  id: z.string(),
  /** Every option of the layout, defaults filled in, wrong values replaced by their defaults. */
  options: layoutOptionValuesSchema,
  /** The layout's required assets by name ('main.mp4') to their URLs. */
  assets: z.record(z.string(), url),
});
export type ServedLayout = z.infer<typeof servedLayoutSchema>;

export const servedAdSchema = z.object({
  liveID: z.string(),
  name: z.string(),
  type: z.enum(CREATIVE_TYPES),
  width: z.number().check(z.int(), z.nonnegative()),
  height: z.number().check(z.int(), z.nonnegative()),
  /** Fluid creatives take the slot's width; the height keeps the creative's aspect ratio. */
  fluid: z.boolean(),
  /** This impression's id, signed by the server; every event of the impression carries it. */
  impressionID: z.string(),
  content: servedContentSchema,
  layout: z.nullable(servedLayoutSchema),
  /** The global ad_duration: the ad ends after this many seconds (0: no limit). */
  adDuration: z.number().check(z.nonnegative()),
  /** The landing page (the creative's click tracker of type 'redirect'), or null. */
  landingUrl: z.nullable(z.string()),
  /** Our click URL: counts the click and redirects to the landing page through the platform macro. */
  clickUrl: url,
  /** Our tracking URL of each event type (already carrying the signed impression id). */
  events: z.partialRecord(z.enum(EVENT_TYPES), url),
  /** The creative's own pixels and scripts, per kind, fired beside ours (redirects excepted). */
  trackers: z.partialRecord(z.enum(TRACKER_KINDS), z.array(trackerSchema)),
  /**
   * Served through a placement's tag (docs/serving.md, "Placements"): the placement and the position (in its rotation) of
   * the creative served; the runtime sends the position back as `pos=` with the page's next request.
   */
  placement: z.optional(z.object({ id: z.string(), position: z.number().check(z.int()) })),
});
export type ServedAd = z.infer<typeof servedAdSchema>;
/**
 * The trackers with `url` as the landing page (the first click redirect), or without one when `url`
 * is empty; every other tracker is kept in its place.
 */
export function withLandingPage(trackers: Trackers, url: string | null | undefined): Trackers {
  const clicks = trackers.click ?? [];
  const landing = clicks.findIndex((tracker) => tracker.type === 'redirect');
  const others = clicks.filter((_tracker, index) => index !== landing);
  const click = url ? [{ type: 'redirect' as const, url }, ...others] : others;
  const { click: _old, ...rest } = trackers;
  return click.length > 0 ? { ...rest, click } : rest;
}

/** Whether a creative can be published: banners and video need a landing page for their clicks. */
export const publishProblem = (creative: { trackers: Trackers }): string | undefined =>
  landingPageUrl(creative.trackers) === null ? MESSAGES.landingPageRequired : undefined;

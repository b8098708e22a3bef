// The ad description the runtime renders (GET /serve/ad/{liveID}.json, a ServedAd), and what it and the
// VAST documents (vast.ts) read from a live creative's snapshot. Its impression, event and click URLs
// come from tracking.ts. An unknown, removed or deleted live creative, or one out of its flight, answers
// nothing (the route's 404).
import {
  EVENT_TYPES,
  findLayout,
  globalLayoutOptions,
  landingPageUrl,
  SERVE_PATHS,
  type ServedAd,
  type ServedContent,
  type ServedLayout,
  type ServeTagQuery,
  type Tracker,
  type Trackers,
  validateLayoutOptions,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { type AnswerTemplate, answerTemplate, type FilledAnswer, slot } from './answer-template';
import type { CapJar } from './frequency-jar';
import { type GatePass, servableLive } from './gate';
import type { LiveCreative, Snapshot } from './live-creatives';
import { allowedClickPrefix, clickUrl, impressionOf, impressionQuery, trackingUrlOf } from './tracking';
import type { TrafficClient } from './traffic-quality';
import { origin, servedFileUrl } from './urls';

export const assetNamed = (snapshot: Snapshot, ...names: string[]) =>
  snapshot.assets.find((asset) => names.includes(asset.filename) || names.includes(asset.name));
export const assetsOfKind = (snapshot: Snapshot, kind: string) =>
  snapshot.assets.filter((asset) => asset.uploadType === kind);

const settingValue = (snapshot: Snapshot, key: string) =>
  snapshot.settings.find((setting) => setting.key === key)?.value;

/** Option values of the creative's layoutOptions setting (the layout's and the global ones). */
const layoutOptionValues = (snapshot: Snapshot): Record<string, string | number | boolean> => {
  const value = settingValue(snapshot, 'layoutOptions');
  return typeof value === 'object' && value !== null
    ? (value as Record<string, string | number | boolean>)
    : {};
};

/** The global ad_duration, default 30 s; 0 means no limit. */
export function adDurationOf(snapshot: Snapshot): number {
  const { values } = validateLayoutOptions(globalLayoutOptions, {
    ad_duration: layoutOptionValues(snapshot).ad_duration ?? 30,
  });
  return Number(values.ad_duration ?? 30);
}

/** The layout with every option's value (defaults filled in), only when its required assets are there. */
function servedLayout(ctx: Context, snapshot: Snapshot): ServedLayout | null {
  const layout = findLayout(snapshot.layout);
  if (!layout) return null;
  const assets: Record<string, string> = {};
  for (const required of layout.requiredAssets) {
    const asset = assetNamed(snapshot, required);
    if (!asset) return null;
    assets[required] = servedFileUrl(ctx, asset);
  }
  const given = layoutOptionValues(snapshot);
  const { values } = validateLayoutOptions(
    layout,
    Object.fromEntries(
      Object.entries(given).filter(([name]) => layout.options.some((option) => option.name === name)),
    ),
  );
  return { id: layout.id, options: values, assets };
}

function servedContent(ctx: Context, snapshot: Snapshot, liveId: string): ServedContent {
  if (snapshot.type !== 'Banner') return { kind: 'none' };
  const html = snapshot.html?.trim();
  if (html) return { kind: 'html', html };
  const zip = assetsOfKind(snapshot, 'html5')[0];
  if (zip) return { kind: 'html5', url: `${origin(ctx)}${SERVE_PATHS.html5(liveId, 'index.html')}` };
  const image = assetsOfKind(snapshot, 'image')[0];
  if (image)
    return {
      kind: 'image',
      url: servedFileUrl(ctx, image),
      width: image.width ?? null,
      height: image.height ?? null,
    };
  return { kind: 'none' };
}

/** The creative's own trackers, without the click redirect (the landing page, which is ours to use). */
function ownTrackers(trackers: Trackers): Trackers {
  const result: Trackers = {};
  for (const [kind, list] of Object.entries(trackers) as [keyof Trackers, Tracker[]][]) {
    const kept = list.filter((tracker) => tracker.type !== 'redirect');
    if (kept.length > 0) result[kind] = kept;
  }
  return result;
}

/**
 * Where the ad JSON's template takes a request's parts (answer-template.ts); `placement` is the
 * placement's field when a placement's tag asked (placement-answers.ts), before the closing brace.
 */
const SLOTS = ['query', 'id', 'clickUrl', 'placement'] as const;

/**
 * The ad JSON of a live creative with its per-request parts as slots (the impression's tracking query
 * and id, the signed click URL), built once per entry of the live-creative cache: the layout's options
 * checked against the catalogue, the content and the trackers are the same for every request.
 */
function servedAdTemplate(ctx: Context, live: LiveCreative): AnswerTemplate {
  const known = live.documents.get('ad') as AnswerTemplate | undefined;
  if (known) return known;
  const { snapshot, id: liveId } = live;
  const events = Object.fromEntries(
    EVENT_TYPES.filter((type) => type !== 'click').map((type) => [
      type,
      trackingUrlOf(ctx, type, slot('query')),
    ]),
  ) as ServedAd['events'];
  const ad: ServedAd = {
    liveID: liveId,
    name: snapshot.name,
    type: snapshot.type,
    width: snapshot.width,
    height: snapshot.height,
    fluid: snapshot.fluid,
    impressionID: slot('id'),
    content: servedContent(ctx, snapshot, liveId),
    layout: servedLayout(ctx, snapshot),
    adDuration: adDurationOf(snapshot),
    landingUrl: landingPageUrl(snapshot.trackers),
    clickUrl: slot('clickUrl'),
    events,
    trackers: ownTrackers(snapshot.trackers),
  };
  const json = JSON.stringify(ad);
  // The slot's mark as JSON writes it inside a string (`\u0000placement\u0000`), here outside one.
  const placement = JSON.stringify(slot('placement')).slice(1, -1);
  const template = answerTemplate(`${json.slice(0, -1)}${placement}}`, SLOTS, true);
  live.documents.set('ad', template);
  return template;
}

/**
 * The ad JSON of the live creative that passed the gate for the request, with a fresh signed impression
 * carrying the gate's verdict, as JSON text (its template and values: routes fill or compress it). A
 * placement's tag names its placement (`placementId`) and the position served, which the runtime sends
 * back as `pos=` (sequential rotation per page).
 */
export function answerAd(
  ctx: Context,
  pass: GatePass,
  query: ServeTagQuery,
  client: TrafficClient,
  placementId?: string,
): FilledAnswer {
  const { live, position } = pass;
  const template = servedAdTemplate(ctx, live);
  const impression = impressionOf(ctx, live.id, client, pass.reason);
  // The three values are URL-safe text (encodeURIComponent, base64url, the id's shape): nothing in them
  // needs escaping inside a JSON string.
  return {
    template,
    values: {
      query: impressionQuery(impression),
      id: impression.id,
      clickUrl: clickUrl(ctx, impression, allowedClickPrefix(ctx, live.snapshot, query.click)),
      placement:
        placementId === undefined ? '' : `,"placement":${JSON.stringify({ id: placementId, position })}`,
    },
  };
}

/**
 * GET /serve/ad/{liveID}.json: the live creative's ad JSON when it serves the request (its campaign live
 * and in flight, the request passing the gate: gate.ts); else the platform's fallback
 * creative (`fallback_id`, a live creative of ours) when that one serves it; else nothing (404: the
 * runtime collapses the slot). Each tag's request is counted under its outcome; the ad served is added
 * to the browser's cap history (`jar`: frequency-jar.ts).
 */
export async function servedAd(
  ctx: Context,
  requestedId: string,
  query: ServeTagQuery,
  client: TrafficClient,
  jar?: CapJar,
): Promise<FilledAnswer | undefined> {
  const pass = await servableLive(ctx, requestedId, client, { fallbackId: query.fallback_id, jar });
  return pass ? answerAd(ctx, pass, query, client) : undefined;
}

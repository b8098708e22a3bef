// The ad server: the ad description the runtime renders (banner JSON), the tracking of every event and
// the click redirect; VAST and VPAID documents are built in vast.ts. Unknown, removed or deleted live
// creatives never fail loudly: the JSON answers 404, VAST an empty document, tracking 204 uncounted.
import {
  CODED_EVENT_KINDS,
  COUNTED_EVENT_TYPES,
  type CodedEventKind,
  type CountedEventType,
  clickPrefixAllowed,
  codedEventType,
  codeOfPing,
  EVENT_TYPES,
  eventFitsCreative,
  findLayout,
  findPlatform,
  flightState,
  globalLayoutOptions,
  landingPageUrl,
  SERVE_PATHS,
  type ServedAd,
  type ServedContent,
  type ServedLayout,
  type Tracker,
  type Trackers,
  validateLayoutOptions,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { StoredEventType } from '../events/store';
import type { LiveCreative } from './live-creatives';
import {
  type CarriedReason,
  newImpressionId,
  signClick,
  signImpression,
  verifyClick,
  verifyImpression,
} from './signing';
import { decodeDimensions, encodeDimensions, type TrafficClient } from './traffic-quality';

/** The tag's query: the platform's (expanded) click macro, cache-buster, deal and fallback ids. */
export interface ServeQuery {
  click?: string | undefined;
  cb?: string | undefined;
  deal_id?: string | undefined;
  fallback_id?: string | undefined;
  /** The player's [APIFRAMEWORKS] (VPAID only): without 2 (VPAID 2.0) the VPAID MediaFile is left out. */
  apiframeworks?: string | undefined;
}

/** A signed impression of one live creative: what every event URL carries. */
export interface Impression {
  liveId: string;
  id: string;
  signature: string;
  /** The ad request's invalid-traffic verdict, signed into the impression (null: valid). */
  reason: CarriedReason | null;
  /** The ad request's breakdown values, encoded (traffic-quality.ts); carried as `d=` and signed. */
  dims: string;
}

/**
 * The platform's click prefix, when the macro was expanded to a real URL (the platform's click
 * tracker, which takes the landing page appended). An unexpanded macro ('%%CLICK_URL_UNESC%%') is not.
 */
export function clickPrefix(query: ServeQuery): string | undefined {
  const value = query.click?.trim() ?? '';
  if (!/^https?:\/\/[^\s<>"]+$/i.test(value) || value.length > 2048) return undefined;
  try {
    new URL(value);
    return value;
  } catch {
    return undefined;
  }
}

export const origin = (ctx: Context) => ctx.config.adServingUrl;

/**
 * The click prefix honoured for a live creative: only when its host is one of the creative's platform's
 * click-tracker hosts or CLICK_PREFIX_HOSTS (clickPrefixAllowed). Any other is dropped and the click goes
 * straight to the landing page: our redirect is never an open redirect to a stranger's host.
 */
export function allowedClickPrefix(
  ctx: Context,
  snapshot: { platform?: string | null },
  value: string | undefined,
) {
  const prefix = clickPrefix({ click: value });
  return prefix !== undefined &&
    clickPrefixAllowed(prefix, findPlatform(snapshot.platform), ctx.config.clickPrefixHosts)
    ? prefix
    : undefined;
}

/**
 * Where a served ad loads one of its files (video, image): the serving origin's /serve/files/, never the
 * console's /api/uploads, so AD_SERVING_URL may be a CDN in front of /serve/ alone.
 */
export const servedFileUrl = (ctx: Context, asset: { path: string }) =>
  `${origin(ctx)}${SERVE_PATHS.files(asset.path)}`;

/** A fresh signed impression for an ad request, carrying the request's verdict (traffic-quality.ts). */
export function impressionOf(ctx: Context, liveId: string, client: TrafficClient): Impression {
  const id = newImpressionId();
  const reason = ctx.traffic.adRequestReason(client, liveId);
  const dims = encodeDimensions(client.dimensions());
  return { liveId, id, reason, dims, signature: signImpression(ctx.secret, liveId, id, reason, dims) };
}

const dimsQuery = (impression: Impression) =>
  impression.dims === '' ? '' : `&d=${encodeURIComponent(impression.dims)}`;
const impressionQuery = (impression: Impression) =>
  `l=${encodeURIComponent(impression.liveId)}&i=${encodeURIComponent(impression.id)}&s=${impression.signature}${dimsQuery(impression)}`;

export const trackingUrl = (ctx: Context, type: CountedEventType | CodedEventKind, impression: Impression) =>
  `${origin(ctx)}/serve/t/${type}?${impressionQuery(impression)}`;

function clickUrl(ctx: Context, impression: Impression, prefix: string | undefined) {
  const signature = signClick(
    ctx.secret,
    impression.liveId,
    impression.id,
    prefix ?? '',
    impression.reason,
    impression.dims,
  );
  const c = prefix === undefined ? '' : `&c=${encodeURIComponent(prefix)}`;
  return `${origin(ctx)}${SERVE_PATHS.click(impression.liveId)}?i=${encodeURIComponent(impression.id)}&s=${signature}${c}${dimsQuery(impression)}`;
}

/** The URL the click goes to: through the platform's click tracker when there is one, else the landing page. */
export const clickThrough = (landing: string, prefix: string | undefined) =>
  prefix === undefined ? landing : `${prefix}${encodeURIComponent(landing)}`;

export type Snapshot = LiveCreative['snapshot'];

export const assetNamed = (snapshot: Snapshot, ...names: string[]) =>
  snapshot.assets.find((asset) => names.includes(asset.filename) || names.includes(asset.name));
export const assetsOfKind = (snapshot: Snapshot, kind: string) =>
  snapshot.assets.filter((asset) => asset.uploadType === kind);

export const settingValue = (snapshot: Snapshot, key: string) =>
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
export function servedLayout(ctx: Context, snapshot: Snapshot): ServedLayout | null {
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
 * The live creative an ad request may be answered with: serving, and its campaign's flight live now (in
 * the campaign's timezone). Tracking and clicks use ctx.liveCreatives directly, so an impression minted
 * inside the flight keeps counting its later events after the end.
 */
export async function inFlight(ctx: Context, liveId: string, now = new Date()) {
  const live = await ctx.liveCreatives.get(liveId);
  return live && flightState(live.flight, now) === 'live' ? live : undefined;
}

/**
 * GET /serve/ad/{liveID}.json: what the runtime renders, with a fresh signed impression. Out of its
 * flight, the platform's fallback creative (`fallback_id`, a live creative of ours) when it is in its
 * own flight; else nothing (404: the runtime collapses the slot).
 */
export async function servedAd(
  ctx: Context,
  requestedId: string,
  query: ServeQuery,
  client: TrafficClient,
): Promise<ServedAd | undefined> {
  let liveId = requestedId;
  let live = await inFlight(ctx, liveId);
  const fallbackId = query.fallback_id?.trim();
  if (!live && fallbackId && fallbackId !== requestedId && (await ctx.liveCreatives.get(requestedId))) {
    liveId = fallbackId;
    live = await inFlight(ctx, liveId);
  }
  if (!live) return undefined;
  const { snapshot } = live;
  const impression = impressionOf(ctx, liveId, client);
  const events = Object.fromEntries(
    EVENT_TYPES.filter((type) => type !== 'click').map((type) => [type, trackingUrl(ctx, type, impression)]),
  ) as ServedAd['events'];
  return {
    liveID: liveId,
    name: snapshot.name,
    type: snapshot.type,
    width: snapshot.width,
    height: snapshot.height,
    fluid: snapshot.fluid,
    impressionID: impression.id,
    content: servedContent(ctx, snapshot, liveId),
    layout: servedLayout(ctx, snapshot),
    adDuration: adDurationOf(snapshot),
    landingUrl: landingPageUrl(snapshot.trackers),
    clickUrl: clickUrl(ctx, impression, allowedClickPrefix(ctx, snapshot, query.click)),
    events,
    trackers: ownTrackers(snapshot.trackers),
  };
}

// ---- Tracking

export interface TrackParams {
  l?: string | undefined;
  i?: string | undefined;
  s?: string | undefined;
  /** A coded ping's code: the player's [ERRORCODE] or a verification's [REASON]. */
  code?: string | undefined;
  /** The impression's breakdown values (signed with it). */
  d?: string | undefined;
}

/**
 * What a tracking path's type is stored as: a counted event type as itself, a coded ping with its code
 * ('error:401'; missing or unknown codes as the domain says); undefined for anything else.
 */
function storedTypeOf(type: string, params: TrackParams): StoredEventType | undefined {
  if ((COUNTED_EVENT_TYPES as readonly string[]).includes(type)) return type as CountedEventType;
  if ((CODED_EVENT_KINDS as readonly string[]).includes(type)) {
    const kind = type as CodedEventKind;
    return codedEventType(kind, codeOfPing(kind, params.code));
  }
  return undefined;
}

/**
 * The invalid-traffic reason of an event of a verified impression: the ad request's verdict, else the
 * tracking call's own, else `mismatch` when the creative cannot send this event (the event store then
 * applies the rules that need the impression's other events: services/events/integrity.ts).
 */
const eventReason = (
  carried: CarriedReason | null,
  client: TrafficClient,
  type: StoredEventType,
  live: LiveCreative,
) => carried ?? client.reason ?? (eventFitsCreative(type, live.snapshot) ? null : 'mismatch');

/**
 * Stores one event when its impression's signature verifies and the live creative still serves, with
 * its invalid-traffic reason if it has one; the promise resolves once the event's batch is committed.
 * Anything else is quietly not stored.
 */
export async function track(
  ctx: Context,
  type: string,
  params: TrackParams,
  client: TrafficClient,
): Promise<boolean> {
  const eventType = storedTypeOf(type, params);
  if (eventType === undefined) return false;
  const { l: liveId, i: impressionId, s: signature } = params;
  if (!liveId || !impressionId || !signature) return false;
  const verified = verifyImpression(ctx.secret, liveId, impressionId, signature, undefined, params.d ?? '');
  if (!verified) return false;
  const live = await ctx.liveCreatives.get(liveId);
  if (!live) return false;
  const reason = eventReason(verified.reason, client, eventType, live);
  const dims = decodeDimensions(params.d);
  await ctx.events.writer.record({
    liveId,
    type: eventType,
    at: new Date(),
    count: 1,
    impressionId,
    reason,
    dims,
  });
  return true;
}

export interface ClickParams {
  i?: string | undefined;
  s?: string | undefined;
  c?: string | undefined;
  d?: string | undefined;
}

/**
 * GET /serve/click/{liveID}: counts the click (once per impression) and answers where to send the
 * browser: the landing page, through the platform's click tracker when the tag had one. Undefined when
 * the creative has no landing page or is not served any more.
 */
export async function click(
  ctx: Context,
  liveId: string,
  params: ClickParams,
  client: TrafficClient,
): Promise<string | undefined> {
  const live = await ctx.liveCreatives.get(liveId);
  if (!live) return undefined;
  const landing = landingPageUrl(live.snapshot.trackers);
  const prefix = params.c ? allowedClickPrefix(ctx, live.snapshot, params.c) : undefined;
  const verified =
    params.i !== undefined && params.s !== undefined
      ? verifyClick(ctx.secret, liveId, params.i, prefix ?? '', params.s, undefined, params.d ?? '')
      : undefined;
  const signed = verified !== undefined;
  if (verified && params.i) {
    await ctx.events.writer.record({
      liveId,
      type: 'click',
      at: new Date(),
      count: 1,
      impressionId: params.i,
      reason: eventReason(verified.reason, client, 'click', live),
      dims: decodeDimensions(params.d),
    });
  }
  if (!landing) return undefined;
  // An unsigned click still reaches the advertiser's page, but never through an unsigned prefix.
  return clickThrough(landing, signed ? prefix : undefined);
}

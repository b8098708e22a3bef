// The ad server: the ad description the runtime renders (banner JSON), VAST 4.2 and VPAID documents
// for players, the tracking of every event and the click redirect. Unknown, removed or deleted live
// creatives never fail loudly: the JSON answers 404, VAST an empty document, tracking 204 uncounted.
import {
  clickPrefixAllowed,
  EVENT_TYPES,
  type EventType,
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
  TRACKER_KIND_OF_EVENT,
  type Tracker,
  type Trackers,
  VIDEO_EVENT_TYPES,
  validateLayoutOptions,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { AssetAnswer } from '../campaigns';
import type { LiveCreative } from './live-creatives';
import {
  type CarriedReason,
  newImpressionId,
  signClick,
  signImpression,
  verifyClick,
  verifyImpression,
} from './signing';
import type { TrafficClient } from './traffic-quality';

/** The tag's query: the platform's (expanded) click macro, cache-buster, deal and fallback ids. */
export interface ServeQuery {
  click?: string | undefined;
  cb?: string | undefined;
  deal_id?: string | undefined;
  fallback_id?: string | undefined;
}

/** A signed impression of one live creative: what every event URL carries. */
interface Impression {
  liveId: string;
  id: string;
  signature: string;
  /** The ad request's invalid-traffic verdict, signed into the impression (null: valid). */
  reason: CarriedReason | null;
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

const origin = (ctx: Context) => ctx.config.adServingUrl;

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
function impressionOf(ctx: Context, liveId: string, client: TrafficClient): Impression {
  const id = newImpressionId();
  const reason = ctx.traffic.adRequestReason(client, liveId);
  return { liveId, id, reason, signature: signImpression(ctx.secret, liveId, id, reason) };
}

const impressionQuery = (impression: Impression) =>
  `l=${encodeURIComponent(impression.liveId)}&i=${encodeURIComponent(impression.id)}&s=${impression.signature}`;

export const trackingUrl = (ctx: Context, type: EventType | 'error', impression: Impression) =>
  `${origin(ctx)}/serve/t/${type}?${impressionQuery(impression)}`;

function clickUrl(ctx: Context, impression: Impression, prefix: string | undefined) {
  const signature = signClick(ctx.secret, impression.liveId, impression.id, prefix ?? '', impression.reason);
  const c = prefix === undefined ? '' : `&c=${encodeURIComponent(prefix)}`;
  return `${origin(ctx)}${SERVE_PATHS.click(impression.liveId)}?i=${encodeURIComponent(impression.id)}&s=${signature}${c}`;
}

/** The URL the click goes to: through the platform's click tracker when there is one, else the landing page. */
export const clickThrough = (landing: string, prefix: string | undefined) =>
  prefix === undefined ? landing : `${prefix}${encodeURIComponent(landing)}`;

type Snapshot = LiveCreative['snapshot'];

const assetNamed = (snapshot: Snapshot, ...names: string[]) =>
  snapshot.assets.find((asset) => names.includes(asset.filename) || names.includes(asset.name));
const assetsOfKind = (snapshot: Snapshot, kind: string) =>
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

// ---- VAST 4.2 and VPAID

const VAST_NAMESPACE = 'http://www.iab.com/VAST';
export const EMPTY_VAST = `<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.2" xmlns="${VAST_NAMESPACE}"/>\n`;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
/**
 * The IAB VAST macros of privacy signals a player expands in our tracking URLs: the TCF consent string,
 * the regulations in force, limit-ad-tracking, and the GPP string and section ids. Our tracking route
 * reads none of them and stores none (docs/serving.md, "Privacy signals").
 */
export const PRIVACY_VAST_MACROS = {
  gdpr_consent: '[GDPRCONSENT]',
  regs: '[REGULATIONS]',
  lat: '[LIMITADTRACKING]',
  gpp: '[GPPSTRING]',
  gpp_sid: '[GPPSECTIONID]',
} as const;

/** One of our VAST tracking URLs with the privacy macros appended, for the player to expand. */
export const withPrivacyMacros = (url: string) =>
  `${url}${Object.entries(PRIVACY_VAST_MACROS)
    .map(([name, macro]) => `&${name}=${macro}`)
    .join('')}`;

const KNOWN_MACRO = new RegExp(
  `^\\[(?:${Object.values(PRIVACY_VAST_MACROS)
    .map((macro) => macro.slice(1, -1))
    .join('|')})\\]$`,
);

/**
 * A URL as element content: CDATA, with brackets percent-encoded (a raw bracket is not xs:anyURI)
 * except the VAST macros we put there ourselves, which a player must find raw to expand them.
 */
const uri = (url: string) =>
  `<![CDATA[${url
    .replace(/\[[A-Z]+\]|\[|\]/g, (match) =>
      KNOWN_MACRO.test(match) ? match : match.replace(/\[/g, '%5B').replace(/\]/g, '%5D'),
    )
    .replace(/]]>/g, ']]%3E')}]]>`;

/** '00:00:15.000' from seconds (VAST's Duration is an xs:time). */
export function vastDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`;
}

const videoType = (asset: AssetAnswer) =>
  asset.filename.toLowerCase().endsWith('.webm') ? 'video/webm' : 'video/mp4';

/** The creative's pixel URLs of one tracker kind (scripts cannot run in a player). */
const pixelsOf = (snapshot: Snapshot, type: EventType) => {
  const kind = TRACKER_KIND_OF_EVENT[type];
  return kind === undefined
    ? []
    : (snapshot.trackers[kind] ?? []).filter((tracker) => tracker.type === 'pixel').map((t) => t.url);
};

/** GET /serve/vast/{liveID}.xml and /serve/vpaid/{liveID}.xml. */
export async function vastDocument(
  ctx: Context,
  liveId: string,
  query: ServeQuery,
  flavour: 'vast' | 'vpaid',
  client: TrafficClient,
): Promise<string> {
  const live = await inFlight(ctx, liveId);
  if (!live) return EMPTY_VAST;
  const { snapshot } = live;
  const video = assetNamed(snapshot, 'main.mp4') ?? assetsOfKind(snapshot, 'video')[0];
  if (!video) return EMPTY_VAST;
  const impression = impressionOf(ctx, liveId, client);
  const landing = landingPageUrl(snapshot.trackers);
  const prefix = allowedClickPrefix(ctx, snapshot, query.click);
  const width = video.width ?? snapshot.width;
  const height = video.height ?? snapshot.height;
  const duration = video.duration ?? adDurationOf(snapshot);
  const tracking = (event: string, urls: string[]) =>
    urls.map((url) => `<Tracking event="${event}">${uri(url)}</Tracking>`).join('');
  const trackingEvents = [
    ...VIDEO_EVENT_TYPES.map((type) =>
      tracking(type, [withPrivacyMacros(trackingUrl(ctx, type, impression)), ...pixelsOf(snapshot, type)]),
    ),
    // Player interactions are an engagement (counted once per impression).
    ...['mute', 'unmute', 'pause', 'resume'].map((event) =>
      tracking(event, [withPrivacyMacros(trackingUrl(ctx, 'engagement', impression))]),
    ),
  ].join('');
  const videoFile = `<MediaFile delivery="progressive" type="${videoType(video)}" width="${width}" height="${height}"${
    video.bitrate ? ` bitrate="${video.bitrate}"` : ''
  }>${uri(servedFileUrl(ctx, video))}</MediaFile>`;
  const vpaidScript = flavour === 'vpaid' ? assetsOfKind(snapshot, 'vpaid')[0] : undefined;
  const vpaidFile = vpaidScript
    ? `<MediaFile delivery="progressive" type="application/javascript" apiFramework="VPAID" width="${width}" height="${height}">${uri(
        `${origin(ctx)}/serve/vpaid/${encodeURIComponent(liveId)}.js`,
      )}</MediaFile>`
    : '';
  const adParameters = vpaidScript
    ? `<AdParameters xmlEncoded="false"><![CDATA[${JSON.stringify({
        liveID: liveId,
        impressionID: impression.id,
        videos: [{ url: servedFileUrl(ctx, video), mimetype: videoType(video) }],
        clickThrough: landing ? clickThrough(landing, prefix) : null,
        events: Object.fromEntries(EVENT_TYPES.map((type) => [type, trackingUrl(ctx, type, impression)])),
      }).replace(/]]>/g, ']]\\u003e')}]]></AdParameters>`
    : '';
  const clickTracking = [
    withPrivacyMacros(trackingUrl(ctx, 'click', impression)),
    ...pixelsOf(snapshot, 'click'),
  ]
    .map((url) => `<ClickTracking>${uri(url)}</ClickTracking>`)
    .join('');
  const clickThroughElement = landing
    ? `<ClickThrough>${uri(clickThrough(landing, prefix))}</ClickThrough>`
    : '';
  const impressions = [
    withPrivacyMacros(trackingUrl(ctx, 'impression', impression)),
    ...pixelsOf(snapshot, 'impression'),
  ]
    .map(
      (url, index) =>
        `<Impression id="${index === 0 ? 'adconsole' : `creative-${index}`}">${uri(url)}</Impression>`,
    )
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<VAST version="4.2" xmlns="${VAST_NAMESPACE}">`,
    `<Ad id="${escapeXml(liveId)}"><InLine>`,
    '<AdSystem version="1.0">Adconsole</AdSystem>',
    `<Error>${uri(withPrivacyMacros(trackingUrl(ctx, 'error', impression)))}</Error>`,
    impressions,
    `<AdServingId>${escapeXml(impression.id)}</AdServingId>`,
    `<AdTitle>${escapeXml(snapshot.name)}</AdTitle>`,
    `<Creatives><Creative id="${escapeXml(snapshot.id)}" adId="${escapeXml(liveId)}">`,
    '<Linear>',
    `<TrackingEvents>${trackingEvents}</TrackingEvents>`,
    adParameters,
    `<Duration>${vastDuration(duration)}</Duration>`,
    `<MediaFiles>${vpaidFile}${videoFile}</MediaFiles>`,
    `<VideoClicks>${clickTracking}${clickThroughElement}</VideoClicks>`,
    '</Linear>',
    `<UniversalAdId idRegistry="adconsole">${escapeXml(liveId)}</UniversalAdId>`,
    '</Creative></Creatives>',
    '</InLine></Ad>',
    '</VAST>',
    '',
  ].join('\n');
}

// ---- Tracking

export interface TrackParams {
  l?: string | undefined;
  i?: string | undefined;
  s?: string | undefined;
}

/**
 * The invalid-traffic reason of an event of a verified impression: the ad request's verdict, else the
 * tracking call's own, else `mismatch` when the creative cannot send this event (the event store then
 * applies the rules that need the impression's other events: services/events/integrity.ts).
 */
const eventReason = (
  carried: CarriedReason | null,
  client: TrafficClient,
  type: EventType,
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
  if (!(EVENT_TYPES as readonly string[]).includes(type)) return false;
  const { l: liveId, i: impressionId, s: signature } = params;
  if (!liveId || !impressionId || !signature) return false;
  const verified = verifyImpression(ctx.secret, liveId, impressionId, signature);
  if (!verified) return false;
  const live = await ctx.liveCreatives.get(liveId);
  if (!live) return false;
  const eventType = type as EventType;
  const reason = eventReason(verified.reason, client, eventType, live);
  await ctx.events.writer.record({ liveId, type: eventType, at: new Date(), count: 1, impressionId, reason });
  return true;
}

export interface ClickParams {
  i?: string | undefined;
  s?: string | undefined;
  c?: string | undefined;
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
      ? verifyClick(ctx.secret, liveId, params.i, prefix ?? '', params.s)
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
    });
  }
  if (!landing) return undefined;
  // An unsigned click still reaches the advertiser's page, but never through an unsigned prefix.
  return clickThrough(landing, signed ? prefix : undefined);
}

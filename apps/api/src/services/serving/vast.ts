// VAST 4.2 and VPAID documents for players: one signed impression per document, every tracking URL
// of it (tracking.ts), the creative's own pixels beside ours. An unknown or removed live creative, or one
// without a video, answers the empty document.
import type { Readable } from 'node:stream';
import {
  type CountedEventType,
  creativeSetting,
  EVENT_TYPES,
  type EventType,
  eventTypesWith,
  IMPRESSION_LIFETIME_MS,
  landingPageUrl,
  playerTakesVpaid,
  type ServeVpaidQuery,
  TRACKER_KIND_OF_EVENT,
  VAST_PRIVACY_MACROS,
  vastPricing,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { adDurationOf, assetNamed, assetsOfKind } from './ad';
import { type AnswerTemplate, answerTemplate, type FilledAnswer, slot } from './answer-template';
import type { CapJar } from './frequency-jar';
import { type GatePass, servableLive } from './gate';
import type { LiveCreative, Snapshot, SnapshotAsset } from './live-creatives';
import {
  allowedClickPrefix,
  clickUrl,
  type Impression,
  impressionOf,
  impressionQuery,
  trackingUrl,
  trackingUrlOf,
} from './tracking';
import type { TrafficClient } from './traffic-quality';
import { origin, servedFileUrl } from './urls';

const VAST_NAMESPACE = 'http://www.iab.com/VAST';
export const EMPTY_VAST = `<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.2" xmlns="${VAST_NAMESPACE}"/>\n`;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
/**
 * One of our VAST tracking URLs with the IAB VAST privacy macros appended (the domain's
 * VAST_PRIVACY_MACROS: the TCF consent string, the regulations in force, limit-ad-tracking, the GPP
 * string and section ids), for the player to expand. Our tracking route stores none of them
 * (docs/privacy.md): it keeps no device state to ask consent for.
 */
const withPrivacyMacros = (url: string) =>
  `${url}${Object.entries(VAST_PRIVACY_MACROS)
    .map(([name, macro]) => `&${name}=${macro}`)
    .join('')}`;

/**
 * A tracking URL with macros the player expands ('[ERRORCODE]'), as element content. The IAB's
 * macros stay raw, as VAST 4.2 writes them and players look for them (vast-client, for one, expands only
 * `[MACRO]` or `%%MACRO%%`, never `%5BMACRO%5D`); every other bracket is percent-encoded as in `uri`.
 * libxml2 checks xs:anyURI as a strict RFC 3986 URI, which a raw bracket is not, although XSD 1.0's
 * anyURI admits it: the schema check encodes exactly these macros first (docs/serving.md).
 */
export const PLAYER_MACROS = [
  'ERRORCODE',
  'REASON',
  'CACHEBUSTING',
  'TIMESTAMP',
  'GDPRCONSENT',
  'REGULATIONS',
  'LIMITADTRACKING',
  'GPPSTRING',
  'GPPSECTIONID',
] as const;
/** A URL as element content: CDATA, brackets percent-encoded except the player's macros (above). */
const PLAYER_MACRO_ENCODED = new RegExp(`%5B(${PLAYER_MACROS.join('|')})%5D`, 'g');
const uri = (url: string) => {
  const encoded = url.replace(/\[/g, '%5B').replace(/\]/g, '%5D').replace(/]]>/g, ']]%3E');
  return `<![CDATA[${encoded.replace(PLAYER_MACRO_ENCODED, '[$1]')}]]>`;
};
/** Our own tracking URL: the privacy macros appended (player macros stay raw in `uri`). */
const ours = (url: string) => uri(withPrivacyMacros(url));

/** '00:00:15.000' from seconds (VAST's Duration is an xs:time). */
function vastDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`;
}

const videoType = (asset: SnapshotAsset) =>
  asset.filename.toLowerCase().endsWith('.webm') ? 'video/webm' : 'video/mp4';

/** The creative's pixel URLs of one tracker kind (scripts cannot run in a player). */
const VAST_TRACKED_EVENTS = eventTypesWith('vastTracked');

const pixelsOf = (snapshot: Snapshot, type: CountedEventType) => {
  const kind = TRACKER_KIND_OF_EVENT[type as EventType];
  return kind === undefined
    ? []
    : (snapshot.trackers[kind] ?? []).filter((tracker) => tracker.type === 'pixel').map((t) => t.url);
};

/** GET /serve/vpaid/{liveID}.js: the creative's VPAID script, for players (never from /api/uploads). */
export async function vpaidScript(ctx: Context, liveId: string): Promise<Readable | undefined> {
  const live = await ctx.liveCreatives.get(liveId);
  const script = live?.snapshot.assets.find((asset) => asset.uploadType === 'vpaid');
  return script?.path ? await ctx.storage.open(script.path) : undefined;
}

/**
 * The parts of a document a request fills in (answer-template.ts): the impression's tracking query, its
 * id, the ClickThrough element (the platform's click prefix is the request's) and the VPAID AdParameters.
 */
const SLOTS = ['query', 'id', 'clickThrough', 'adParameters'] as const;

/**
 * The document of a live creative with its per-request parts as slots, built once per entry of the
 * live-creative cache (live-creatives.ts) and flavour: everything else (about twenty tracking URLs, the
 * creative's pixels, verification, names, the media files) is the same for every request.
 */
interface VastParts {
  template: AnswerTemplate;
  /** The video MediaFile's asset (VPAID's AdParameters name it too). */
  video: SnapshotAsset;
  /** The creative's landing page, when it has one. */
  landing: string | null;
}

/**
 * The ClickThrough: our signed click redirect (tracking.ts `click`), which counts the click (once per
 * impression, with the ClickTracking ping) and adds the click id to the landing page (docs/conversions.md), through
 * the platform's click prefix when the request had an honoured one.
 */
const clickThroughElement = (
  ctx: Context,
  impression: Impression,
  landing: string | null,
  prefix: string | undefined,
) => (landing ? `<ClickThrough>${uri(clickUrl(ctx, impression, prefix))}</ClickThrough>` : '');

function vastTemplate(
  ctx: Context,
  live: LiveCreative,
  flavour: 'vast' | 'vpaid',
  vpaid: SnapshotAsset | undefined,
): VastParts | undefined {
  const key = `vast:${flavour}:${vpaid ? 'vpaid' : 'video'}`;
  const known = live.documents.get(key) as VastParts | undefined;
  if (known) return known;
  const { snapshot } = live;
  const liveId = live.id;
  const video = assetNamed(snapshot, 'main.mp4') ?? assetsOfKind(snapshot, 'video')[0];
  if (!video) return undefined;
  const query = slot('query');
  const track = (type: Parameters<typeof trackingUrlOf>[1]) => trackingUrlOf(ctx, type, query);
  const width = video.width ?? snapshot.width;
  const height = video.height ?? snapshot.height;
  const duration = video.duration ?? adDurationOf(snapshot);
  const tracking = (event: string, urls: string[]) =>
    urls.map((url) => `<Tracking event="${event}">${uri(url)}</Tracking>`).join('');
  const trackingEvents = [
    // Every counted event a VAST player tracks (the figures' `vastTracked`: reports/figures.ts).
    ...VAST_TRACKED_EVENTS.map((type) =>
      tracking(type, [withPrivacyMacros(track(type)), ...pixelsOf(snapshot, type)]),
    ),
    // Player interactions are an engagement (counted once per impression).
    ...['mute', 'unmute', 'pause', 'resume', 'otherAdInteraction'].map((event) =>
      tracking(event, [withPrivacyMacros(track('engagement'))]),
    ),
  ].join('');
  // A player that does not take VPAID 2.0 ([APIFRAMEWORKS] without 2) gets the plain video alone.
  const videoFile = `<MediaFile delivery="progressive" type="${videoType(video)}" width="${width}" height="${height}"${
    video.bitrate ? ` bitrate="${video.bitrate}"` : ''
  }>${uri(servedFileUrl(ctx, video))}</MediaFile>`;
  const vpaidFile = vpaid
    ? `<MediaFile delivery="progressive" type="application/javascript" apiFramework="VPAID" width="${width}" height="${height}">${uri(
        `${origin(ctx)}/serve/vpaid/${encodeURIComponent(liveId)}.js`,
      )}</MediaFile>`
    : '';
  const clickTracking = [withPrivacyMacros(track('click')), ...pixelsOf(snapshot, 'click')]
    .map((url) => `<ClickTracking>${uri(url)}</ClickTracking>`)
    .join('');
  const impressions = [withPrivacyMacros(track('impression')), ...pixelsOf(snapshot, 'impression')]
    .map(
      (url, index) =>
        `<Impression id="${index === 0 ? 'adconsole' : `creative-${index}`}">${uri(url)}</Impression>`,
    )
    .join('');
  // The player's answer on viewability: Viewable counts our viewable impression, the other two say
  // the impression was not viewable or could not be measured (docs/serving.md).
  const viewableImpression = [
    `<ViewableImpression id="adconsole">`,
    `<Viewable>${ours(track('viewable'))}</Viewable>`,
    `<NotViewable>${ours(track('notViewable'))}</NotViewable>`,
    `<ViewUndetermined>${ours(track('viewUndetermined'))}</ViewUndetermined>`,
    '</ViewableImpression>',
  ].join('');
  // The campaign's booked rate (read with the live creative: a change shows with the next cache entry).
  const pricing = live.rate && vastPricing(live.rate);
  const pricingElement = pricing
    ? `<Pricing model="${pricing.model}" currency="${escapeXml(pricing.currency)}">${pricing.price}</Pricing>`
    : '';
  const vendors = creativeSetting(snapshot, 'verificationVendors') ?? [];
  const adVerifications =
    vendors.length === 0
      ? ''
      : `<AdVerifications>${vendors
          .map(
            (vendor) =>
              `<Verification vendor="${escapeXml(vendor.vendor)}">` +
              `<JavaScriptResource apiFramework="omid" browserOptional="true">${uri(vendor.url)}</JavaScriptResource>` +
              `<TrackingEvents><Tracking event="verificationNotExecuted">${ours(
                `${track('verificationNotExecuted')}&code=[REASON]&cb=[CACHEBUSTING]`,
              )}</Tracking></TrackingEvents>` +
              (vendor.parameters
                ? `<VerificationParameters>${escapeXml(vendor.parameters)}</VerificationParameters>`
                : '') +
              '</Verification>',
          )
          .join('')}</AdVerifications>`;
  const skipOffset = creativeSetting(snapshot, 'skipOffset');
  const universalAdId = creativeSetting(snapshot, 'universalAdId') ?? {
    registry: 'adconsole',
    value: liveId,
  };
  const document = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<VAST version="4.2" xmlns="${VAST_NAMESPACE}">`,
    `<Ad id="${escapeXml(liveId)}"><InLine>`,
    '<AdSystem version="1.0">Adconsole</AdSystem>',
    `<Error>${ours(`${track('error')}&code=[ERRORCODE]&cb=[CACHEBUSTING]&ts=[TIMESTAMP]`)}</Error>`,
    impressions,
    // VAST 4.2 puts <Pricing> after the impressions and before <ViewableImpression>.
    pricingElement,
    viewableImpression,
    `<AdServingId>${slot('id')}</AdServingId>`,
    `<AdTitle>${escapeXml(snapshot.name)}</AdTitle>`,
    adVerifications,
    // The campaign's advertiser when it names one (read with the live creative: a rename shows with the
    // next entry of the cache).
    live.advertiser === undefined ? '' : `<Advertiser>${escapeXml(live.advertiser)}</Advertiser>`,
    `<Creatives><Creative id="${escapeXml(snapshot.id)}" adId="${escapeXml(liveId)}">`,
    skipOffset === undefined ? '<Linear>' : `<Linear skipoffset="${vastDuration(skipOffset)}">`,
    `<TrackingEvents>${trackingEvents}</TrackingEvents>`,
    vpaid ? slot('adParameters') : '',
    `<Duration>${vastDuration(duration)}</Duration>`,
    `<MediaFiles>${vpaidFile}${videoFile}</MediaFiles>`,
    `<VideoClicks>${clickTracking}${slot('clickThrough')}</VideoClicks>`,
    '</Linear>',
    `<UniversalAdId idRegistry="${escapeXml(universalAdId.registry)}">${escapeXml(universalAdId.value)}</UniversalAdId>`,
    '</Creative></Creatives>',
    // How long the signed impression stays countable: a player must not play the ad later.
    `<Expires>${Math.floor(IMPRESSION_LIFETIME_MS / 1000)}</Expires>`,
    '</InLine></Ad>',
    '</VAST>',
    '',
  ].join('\n');
  const landing = landingPageUrl(snapshot.trackers);
  const parts = {
    template: answerTemplate(document, SLOTS),
    video,
    landing,
  };
  live.documents.set(key, parts);
  return parts;
}

/** The VPAID unit a VPAID document carries for this player: only when it takes VPAID 2.0. */
const vpaidUnit = (live: LiveCreative, query: ServeVpaidQuery, flavour: 'vast' | 'vpaid') =>
  flavour === 'vpaid' && playerTakesVpaid(query.apiframeworks)
    ? assetsOfKind(live.snapshot, 'vpaid')[0]
    : undefined;

/**
 * The VAST (or VPAID) document of the live creative that passed the gate for the request, with a fresh
 * signed impression carrying the gate's verdict; the empty document when its creative has no video to play.
 */
export function vastAnswer(
  ctx: Context,
  pass: GatePass,
  query: ServeVpaidQuery,
  flavour: 'vast' | 'vpaid',
  client: TrafficClient,
): string | FilledAnswer {
  const { live } = pass;
  const { snapshot, id: liveId } = live;
  const vpaid = vpaidUnit(live, query, flavour);
  const parts = vastTemplate(ctx, live, flavour, vpaid);
  if (!parts) return EMPTY_VAST;
  const { template, video, landing } = parts;
  const impression = impressionOf(ctx, liveId, client, pass.reason);
  const prefix = allowedClickPrefix(ctx, snapshot, query.click);
  const adParameters = vpaid
    ? `<AdParameters xmlEncoded="false"><![CDATA[${JSON.stringify({
        liveID: liveId,
        impressionID: impression.id,
        videos: [{ url: servedFileUrl(ctx, video), mimetype: videoType(video) }],
        clickThrough: landing ? clickUrl(ctx, impression, prefix) : null,
        events: Object.fromEntries(EVENT_TYPES.map((type) => [type, trackingUrl(ctx, type, impression)])),
      }).replace(/]]>/g, ']]\\u003e')}]]></AdParameters>`
    : '';
  return {
    template,
    values: {
      query: impressionQuery(impression),
      // An impression id has its exact shape (signing.ts): nothing in it to escape.
      id: impression.id,
      clickThrough: clickThroughElement(ctx, impression, landing, prefix),
      adParameters,
    },
  };
}

/**
 * Whether a live creative has a document to answer with (its video); one without is counted as no
 * eligible creative.
 */
export const hasVastAnswer =
  (ctx: Context, query: ServeVpaidQuery, flavour: 'vast' | 'vpaid') => (live: LiveCreative) =>
    vastTemplate(ctx, live, flavour, vpaidUnit(live, query, flavour)) !== undefined;

/**
 * GET /serve/vast/{liveID}.xml and /serve/vpaid/{liveID}.xml: the live creative's document when it
 * serves the request (the gate: gate.ts), else the empty document; the request counted under its outcome, the
 * ad served added to the browser's cap history (`jar`).
 */
export async function vastDocument(
  ctx: Context,
  liveId: string,
  query: ServeVpaidQuery,
  flavour: 'vast' | 'vpaid',
  client: TrafficClient,
  jar?: CapJar,
): Promise<string | FilledAnswer> {
  const pass = await servableLive(ctx, liveId, client, {
    answerable: hasVastAnswer(ctx, query, flavour),
    jar,
  });
  return pass ? vastAnswer(ctx, pass, query, flavour, client) : EMPTY_VAST;
}

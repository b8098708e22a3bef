// VAST 4.2 and VPAID documents for players: one signed impression per document, every tracking URL
// of it (serving.ts), the creative's own pixels beside ours. An unknown or removed live creative, or one
// without a video, answers the empty document.
import {
  EVENT_TYPES,
  type EventType,
  landingPageUrl,
  TRACKER_KIND_OF_EVENT,
  VIDEO_EVENT_TYPES,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { AssetAnswer } from '../campaigns';
import {
  adDurationOf,
  assetNamed,
  assetsOfKind,
  clickPrefix,
  clickThrough,
  impressionOf,
  origin,
  type ServeQuery,
  type Snapshot,
  trackingUrl,
} from './serving';
import type { TrafficClient } from './traffic-quality';

const VAST_NAMESPACE = 'http://www.iab.com/VAST';
export const EMPTY_VAST = `<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="4.2" xmlns="${VAST_NAMESPACE}"/>\n`;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
/** A URL as element content: CDATA, with brackets percent-encoded (raw macros are not xs:anyURI). */
const uri = (url: string) =>
  `<![CDATA[${url.replace(/\[/g, '%5B').replace(/\]/g, '%5D').replace(/]]>/g, ']]%3E')}]]>`;

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
  const live = await ctx.liveCreatives.get(liveId);
  if (!live) return EMPTY_VAST;
  const { snapshot } = live;
  const video = assetNamed(snapshot, 'main.mp4') ?? assetsOfKind(snapshot, 'video')[0];
  if (!video) return EMPTY_VAST;
  const impression = impressionOf(ctx, liveId, client);
  const landing = landingPageUrl(snapshot.trackers);
  const width = video.width ?? snapshot.width;
  const height = video.height ?? snapshot.height;
  const duration = video.duration ?? adDurationOf(snapshot);
  const tracking = (event: string, urls: string[]) =>
    urls.map((url) => `<Tracking event="${event}">${uri(url)}</Tracking>`).join('');
  const trackingEvents = [
    ...VIDEO_EVENT_TYPES.map((type) =>
      tracking(type, [trackingUrl(ctx, type, impression), ...pixelsOf(snapshot, type)]),
    ),
    // Player interactions are an engagement (counted once per impression).
    ...['mute', 'unmute', 'pause', 'resume'].map((event) =>
      tracking(event, [trackingUrl(ctx, 'engagement', impression)]),
    ),
  ].join('');
  const videoFile = `<MediaFile delivery="progressive" type="${videoType(video)}" width="${width}" height="${height}"${
    video.bitrate ? ` bitrate="${video.bitrate}"` : ''
  }>${uri(video.url)}</MediaFile>`;
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
        videos: [{ url: video.url, mimetype: videoType(video) }],
        clickThrough: landing ? clickThrough(landing, clickPrefix(query)) : null,
        events: Object.fromEntries(EVENT_TYPES.map((type) => [type, trackingUrl(ctx, type, impression)])),
      }).replace(/]]>/g, ']]\\u003e')}]]></AdParameters>`
    : '';
  const clickTracking = [trackingUrl(ctx, 'click', impression), ...pixelsOf(snapshot, 'click')]
    .map((url) => `<ClickTracking>${uri(url)}</ClickTracking>`)
    .join('');
  const clickThroughElement = landing
    ? `<ClickThrough>${uri(clickThrough(landing, clickPrefix(query)))}</ClickThrough>`
    : '';
  const impressions = [trackingUrl(ctx, 'impression', impression), ...pixelsOf(snapshot, 'impression')]
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
    `<Error>${uri(trackingUrl(ctx, 'error', impression))}</Error>`,
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

// Tracking: the signed impression every event URL carries, the tracking and click URLs built from it,
// the recording of each event (/serve/t/{type}) and the click redirect (/serve/click/{liveID}). Unknown,
// removed or deleted live creatives never fail loudly: tracking answers 204 uncounted.
import {
  CODED_EVENT_KINDS,
  type CodedEventKind,
  type CountedEventType,
  clickPrefixAllowed,
  codedEventType,
  codeOfPing,
  eventFitsCreative,
  findPlatform,
  landingPageUrl,
  SERVE_PATHS,
  type ServeClickQuery,
  type ServeTrackQuery,
  TRACKED_EVENT_TYPES,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { StoredEventType } from '../events/tracked-event';
import type { LiveCreative } from './live-creatives';
import {
  type CarriedReason,
  newImpressionId,
  signClick,
  signClickId,
  signImpression,
  verifyClick,
  verifyImpression,
} from './signing';
import { decodeDimensions, encodeDimensions, type TrafficClient } from './traffic-quality';
import { origin } from './urls';

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
function clickPrefix(query: { click?: string | undefined }): string | undefined {
  const value = query.click?.trim() ?? '';
  if (!/^https?:\/\/[^\s<>"]+$/i.test(value) || value.length > 2048) return undefined;
  try {
    new URL(value);
    return value;
  } catch {
    return undefined;
  }
}

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
 * A fresh signed impression for an ad request, carrying the verdict the gate gave it (gate.ts, from
 * traffic-quality.ts: null when valid) and the request's breakdown values.
 */
export function impressionOf(
  ctx: Context,
  liveId: string,
  client: TrafficClient,
  reason: CarriedReason | null,
): Impression {
  const id = newImpressionId();
  const dims = encodeDimensions(client.dimensions());
  return { liveId, id, reason, dims, signature: signImpression(ctx.secret, liveId, id, reason, dims) };
}

const dimsQuery = (impression: Impression) =>
  impression.dims === '' ? '' : `&d=${encodeURIComponent(impression.dims)}`;
/** The query every tracking URL of an impression carries: live creative, id, signature, breakdown values. */
export const impressionQuery = (impression: Impression) =>
  `l=${encodeURIComponent(impression.liveId)}&i=${encodeURIComponent(impression.id)}&s=${impression.signature}${dimsQuery(impression)}`;

/** A tracking URL with the impression's query given as text (the answers' templates put a slot there). */
export const trackingUrlOf = (ctx: Context, type: CountedEventType | CodedEventKind, query: string) =>
  `${origin(ctx)}/serve/t/${type}?${query}`;

export const trackingUrl = (ctx: Context, type: CountedEventType | CodedEventKind, impression: Impression) =>
  trackingUrlOf(ctx, type, impressionQuery(impression));

/** Our signed click redirect for an impression, carrying the honoured click prefix when there is one. */
export function clickUrl(ctx: Context, impression: Impression, prefix: string | undefined) {
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
const clickThrough = (landing: string, prefix: string | undefined) =>
  prefix === undefined ? landing : `${prefix}${encodeURIComponent(landing)}`;

/**
 * What a tracking path's type is stored as: a counted event type as itself, a coded ping with its code
 * ('error:401'; missing or unknown codes as the domain says); undefined for anything else.
 */
function storedTypeOf(type: string, params: ServeTrackQuery): StoredEventType | undefined {
  if ((TRACKED_EVENT_TYPES as readonly string[]).includes(type)) return type as CountedEventType;
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
 * Anything else is quietly not stored. A repeat of an event this process made durable lately is
 * answered first, with nothing checked or classified (`client` is not called): the store would drop it
 * (docs/serving.md, "A repeated beacon").
 */
export async function track(
  ctx: Context,
  type: string,
  params: ServeTrackQuery,
  client: () => TrafficClient,
): Promise<boolean> {
  const eventType = storedTypeOf(type, params);
  if (eventType === undefined) return false;
  const { l: liveId, i: impressionId, s: signature } = params;
  if (!liveId || !impressionId || !signature) return false;
  if (ctx.events.repeated(impressionId, eventType)) return false;
  // Signed with the other key of a SERVER_SECRET rotation (SERVER_SECRET_PREVIOUS): still good.
  const verifiedWith = (key: Buffer) =>
    verifyImpression(key, liveId, impressionId, signature, undefined, params.d ?? '');
  const verified =
    verifiedWith(ctx.secret) ?? (ctx.previousSecret ? verifiedWith(ctx.previousSecret) : undefined);
  if (!verified) return false;
  const live = await ctx.liveCreatives.get(liveId);
  if (!live) return false;
  const reason = eventReason(verified.reason, client(), eventType, live);
  const dims = decodeDimensions(params.d);
  await ctx.events.record({
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

/**
 * The landing page with the click id in `param` (docs/conversions.md): every other parameter kept as written (UTM
 * parameters too), one already named `param` replaced, the fragment kept last.
 */
function withClickId(landing: string, param: string, clickId: string): string {
  const hash = landing.indexOf('#');
  const fragment = hash === -1 ? '' : landing.slice(hash);
  const url = hash === -1 ? landing : landing.slice(0, hash);
  const question = url.indexOf('?');
  const base = question === -1 ? url : url.slice(0, question);
  const named = (part: string) => {
    const name = part.split('=', 1)[0] ?? '';
    try {
      return decodeURIComponent(name.replace(/\+/g, ' ')) === param;
    } catch {
      return false;
    }
  };
  const kept =
    question === -1
      ? []
      : url
          .slice(question + 1)
          .split('&')
          .filter((part) => part !== '' && !named(part));
  return `${base}?${[...kept, `${encodeURIComponent(param)}=${clickId}`].join('&')}${fragment}`;
}

/**
 * GET /serve/click/{liveID}: counts the click (once per impression) and answers where to send the
 * browser: the landing page with a signed click id (docs/conversions.md), through the platform's click tracker when
 * the tag had one. Undefined when the creative has no landing page or is not served any more. The click
 * id says whether the click counted as valid traffic: the ad request's verdict, the click call's own
 * (a bot, a data centre) and whether the creative can send a click; an invalid click's id never
 * attributes a conversion. An unsigned click gets none.
 */
export async function click(
  ctx: Context,
  liveId: string,
  params: ServeClickQuery,
  client: TrafficClient,
  /** False for a request no person made (a HEAD): the landing page alone, nothing counted. */
  counted = true,
): Promise<string | undefined> {
  const live = await ctx.liveCreatives.get(liveId);
  if (!live) return undefined;
  const landing = landingPageUrl(live.snapshot.trackers);
  const prefix = params.c ? allowedClickPrefix(ctx, live.snapshot, params.c) : undefined;
  const { i: impressionId, s: signature } = params;
  // Signed with the other key of a SERVER_SECRET rotation (SERVER_SECRET_PREVIOUS): still good.
  const verifiedWith = (key: Buffer | undefined) =>
    key && impressionId !== undefined && signature !== undefined
      ? verifyClick(key, liveId, impressionId, prefix ?? '', signature, undefined, params.d ?? '')
      : undefined;
  const verified = counted ? (verifiedWith(ctx.secret) ?? verifiedWith(ctx.previousSecret)) : undefined;
  let clickId: string | undefined;
  if (verified && params.i) {
    const reason = eventReason(verified.reason, client, 'click', live);
    // A repeated click still gets its landing page and click id; its event is not written again.
    if (!ctx.events.repeated(params.i, 'click'))
      await ctx.events.record({
        liveId,
        type: 'click',
        at: new Date(),
        count: 1,
        impressionId: params.i,
        reason,
        dims: decodeDimensions(params.d),
      });
    clickId = signClickId(
      ctx.secret,
      {
        liveId,
        campaignId: live.campaignId,
        impressionId: params.i,
        clickedAt: ctx.clock?.() ?? Date.now(),
        dims: params.d ?? '',
      },
      reason === null,
    );
  }
  if (!landing) return undefined;
  // An unsigned click still reaches the advertiser's page, but never through an unsigned prefix.
  if (clickId === undefined) return clickThrough(landing, undefined);
  return clickThrough(withClickId(landing, live.clickParam, clickId), prefix);
}

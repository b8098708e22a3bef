// A conversion received (docs/conversions.md "Counting"): GET or POST /serve/conv/{action}, from
// the conversion tag on the advertiser's pages or the advertiser's server (postback). A malformed one is
// refused (400, nothing stored). Every other one is written to the ledger: counted when its click id
// verifies, its click counted as valid traffic, it is of the action's campaign, within the action's
// lookback window, and (in the ledger's transaction) its order and, under "one per click", its click
// were not counted before for the action; else with the first rule it broke, never counted.
// Since the fourth security review (docs/conversions.md, "Signed postbacks and caps"): a postback signed
// with the action's key (`Authorization: Bearer`) is the advertiser's; an unsigned one (the browser tag's
// kind) passes the rate rule and, from the tag, the traffic classifier, and counts only where the action
// takes unsigned conversions; a click counts at most the action's conversions per click, a conversion at
// most its maximum value. Refusals that prove no click of the action are counted, not stored.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  ApiError,
  CONVERSION_SOURCES,
  type ConversionAnswer,
  type ConversionAnswerReason,
  type ConversionSource,
  conversionCurrencyMessage,
  conversionValueDecimalsMessage,
  conversionValueMinor,
  currencyDigits,
  type InvalidConversionReason,
  MESSAGES,
  type ServeConversionQuery,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { type ConversionActionRow, findConversionAction } from '../../db/queries/conversion-actions';
import type { ConversionLedgerRow } from '../../db/queries/conversion-ledger';
import { newId } from '../ids';
import { type ParsedClickId, parseClickId, verifyClickId } from './signing';
import { decodeDimensions, type TrafficClient } from './traffic-quality';

/** A postback may name this many click ids at most (the newest that verifies wins). */
const MAX_CLICK_IDS = 10;
/** An order id's length at most. */
const MAX_ORDER_LENGTH = 128;
const DAY_MS = 24 * 60 * 60 * 1000;
const ACTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Conversion actions as conversions read them, for a few seconds: every conversion needs its action, and
 * a read each time would cap postbacks at the database's pace. A change (archived, another lookback)
 * reaches conversions within `ttlMs`.
 */
class ConversionActionCache {
  private entries = new Map<string, { value: Promise<ConversionActionRow | undefined>; expires: number }>();
  constructor(private readonly ttlMs = 5000) {}

  get(ctx: Context, id: string): Promise<ConversionActionRow | undefined> {
    const now = Date.now();
    const cached = this.entries.get(id);
    if (cached && cached.expires > now) return cached.value;
    if (this.entries.size > 10_000) this.entries.clear();
    const value = findConversionAction(ctx.db, id);
    this.entries.set(id, { value, expires: now + this.ttlMs });
    value.catch(() => this.entries.delete(id));
    return value;
  }

  /** Forgets an action (its key or settings changed in this process). */
  forget(id: string): void {
    this.entries.delete(id);
  }
}
const actions = new WeakMap<Context, ConversionActionCache>();
const actionCache = (ctx: Context) => {
  let cache = actions.get(ctx);
  if (!cache) {
    cache = new ConversionActionCache();
    actions.set(ctx, cache);
  }
  return cache;
};

/** The action's settings changed here: conversions read them again at once (other processes within 5 s). */
export const forgetConversionAction = (ctx: Context, id: string) => actionCache(ctx).forget(id);

/** A postback key as stored: its SHA-256, hex. */
export const postbackKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Whether the request is signed: true with the action's key in `Authorization: Bearer <key>`, false
 * without the header; 401 for any other header (a wrong or old key, or an action that has none).
 */
function signedBy(action: ConversionActionRow | undefined, authorization: string | undefined): boolean {
  if (authorization === undefined || authorization.trim() === '') return false;
  const key = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
  const stored = action?.postback_key_hash;
  if (key === undefined || !stored) throw ApiError.of(401, MESSAGES.conversionKeyWrong);
  const given = Buffer.from(postbackKeyHash(key), 'hex');
  if (!timingSafeEqual(given, Buffer.from(stored, 'hex')))
    throw ApiError.of(401, MESSAGES.conversionKeyWrong);
  return true;
}

/** What an unsigned conversion from the tag or a postback meets first: the classifier, the rate rule, the action's rule. */
function unsignedReason(
  ctx: Context,
  action: ConversionActionRow,
  source: ConversionSource,
  client: TrafficClient,
): InvalidConversionReason | null {
  if (action.unsigned === 'refused' || (action.unsigned === 'tag-only' && source !== 'tag'))
    return 'unsigned';
  // A browser's tag call from a bot, a headless browser, without a user agent or from a data centre
  // (a server's postback comes from one: it is judged by the rate rule alone).
  if (source === 'tag' && client.reason !== null && client.reason !== 'prefetch') return 'invalid-traffic';
  return ctx.traffic.overRate(client, `conv|${action.id}`) ? 'rate' : null;
}

/**
 * What the sender is told. Without the key, a repeated order and a repeated click read alike
 * (`duplicate`); under "every" a repeat within the click's cap reads as a counted conversion (it spent
 * the cap as one: conversion-ledger.ts), so one click cannot tell which order numbers exist
 * (docs/conversions.md, "One reason for repeats"). The signed sender and the counts keep the exact reason.
 */
function answerOf(
  reason: InvalidConversionReason | null,
  signed: boolean,
  capped: boolean,
): { counted: boolean; reason: ConversionAnswerReason | null } {
  if (signed || (reason !== 'duplicate-order' && reason !== 'duplicate-click'))
    return { counted: reason === null, reason };
  return capped ? { counted: true, reason: null } : { counted: false, reason: 'duplicate' };
}

/** The order id as the ledger keeps it: an HMAC with the server's secret, never the id itself. */
export const orderHash = (secret: Buffer, order: string) =>
  createHmac('sha256', secret).update(`order|${order}`).digest('base64url');

const refuse = (message: string) => ApiError.of(400, message);

/** The click ids sent, each shaped as one (400 otherwise). */
function clickIdsOf(click: ServeConversionQuery['click']): ParsedClickId[] {
  const given = (Array.isArray(click) ? click : click === undefined ? [] : [click]).filter(
    (value) => value.trim() !== '',
  );
  if (given.length === 0) throw refuse(MESSAGES.conversionClickMissing);
  if (given.length > MAX_CLICK_IDS) throw refuse(MESSAGES.conversionClickMalformed);
  return given.map((value) => {
    const parsed = parseClickId(value.trim());
    if (!parsed) throw refuse(MESSAGES.conversionClickMalformed);
    return parsed;
  });
}

const single = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : Array.isArray(value) ? single(value[0]) : undefined;

/** The value in the minor unit of the currency it is counted in (400 when refused). */
function minorValueOf(text: string | undefined, currency: string | undefined): number {
  // Without a currency (an unknown action, none sent) the value is only checked: it is never counted.
  const checked = conversionValueMinor(text, currency ?? 'KWD');
  if ('minor' in checked) return currency === undefined ? 0 : checked.minor;
  if (checked.refused === 'negative') throw refuse(MESSAGES.conversionValueNegative);
  if (checked.refused === 'too-large') throw refuse(MESSAGES.conversionValueTooLarge);
  if (checked.refused === 'decimals' && currency !== undefined) {
    throw refuse(conversionValueDecimalsMessage(currency, currencyDigits(currency)));
  }
  throw refuse(MESSAGES.conversionValueMalformed);
}

/** The newest of the click ids that verify (the last given among equals), with its verdict. */
function newestVerified(ctx: Context, clicks: readonly ParsedClickId[]) {
  let newest: { click: ParsedClickId; valid: boolean } | undefined;
  for (const click of clicks) {
    const verified = verifyClickId(ctx.secret, click);
    if (verified && (newest === undefined || click.clickedAt >= newest.click.clickedAt)) {
      newest = { click, valid: verified.valid };
    }
  }
  return newest;
}

/** What the request alone tells about the conversion: its click, its sender and the time. */
interface Received {
  action: ConversionActionRow | undefined;
  newest: ReturnType<typeof newestVerified>;
  now: number;
  valueMinor: number;
  /** The unsigned sender's refusal (classifier, rate rule, the action's rule); null when signed or none. */
  unsigned: InvalidConversionReason | null;
}

/**
 * The first rule the conversion breaks that the request alone can tell (null: none). Order: the action,
 * the sender (unsigned: the action's rule, the classifier, the rate rule), the click id's signature, the
 * campaign, the click's verdict, the lookback window (inclusive: a conversion exactly `lookback_days` ×
 * 24 hours after its click counts, a millisecond later does not), the maximum value.
 */
function requestReason({
  action,
  newest,
  now,
  valueMinor,
  unsigned,
}: Received): InvalidConversionReason | null {
  if (!action || action.archived_at !== null) return 'unknown-action';
  if (unsigned !== null) return unsigned;
  if (!newest) return 'forged';
  if (newest.click.campaignId !== action.campaign_id) return 'wrong-campaign';
  if (!newest.valid) return 'invalid-click';
  if (now > newest.click.clickedAt + action.lookback_days * DAY_MS) return 'expired';
  if (action.max_value_minor !== null && valueMinor > Number(action.max_value_minor)) return 'over-max-value';
  return null;
}

/** What a conversion request carries besides its fields: its Authorization header, fetch metadata and client. */
export interface ConversionSender {
  authorization: string | undefined;
  /** The request's method and the browser's fetch metadata (Sec-Fetch-Site, -Mode, -Dest). */
  fetch: {
    method: string;
    site: string | string[] | undefined;
    mode: string | string[] | undefined;
    dest: string | string[] | undefined;
  };
  client: () => TrafficClient;
}

/**
 * Whether a call claiming `src=tag` is bound to a browser context as the tag's is (docs/conversions.md,
 * "The tag is a browser's"): a POST (`sendBeacon`, or `fetch` with `keepalive`) with the fetch metadata a
 * browser sets itself on a script's request from another site's page: `Sec-Fetch-Dest: empty`,
 * `Sec-Fetch-Mode: cors` or `no-cors`, `Sec-Fetch-Site: cross-site` or `same-site` (the advertiser's page,
 * never our own origin, never a navigation or an image). A plain GET, or a request without them, is an
 * unsigned postback.
 */
function boundToTag(fetch: ConversionSender['fetch']): boolean {
  const one = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.toLowerCase();
  return (
    fetch.method === 'POST' &&
    one(fetch.dest) === 'empty' &&
    ['cors', 'no-cors'].includes(one(fetch.mode) ?? '') &&
    ['cross-site', 'same-site'].includes(one(fetch.site) ?? '')
  );
}

/** GET and POST /serve/conv/{action}: refuses a malformed conversion (400) or a wrong key (401), writes any other one. */
export async function convert(
  ctx: Context,
  actionId: string,
  query: ServeConversionQuery,
  sender: ConversionSender,
): Promise<ConversionAnswer> {
  const clicks = clickIdsOf(query.click);
  const order = single(query.order)?.trim() || undefined;
  if (order !== undefined && order.length > MAX_ORDER_LENGTH) throw refuse(MESSAGES.conversionOrderTooLong);
  const action = ACTION_ID.test(actionId) ? await actionCache(ctx).get(ctx, actionId) : undefined;
  const signed = signedBy(action, sender.authorization);
  const sentCurrency = single(query.currency)?.trim().toUpperCase() || undefined;
  if (action && sentCurrency !== undefined && sentCurrency !== action.currency) {
    throw refuse(conversionCurrencyMessage(action.currency));
  }
  const currency =
    action?.currency ?? (sentCurrency && /^[A-Z]{3}$/.test(sentCurrency) ? sentCurrency : undefined);
  const valueMinor = minorValueOf(single(query.value), currency);
  const now = ctx.clock?.() ?? Date.now();
  const newest = newestVerified(ctx, clicks);
  const source: ConversionSource =
    !signed && single(query.src) === 'tag' && boundToTag(sender.fetch) ? 'tag' : 'postback';
  const unsigned = signed || !action ? null : unsignedReason(ctx, action, source, sender.client());
  const reason = requestReason({ action, newest, now, valueMinor, unsigned });
  const click = newest?.click;
  const row: ConversionLedgerRow = {
    id: newId(),
    action_id: ACTION_ID.test(actionId) ? actionId : null,
    campaign_id: action?.campaign_id ?? null,
    live_id: click?.liveId ?? null,
    click_impression_id: click?.impressionId ?? null,
    clicked_at: click ? new Date(click.clickedAt) : null,
    converted_at: new Date(now),
    value_minor: valueMinor,
    currency: currency ?? null,
    order_hash: order === undefined ? null : orderHash(ctx.secret, order),
    click_key: action?.counting === 'one-per-click' ? (click?.impressionId ?? null) : null,
    reason,
    source: CONVERSION_SOURCES.includes(source) ? source : 'postback',
    signed,
  };
  const cap = action?.counting === 'every' ? action.max_per_click : null;
  const final = await ctx.conversions.write({ row, dims: decodeDimensions(click?.dims), cap });
  return { id: row.id, ...answerOf(final, signed, cap !== null), signed };
}

// A conversion received (issue 45, docs/conversions.md "Counting"): GET or POST /serve/conv/{action}, from
// the conversion tag on the advertiser's pages or the advertiser's server (postback). A malformed one is
// refused (400, nothing stored). Every other one is written to the ledger: counted when its click id
// verifies, its click counted as valid traffic, it is of the action's campaign, within the action's
// lookback window, and (in the ledger's transaction) its order and, under "one per click", its click
// were not counted before for the action; else with the first rule it broke, never counted.
import { createHmac } from 'node:crypto';
import {
  ApiError,
  CONVERSION_SOURCES,
  type ConversionAnswer,
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
import { decodeDimensions } from './traffic-quality';

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

/**
 * The first rule the conversion breaks that the request alone can tell (null: none). Order: the action,
 * the click id's signature, the campaign, the click's verdict, the lookback window (inclusive: a
 * conversion exactly `lookback_days` × 24 hours after its click counts, a millisecond later does not).
 */
function requestReason(
  action: ConversionActionRow | undefined,
  newest: ReturnType<typeof newestVerified>,
  now: number,
): InvalidConversionReason | null {
  if (!action || action.archived_at !== null) return 'unknown-action';
  if (!newest) return 'forged';
  if (newest.click.campaignId !== action.campaign_id) return 'wrong-campaign';
  if (!newest.valid) return 'invalid-click';
  if (now > newest.click.clickedAt + action.lookback_days * DAY_MS) return 'expired';
  return null;
}

/** GET and POST /serve/conv/{action}: refuses a malformed conversion (400), writes any other one. */
export async function convert(
  ctx: Context,
  actionId: string,
  query: ServeConversionQuery,
): Promise<ConversionAnswer> {
  const clicks = clickIdsOf(query.click);
  const order = single(query.order)?.trim() || undefined;
  if (order !== undefined && order.length > MAX_ORDER_LENGTH) throw refuse(MESSAGES.conversionOrderTooLong);
  const action = ACTION_ID.test(actionId) ? await actionCache(ctx).get(ctx, actionId) : undefined;
  const sentCurrency = single(query.currency)?.trim().toUpperCase() || undefined;
  if (action && sentCurrency !== undefined && sentCurrency !== action.currency) {
    throw refuse(conversionCurrencyMessage(action.currency));
  }
  const currency =
    action?.currency ?? (sentCurrency && /^[A-Z]{3}$/.test(sentCurrency) ? sentCurrency : undefined);
  const valueMinor = minorValueOf(single(query.value), currency);
  const now = ctx.clock?.() ?? Date.now();
  const newest = newestVerified(ctx, clicks);
  const reason = requestReason(action, newest, now);
  const click = newest?.click;
  const source: ConversionSource = single(query.src) === 'tag' ? 'tag' : 'postback';
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
  };
  const final = await ctx.conversions.write({ row, dims: decodeDimensions(click?.dims) });
  return { id: row.id, counted: final === null, reason: final };
}

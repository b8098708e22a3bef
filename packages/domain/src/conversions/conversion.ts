// Conversions (docs/conversions.md): what an advertiser counts after a click (a purchase, a
// lead, a sign-up), reached through the signed click id the click redirect adds to the landing URL.
// A campaign's conversion actions say what is counted, how (every conversion, or one per click), within
// how many days of the click (the lookback window) and in which currency the value is summed. Every
// conversion received is kept: counted, or stored with the reason it was not (never in the figures).
import { z } from 'zod/mini';

export const CONVERSION_TYPES = ['purchase', 'lead', 'sign-up', 'other'] as const;
export type ConversionType = (typeof CONVERSION_TYPES)[number];
export const CONVERSION_TYPE_LABELS: Readonly<Record<ConversionType, string>> = {
  purchase: 'Purchase',
  lead: 'Lead',
  'sign-up': 'Sign-up',
  other: 'Other',
};

/** Every conversion counts, or only the first of each click (a lead form sent twice is one lead). */
export const CONVERSION_COUNTING = ['every', 'one-per-click'] as const;
export type ConversionCounting = (typeof CONVERSION_COUNTING)[number];
export const CONVERSION_COUNTING_LABELS: Readonly<Record<ConversionCounting, string>> = {
  every: 'Every conversion',
  'one-per-click': 'One per click',
};

/** The lookback window: a conversion counts within this many days (of 24 hours) after its click. */
export const LOOKBACK_DAYS = { min: 1, max: 90, default: 30 } as const;

/** The landing URL's query parameter that carries the click id, unless a campaign names another. */
export const DEFAULT_CLICK_PARAM = 'adc_click';
/** A click parameter's name: a letter or `_`, then letters, digits, `_` or `-` (at most 32). */
export const CLICK_PARAM_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,31}$/;

/**
 * Why a received conversion was not counted: its click id did not verify (`forged`), its click is older
 * than the lookback window (`expired`), the action does not exist or no longer counts (`unknown-action`),
 * the click belongs to another campaign than the action (`wrong-campaign`), the order was counted before
 * for this action (`duplicate-order`), the click converted before under "one per click"
 * (`duplicate-click`), the click itself was invalid traffic (`invalid-click`); since the fourth security
 * review (docs/conversions.md, "Signed postbacks and caps"): the action takes no conversion without its
 * postback key from this source (`unsigned`), the click already has the action's most conversions
 * (`click-cap`), the value is over the action's maximum (`over-max-value`), the request came from a
 * bot, a headless browser or a data centre on the tag's path (`invalid-traffic`) or too often from one
 * client (`rate`); since the fifth (docs/conversions.md, "Implausible values"): the value is far above
 * the action's history (`implausible`).
 */
export const INVALID_CONVERSION_REASONS = [
  'forged',
  'expired',
  'unknown-action',
  'wrong-campaign',
  'duplicate-order',
  'duplicate-click',
  'invalid-click',
  'unsigned',
  'click-cap',
  'over-max-value',
  'invalid-traffic',
  'rate',
  'implausible',
] as const;
export type InvalidConversionReason = (typeof INVALID_CONVERSION_REASONS)[number];
export const INVALID_CONVERSION_LABELS: Readonly<Record<InvalidConversionReason, string>> = {
  forged: 'Click id forged or tampered with',
  expired: 'Click older than the lookback window',
  'unknown-action': 'Unknown or archived conversion action',
  'wrong-campaign': "Click of another campaign than the action's",
  'duplicate-order': 'Order already counted for this action',
  'duplicate-click': 'Click already converted (one per click)',
  'invalid-click': 'Click was invalid traffic',
  unsigned: "Postback without the action's key",
  'click-cap': 'Click already has the most conversions the action counts',
  'over-max-value': "Value over the action's maximum",
  'invalid-traffic': 'Sent by a bot, a headless browser or a data centre',
  rate: 'Too many conversions from one client',
  implausible: "Value far above the action's history",
};

/**
 * The refusals counted, not stored one row each (per action, live creative, reason and hour): since the
 * fifth security review every one of them, those that name a real click too, so one click cannot buy a
 * row a request (docs/conversions.md, "What is stored").
 */
export const COUNTED_ONLY_REASONS: readonly InvalidConversionReason[] = INVALID_CONVERSION_REASONS;

/**
 * What a conversion's sender is told when it did not count. A request without the action's key is told
 * `duplicate` for a repeated order and a repeated click alike, so one click id cannot test which order
 * numbers an advertiser has; a request with the key (the advertiser's server) and the ledger get the
 * exact reason.
 */
export const CONVERSION_ANSWER_REASONS = [...INVALID_CONVERSION_REASONS, 'duplicate'] as const;
export type ConversionAnswerReason = (typeof CONVERSION_ANSWER_REASONS)[number];

/**
 * Which conversions an action takes without its postback key: all of them (`counted`, as before keys),
 * the tag's only (`tag-only`: a postback must carry the key), or none (`refused`: keyed postbacks only,
 * the tag is off for the action).
 */
export const UNSIGNED_CONVERSIONS = ['counted', 'tag-only', 'refused'] as const;
export type UnsignedConversions = (typeof UNSIGNED_CONVERSIONS)[number];
export const UNSIGNED_CONVERSIONS_LABELS: Readonly<Record<UnsignedConversions, string>> = {
  counted: 'Counted (tag and postbacks)',
  'tag-only': 'Tag only: postbacks need the key',
  refused: 'None: keyed postbacks only',
};

/**
 * Conversions one click may count for an action that counts every conversion: `default` is what actions
 * made before the fifth security review keep, `newAction` what a new action gets when its request names
 * none (docs/conversions.md, "Signed postbacks and caps").
 */
export const MAX_PER_CLICK = { min: 1, max: 100, default: 5, newAction: 3 } as const;

/**
 * The maximum value a new action gets when its request names none: 100,000 of its currency (whole
 * units, so it fits every currency's decimals: USD 100,000.00, JPY 100,000, KWD 100,000.000), editable,
 * and null (no maximum) when asked for (docs/conversions.md, "Signed postbacks and caps").
 */
export const DEFAULT_MAX_VALUE = '100000';

/**
 * Implausible values (docs/conversions.md, "Implausible values"): an unsigned conversion worth more than
 * `factor` times the median of its action's last `history` counted values above 0, once it has at least
 * `minimum` of them, is refused as `implausible`.
 */
export const IMPLAUSIBLE_VALUE = { factor: 100, history: 50, minimum: 20 } as const;

/** Where a conversion came from: the advertiser's site's tag, or a server's postback. */
export const CONVERSION_SOURCES = ['tag', 'postback'] as const;
export type ConversionSource = (typeof CONVERSION_SOURCES)[number];

const idSchema = z.string();

/** An action's postback key as answered: never the key, only its last characters and when it was made. */
export const postbackKeySchema = z.object({ hint: z.string(), createdAt: z.string() });
export type PostbackKeyInfo = z.infer<typeof postbackKeySchema>;

/** A conversion action as the API answers it. */
export const conversionActionSchema = z.object({
  id: idSchema,
  campaignID: idSchema,
  name: z.string(),
  type: z.enum(CONVERSION_TYPES),
  counting: z.enum(CONVERSION_COUNTING),
  lookbackDays: z.number().check(z.int(), z.gte(LOOKBACK_DAYS.min), z.lte(LOOKBACK_DAYS.max)),
  /** ISO 4217: the value of its conversions is summed in it (the campaign's booked rate's, when it has one). */
  currency: z.string(),
  /** Which conversions count without the postback key. */
  unsigned: z.enum(UNSIGNED_CONVERSIONS),
  /** Under "every": the most conversions one click counts. */
  maxPerClick: z.number().check(z.int(), z.gte(MAX_PER_CLICK.min), z.lte(MAX_PER_CLICK.max)),
  /** The most one conversion may be worth, as an amount of the currency (`500.00`); null: no maximum. */
  maxValue: z.nullable(z.string()),
  /** The postback key's hint; null until one is made. */
  postbackKey: z.nullable(postbackKeySchema),
  /** Whether a conversion was counted: its currency can no longer change. */
  hasCounted: z.boolean(),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversionAction = z.infer<typeof conversionActionSchema>;

/** POST /v1/campaign/conversionActions/key: the action, and its new postback key (shown this once). */
export const postbackKeyAnswerSchema = z.object({ action: conversionActionSchema, key: z.string() });
export type PostbackKeyAnswer = z.infer<typeof postbackKeyAnswerSchema>;

const count = z.number().check(z.int(), z.nonnegative());

/** Conversions not counted in a report's range, by reason (the invalid-traffic panel). */
export const invalidConversionsSchema = z.object({
  total: count,
  byReason: z.array(
    z.object({ reason: z.enum(INVALID_CONVERSION_REASONS), label: z.string(), conversions: count }),
  ),
});
export type InvalidConversions = z.infer<typeof invalidConversionsSchema>;
export const NO_INVALID_CONVERSIONS: InvalidConversions = { total: 0, byReason: [] };

/** Counted conversions by whole days from click to conversion (0 = within 24 hours): the lag chart. */
export const conversionLagSchema = z.array(z.object({ days: count, conversions: count }));
export type ConversionLag = z.infer<typeof conversionLagSchema>;

/**
 * What GET and POST /serve/conv/{action} answer: whether the conversion counted, why not when it did
 * not, and its id in the ledger.
 */
export const conversionAnswerSchema = z.object({
  id: idSchema,
  counted: z.boolean(),
  reason: z.nullable(z.enum(CONVERSION_ANSWER_REASONS)),
  /** Whether it carried the action's postback key. */
  signed: z.boolean(),
});
export type ConversionAnswer = z.infer<typeof conversionAnswerSchema>;

// Conversions (issue 45, docs/conversions.md): what an advertiser counts after a click (a purchase, a
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
 * (`duplicate-click`), or the click itself was invalid traffic (`invalid-click`).
 */
export const INVALID_CONVERSION_REASONS = [
  'forged',
  'expired',
  'unknown-action',
  'wrong-campaign',
  'duplicate-order',
  'duplicate-click',
  'invalid-click',
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
};

/** Where a conversion came from: the advertiser's site's tag, or a server's postback. */
export const CONVERSION_SOURCES = ['tag', 'postback'] as const;
export type ConversionSource = (typeof CONVERSION_SOURCES)[number];

const idSchema = z.string();

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
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversionAction = z.infer<typeof conversionActionSchema>;

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
  reason: z.nullable(z.enum(INVALID_CONVERSION_REASONS)),
});
export type ConversionAnswer = z.infer<typeof conversionAnswerSchema>;

// Requests of the conversion action calls (docs/conversions.md): a campaign's actions with a
// name, a type, how they count (every conversion, or one per click), a lookback window of 1 to 90 days and
// a currency. Whether the currency fits the campaign (its rate's, its other actions') is the server's
// check (conversions/conversion-actions.ts), as it knows them; left out, the server chooses the one that fits.
import { z } from 'zod/mini';
import { isCurrencyCode } from '../../campaigns/pricing';
import {
  CLICK_PARAM_PATTERN,
  CONVERSION_COUNTING,
  CONVERSION_TYPES,
  DEFAULT_CLICK_PARAM,
  DEFAULT_MAX_VALUE,
  LOOKBACK_DAYS,
  MAX_PER_CLICK,
  UNSIGNED_CONVERSIONS,
} from '../../conversions/conversion';
import { idField } from '../../validation/fields';
import { MESSAGES } from '../../validation/messages';
import { serverOwnedFields } from '../common/requests';

/** The most characters a conversion action's name has. */
export const MAX_CONVERSION_ACTION_NAME = 100;

export const conversionActionNameField = z
  .string({ error: MESSAGES.conversionActionName })
  .check(
    z.trim(),
    z.minLength(1, MESSAGES.conversionActionName),
    z.maxLength(MAX_CONVERSION_ACTION_NAME, MESSAGES.conversionActionNameTooLong),
  );
const typeField = z.enum(CONVERSION_TYPES, { error: MESSAGES.conversionActionType });
const countingField = z.enum(CONVERSION_COUNTING, { error: MESSAGES.conversionActionCounting });
const lookbackField = z
  .number({ error: MESSAGES.conversionActionLookback })
  .check(
    z.int(MESSAGES.conversionActionLookback),
    z.gte(LOOKBACK_DAYS.min, MESSAGES.conversionActionLookback),
    z.lte(LOOKBACK_DAYS.max, MESSAGES.conversionActionLookback),
  );
const currencyField = z
  .string({ error: MESSAGES.conversionActionCurrency })
  .check(z.refine(isCurrencyCode, MESSAGES.conversionActionCurrency));

const unsignedField = z.enum(UNSIGNED_CONVERSIONS, { error: MESSAGES.conversionActionUnsigned });
const maxPerClickField = z
  .number({ error: MESSAGES.conversionActionMaxPerClick })
  .check(
    z.int(MESSAGES.conversionActionMaxPerClick),
    z.gte(MAX_PER_CLICK.min, MESSAGES.conversionActionMaxPerClick),
    z.lte(MAX_PER_CLICK.max, MESSAGES.conversionActionMaxPerClick),
  );
/**
 * The most one conversion may be worth, an amount of the action's currency (`500`, `500.00`); empty or
 * null: no maximum. Its decimals are checked against the currency by the server (conversions/conversion-value.ts).
 */
const maxValueField = z.nullable(
  z
    .string({ error: MESSAGES.conversionActionMaxValue })
    .check(z.trim(), z.regex(/^(\d{1,10}(\.\d{1,3})?)?$/, MESSAGES.conversionActionMaxValue)),
);

/** An action's settings as the console's form edits them (every field given). */
export const conversionActionBodySchema = z.strictObject({
  name: conversionActionNameField,
  type: typeField,
  counting: countingField,
  lookbackDays: lookbackField,
  currency: currencyField,
  unsigned: unsignedField,
  maxPerClick: maxPerClickField,
  maxValue: maxValueField,
});
export type ConversionActionBody = z.output<typeof conversionActionBodySchema>;

/**
 * POST /v1/campaign/conversionActions: a new action of one of the caller's campaigns. Counting defaults
 * to every conversion, the lookback window to 30 days, the currency to the campaign's (its rate's, its
 * other actions', else USD), conversions per click to 3 and the maximum value to 100,000 of the currency
 * (`null` or empty: none).
 */
export const createConversionActionRequestSchema = z.strictObject({
  campaignID: idField('campaignID'),
  name: conversionActionNameField,
  type: typeField,
  counting: z._default(countingField, 'every'),
  lookbackDays: z._default(lookbackField, LOOKBACK_DAYS.default),
  currency: z.optional(currencyField),
  unsigned: z._default(unsignedField, 'tag-only'),
  maxPerClick: z._default(maxPerClickField, MAX_PER_CLICK.newAction),
  maxValue: z._default(maxValueField, DEFAULT_MAX_VALUE),
});
export type CreateConversionActionRequest = z.output<typeof createConversionActionRequestSchema>;

/**
 * PUT /v1/campaign/conversionActions: the action's name, type, counting, lookback and currency, each kept
 * when left out. The action as answered may come back: its server-owned fields are accepted and ignored
 * (archiving is its own call).
 */
export const updateConversionActionRequestSchema = z.strictObject({
  id: idField('id'),
  name: z.optional(conversionActionNameField),
  type: z.optional(typeField),
  counting: z.optional(countingField),
  lookbackDays: z.optional(lookbackField),
  currency: z.optional(currencyField),
  unsigned: z.optional(unsignedField),
  maxPerClick: z.optional(maxPerClickField),
  maxValue: z.optional(maxValueField),
  ...serverOwnedFields(['campaignID', 'postbackKey', 'hasCounted', 'archived', 'createdAt', 'updatedAt']),
});
export type UpdateConversionActionRequest = z.output<typeof updateConversionActionRequestSchema>;

/**
 * A campaign's click parameter (the landing URL's query parameter carrying the click id), as edited: empty
 * goes back to adc_click.
 */
export const clickParamField = z.pipe(
  z.pipe(
    z.string({ error: MESSAGES.clickParam }).check(z.trim()),
    z.transform((name: string) => (name === '' ? DEFAULT_CLICK_PARAM : name)),
  ),
  z.string().check(z.regex(CLICK_PARAM_PATTERN, MESSAGES.clickParam)),
);

// The currency of a campaign's conversion actions (docs/conversions.md): a conversion's value is
// summed in its action's currency and the campaign's spend in its booked rate's, so ROAS (value / spend)
// and cost per conversion are one currency only when they agree. Hence one rule, checked on both sides:
// a campaign's actions share one currency, the booked rate's when the campaign has a rate.
import {
  conversionCurrencyOfRateMessage,
  conversionCurrencySharedMessage,
  rateCurrencyOfConversionsMessage,
} from '../validation/messages';

/** The currency of a campaign's conversion value when nothing says otherwise. */
export const DEFAULT_CONVERSION_CURRENCY = 'USD';

export interface ConversionCurrencyContext {
  /** The currency of the campaign's booked rate; undefined (or null) when it has none. */
  rateCurrency?: string | null | undefined;
  /** The currencies of the campaign's other actions (archived ones too: their value stays in reports). */
  otherCurrencies: readonly string[];
}

/**
 * The currency an action of this campaign takes: the one asked for when it fits the rule, or, when none is
 * asked for, the rate's, else the other actions', else USD. A currency that does not fit is a problem.
 */
export function conversionActionCurrency(
  context: ConversionCurrencyContext,
  asked?: string | undefined,
): { currency: string } | { problem: string } {
  const rate = context.rateCurrency ?? undefined;
  const shared = context.otherCurrencies[0];
  if (rate !== undefined) {
    if (asked !== undefined && asked !== rate)
      return { problem: conversionCurrencyOfRateMessage(rate, asked) };
    return { currency: rate };
  }
  if (shared !== undefined) {
    if (asked !== undefined && asked !== shared)
      return { problem: conversionCurrencySharedMessage(shared, asked) };
    return { currency: shared };
  }
  return { currency: asked ?? DEFAULT_CONVERSION_CURRENCY };
}

/**
 * Whether a campaign may book a rate in this currency: not when its conversion actions count value in
 * another (undefined when it may). Clearing the rate is always allowed: the actions keep their currency.
 */
export function rateCurrencyProblem(
  actionCurrencies: readonly string[],
  rateCurrency: string | null | undefined,
): string | undefined {
  const shared = actionCurrencies[0];
  if (!rateCurrency || shared === undefined || shared === rateCurrency) return undefined;
  return rateCurrencyOfConversionsMessage(shared, rateCurrency);
}

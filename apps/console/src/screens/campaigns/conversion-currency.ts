// The currency a conversion action of a campaign may take (docs/conversions.md): the campaign's
// one-currency rule as the conversion dialog's form shows it. Apart from the dialog, whose form the
// conversions card fetches only when it opens (docs/console.md, "The campaign pages' first load").
import { type ConversionAction, DEFAULT_CONVERSION_CURRENCY } from '@adconsole/domain';
import type { ConversionCurrencyChoice } from '@adconsole/forms';

/** The currency an action of the campaign may take (the domain's rule, as the form shows it). */
export function currencyChoiceOf(
  actions: readonly ConversionAction[],
  rateCurrency: string | undefined,
  editing?: ConversionAction,
): ConversionCurrencyChoice {
  if (editing?.hasCounted)
    return {
      fixed: editing.currency,
      why: `This action has counted conversions in ${editing.currency}: to count in another currency, make a new conversion action.`,
    };
  if (rateCurrency)
    return {
      fixed: rateCurrency,
      why: `The campaign's rate is booked in ${rateCurrency}: conversion value is counted in it too, so ROAS compares like with like.`,
    };
  const shared = actions.find((action) => action.id !== editing?.id)?.currency;
  if (shared)
    return {
      fixed: shared,
      why: `The campaign's other conversion actions count value in ${shared}: a campaign's actions share one currency.`,
    };
  return { default: editing?.currency ?? DEFAULT_CONVERSION_CURRENCY };
}

// The campaign form's budget, beside the rate (docs/serving.md, "Budgets in money"): a lifetime and a daily
// amount in the rate's currency, either or both, one value of the campaign body, `data.budget`
// ({ lifetime?, daily? }, or null for none). A budget needs a rate: without one the fields are disabled
// with the reason. The amounts are typed as text and checked by the domain's schema, whose messages show
// under them (the currency's decimals are the server's check: the domain's campaigns/budget.ts, budgetProblem).
import type { CampaignBudget, CampaignRate } from '@adconsole/domain';
import { Field, Input } from '@adconsole/ui';
import * as React from 'react';

type BudgetErrors =
  | ({ message?: string | undefined } & {
      lifetime?: { message?: string | undefined };
      daily?: { message?: string | undefined };
    })
  | undefined;

/** A typed amount: '' is none (undefined); otherwise a number, NaN (the schema's message) when not one. */
const amountOf = (text: string): number | undefined => {
  const plain = text.replace(/[\s,]/g, '');
  return plain === '' ? undefined : Number(plain);
};
const textOf = (amount: number | undefined) =>
  amount === undefined || Number.isNaN(amount) ? '' : String(amount);

/** The lifetime and daily budget, in the rate's currency; disabled without a rate. */
export function BudgetFields({
  budget,
  rate,
  onChange,
  errors,
}: {
  budget: CampaignBudget | null;
  rate: CampaignRate | null;
  onChange: (budget: CampaignBudget | null) => void;
  errors: BudgetErrors;
}) {
  const [texts, setTexts] = React.useState(() => ({
    lifetime: textOf(budget?.lifetime),
    daily: textOf(budget?.daily),
  }));
  const hintId = React.useId();
  const currency = rate?.currency ?? '';
  const change = (key: 'lifetime' | 'daily', text: string) => {
    const next = { ...texts, [key]: text };
    setTexts(next);
    const lifetime = amountOf(next.lifetime);
    const daily = amountOf(next.daily);
    onChange(
      lifetime === undefined && daily === undefined
        ? null
        : {
            ...(lifetime === undefined ? {} : { lifetime }),
            ...(daily === undefined ? {} : { daily }),
          },
    );
  };
  const field = (key: 'lifetime' | 'daily', label: string, description: string) => (
    <Field
      label={label}
      description={currency ? `Optional, in ${currency}. ${description}` : `Optional. ${description}`}
      error={errors?.[key]?.message ?? (key === 'lifetime' ? errors?.message : undefined)}
    >
      <Input
        inputMode="decimal"
        autoComplete="off"
        disabled={!rate}
        aria-describedby={rate ? undefined : hintId}
        value={texts[key]}
        onChange={(event) => change(key, event.target.value)}
      />
    </Field>
  );
  return (
    <>
      {field('lifetime', 'Lifetime budget', 'Serving stops once the spend reaches it.')}
      {field('daily', 'Daily budget', "Each day of the flight's timezone starts again.")}
      {rate ? null : (
        <p id={hintId} className="-mt-2 text-muted-foreground text-xs sm:col-span-2">
          Set a rate before a budget: spend is the counted events times the rate.
        </p>
      )}
    </>
  );
}

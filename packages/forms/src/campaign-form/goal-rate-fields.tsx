// The campaign form's 'Goal and rate' section: the primary goal (a metric and an amount), how it is
// delivered (as fast as possible or evenly: docs/serving.md, "Even delivery"), the booked rate (CPM,
// CPC or CPCV, an amount and an ISO 4217 currency) and the budget in that currency (budget-fields.tsx). Each is one value of the campaign body, `data.goal`,
// `data.deliveryMode` and `data.rate` ({ metric, amount } and { model, amount, currency }, or null for
// none); the amounts are typed as text and checked by the domain's schemas, whose messages show under them.
import {
  type CampaignBody,
  type CampaignBudget,
  type CampaignGoal,
  type CampaignRate,
  DELIVERY_MODE_LABELS,
  DELIVERY_MODES,
  type DeliveryMode,
  GOAL_METRIC_LABELS,
  GOAL_METRICS,
  type GoalMetric,
  RATE_MODEL_LABELS,
  RATE_MODELS,
  type RateModel,
} from '@adconsole/domain';
import { ChoiceSelect, Field, Input } from '@adconsole/ui';
import * as React from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  useController,
  useWatch,
} from 'react-hook-form';
import { currencyChoices } from '../lib/currencies';
import { BudgetFields } from './budget-fields';

const DEFAULT_CURRENCY = 'USD';

const NONE = 'none';
const metricChoices = [
  { value: NONE, label: 'No goal' },
  ...GOAL_METRICS.map((metric) => ({ value: metric, label: GOAL_METRIC_LABELS[metric] })),
];
const modelChoices = [
  { value: NONE, label: 'No rate' },
  ...RATE_MODELS.map((model) => ({ value: model, label: RATE_MODEL_LABELS[model] })),
];

/** A typed amount as a number: spaces and thousands commas dropped; NaN (the schema's message) when not one. */
function parseAmount(text: string): number {
  const plain = text.replace(/[\s,]/g, '');
  return plain === '' ? Number.NaN : Number(plain);
}
const amountText = (amount: number | undefined) =>
  amount === undefined || Number.isNaN(amount) ? '' : String(amount);

type Errors = FieldErrors<CampaignBody>;

/** The section, on the campaign form's control (whose input type reads an id as a number too). */
export function GoalRateFields<TValues extends FieldValues, TContext, TOutput>({
  control,
  errors,
}: {
  control: Control<TValues, TContext, TOutput>;
  errors: Errors;
}) {
  const mode = useController({ control, name: 'data.deliveryMode' as FieldPath<TValues> });
  const goal = useWatch({ control, name: 'data.goal' as FieldPath<TValues> }) as
    | CampaignGoal
    | null
    | undefined;
  const rate = useWatch({ control, name: 'data.rate' as FieldPath<TValues> }) as
    | CampaignRate
    | null
    | undefined;
  const budget = useWatch({ control, name: 'data.budget' as FieldPath<TValues> }) as
    | CampaignBudget
    | null
    | undefined;
  // Even delivery paces to the goal, or to what a lifetime budget buys at the rate (money pacing).
  const paced = Boolean(goal) || Boolean(rate && budget?.lifetime);
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" data-slot="goal-rate">
      <legend className="mb-2 font-medium text-sm">Goal and rate</legend>
      <p className="-mt-2 text-muted-foreground text-xs sm:col-span-2">
        Optional. Pacing follows the goal over the flight; reports figure spend from the rate, and a budget
        stops serving once spent.
      </p>
      <Controller
        control={control}
        name={'data.goal' as FieldPath<TValues>}
        render={({ field }) => (
          <GoalFields
            goal={(field.value as CampaignGoal | null | undefined) ?? null}
            onChange={(next) => {
              field.onChange(next);
              // Even delivery follows a goal (or a lifetime budget): without either, as fast as possible.
              if (!next && !(rate && budget?.lifetime) && mode.field.value === 'even')
                mode.field.onChange('asap');
            }}
            errors={errors.data?.goal}
          />
        )}
      />
      <DeliveryModeField
        mode={paced ? ((mode.field.value as DeliveryMode | undefined) ?? 'asap') : 'asap'}
        hasGoal={paced}
        onChange={mode.field.onChange}
        error={errors.data?.deliveryMode?.message}
      />
      <Controller
        control={control}
        name={'data.rate' as FieldPath<TValues>}
        render={({ field }) => (
          <RateFields
            rate={(field.value as CampaignRate | null | undefined) ?? null}
            onChange={field.onChange}
            errors={errors.data?.rate}
          />
        )}
      />
      <Controller
        control={control}
        name={'data.budget' as FieldPath<TValues>}
        render={({ field }) => (
          <BudgetFields
            budget={(field.value as CampaignBudget | null | undefined) ?? null}
            rate={rate ?? null}
            onChange={field.onChange}
            errors={errors.data?.budget}
          />
        )}
      />
    </fieldset>
  );
}

type FieldErrorsOf<T> = { message?: string | undefined } & {
  [K in keyof T]?: { message?: string | undefined };
};

function GoalFields({
  goal,
  onChange,
  errors,
}: {
  goal: CampaignGoal | null;
  onChange: (goal: CampaignGoal | null) => void;
  errors: FieldErrorsOf<CampaignGoal> | undefined;
}) {
  const [text, setText] = React.useState(() => amountText(goal?.amount));
  return (
    <>
      <Field label="Goal" error={errors?.metric?.message}>
        {(controlProps) => (
          <ChoiceSelect
            {...controlProps}
            choices={metricChoices}
            value={goal?.metric ?? NONE}
            onValueChange={(metric) =>
              onChange(metric === NONE ? null : { metric: metric as GoalMetric, amount: parseAmount(text) })
            }
          />
        )}
      </Field>
      {goal ? (
        <Field label="Goal amount" error={errors?.amount?.message ?? errors?.message}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              onChange({ ...goal, amount: parseAmount(event.target.value) });
            }}
          />
        </Field>
      ) : (
        <div className="max-sm:hidden" />
      )}
    </>
  );
}

/** What each mode does, under its radio. */
const MODE_HINTS: Record<DeliveryMode, string> = {
  asap: 'Every request the rules allow is served until the goal is reached.',
  even: "Requests are throttled so delivery follows the goal's plan hour by hour, never past the goal.",
};

/** The delivery mode: two radios, disabled with the reason while the campaign has no goal. */
function DeliveryModeField({
  mode,
  hasGoal,
  onChange,
  error,
}: {
  mode: DeliveryMode;
  hasGoal: boolean;
  onChange: (mode: DeliveryMode) => void;
  error: string | undefined;
}) {
  const hintId = React.useId();
  return (
    <fieldset
      className="grid gap-2 sm:col-span-2"
      disabled={!hasGoal}
      aria-describedby={hasGoal ? undefined : hintId}
      data-slot="delivery-mode"
    >
      <legend className="mb-1 font-medium text-sm">Delivery</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {DELIVERY_MODES.map((value) => (
          <label
            key={value}
            className="flex items-start gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:disabled]:opacity-60"
          >
            <input
              type="radio"
              name="deliveryMode"
              value={value}
              checked={mode === value}
              onChange={() => onChange(value)}
              className="mt-0.5 accent-primary"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{DELIVERY_MODE_LABELS[value]}</span>
              <span className="text-muted-foreground text-xs">{MODE_HINTS[value]}</span>
            </span>
          </label>
        ))}
      </div>
      {hasGoal ? null : (
        <p id={hintId} className="text-muted-foreground text-xs">
          Book a goal or a lifetime budget to deliver evenly: even delivery follows the goal's plan.
        </p>
      )}
      {error ? (
        <p role="alert" className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function RateFields({
  rate,
  onChange,
  errors,
}: {
  rate: CampaignRate | null;
  onChange: (rate: CampaignRate | null) => void;
  errors: FieldErrorsOf<CampaignRate> | undefined;
}) {
  const [text, setText] = React.useState(() => amountText(rate?.amount));
  const currencies = React.useMemo(() => currencyChoices(rate?.currency), [rate?.currency]);
  return (
    <>
      <Field label="Rate" error={errors?.model?.message} className="sm:col-span-2">
        {(controlProps) => (
          <ChoiceSelect
            {...controlProps}
            choices={modelChoices}
            value={rate?.model ?? NONE}
            onValueChange={(model) =>
              onChange(
                model === NONE
                  ? null
                  : {
                      model: model as RateModel,
                      amount: parseAmount(text),
                      currency: rate?.currency ?? DEFAULT_CURRENCY,
                    },
              )
            }
          />
        )}
      </Field>
      {rate ? (
        <>
          <Field label="Rate amount" error={errors?.amount?.message ?? errors?.message}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                onChange({ ...rate, amount: parseAmount(event.target.value) });
              }}
            />
          </Field>
          <Field label="Currency" error={errors?.currency?.message}>
            {(controlProps) => (
              <ChoiceSelect
                {...controlProps}
                choices={currencies}
                value={rate.currency}
                onValueChange={(currency) => onChange({ ...rate, currency })}
              />
            )}
          </Field>
        </>
      ) : null}
    </>
  );
}

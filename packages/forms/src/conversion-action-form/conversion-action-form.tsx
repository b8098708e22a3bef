// A conversion action's settings (docs/conversions.md), checked with the domain's
// conversionActionBodySchema: its name, type (purchase, lead, sign-up, other), counting (every
// conversion, or one per click), lookback window (1-90 days) and currency. A campaign's actions share
// one currency (its booked rate's when it has one): when the campaign fixes it, the form shows it and why.
// Its postback settings (docs/conversions.md, "Signed postbacks and caps"): which conversions count
// without the action's postback key, conversions per click under "every", a maximum value.
import {
  CONVERSION_COUNTING,
  CONVERSION_COUNTING_LABELS,
  CONVERSION_TYPE_LABELS,
  CONVERSION_TYPES,
  type ConversionActionBody,
  type ConversionCounting,
  type ConversionType,
  conversionActionBodySchema,
  DEFAULT_MAX_VALUE,
  LOOKBACK_DAYS,
  MAX_PER_CLICK,
  UNSIGNED_CONVERSIONS,
  UNSIGNED_CONVERSIONS_LABELS,
  type UnsignedConversions,
} from '@adconsole/domain';
import { Button, type Choice, cn, Field, Input } from '@adconsole/ui';
import type * as React from 'react';
import { useForm } from 'react-hook-form';
import { currencyChoices } from '../lib/currencies';
import { SelectField } from '../lib/fields';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';

export type ConversionActionFormValues = ConversionActionBody;

/** The currency a campaign gives its actions: fixed (with why), or free with a default. */
export type ConversionCurrencyChoice =
  | { fixed: string; why: string }
  | { fixed?: undefined; default: string };

export interface ConversionActionFormProps {
  /** An existing action: the form edits it. */
  action?: ConversionActionBody | undefined;
  currency: ConversionCurrencyChoice;
  /** Called with the checked values; the button shows pending until the returned promise settles. */
  onSubmit: (values: ConversionActionFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  submitLabel?: string;
  className?: string;
}

const typeChoices: readonly Choice<ConversionType>[] = CONVERSION_TYPES.map((type) => ({
  value: type,
  label: CONVERSION_TYPE_LABELS[type],
}));
const countingChoices: readonly Choice<ConversionCounting>[] = CONVERSION_COUNTING.map((counting) => ({
  value: counting,
  label: CONVERSION_COUNTING_LABELS[counting],
}));

const unsignedChoices: readonly Choice<UnsignedConversions>[] = UNSIGNED_CONVERSIONS.map((unsigned) => ({
  value: unsigned,
  label: UNSIGNED_CONVERSIONS_LABELS[unsigned],
}));

/** What each rule for conversions without the postback key means, under the field. */
const UNSIGNED_DESCRIPTIONS: Readonly<Record<UnsignedConversions, string>> = {
  counted:
    'Anyone with a click id can send one: the caps below bound what they add. For sites that cannot send the key.',
  'tag-only':
    "The site's tag counts without a key; a shop's or CRM's server sends the key with each postback.",
  refused: "Only the advertiser's server counts conversions, with the key: the site's tag is off.",
};

/** What each way of counting suits, under the field. */
const COUNTING_DESCRIPTIONS: Readonly<Record<ConversionCounting, string>> = {
  every: 'Each purchase after a click counts, with its value: for sales, where a buyer may order twice.',
  'one-per-click':
    'Only the first conversion of a click counts: for leads and sign-ups, where a second is not worth more.',
};

/** A whole number within `range` (a number input), with its label, description and error. */
function WholeNumberField({
  label,
  description,
  error,
  range,
  input,
}: {
  label: string;
  description: string;
  error: string | undefined;
  range: { min: number; max: number };
  input: React.ComponentProps<typeof Input>;
}) {
  return (
    <Field label={label} description={description} error={error}>
      <Input type="number" inputMode="numeric" min={range.min} max={range.max} step={1} {...input} />
    </Field>
  );
}

export function ConversionActionForm({
  action,
  currency,
  onSubmit,
  serverError,
  submitLabel,
  className,
}: ConversionActionFormProps) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: schemaResolver(conversionActionBodySchema),
    defaultValues: action ?? {
      name: '',
      type: 'purchase' as ConversionType,
      counting: 'every' as ConversionCounting,
      lookbackDays: LOOKBACK_DAYS.default,
      currency: currency.fixed ?? currency.default,
      unsigned: 'tag-only' as UnsignedConversions,
      // A new action's defaults (docs/conversions.md, "Signed postbacks and caps"): 3 a click, at most
      // 100,000 of its currency; both editable, an empty maximum is none.
      maxPerClick: MAX_PER_CLICK.newAction,
      maxValue: DEFAULT_MAX_VALUE,
    },
  });
  const counting = watch('counting') ?? 'every';
  const unsigned = watch('unsigned') ?? 'tag-only';
  const current = watch('currency');

  return (
    <form
      aria-label={action ? 'Edit conversion action' : 'New conversion action'}
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values))}
      className={cn('@container grid gap-4', className)}
      data-slot="conversion-action-form"
    >
      <FormStatus serverError={serverError} errors={errors} />
      <Field
        label="Name"
        description="As reports will show it, e.g. Purchase or Newsletter sign-up."
        error={errors.name?.message}
      >
        <Input autoComplete="off" {...register('name')} />
      </Field>
      {/* Type and lookback side by side where the form has room (a dialog on a desktop), else one a row. */}
      <div className="grid gap-4 @md:grid-cols-2">
        <SelectField
          control={control}
          name="type"
          label="Type"
          error={errors.type?.message}
          choices={typeChoices}
        />
        <WholeNumberField
          label="Lookback window (days)"
          description={`Counts conversions up to this many days after the click (${LOOKBACK_DAYS.min}-${LOOKBACK_DAYS.max}).`}
          error={errors.lookbackDays?.message}
          range={LOOKBACK_DAYS}
          input={register('lookbackDays', { valueAsNumber: true })}
        />
      </div>
      <SelectField
        control={control}
        name="counting"
        label="Counting"
        description={COUNTING_DESCRIPTIONS[counting]}
        error={errors.counting?.message}
        choices={countingChoices}
      />
      {currency.fixed !== undefined ? (
        <Field label="Currency" description={currency.why}>
          <Input readOnly value={currency.fixed} />
        </Field>
      ) : (
        <SelectField
          control={control}
          name="currency"
          label="Currency"
          description="Conversion values are summed in it. Every action of the campaign uses the same one."
          error={errors.currency?.message}
          choices={currencyChoices(current)}
        />
      )}
      <SelectField
        control={control}
        name="unsigned"
        label="Conversions without the postback key"
        description={UNSIGNED_DESCRIPTIONS[unsigned]}
        error={errors.unsigned?.message}
        choices={unsignedChoices}
      />
      <div className="grid gap-4 @md:grid-cols-2">
        {counting === 'every' ? (
          <WholeNumberField
            label="Conversions per click"
            description={`At most this many count from one click (${MAX_PER_CLICK.min}-${MAX_PER_CLICK.max}); the rest are refused.`}
            error={errors.maxPerClick?.message}
            range={MAX_PER_CLICK}
            input={register('maxPerClick', { valueAsNumber: true })}
          />
        ) : null}
        <Field
          label="Maximum value (optional)"
          description="A conversion worth more is refused, never counted. Empty: no maximum."
          error={errors.maxValue?.message}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder="e.g. 500.00" {...register('maxValue')} />
        </Field>
      </div>
      <Button type="submit" loading={isSubmitting} className="justify-self-start">
        {submitLabel ?? (action ? 'Save conversion action' : 'Create conversion action')}
      </Button>
    </form>
  );
}

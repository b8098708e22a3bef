// An advertiser's name, currency, billing contact, notes, whether its creatives need approval before
// publishing (docs/product.md §3, advertisers; §4, "Approval") and whether its clients see its costs
// (docs/security.md, "Client access"), checked
// with the domain's createAdvertiserRequestSchema: its messages show under the fields, and the first
// field in error takes the focus. The currency is an ISO 4217 code: the common ones are offered as the
// reader types, any other the runtime knows can be typed.
import { type CreateAdvertiserRequest, createAdvertiserRequestSchema } from '@adconsole/domain';
import { Button, cn, Field, Input, Textarea } from '@adconsole/ui';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { currencyChoices } from '../lib/currencies';
import { SwitchField } from '../lib/fields';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';

export type AdvertiserFormValues = CreateAdvertiserRequest;

/** What the form shows of an existing advertiser. */
export interface AdvertiserFormDefaults {
  name: string;
  currency: string;
  billingName?: string | null | undefined;
  billingEmail?: string | null | undefined;
  notes?: string | null | undefined;
  requiresApproval?: boolean | undefined;
  clientSeesCosts?: boolean | undefined;
}

export interface AdvertiserFormProps {
  /** An existing advertiser: the form edits it. */
  advertiser?: AdvertiserFormDefaults | undefined;
  /** Called with the checked values; the button shows pending until the returned promise settles. */
  onSubmit: (values: AdvertiserFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  submitLabel?: string;
  className?: string;
}

const DEFAULT_CURRENCY = 'USD';

export function AdvertiserForm({
  advertiser,
  onSubmit,
  serverError,
  submitLabel,
  className,
}: AdvertiserFormProps) {
  const currencyListId = `${React.useId()}-currencies`;
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: schemaResolver(createAdvertiserRequestSchema),
    defaultValues: {
      name: advertiser?.name ?? '',
      currency: advertiser?.currency ?? DEFAULT_CURRENCY,
      billingName: advertiser?.billingName ?? '',
      billingEmail: advertiser?.billingEmail ?? '',
      notes: advertiser?.notes ?? '',
      requiresApproval: advertiser?.requiresApproval ?? false,
      clientSeesCosts: advertiser?.clientSeesCosts ?? false,
    },
  });
  const currencies = React.useMemo(() => currencyChoices(advertiser?.currency), [advertiser?.currency]);

  return (
    <form
      aria-label={advertiser ? 'Edit advertiser' : 'New advertiser'}
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values))}
      className={cn('@container grid grid-cols-1 gap-4', className)}
      data-slot="advertiser-form"
    >
      <FormStatus serverError={serverError} errors={errors} />
      <Field
        label="Name"
        description="As its campaigns, VAST ads and statements name it."
        error={errors.name?.message}
      >
        <Input autoComplete="organization" {...register('name')} />
      </Field>
      <Field
        label="Currency"
        description={
          advertiser
            ? 'Its campaigns’ rates and budgets and its orders are in it; it cannot change while a campaign has a rate in it or a budget.'
            : 'ISO 4217 code (USD, EUR, …): its campaigns’ rates and budgets and its insertion orders are in it.'
        }
        error={errors.currency?.message}
      >
        <Input
          autoComplete="off"
          list={currencyListId}
          maxLength={3}
          className="max-w-32 font-mono uppercase"
          {...register('currency')}
        />
      </Field>
      <datalist id={currencyListId}>
        {currencies.map((choice) => (
          <option key={choice.value} value={choice.value} />
        ))}
      </datalist>
      <div className="grid gap-4 @md:grid-cols-2">
        <Field label="Billing name (optional)" error={errors.billingName?.message}>
          <Input autoComplete="off" {...register('billingName')} />
        </Field>
        <Field label="Billing e-mail (optional)" error={errors.billingEmail?.message}>
          <Input type="email" autoComplete="off" {...register('billingEmail')} />
        </Field>
      </div>
      <Field label="Notes (optional)" error={errors.notes?.message}>
        <Textarea rows={3} className="max-h-48" {...register('notes')} />
      </Field>
      <SwitchField
        control={control}
        name="requiresApproval"
        label="Requires approval"
        description="Its creatives are published only once approved, in the console or through a preview link."
      />
      <SwitchField
        control={control}
        name="clientSeesCosts"
        label="Client sees costs"
        description="Its client accounts see rates, budgets, spend and insertion orders; otherwise delivery figures only."
      />
      <Button type="submit" loading={isSubmitting} className="justify-self-start">
        {submitLabel ?? (advertiser ? 'Save advertiser' : 'Create advertiser')}
      </Button>
    </form>
  );
}

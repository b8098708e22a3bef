// An insertion order (docs/product.md §3, insertion orders): its PO number, name, flight days, budget in
// the advertiser's currency and the campaigns of the advertiser it funds, checked with the domain's
// createInsertionOrderRequestSchema: its messages show under the fields, and the first field in error
// takes the focus. The budget is typed as text (thousands commas allowed) and read as a number.
import { type CreateInsertionOrderRequest, createInsertionOrderRequestSchema } from '@adconsole/domain';
import { Button, Checkbox, cn, Field, FieldError, Input } from '@adconsole/ui';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DateField } from '../lib/fields';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';

export type InsertionOrderFormValues = CreateInsertionOrderRequest;

/** What the form shows of an existing order. */
export interface InsertionOrderFormDefaults {
  poNumber: string;
  name: string;
  start: { date: string } | null;
  end: { date: string } | null;
  budget: number;
  campaignIds: readonly string[];
}

/** A campaign of the advertiser the order may fund. */
export interface InsertionOrderCampaignChoice {
  id: string;
  name: string;
}

export interface InsertionOrderFormProps {
  advertiserId: string;
  /** The advertiser's currency (ISO 4217): the budget is in it. */
  currency: string;
  /** The advertiser's campaigns, offered as checkboxes. */
  campaigns: readonly InsertionOrderCampaignChoice[];
  /** An existing order: the form edits it. */
  order?: InsertionOrderFormDefaults | undefined;
  /** Called with the checked values; the button shows pending until the returned promise settles. */
  onSubmit: (values: InsertionOrderFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  submitLabel?: string;
  className?: string;
}

/** A typed amount as a number: spaces and thousands commas dropped; NaN (the schema's message) when not one. */
function parseAmount(text: string): number {
  const plain = text.replace(/[\s,]/g, '');
  return plain === '' ? Number.NaN : Number(plain);
}

export function InsertionOrderForm({
  advertiserId,
  currency,
  campaigns,
  order,
  onSubmit,
  serverError,
  submitLabel,
  className,
}: InsertionOrderFormProps) {
  const campaignsErrorId = `${React.useId()}-campaigns-error`;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: schemaResolver(createInsertionOrderRequestSchema),
    defaultValues: {
      advertiserId,
      poNumber: order?.poNumber ?? '',
      name: order?.name ?? '',
      start: order?.start ?? null,
      end: order?.end ?? null,
      budget: order?.budget ?? Number.NaN,
      campaignIds: [...(order?.campaignIds ?? [])],
    },
  });
  const campaignsError = errors.campaignIds?.message ?? errors.campaignIds?.root?.message;

  return (
    <form
      aria-label={order ? 'Edit insertion order' : 'New insertion order'}
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values))}
      className={cn('@container grid grid-cols-1 gap-4', className)}
      data-slot="insertion-order-form"
    >
      <FormStatus serverError={serverError} errors={errors} />
      <div className="grid gap-4 @md:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <Field
          label="PO number"
          description="The advertiser’s purchase order, as invoices quote it."
          error={errors.poNumber?.message}
        >
          <Input autoComplete="off" className="font-mono" {...register('poNumber')} />
        </Field>
        <Field label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...register('name')} />
        </Field>
      </div>
      <div className="grid gap-4 @md:grid-cols-2">
        <DateField
          control={control}
          name="start"
          label="Start date (optional)"
          error={errors.start?.date?.message ?? errors.start?.message}
        />
        <DateField
          control={control}
          name="end"
          label="End date (optional)"
          error={errors.end?.date?.message ?? errors.end?.message}
        />
      </div>
      <Controller
        control={control}
        name="budget"
        render={({ field }) => (
          <BudgetField
            currency={currency}
            budget={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.budget?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="campaignIds"
        render={({ field }) => {
          const chosen = (field.value ?? []) as readonly string[];
          return (
            <fieldset
              className="grid gap-2"
              aria-describedby={campaignsError ? campaignsErrorId : undefined}
              aria-invalid={campaignsError ? true : undefined}
            >
              <legend className="mb-1 font-medium text-sm">Campaigns it funds</legend>
              {campaigns.length === 0 ? (
                <p className="text-muted-foreground text-sm">
                  The advertiser has no campaigns yet: link them here once it has.
                </p>
              ) : (
                <div className="grid max-h-56 gap-2 overflow-y-auto @md:grid-cols-2">
                  {campaigns.map((campaign) => (
                    <Field key={campaign.id} orientation="horizontal" label={campaign.name}>
                      {(controlProps) => (
                        <Checkbox
                          {...controlProps}
                          name={`campaignIds.${campaign.id}`}
                          checked={chosen.includes(campaign.id)}
                          onCheckedChange={(checked) =>
                            field.onChange(
                              checked === true
                                ? campaigns
                                    .map((each) => each.id)
                                    .filter((id) => id === campaign.id || chosen.includes(id))
                                : chosen.filter((id) => id !== campaign.id),
                            )
                          }
                          onBlur={field.onBlur}
                        />
                      )}
                    </Field>
                  ))}
                </div>
              )}
              <p className="text-muted-foreground text-xs">
                A campaign funded by another of its orders moves to this one.
              </p>
              {campaignsError ? <FieldError id={campaignsErrorId}>{campaignsError}</FieldError> : null}
            </fieldset>
          );
        }}
      />
      <Button type="submit" loading={isSubmitting} className="justify-self-start">
        {submitLabel ?? (order ? 'Save insertion order' : 'Create insertion order')}
      </Button>
    </form>
  );
}

/** The budget typed as text in the advertiser's currency; the field holds the number it reads. */
function BudgetField({
  currency,
  budget,
  onChange,
  onBlur,
  inputRef,
  error,
}: {
  currency: string;
  budget: number | undefined;
  onChange: (budget: number) => void;
  onBlur: () => void;
  inputRef: React.Ref<HTMLInputElement>;
  error: string | undefined;
}) {
  const [text, setText] = React.useState(() =>
    budget === undefined || Number.isNaN(budget) ? '' : String(budget),
  );
  return (
    <Field
      label={`Budget (${currency})`}
      description="What the order may spend, all its campaigns together."
      error={error}
    >
      <Input
        ref={inputRef}
        inputMode="decimal"
        autoComplete="off"
        className="max-w-48"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseAmount(event.target.value));
        }}
        onBlur={onBlur}
      />
    </Field>
  );
}

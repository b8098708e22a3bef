// A campaign's copy (docs/product.md §4, "Duplicating a campaign"): its name and new flight dates, as
// Google Ad Manager's copy of a line item asks for them. The caller prefills them (the copy rule's name;
// today with the flight's length when the original has started: the domain's duplicateFlightDays); the
// domain's campaignCopySchema checks them as a campaign's flight is checked.
import { type CampaignCopy, campaignCopySchema } from '@adconsole/domain';
import { Button, cn, Field, Input } from '@adconsole/ui';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { DateField } from '../lib/fields';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';

export type DuplicateCampaignFormValues = CampaignCopy;

export interface DuplicateCampaignFormProps {
  defaultValues: DuplicateCampaignFormValues;
  /** The zone the dates are read in, said under them (the original's, which the copy keeps). */
  timezone?: string;
  /** Called with the checked values; the button shows pending until the returned promise settles. */
  onSubmit: (values: DuplicateCampaignFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  /** Beside the submit button (e.g. Cancel). */
  actions?: ReactNode;
  className?: string;
}

export function DuplicateCampaignForm({
  defaultValues,
  timezone = 'UTC',
  onSubmit,
  serverError,
  actions,
  className,
}: DuplicateCampaignFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: schemaResolver(campaignCopySchema), defaultValues });
  const zone = `In the campaign's timezone (${timezone}), which the copy keeps.`;
  return (
    <form
      aria-label="Duplicate campaign"
      noValidate
      onSubmit={handleSubmit(async (values) => onSubmit(values))}
      className={cn('grid gap-4', className)}
      data-slot="duplicate-campaign-form"
    >
      <FormStatus serverError={serverError} errors={errors} />
      <Field label="Name of the copy" error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          control={control}
          name="start"
          label="Start date"
          description={zone}
          error={errors.start?.message ?? errors.start?.date?.message}
        />
        <DateField
          control={control}
          name="end"
          label="End date"
          error={errors.end?.message ?? errors.end?.date?.message}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {actions}
        <Button type="submit" loading={isSubmitting}>
          Duplicate campaign
        </Button>
      </div>
    </form>
  );
}

import {
  type CampaignBody,
  campaignBodySchema,
  DEFAULT_CAMPAIGN_TIMEZONE,
  DEFAULT_CLICK_PARAM,
  defaultTimezone,
  timezones,
} from '@adconsole/domain';
import { Button, cn, Field, Input } from '@adconsole/ui';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DateField, TimezoneField } from '../lib/fields';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';
import { AdvertiserFields, type CampaignAdvertiserChoices } from './advertiser-fields';
import { GoalRateFields } from './goal-rate-fields';
import { ServingPauseDialog, servingPausedUntil } from './serving-pause';

export type CampaignFormValues = CampaignBody;

export interface CampaignFormProps {
  /** An existing campaign's values; with an `id` the form edits that campaign. */
  defaultValues?: Partial<CampaignFormValues>;
  /** Called with the checked campaign body; the button shows pending until the returned promise settles. */
  onSubmit: (values: CampaignFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  /** Shown in a success alert once the campaign is saved. */
  successMessage?: React.ReactNode;
  submitLabel?: string;
  className?: string;
  /** The clock that says whether the campaign is live (stories pin it). */
  now?: Date;
  /** Each edit's values, checked or not (the console's inventory forecast follows them). */
  onValuesChange?: ((values: Partial<CampaignFormValues>) => void) | undefined;
  /** Drawn before the submit button (the console's inventory forecast). */
  beforeSubmit?: React.ReactNode;
  /**
   * The user's advertisers and the chosen one's insertion orders: the advertiser is chosen from them
   * (`advertiserId`, `insertionOrderId`). Without them it is typed (`data.advertiser`).
   */
  advertiserChoices?: CampaignAdvertiserChoices | undefined;
}

/** UTC first, then the console's zones (the flight's timezone picker). */
const timezoneList = [defaultTimezone, ...timezones.filter((zone) => zone.tzCode !== defaultTimezone.tzCode)];

/**
 * A campaign's name, advertiser, flight dates (read in the campaign's timezone, UTC by default), goal,
 * booked rate and click id parameter, checked with the domain's campaign body rules.
 */
export function CampaignForm({
  defaultValues,
  onSubmit,
  serverError,
  successMessage,
  submitLabel,
  className,
  now,
  onValuesChange,
  beforeSubmit,
  advertiserChoices,
}: CampaignFormProps) {
  // Values held back while the user confirms that the campaign stops serving until its new start.
  const [pausing, setPausing] = React.useState<{ values: CampaignFormValues; until: string }>();
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: schemaResolver(campaignBodySchema),
    defaultValues: { name: '', data: { start: null, end: null }, ...defaultValues },
  });
  const editing = defaultValues?.id !== undefined;
  React.useEffect(() => {
    if (!onValuesChange) return;
    const watching = watch((values) => onValuesChange(values as Partial<CampaignFormValues>));
    return () => watching.unsubscribe();
  }, [watch, onValuesChange]);

  return (
    <form
      aria-label={editing ? 'Edit campaign' : 'New campaign'}
      noValidate
      onSubmit={handleSubmit((values) => {
        const until = editing
          ? servingPausedUntil(defaultValues?.data, values.data ?? {}, now ?? new Date())
          : undefined;
        if (until) setPausing({ values, until });
        else return onSubmit(values);
      })}
      className={cn('grid gap-4', className)}
      data-slot="campaign-form"
    >
      <FormStatus successMessage={successMessage} serverError={serverError} errors={errors} />
      {editing ? (
        <Field label="Campaign ID" description="Quote it to your ad operations team and on insertion orders.">
          <Input readOnly value={String(defaultValues?.id)} className="font-mono" />
        </Field>
      ) : null}
      <Field label="Campaign name" error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </Field>
      {advertiserChoices ? (
        <AdvertiserFields
          control={control}
          choices={advertiserChoices}
          errors={{
            advertiserId: errors.advertiserId?.message,
            insertionOrderId: errors.insertionOrderId?.message,
          }}
        />
      ) : (
        <Controller
          control={control}
          name="data.advertiser"
          render={({ field }) => (
            <Field
              label="Advertiser"
              description="Optional. Video ads name it to players and verification vendors."
              error={errors.data?.advertiser?.message}
            >
              <Input
                autoComplete="off"
                name={field.name}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            </Field>
          )}
        />
      )}
      {/* One flight date a row: a date and its time of day side by side fit a dialog and a phone. */}
      <div className="grid gap-4">
        <DateField
          control={control}
          name="data.start"
          label="Start date"
          timeLabel="Start time (optional)"
          error={errors.data?.start?.date?.message ?? errors.data?.start?.message}
        />
        <DateField
          control={control}
          name="data.end"
          label="End date"
          timeLabel="End time (optional)"
          error={errors.data?.end?.date?.message ?? errors.data?.end?.message}
        />
        <TimezoneField
          control={control}
          name="data.timezone"
          label="Timezone of the dates"
          description="Ads serve from the start date (at 00:00 unless a time is given) to the end of the end date (or its time) in this timezone."
          error={errors.data?.timezone?.message}
          timezones={timezoneList}
          fallback={DEFAULT_CAMPAIGN_TIMEZONE}
        />
      </div>
      <GoalRateFields control={control} errors={errors} />
      <Controller
        control={control}
        name="data.clickParam"
        render={({ field }) => (
          <Field
            label="Click id parameter"
            description={`Conversions: the landing URL's parameter that carries the click id to the advertiser's site (${DEFAULT_CLICK_PARAM} when empty). Change it only when the site uses that name already; the site tag reads the same name.`}
            error={errors.data?.clickParam?.message}
          >
            <Input
              autoComplete="off"
              placeholder={DEFAULT_CLICK_PARAM}
              className="font-mono"
              name={field.name}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          </Field>
        )}
      />
      {beforeSubmit}
      <Button type="submit" loading={isSubmitting}>
        {submitLabel ?? (editing ? 'Save campaign' : 'Create campaign')}
      </Button>
      <ServingPauseDialog
        until={pausing?.until}
        onCancel={() => setPausing(undefined)}
        onConfirm={() => {
          if (pausing) void onSubmit(pausing.values);
          setPausing(undefined);
        }}
      />
    </form>
  );
}

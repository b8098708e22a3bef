import type { ReportFormat } from '@adconsole/domain';
import { Button, ChoiceSelect, cn, Field, Switch } from '@adconsole/ui';
import { Controller, useForm } from 'react-hook-form';
import { formatChoices } from '../lib/choices';
import { FormStatus } from '../lib/form-status';

export interface ReportExportFormValues {
  format: ReportFormat;
  /** Include the video quartiles; always false for PDF, which is printed from the page. */
  withVideo: boolean;
  /**
   * Include the breakdown the report page shows (its chosen tab); only with `breakdownLabel`. A PDF
   * prints the page, which shows it anyway.
   */
  withBreakdown?: boolean;
}

export interface ReportExportFormProps {
  defaultValues?: Partial<ReportExportFormValues>;
  /** Called with the chosen format; the button shows pending until the returned promise settles. */
  onSubmit: (values: ReportExportFormValues) => Promise<void> | void;
  /** The download's error text, shown in an alert. */
  serverError?: string | null;
  /** Turns the whole section off (no report loaded yet, say). */
  disabled?: boolean;
  /**
   * The breakdown the page shows, as the switch names it ('country' gives "Breakdown by country", on
   * by default); no switch without it.
   */
  breakdownLabel?: string;
  className?: string;
}

/**
 * The export section of the reporting side menu: a format, the Video Quartiles switch and, when the
 * page shows a breakdown, a switch that puts it in the file.
 */
export function ReportExportForm({
  defaultValues,
  onSubmit,
  serverError,
  disabled = false,
  breakdownLabel,
  className,
}: ReportExportFormProps) {
  const { control, handleSubmit, watch, setValue, formState } = useForm<ReportExportFormValues>({
    defaultValues: { format: 'csv', withVideo: false, withBreakdown: true, ...defaultValues },
  });
  // PDF comes from the browser's print dialog, which cannot add the video quartile sheet.
  const isPdf = watch('format') === 'pdf';

  return (
    <form
      aria-label="Export report"
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit({
          format: values.format,
          withVideo: values.format === 'pdf' ? false : values.withVideo,
          ...(breakdownLabel === undefined ? {} : { withBreakdown: values.withBreakdown ?? true }),
        }),
      )}
      className={cn('grid gap-4', className)}
      data-slot="report-export-form"
    >
      <FormStatus serverError={serverError} errors={formState.errors} />
      <Controller
        control={control}
        name="format"
        render={({ field }) => (
          <Field label="Download format" disabled={disabled}>
            {(controlProps) => (
              <ChoiceSelect
                {...controlProps}
                choices={formatChoices}
                value={field.value}
                disabled={disabled}
                onValueChange={(format) => {
                  field.onChange(format);
                  if (format === 'pdf') setValue('withVideo', false);
                }}
              />
            )}
          </Field>
        )}
      />
      <Controller
        control={control}
        name="withVideo"
        render={({ field }) => (
          <Field
            label="Video Quartiles"
            orientation="horizontal"
            disabled={disabled || isPdf}
            description={isPdf ? 'Not available in PDF.' : undefined}
          >
            {(controlProps) => (
              <Switch
                {...controlProps}
                name={field.name}
                checked={field.value}
                disabled={disabled || isPdf}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          </Field>
        )}
      />
      {breakdownLabel === undefined ? null : (
        <Controller
          control={control}
          name="withBreakdown"
          render={({ field }) => (
            <Field
              label={`Breakdown by ${breakdownLabel}`}
              orientation="horizontal"
              disabled={disabled || isPdf}
              description={isPdf ? 'The printed page shows it.' : undefined}
            >
              {(controlProps) => (
                <Switch
                  {...controlProps}
                  name={field.name}
                  checked={isPdf || (field.value ?? true)}
                  disabled={disabled || isPdf}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            </Field>
          )}
        />
      )}
      <Button type="submit" loading={formState.isSubmitting} disabled={disabled}>
        Download
      </Button>
    </form>
  );
}

import type { ReportFormat } from '@adconsole/domain';
import { Button, ChoiceSelect, cn, Field, Switch } from '@adconsole/ui';
import { type FormEvent, useState } from 'react';
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
 * page shows a breakdown, a switch that puts it in the file. Three controls with nothing to check: plain
 * state, not react-hook-form, which would otherwise be on the first load of every report and share page.
 */
export function ReportExportForm({
  defaultValues,
  onSubmit,
  serverError,
  disabled = false,
  breakdownLabel,
  className,
}: ReportExportFormProps) {
  const [values, setValues] = useState<ReportExportFormValues>({
    format: 'csv',
    withVideo: false,
    withBreakdown: true,
    ...defaultValues,
  });
  const [isSubmitting, setSubmitting] = useState(false);
  const set = (changed: Partial<ReportExportFormValues>) =>
    setValues((current) => ({ ...current, ...changed }));
  // PDF comes from the browser's print dialog, which cannot add the video quartile sheet.
  const isPdf = values.format === 'pdf';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    try {
      await onSubmit({
        format: values.format,
        withVideo: isPdf ? false : values.withVideo,
        ...(breakdownLabel === undefined ? {} : { withBreakdown: values.withBreakdown ?? true }),
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      aria-label="Export report"
      noValidate
      onSubmit={submit}
      className={cn('grid gap-4', className)}
      data-slot="report-export-form"
    >
      <FormStatus serverError={serverError} />
      <Field label="Download format" disabled={disabled}>
        {(controlProps) => (
          <ChoiceSelect
            {...controlProps}
            choices={formatChoices}
            value={values.format}
            disabled={disabled}
            onValueChange={(format) => set(format === 'pdf' ? { format, withVideo: false } : { format })}
          />
        )}
      </Field>
      <SwitchField
        label="Video Quartiles"
        name="withVideo"
        checked={values.withVideo}
        disabled={disabled || isPdf}
        description={isPdf ? 'Not available in PDF.' : undefined}
        onCheckedChange={(withVideo) => set({ withVideo })}
      />
      {breakdownLabel === undefined ? null : (
        <SwitchField
          label={`Breakdown by ${breakdownLabel}`}
          name="withBreakdown"
          checked={isPdf || (values.withBreakdown ?? true)}
          disabled={disabled || isPdf}
          description={isPdf ? 'The printed page shows it.' : undefined}
          onCheckedChange={(withBreakdown) => set({ withBreakdown })}
        />
      )}
      <Button type="submit" loading={isSubmitting} disabled={disabled}>
        Download
      </Button>
    </form>
  );
}

/** A switch with its label beside it and, when it is off limits, why. */
function SwitchField({
  label,
  name,
  checked,
  disabled,
  description,
  onCheckedChange,
}: {
  label: string;
  name: keyof ReportExportFormValues;
  checked: boolean;
  disabled: boolean;
  description: string | undefined;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <Field label={label} orientation="horizontal" disabled={disabled} description={description}>
      {(controlProps) => (
        <Switch
          {...controlProps}
          name={name}
          checked={checked}
          disabled={disabled}
          onCheckedChange={onCheckedChange}
        />
      )}
    </Field>
  );
}

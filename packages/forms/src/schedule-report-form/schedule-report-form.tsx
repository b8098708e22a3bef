import {
  RECIPIENT_STATE_LABELS,
  REPORT_FORMAT_LABELS,
  type RecipientState,
  type ScheduledReport,
  type ScheduledReportBody,
  type ScheduledReportBodyInput,
  scheduledReportBodySchema,
  timezones,
} from '@adconsole/domain';
import { Badge, Button, cn, Field, FieldError, Input } from '@adconsole/ui';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formatChoices, frequencyChoices, reportTypeChoices } from '../lib/choices';
import { SelectField, TimezoneField } from '../lib/fields';
import { FormStatus } from '../lib/form-status';
import { schemaResolver } from '../lib/resolver';

export type ScheduleReportFormValues = ScheduledReportBody;

export interface ScheduleReportFormProps {
  /** The campaign the schedule reports on; sent with the values. */
  campaignID: string;
  defaultValues?: Partial<Omit<ScheduledReportBodyInput, 'campaignID'>>;
  /** Called with the checked schedule; the button shows pending until the returned promise settles. */
  onSubmit: (values: ScheduleReportFormValues) => Promise<void> | void;
  /** The server's error text, shown in an alert. */
  serverError?: string | null;
  /** Shown in a success alert once the schedule is saved. */
  successMessage?: React.ReactNode;
  /** The campaign's existing schedules, listed under the form. */
  scheduledReports?: readonly ScheduledReport[];
  /** Deletes one existing schedule; its button shows pending until the returned promise settles. */
  onDelete?: (id: string) => Promise<void> | void;
  /** Mails one schedule's last complete period now; its button shows pending until the promise settles. */
  onSendNow?: (id: string) => Promise<void> | void;
  className?: string;
}

const timezoneList = [...timezones];

/** The schedule-report dialog's content: a new schedule's definition and the campaign's existing schedules. */
export function ScheduleReportForm({
  campaignID,
  defaultValues,
  onSubmit,
  serverError,
  successMessage,
  scheduledReports = [],
  onDelete,
  onSendNow,
  className,
}: ScheduleReportFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: schemaResolver(scheduledReportBodySchema),
    defaultValues: {
      name: '',
      frequency: 'Weekly',
      reportType: 'Summary',
      format: 'pdf',
      timezone: 'UTC',
      recipients: [''],
      ...defaultValues,
      campaignID,
    },
  });

  return (
    <div className={cn('grid gap-6', className)} data-slot="schedule-report-form">
      <form
        aria-label="Schedule report"
        noValidate
        onSubmit={handleSubmit((values) => onSubmit(values))}
        className="grid gap-4"
      >
        <FormStatus successMessage={successMessage} serverError={serverError} errors={errors} />
        <Field label="Report name" error={errors.name?.message}>
          <Input {...register('name')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={control}
            name="frequency"
            label="Frequency"
            error={errors.frequency?.message}
            choices={frequencyChoices}
          />
          <SelectField
            control={control}
            name="reportType"
            label="Report type"
            error={errors.reportType?.message}
            choices={reportTypeChoices}
          />
          <SelectField
            control={control}
            name="format"
            label="Format"
            error={errors.format?.message}
            choices={formatChoices}
          />
          <TimezoneField
            control={control}
            name="timezone"
            label="Timezone"
            error={errors.timezone?.message}
            timezones={timezoneList}
          />
        </div>
        <Controller
          control={control}
          name="recipients"
          render={({ field }) => (
            <RecipientList
              recipients={field.value ?? []}
              onChange={field.onChange}
              listError={errors.recipients?.message ?? errors.recipients?.root?.message}
              rowErrors={(field.value ?? []).map((_, index) => errors.recipients?.[index]?.message)}
            />
          )}
        />
        <Button type="submit" loading={isSubmitting}>
          Schedule report
        </Button>
      </form>
      <ScheduledReportList scheduledReports={scheduledReports} onDelete={onDelete} onSendNow={onSendNow} />
    </div>
  );
}

interface RecipientListProps {
  recipients: string[];
  onChange: (recipients: string[]) => void;
  listError: string | undefined;
  rowErrors: (string | undefined)[];
}

function RecipientList({ recipients, onChange, listError, rowErrors }: RecipientListProps) {
  const id = React.useId();
  const listErrorId = listError ? `${id}-error` : undefined;
  return (
    <fieldset className="grid gap-2" aria-describedby={listErrorId} data-slot="recipient-list">
      <legend className="mb-2 font-medium text-sm">Recipients</legend>
      {recipients.map((recipient, index) => {
        const number = index + 1;
        const error = rowErrors[index];
        const errorId = error ? `${id}-${index}-error` : undefined;
        return (
          // Rows are plain strings without ids; the position is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="grid gap-1">
            <div className="flex gap-2">
              <Input
                type="email"
                aria-label={`Recipient ${number}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={errorId}
                value={recipient}
                onChange={(event) =>
                  onChange(recipients.map((value, at) => (at === index ? event.target.value : value)))
                }
              />
              <Button
                variant="outline"
                aria-label={`Remove recipient ${number}`}
                onClick={() => onChange(recipients.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            </div>
            {error ? <FieldError id={errorId}>{error}</FieldError> : null}
          </div>
        );
      })}
      {listError ? <FieldError id={listErrorId}>{listError}</FieldError> : null}
      <Button
        variant="secondary"
        className="justify-self-start"
        onClick={() => onChange([...recipients, ''])}
      >
        Add recipient
      </Button>
    </fieldset>
  );
}

/**
 * Each recipient with where it stands: only confirmed ones are mailed, an outside address awaits its
 * confirmation, an unsubscribed one gets nothing (the domain's RECIPIENT_STATES).
 */
function RecipientStatesList({ report }: { report: ScheduledReport }) {
  const states = report.recipientStates;
  // A schedule answered without states (an older server): its addresses, as they were given.
  if (!states) {
    return report.recipients?.length ? (
      <span className="truncate text-muted-foreground text-xs">{report.recipients.join(', ')}</span>
    ) : null;
  }
  if (states.length === 0) return null;
  return (
    <ul aria-label={`Recipients of ${report.name ?? 'the schedule'}`} className="grid gap-0.5 text-xs">
      {states.map(({ address, state }) => (
        <li key={address} className="flex min-w-0 flex-wrap items-center gap-x-2">
          <span className="truncate text-muted-foreground">{address}</span>
          <Badge variant={RECIPIENT_BADGE[state]}>{RECIPIENT_STATE_LABELS[state]}</Badge>
        </li>
      ))}
    </ul>
  );
}

const RECIPIENT_BADGE: Record<RecipientState, 'success' | 'warning' | 'outline'> = {
  confirmed: 'success',
  awaiting: 'warning',
  unsubscribed: 'outline',
};

interface ScheduledReportListProps {
  scheduledReports: readonly ScheduledReport[];
  onDelete: ((id: string) => Promise<void> | void) | undefined;
  onSendNow: ((id: string) => Promise<void> | void) | undefined;
}

function ScheduledReportList({ scheduledReports, onDelete, onSendNow }: ScheduledReportListProps) {
  // Which schedule's button is under way, and which one ('delete' or 'send').
  const [pending, setPending] = React.useState<{ id: string; action: 'delete' | 'send' } | null>(null);
  const run = async (id: string, action: 'delete' | 'send') => {
    setPending({ id, action });
    try {
      await (action === 'delete' ? onDelete : onSendNow)?.(id);
    } finally {
      setPending(null);
    }
  };
  return (
    <section aria-label="Scheduled reports" className="grid gap-2" data-slot="scheduled-report-list">
      <h3 className="font-semibold text-sm">Scheduled reports</h3>
      {scheduledReports.length === 0 ? (
        <p className="text-muted-foreground text-sm">No reports scheduled for this campaign yet.</p>
      ) : (
        <ul className="grid gap-2">
          {scheduledReports.map((report) => {
            const name = report.name ?? `Schedule ${report.id}`;
            const details = [
              report.frequency,
              report.reportType,
              report.format ? REPORT_FORMAT_LABELS[report.format] : undefined,
              report.timezone,
            ].filter(Boolean);
            return (
              <li
                key={report.id}
                className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm"
              >
                <div className="grid min-w-0 gap-0.5">
                  <span className="truncate font-medium">{name}</span>
                  <span className="truncate text-muted-foreground text-xs">{details.join(' · ')}</span>
                  <RecipientStatesList report={report} />
                </div>
                <div className="flex shrink-0 gap-2">
                  {onSendNow ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Send now: ${name}`}
                      loading={pending?.id === report.id && pending.action === 'send'}
                      onClick={() => run(report.id, 'send')}
                    >
                      Send now
                    </Button>
                  ) : null}
                  {onDelete ? (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Delete ${name}`}
                      loading={pending?.id === report.id && pending.action === 'delete'}
                      onClick={() => run(report.id, 'delete')}
                    >
                      Delete
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

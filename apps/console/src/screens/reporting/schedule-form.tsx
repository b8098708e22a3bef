// The schedule dialog's body (docs/product.md §1, "Scheduled reports"), a module of its own: the
// reporting menu loads it when the owner opens the dialog (or points at its button), so the form and
// react-hook-form are not on the first load of every report (docs/console.md, "On demand").
import {
  errorMessage,
  MESSAGES,
  type ScheduledReport,
  type ScheduledReportBodyInput,
  type Timezone,
} from '@adconsole/domain';
import { ScheduleReportForm } from '@adconsole/forms';
import { useState } from 'react';

export interface ScheduleFormProps {
  campaignID: string;
  schedules: readonly ScheduledReport[];
  timezone: Timezone;
  onSchedule: (body: ScheduledReportBodyInput) => Promise<void>;
  onDeleteSchedule: (id: string) => Promise<void>;
  onSendNow: (id: string) => Promise<void>;
}

/** The form, fresh after each schedule saved; the dialog's closing forgets the outcome with it. */
export default function ScheduleForm({
  campaignID,
  schedules,
  timezone,
  onSchedule,
  onDeleteSchedule,
  onSendNow,
}: ScheduleFormProps) {
  const [saved, setSaved] = useState(0);
  const [error, setError] = useState<string | null>(null);
  return (
    <ScheduleReportForm
      key={saved}
      campaignID={campaignID}
      defaultValues={{ timezone: timezone.tzCode || 'UTC' }}
      scheduledReports={schedules}
      serverError={error}
      successMessage={
        saved > 0
          ? 'Scheduled. The first report goes out with its period, to the recipients who have confirmed: an address outside the company domain gets a mail to confirm first.'
          : undefined
      }
      onSubmit={async (values) => {
        setError(null);
        try {
          await onSchedule(values);
          setSaved((count) => count + 1);
        } catch (failure) {
          setError(errorMessage(failure, MESSAGES.reportNotScheduled));
        }
      }}
      onDelete={onDeleteSchedule}
      onSendNow={onSendNow}
    />
  );
}

// Choice lists built from the domain's constants, so a new format or frequency needs no change here.
import {
  REPORT_FORMAT_LABELS,
  REPORT_FORMATS,
  REPORT_TYPES,
  type ReportFormat,
  type ReportType,
  SCHEDULE_FREQUENCIES,
  type ScheduleFrequency,
} from '@adconsole/domain';
import type { Choice } from '@adconsole/ui';

export const formatChoices: readonly Choice<ReportFormat>[] = REPORT_FORMATS.map((format) => ({
  value: format,
  label: REPORT_FORMAT_LABELS[format],
}));

export const frequencyChoices: readonly Choice<ScheduleFrequency>[] = SCHEDULE_FREQUENCIES.map(
  (frequency) => ({
    value: frequency,
    label: frequency,
  }),
);

export const reportTypeChoices: readonly Choice<ReportType>[] = REPORT_TYPES.map((type) => ({
  value: type,
  label: type,
}));

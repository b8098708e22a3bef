// The report format picker shared by the export section and the schedule-report dialog: the spec's four
// formats (PDF, CSV, Excel, Excel with Pivot) with the domain's labels.
import { REPORT_FORMAT_LABELS, REPORT_FORMATS, type ReportFormat } from '@adconsole/domain';
import type { FieldControlProps } from '@adconsole/ui';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@adconsole/ui';

export interface FormatSelectProps {
  control: FieldControlProps;
  value: ReportFormat;
  onValueChange: (format: ReportFormat) => void;
  disabled?: boolean;
}

const isReportFormat = (value: string): value is ReportFormat =>
  (REPORT_FORMATS as readonly string[]).includes(value);

export function FormatSelect({ control, value, onValueChange, disabled }: FormatSelectProps) {
  return (
    <Select
      value={value}
      disabled={disabled}
      onValueChange={(next) => {
        if (isReportFormat(next)) onValueChange(next);
      }}
    >
      <SelectTrigger {...control}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {REPORT_FORMATS.map((format) => (
          <SelectItem key={format} value={format}>
            {REPORT_FORMAT_LABELS[format]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

import { Combobox } from '../combobox';

export type Timezone = { label: string; offset: string; tzCode: string };

export type TimezoneSelectProps = {
  /** The list to choose from, e.g. `{ label: '(GMT+00:00) UTC', offset: '+00:00', tzCode: 'UTC' }`. */
  timezones: Timezone[];
  /** The selected tzCode. */
  value?: string;
  onValueChange?: (timezone: Timezone) => void;
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  defaultOpen?: boolean;
};

/** A searchable timezone picker: matches the label, the offset ("+05:30") and the code. */
export function TimezoneSelect({
  timezones,
  value,
  onValueChange,
  'aria-label': ariaLabel = 'Timezone',
  ...props
}: TimezoneSelectProps) {
  return (
    <Combobox
      {...props}
      aria-label={ariaLabel}
      options={timezones.map((timezone) => ({
        value: timezone.tzCode,
        label: timezone.label,
        keywords: [timezone.offset, timezone.tzCode],
      }))}
      value={value}
      onValueChange={(code) => {
        const timezone = timezones.find((candidate) => candidate.tzCode === code);
        if (timezone) onValueChange?.(timezone);
      }}
      placeholder="Choose a timezone"
      searchPlaceholder="Search timezones"
      emptyText="No timezone found"
    />
  );
}

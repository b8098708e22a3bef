import * as React from 'react';
import { Combobox, type ComboboxOption } from '../combobox';
import { type Timezone, timezoneMatches } from './timezone-search';

export type { Timezone };

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

/**
 * A searchable timezone picker. A search finds a zone by its own names, each word typed starting one:
 * the label's cities ("Berlin"), the IANA id ("Europe/Berl"), an abbreviation ("CET") and the offset
 * ("+05:30", "GMT+1"); "Berlin" offers Berlin alone, not zones whose names merely hold its letters.
 */
export function TimezoneSelect({
  timezones,
  value,
  onValueChange,
  'aria-label': ariaLabel = 'Timezone',
  ...props
}: TimezoneSelectProps) {
  const options = React.useMemo(
    () =>
      timezones.map((timezone) => ({
        value: timezone.tzCode,
        label: timezone.label,
        keywords: [timezone.offset, timezone.tzCode],
      })),
    [timezones],
  );
  const filter = React.useCallback(
    (option: ComboboxOption, search: string) => {
      const timezone = timezones.find((candidate) => candidate.tzCode === option.value);
      return timezone ? timezoneMatches(timezone, search) : false;
    },
    [timezones],
  );
  return (
    <Combobox
      {...props}
      aria-label={ariaLabel}
      options={options}
      filter={filter}
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

// How the reporting screens name days: '1 Nov 2026 – 7 Nov 2026', or one day alone; and zones.
import { defaultTimezone, offsetPattern, timezones } from '@adconsole/domain';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** A report's local days, both included. */
export const formatReportDays = ({ start, end }: { start: string; end: string }) =>
  start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`;

/**
 * The zone a report was read in, as the reporting menu names it: '(GMT-05:00) Eastern Time (US &
 * Canada)', 'UTC', or a fixed offset 'UTC+05:45' (the answer's tzCode is then the offset itself).
 */
export function reportZoneName(tzCode: string): string {
  if (tzCode === defaultTimezone.tzCode) return 'UTC';
  if (offsetPattern.test(tzCode)) return `UTC${tzCode}`;
  return timezones.find((timezone) => timezone.tzCode === tzCode)?.label ?? tzCode;
}

// How the campaign screens print numbers and dates.
import { zonedFormat } from '../../lib/zoned-format';

const integer = new Intl.NumberFormat('en-US');
export const formatCount = (value: number | undefined) => integer.format(value ?? 0);

const day = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
export const formatDay = (value: string | null | undefined) => {
  if (!value) return '—';
  const date = new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? '—' : day.format(date);
};

/** A campaign's flight, e.g. '01 Nov 2026 – 30 Nov 2026', or 'No flight dates'. */
export function formatFlight(start: string | null | undefined, end: string | null | undefined): string {
  if (!start && !end) return 'No flight dates';
  return `${formatDay(start)} – ${formatDay(end)}`;
}

const dateTimeIn = zonedFormat({
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});
/**
 * A moment in a zone with the zone's name, e.g. '24 Nov 2026, 09:05 GMT-5' (the history's times, in the
 * campaign's zone: docs/reports.md, "The report's zone"); UTC by default, '24 Nov 2026, 14:05 UTC'.
 */
export const formatDateTime = (value: string, timeZone = 'UTC') => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeIn(timeZone).format(date);
};

// Turns local calendar days in a zone into UTC instants; IANA zones follow daylight-saving changes.
import { fromZonedTime } from 'date-fns-tz';
import { DAY_MS, offsetAt, offsetToMinutes, zoneOf } from './offsets';
import type { Timezone } from './timezones';

// The offsets themselves live in offsets.ts, without date-fns-tz (the console's first load uses them).
export { minutesToOffset, offsetAt, offsetToMinutes, wallTimeToUtc } from './offsets';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC instant of a local wall-clock time ('YYYY-MM-DD', 'HH:mm:ss') in a zone. */
export function zonedTimeToUtc(day: string, time: string, timezone: Timezone | string): Date {
  if (!dayPattern.test(day)) throw new RangeError(`Invalid day: ${day}`);
  const instant = fromZonedTime(`${day}T${time}`, zoneOf(timezone));
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Unknown timezone: ${zoneOf(timezone)}`);
  return instant;
}

/**
 * A range of local calendar days ('YYYY-MM-DD', both included) in a zone as UTC instants: start at
 * 00:00:00 local, end at 23:59:59 local, each with the offset in force on that day.
 */
export function zonedDayRangeToUtc(
  range: { start: string; end: string },
  timezone: Timezone | string,
): { start: Date; end: Date } {
  return {
    start: zonedTimeToUtc(range.start, '00:00:00', timezone),
    end: zonedTimeToUtc(range.end, '23:59:59', timezone),
  };
}

/** A stretch of time over which a zone keeps one offset: from `start` until the next span's start. */
export interface OffsetSpan {
  start: Date;
  /** The zone's offset from UTC during the span, in minutes ('+05:45' is 345). */
  offsetMinutes: number;
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * The offsets a zone has over `from <= t < to`, as spans in time order (the first starts at `from`):
 * one for a fixed offset, one more for each daylight-saving change of an IANA zone. A store can then
 * turn UTC instants into local days and hours with arithmetic instead of a zone lookup per row.
 * Changes are found to the quarter hour, the finest step of any zone's offset.
 */
export function offsetSpans(timezone: Timezone | string, from: Date, to: Date): OffsetSpan[] {
  const minutesAt = (instant: Date) => offsetToMinutes(offsetAt(timezone, instant));
  const spans: OffsetSpan[] = [{ start: from, offsetMinutes: minutesAt(from) }];
  let probe = from.getTime();
  while (probe < to.getTime()) {
    const next = Math.min(probe + DAY_MS, to.getTime());
    const current = spans[spans.length - 1] as OffsetSpan;
    if (minutesAt(new Date(next)) === current.offsetMinutes) {
      probe = next;
      continue;
    }
    // The change lies in (probe, next]: halve to the quarter hour where the new offset starts.
    let low = Math.floor(probe / QUARTER_HOUR_MS);
    let high = Math.ceil(next / QUARTER_HOUR_MS);
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (minutesAt(new Date(middle * QUARTER_HOUR_MS)) === current.offsetMinutes) low = middle;
      else high = middle;
    }
    const start = new Date(high * QUARTER_HOUR_MS);
    spans.push({ start, offsetMinutes: minutesAt(start) });
    probe = start.getTime();
  }
  return spans;
}

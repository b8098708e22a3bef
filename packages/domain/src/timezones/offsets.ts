// A zone's offset at an instant and a wall-clock time's instant, with Intl alone: what the console's
// first load needs (a session's expiry), kept apart from zoned-range.ts, which uses date-fns-tz.
import { offsetPattern, type Timezone } from './timezones';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Offsets read before (a report reads one for every day it spans: a few dozen distinct ones exist). */
const minutesOfOffset = new Map<string, number>();

/** '+05:45' -> 345, '-03:30' -> -210. */
export function offsetToMinutes(offset: string): number {
  const known = minutesOfOffset.get(offset);
  if (known !== undefined) return known;
  if (!offsetPattern.test(offset)) throw new RangeError(`Invalid UTC offset: ${offset}`);
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours = 0, minutes = 0] = offset.slice(1).split(':').map(Number);
  const total = sign * (hours * 60 + minutes);
  if (minutesOfOffset.size < 1000) minutesOfOffset.set(offset, total);
  return total;
}

/** 345 -> '+05:45', -210 -> '-03:30'. */
export function minutesToOffset(totalMinutes: number): string {
  const sign = totalMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(Math.round(totalMinutes));
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/** A zone as date-fns-tz takes it: the IANA code when there is one, else the fixed offset. */
export const zoneOf = (timezone: Timezone | string): string =>
  typeof timezone === 'string' ? timezone : timezone.tzCode || timezone.offset;

/**
 * One formatter per zone: building an `Intl.DateTimeFormat` costs far more than formatting with it, and a
 * report asks for hundreds of offsets (offsetSpans probes every day of its range).
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetFormat(zone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    } catch {
      throw new RangeError(`Unknown timezone: ${zone}`);
    }
    offsetFormats.set(zone, format);
  }
  return format;
}

/**
 * The offset a zone has at `instant` (daylight saving included), as '+HH:MM'. Read from Intl's
 * 'longOffset' (date-fns-tz's getTimezoneOffset answers the summer offset for the hours before a
 * spring-forward change: -04:00 for New York at 05:00 UTC on 8 March 2026).
 */
export function offsetAt(timezone: Timezone | string, instant: Date): string {
  const zone = zoneOf(timezone);
  if (zone === 'UTC') return '+00:00';
  if (offsetPattern.test(zone)) return zone;
  const name = offsetFormat(zone)
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /^GMT(?:([+-]\d{2}):(\d{2}))?$/.exec(name ?? '');
  if (!match) throw new RangeError(`Unknown timezone: ${zone}`);
  return match[1] === undefined ? '+00:00' : `${match[1]}:${match[2]}`;
}

/**
 * The UTC instant of a wall-clock time ('YYYY-MM-DDTHH:mm' or with ':ss') in a zone, with Intl alone
 * (no date-fns-tz: the console's first load reads a session's expiry with it). The candidates are the
 * wall time under the offset in force a day before and a day after; the one whose offset holds at its
 * own instant is it. A repeated hour (autumn) answers its first occurrence; a skipped one (spring)
 * lands after the change, as the offset before it would put it. NaN for an unreadable time; RangeError
 * for an unknown zone.
 */
export function wallTimeToUtc(wall: string, timezone: Timezone | string): Date {
  const asUtc = Date.parse(`${wall}Z`);
  if (Number.isNaN(asUtc)) return new Date(Number.NaN);
  const offsetMs = (at: number) => offsetToMinutes(offsetAt(timezone, new Date(at))) * 60_000;
  const before = asUtc - offsetMs(asUtc - DAY_MS);
  const after = asUtc - offsetMs(asUtc + DAY_MS);
  const held = [before, after].filter((instant) => asUtc - instant === offsetMs(instant));
  return new Date(held.length > 0 ? Math.min(...held) : before);
}

// The forecast's calendar (docs/reports.md, "The inventory forecast"): local days, their hours, and the
// days of each weekday between two days, counted without walking them. The forecast walks only its own
// flight's hours (at most MAX_FORECAST_DAYS of them); any other span (another campaign's days before
// this flight starts, or its days left) is arithmetic, so a flight or a contender ending in 2100 costs
// what a flight of today costs.
import { hourOfWeek } from '../calendar/hour-of-week';
import { offsetAt, offsetToMinutes } from '../timezones/offsets';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** The longest flight a forecast reads (a year of days): the request's schema refuses a longer one. */
export const MAX_FORECAST_DAYS = 366;

/** The local day ('YYYY-MM-DD') of an instant in a zone. */
export function localDay(timezone: string, at: number): string {
  const offset = offsetToMinutes(offsetAt(timezone, new Date(at))) * 60_000;
  return new Date(at + offset).toISOString().slice(0, 10);
}

/** The later of two days 'YYYY-MM-DD' (they compare as texts). */
export const laterDay = (a: string, b: string) => (a > b ? a : b);
/** The earlier of two days 'YYYY-MM-DD'. */
export const earlierDay = (a: string, b: string) => (a > b ? b : a);

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** How many days from `first` to `last`, both included (0 when `last` is before `first`). */
const dayCount = (first: string, last: string) => Math.max(0, dayNumber(last) - dayNumber(first) + 1);

/** The day `days` after `day`. */
export const addDays = (day: string, days: number) =>
  new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);

/** The days 'YYYY-MM-DD' from `first` to `last`, both included, at most `limit` of them. */
export function daysBetween(first: string, last: string, limit = MAX_FORECAST_DAYS): string[] {
  const count = Math.min(dayCount(first, last), limit);
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

/** The weekday of a day, Monday 0 (as hourOfWeek counts). */
const weekdayOf = (day: string) => (((dayNumber(day) + 3) % 7) + 7) % 7;

/** How many of each weekday (Monday 0) lie in [first, last], both included: arithmetic, no walk. */
export function weekdaysBetween(first: string, last: string): number[] {
  const count = dayCount(first, last);
  const weeks = Math.floor(count / 7);
  const counts = Array.from({ length: 7 }, () => weeks);
  const start = weekdayOf(first);
  for (let extra = 0; extra < count % 7; extra += 1) {
    const weekday = (start + extra) % 7;
    counts[weekday] = (counts[weekday] as number) + 1;
  }
  return counts;
}

/** The UTC hours of local days [first, last], each with its local day and hour of the week. */
export function hoursOfDays(timezone: string, first: string, last: string) {
  const hours: { at: number; day: string; hour: number }[] = [];
  if (dayCount(first, last) === 0) return hours;
  const from = Date.parse(`${first}T00:00:00Z`) - 14 * HOUR_MS;
  const to = Date.parse(`${last}T00:00:00Z`) + DAY_MS + 14 * HOUR_MS;
  for (let at = from; at < to; at += HOUR_MS) {
    const day = localDay(timezone, at);
    if (day >= first && day <= last) hours.push({ at, day, hour: hourOfWeek(timezone, at) });
  }
  return hours;
}

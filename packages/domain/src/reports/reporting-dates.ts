// Reporting date ranges (docs/product.md §4): all day boundaries in UTC. A default range is whole days
// that ended yesterday in the report's zone: a range ending today holds a day not over, and every
// figure of it compared with whole days before read as a fall ("Impressions -10.5 %").
import { DEFAULT_REPORT_RANGE_DAYS } from '../constants';
import { offsetAt, offsetToMinutes } from '../timezones/offsets';
import { offsetPattern, type Timezone } from '../timezones/timezones';

export interface ReportingDates {
  start: Date;
  end: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const startOfUtcDay = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

const endOfUtcDay = (date: Date): Date => new Date(startOfUtcDay(date).getTime() + DAY_MS - 1000);

/**
 * The calendar day ('YYYY-MM-DD') it is at `now` in a zone (an IANA zone, a fixed offset, a Timezone;
 * UTC without one, or for a zone Intl does not know).
 */
export function localDayAt(now: Date, timezone: Timezone | string = 'UTC'): string {
  let offset = '+00:00';
  try {
    offset = offsetAt(timezone, now);
  } catch {
    // An unknown zone reads as UTC, as the report reads it.
  }
  return new Date(now.getTime() + offsetToMinutes(offset) * 60_000).toISOString().slice(0, 10);
}

/** The day `count` days after `day` (before, when negative), 'YYYY-MM-DD'. */
export const addCalendarDays = (day: string, count: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);

/**
 * The seven whole calendar days before today in the report's zone (UTC without one): start 00:00:00 of
 * the seventh day back, end 23:59:59 of yesterday (the date parts name the zone's days). Today is left
 * out: it is not over, and its figures against the whole days before read as a fall.
 */
export function defaultReportingDates(now: Date, timezone?: Timezone | string): ReportingDates {
  const yesterday = addCalendarDays(localDayAt(now, timezone), -1);
  const first = addCalendarDays(yesterday, -(DEFAULT_REPORT_RANGE_DAYS - 1));
  return {
    start: new Date(`${first}T00:00:00Z`),
    end: endOfUtcDay(new Date(`${yesterday}T00:00:00Z`)),
  };
}

/**
 * Whether a report's days hold today in its zone at `now` (the figures' time): that day is not over, so
 * its figures are so far, and a change against whole days before reads low (the screens say so).
 */
export function reportIncludesToday(
  days: { start: string; end: string },
  timezone: Timezone | string,
  now: Date,
): boolean {
  const today = localDayAt(now, timezone);
  return days.start <= today && today <= days.end;
}

/** A range the user picked: the start gets one minute added, the end moves to 23:59:59 UTC of its day. */
export function chosenReportingDates(start: Date, end: Date): ReportingDates {
  return { start: new Date(start.getTime() + 60_000), end: endOfUtcDay(end) };
}

/** The stored range when there is one, else the default. */
export function reportingDatesOrDefault(
  stored: { start: string | Date; end: string | Date } | null | undefined,
  now: Date,
  timezone?: Timezone | string,
): ReportingDates {
  if (stored) {
    const start = new Date(stored.start);
    const end = new Date(stored.end);
    if (!Number.isNaN(start.getTime()) && !Number.isNaN(end.getTime()) && start <= end) return { start, end };
  }
  return defaultReportingDates(now, timezone);
}

/** The reporting page's query: start and end as unix seconds, tz as a UTC offset (docs/product.md §4). */
export interface ReportingQuery {
  start: number;
  end: number;
  tz: string;
}

export function toReportingQuery(dates: ReportingDates, tzOffset = '+00:00'): ReportingQuery {
  return {
    start: Math.floor(dates.start.getTime() / 1000),
    end: Math.floor(dates.end.getTime() / 1000),
    tz: tzOffset,
  };
}

/** Reads the page query back; undefined when start or end is missing, not a number, or out of order. */
export function fromReportingQuery(query: {
  start?: string | null | undefined;
  end?: string | null | undefined;
  tz?: string | null | undefined;
}): { dates: ReportingDates; tzOffset: string } | undefined {
  const start = Number(query.start);
  const end = Number(query.end);
  if (!query.start || !query.end || !Number.isInteger(start) || !Number.isInteger(end) || start > end)
    return undefined;
  const tzOffset = query.tz && offsetPattern.test(query.tz) ? query.tz : '+00:00';
  return { dates: { start: new Date(start * 1000), end: new Date(end * 1000) }, tzOffset };
}

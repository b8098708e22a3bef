// Reporting date ranges (docs/product.md §4): all day boundaries in UTC.
import { DEFAULT_REPORT_RANGE_DAYS } from '../constants';
import { offsetPattern } from '../timezones/timezones';

export interface ReportingDates {
  start: Date;
  end: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const startOfUtcDay = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

const endOfUtcDay = (date: Date): Date => new Date(startOfUtcDay(date).getTime() + DAY_MS - 1000);

/** Seven calendar days in UTC ending today: start 00:00:00 six days back, end 23:59:59 today. */
export function defaultReportingDates(now: Date): ReportingDates {
  const today = startOfUtcDay(now);
  return {
    start: new Date(today.getTime() - (DEFAULT_REPORT_RANGE_DAYS - 1) * DAY_MS),
    end: endOfUtcDay(now),
  };
}

/** A range the user picked: the start gets one minute added, the end moves to 23:59:59 UTC of its day. */
export function chosenReportingDates(start: Date, end: Date): ReportingDates {
  return { start: new Date(start.getTime() + 60_000), end: endOfUtcDay(end) };
}

/** The stored range when there is one, else the default. */
export function reportingDatesOrDefault(
  stored: { start: string | Date; end: string | Date } | null | undefined,
  now: Date,
): ReportingDates {
  if (stored) {
    const start = new Date(stored.start);
    const end = new Date(stored.end);
    if (!Number.isNaN(start.getTime()) && !Number.isNaN(end.getTime()) && start <= end) return { start, end };
  }
  return defaultReportingDates(now);
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

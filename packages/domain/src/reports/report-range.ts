// The rules of a report's dates (the reports API, issue "Reports API"): the date parts of start_dt and
// end_dt name local calendar days in the requested zone, both included; the report runs from 00:00
// local on the first day to the end of the last. With an IANA zone day boundaries follow daylight
// saving (a local day can be 23 or 25 hours); with only tzOffset the offset is fixed.
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { MAX_HOURLY_REPORT_DAYS, MAX_REPORT_DAYS, MAX_REPORT_YEAR, MIN_REPORT_YEAR } from '../constants';
import { offsetPattern } from '../timezones/timezones';
import { offsetAt } from '../timezones/zoned-range';
import { MESSAGES } from '../validation/messages';
import type { ReportGranularity } from './report-data';

/** The zone a report is read in: an IANA zone (daylight saving followed) or a fixed UTC offset. */
export interface ReportZone {
  /** 'Europe/Berlin'; absent for a fixed offset. */
  iana?: string;
  /** '+05:45': the fixed offset, or the IANA zone's offset at the start of the range. */
  offset: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const match = dayPattern.exec(day);
  if (!match) throw new RangeError(`Invalid day: ${day}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * DAY_MS);
  return date.toISOString().slice(0, 10);
}

/** How many calendar days from `start` to `end`, both included. */
export const dayCount = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;

/** The zone of a report query: `timezone` (IANA) when given, else the fixed `tzOffset`. */
export const reportZone = (
  query: { tzOffset: string; timezone?: string | undefined },
  at?: Date,
): ReportZone =>
  query.timezone !== undefined && query.timezone !== ''
    ? { iana: query.timezone, offset: at ? offsetAt(query.timezone, at) : query.tzOffset }
    : { offset: query.tzOffset };

/**
 * The zone a stored zone name names (a campaign's, a schedule's): a fixed offset ('+05:45') as it is, an
 * IANA zone ('Europe/Berlin') with its offset at `at`.
 */
export const zoneOfName = (name: string, at: Date): ReportZone =>
  offsetPattern.test(name) ? { offset: name } : { iana: name, offset: offsetAt(name, at) };

/** A zone as a report query names it (`reportZone` reads it back): an IANA zone as `timezone`. */
export const zoneQuery = (zone: ReportZone): { tzOffset: string; timezone?: string } =>
  zone.iana === undefined ? { tzOffset: zone.offset } : { tzOffset: zone.offset, timezone: zone.iana };

const zoneName = (zone: ReportZone) => zone.iana ?? zone.offset;

/** The local days a query names: the date parts of start_dt and end_dt. */
export const reportDays = (query: { start_dt: string; end_dt: string }) => ({
  start: query.start_dt.slice(0, 10),
  end: query.end_dt.slice(0, 10),
});

/** The UTC instants the report reads, [from, to): 00:00 local of the first day to 00:00 local after the last. */
export function reportUtcRange(
  days: { start: string; end: string },
  zone: ReportZone,
): { from: Date; to: Date } {
  return {
    from: fromZonedTime(`${days.start}T00:00:00`, zoneName(zone)),
    to: fromZonedTime(`${addDays(days.end, 1)}T00:00:00`, zoneName(zone)),
  };
}

/** The query fields that name a report's days and zone (the reports and dashboard calls). */
export interface ReportWindowQuery {
  start_dt: string;
  end_dt: string;
  tzOffset: string;
  timezone?: string | undefined;
}

/** What a report reads: its local days, its zone, and the UTC instants [from, to) they cover. */
export interface ReportWindow {
  days: { start: string; end: string };
  /** The zone, an IANA zone with its offset at `from`. */
  zone: ReportZone;
  from: Date;
  to: Date;
}

/**
 * The window of `days` in the query's zone: the UTC range from the zone as the query names it (an IANA
 * zone's day boundaries do not need its offset), then the zone with its offset at the range's start.
 */
export function reportWindow(days: { start: string; end: string }, query: ReportWindowQuery): ReportWindow {
  const { from, to } = reportUtcRange(days, reportZone(query));
  return { days, zone: reportZone(query, from), from, to };
}

/**
 * A report query's window (its days, zone and UTC range), or the problem that keeps the days from being
 * reported by `granularity` (reportRangeProblem).
 */
export function resolveReportWindow(
  query: ReportWindowQuery,
  granularity: ReportGranularity,
): ReportWindow | { problem: string } {
  const days = reportDays(query);
  const problem = reportRangeProblem(days, granularity);
  return problem === undefined ? reportWindow(days, query) : { problem };
}

/** Why a range cannot be reported, or undefined. */
export function reportRangeProblem(
  days: { start: string; end: string },
  granularity: ReportGranularity,
): string | undefined {
  const years = [days.start, days.end].map((day) => Number(day.slice(0, 4)));
  if (years.some((year) => !(year >= MIN_REPORT_YEAR && year <= MAX_REPORT_YEAR)))
    return MESSAGES.reportYearOutOfRange;
  const count = dayCount(days.start, days.end);
  if (count > MAX_REPORT_DAYS) return MESSAGES.reportRangeTooLong;
  if (granularity === 'hour' && count > MAX_HOURLY_REPORT_DAYS) return MESSAGES.hourlyReportTooLong;
  return undefined;
}

/**
 * Every period of the report, oldest first, so the series shows zeros too: each local day
 * ('YYYY-MM-DD'), or each local hour that exists ('YYYY-MM-DDTHH:00'; the hour skipped when clocks go
 * forward is absent, the hour repeated when they go back is one period).
 */
export function reportPeriodKeys(
  days: { start: string; end: string },
  zone: ReportZone,
  granularity: ReportGranularity,
): string[] {
  const keys: string[] = [];
  for (let day = days.start; day <= days.end; day = addDays(day, 1)) {
    if (granularity !== 'hour') {
      keys.push(day);
      continue;
    }
    for (let hour = 0; hour < 24; hour += 1) {
      const local = `${day}T${String(hour).padStart(2, '0')}`;
      const instant = fromZonedTime(`${local}:00:00`, zoneName(zone));
      // A wall-clock hour that does not exist comes back as another hour.
      if (formatInTimeZone(instant, zoneName(zone), "yyyy-MM-dd'T'HH") === local) keys.push(`${local}:00`);
    }
  }
  return keys;
}

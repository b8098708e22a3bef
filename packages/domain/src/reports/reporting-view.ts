// The reporting page's state (docs/product.md §2 and §4): which days, in which zone, by day or by hour,
// and which breakdown. It lives in the page's URL (start and end as unix seconds, tz as the offset, zone
// as the IANA zone when one was picked, by=hour for hourly figures, breakdown=country for the Breakdown
// section's tab), so a report link is bookmarkable; the last range and zone are kept in the persisted
// settings; with neither, the 7 whole days before today in the report's zone, by site. A campaign's report is read in the campaign's
// own zone unless its URL names another (reportTimezone; docs/reports.md, "The report's zone").

import { isVideoCreativeType } from '../campaigns/creative';
import { MAX_HOURLY_REPORT_DAYS } from '../constants';
import { defaultTimezone, offsetPattern, type Timezone, timezones } from '../timezones/timezones';
import { BREAKDOWN_DIMENSIONS, type BreakdownDimension } from './breakdown';
import type { ReportGranularity } from './report-data';
import { dayCount } from './report-range';
import {
  addCalendarDays,
  localDayAt,
  type ReportingDates,
  reportingDatesOrDefault,
  toReportingQuery,
} from './reporting-dates';

/** By day or by hour: how the report's series and day table are cut. */
export type ReportUnit = Exclude<ReportGranularity, 'full'>;

export interface ReportingState {
  dates: ReportingDates;
  timezone: Timezone;
  unit: ReportUnit;
  /** The Breakdown section's tab: the one dimension whose breakdown the page asks for. */
  breakdown: BreakdownDimension;
}

/** The Breakdown section's first tab, shown when the URL names none. */
export const DEFAULT_REPORT_BREAKDOWN: BreakdownDimension = 'site';

/** The breakdown a link names (`breakdown=country`), else the first tab. */
export const breakdownFromQuery = (value: string | null | undefined): BreakdownDimension =>
  (BREAKDOWN_DIMENSIONS as readonly string[]).includes(value ?? '')
    ? (value as BreakdownDimension)
    : DEFAULT_REPORT_BREAKDOWN;

/** A report's first and last calendar day, both included ('YYYY-MM-DD'). */
export interface ReportDays {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar days a range names: the UTC date parts of its start and end (what the API reads). */
export const reportDaysOf = (dates: ReportingDates): ReportDays => ({
  start: isoDay(dates.start),
  end: isoDay(dates.end),
});

/** The range of whole days, as a pick of those days gives it: start 00:01:00, end 23:59:59 UTC. */
export function reportingDatesOfDays(days: ReportDays): ReportingDates {
  const start = Date.parse(`${days.start}T00:00:00Z`);
  const end = Date.parse(`${days.end}T00:00:00Z`);
  return { start: new Date(start + 60_000), end: new Date(end + DAY_MS - 1000) };
}

/**
 * Days picked on a calendar in the browser (local dates) as reporting dates: the same calendar days,
 * the start one minute in and the end at 23:59:59 UTC (docs/product.md §4).
 */
export function pickedReportingDates(from: Date, to: Date): ReportingDates {
  const utcDay = (date: Date) =>
    `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return reportingDatesOfDays({ start: utcDay(from), end: utcDay(to) });
}

/** The calendar's range for reporting dates: local dates on the same calendar days. */
export function pickerRangeOf(dates: ReportingDates): { from: Date; to: Date } {
  const local = (day: string, endOfDay: boolean) => {
    const [year, month, date] = day.split('-').map(Number);
    return endOfDay
      ? new Date(year ?? 0, (month ?? 1) - 1, date ?? 1, 23, 59, 59, 999)
      : new Date(year ?? 0, (month ?? 1) - 1, date ?? 1);
  };
  const days = reportDaysOf(dates);
  return { from: local(days.start, false), to: local(days.end, true) };
}

/**
 * The last `days` whole calendar days before today in `timezone` (UTC without one): the dashboard's
 * ranges. Today is left out: a day not over, against whole days before, made every tile read a fall.
 */
export function lastDaysReportingDates(
  days: number,
  now: Date,
  timezone?: Timezone | string,
): ReportingDates {
  const yesterday = addCalendarDays(localDayAt(now, timezone), -1);
  return reportingDatesOfDays({ start: addCalendarDays(yesterday, -(days - 1)), end: yesterday });
}

/**
 * The campaign's flight as a range to report: its first day to its last, or to today while it runs.
 * Undefined when it has no start day or starts after today.
 */
export function flightReportingDates(
  flight: { start?: string | null | undefined; end?: string | null | undefined },
  now: Date,
): ReportingDates | undefined {
  const start = flight.start?.slice(0, 10);
  if (!start || !dayPattern.test(start)) return undefined;
  const today = isoDay(now);
  if (start > today) return undefined;
  const last = flight.end?.slice(0, 10);
  const end = last && dayPattern.test(last) && last < today ? last : today;
  return end < start ? undefined : reportingDatesOfDays({ start, end });
}

/** A fixed UTC offset as a timezone (no daylight saving): what a link with only tz= asks for. */
export const fixedOffsetTimezone = (offset: string): Timezone => ({
  label: `(GMT${offset}) Fixed offset`,
  offset,
  tzCode: '',
});

/** The zone a link names: its IANA zone when it is one of ours, else its fixed offset, else undefined. */
export function timezoneFromQuery(query: {
  tz?: string | null | undefined;
  zone?: string | null | undefined;
}): Timezone | undefined {
  const listed = query.zone ? timezones.find((timezone) => timezone.tzCode === query.zone) : undefined;
  if (listed) return listed;
  if (query.tz && offsetPattern.test(query.tz)) {
    return query.tz === defaultTimezone.offset && !query.zone
      ? defaultTimezone
      : fixedOffsetTimezone(query.tz);
  }
  return undefined;
}

/** Hourly figures are offered for ranges up to MAX_HOURLY_REPORT_DAYS days. */
export const hourlyAllowed = (dates: ReportingDates): boolean => {
  const days = reportDaysOf(dates);
  return dayCount(days.start, days.end) <= MAX_HOURLY_REPORT_DAYS;
};

/** A one-day report reads best by hour; anything longer by day. */
export function defaultReportUnit(dates: ReportingDates): ReportUnit {
  const days = reportDaysOf(dates);
  return days.start === days.end ? 'hour' : 'day';
}

export interface StoredReportingChoice {
  activeReportingDates?: { start: string | Date; end: string | Date } | null | undefined;
  activeReportingTimezone?: Timezone | null | undefined;
}

/**
 * The zone a report is read in (docs/reports.md, "The report's zone"): the one its URL names (the
 * reader's choice, kept by the link), else the campaign's own zone (its flight, pacing and alerts
 * count its days), else the last zone chosen, else UTC. A campaign's zone the list does not name (none
 * does: the campaign's form offers the list) falls through to the last choice.
 */
export function reportTimezone(
  query: { tz?: string | null | undefined; zone?: string | null | undefined },
  campaignTimezone: string | null | undefined,
  stored: StoredReportingChoice,
): Timezone {
  const campaigns = campaignTimezone
    ? campaignTimezone === defaultTimezone.tzCode
      ? defaultTimezone
      : timezones.find((timezone) => timezone.tzCode === campaignTimezone)
    : undefined;
  return timezoneFromQuery(query) ?? campaigns ?? stored.activeReportingTimezone ?? defaultTimezone;
}

/**
 * The page's state: what the URL says, else the last choice stored, else the 7 whole days before today
 * in the report's zone (by `reportTimezone`: a campaign's report in the campaign's zone).
 */
export function readReportingState(
  query: {
    start?: string | null;
    end?: string | null;
    tz?: string | null;
    zone?: string | null;
    by?: string | null;
    breakdown?: string | null;
  },
  stored: StoredReportingChoice,
  now: Date,
  /** The campaign's zone (IANA), when the report is a campaign's; none for the dashboard. */
  campaignTimezone?: string | null | undefined,
): ReportingState {
  const start = Number(query.start);
  const end = Number(query.end);
  const fromUrl =
    query.start && query.end && Number.isInteger(start) && Number.isInteger(end) && start <= end
      ? { start: new Date(start * 1000), end: new Date(end * 1000) }
      : undefined;
  const timezone = reportTimezone(query, campaignTimezone, stored);
  const dates = fromUrl ?? reportingDatesOrDefault(stored.activeReportingDates, now, timezone);
  const asked = query.by === 'hour' ? 'hour' : query.by === 'day' ? 'day' : defaultReportUnit(dates);
  const unit = asked === 'hour' && !hourlyAllowed(dates) ? 'day' : asked;
  return { dates, timezone, unit, breakdown: breakdownFromQuery(query.breakdown) };
}

/** The part of an address's query that names a report's state, as `readReportingState` reads it. */
export const reportingQueryOf = (params: { get(name: string): string | null }) => ({
  start: params.get('start'),
  end: params.get('end'),
  tz: params.get('tz'),
  zone: params.get('zone'),
  by: params.get('by'),
  breakdown: params.get('breakdown'),
});

/** The URL query of a state: start, end (unix seconds), tz (offset), zone (IANA, when picked), by, breakdown. */
export function reportingSearch(state: ReportingState): Record<string, string> {
  const query = toReportingQuery(state.dates, state.timezone.offset);
  return {
    start: String(query.start),
    end: String(query.end),
    tz: query.tz,
    ...(state.timezone.tzCode ? { zone: state.timezone.tzCode } : {}),
    by: state.unit,
    breakdown: state.breakdown,
  };
}

/** Whether a report shows the video quartiles: a video creative (VAST, VPAID) or video starts at all. */
export const reportHasVideo = (report: {
  totals: { videoStarts?: number | undefined };
  creatives: readonly { type: string }[];
}): boolean =>
  (report.totals.videoStarts ?? 0) > 0 ||
  report.creatives.some((creative) => isVideoCreativeType(creative.type));

/**
 * Whether a campaign's report, or one of its creatives' (`creativeID`), will have video, told by the
 * campaign's creatives before the report arrives: its loading placeholders are as many as its tiles.
 */
export const reportWillHaveVideo = (
  creatives: readonly { id: string; type: string }[],
  creativeID?: string | undefined,
): boolean =>
  creatives.some(
    (creative) =>
      (creativeID === undefined || creative.id === creativeID) && isVideoCreativeType(creative.type),
  );

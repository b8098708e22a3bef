// The hours the delivery alerts compare (docs/alerts.md): the last full local hour of a campaign's
// zone, and the same local hour of the week 1 to 4 weeks before it. The comparison hours are found in
// local wall-clock time, so across a daylight-saving change "Tuesday 14:00-15:00" a week back is still
// 14:00 local, one hour apart in UTC from this week's. An hour that a spring-forward change skipped in
// a past week has no comparison (it is left out of the median); an hour that an autumn change repeated
// is compared with its first occurrence.

import { DEFAULT_CAMPAIGN_TIMEZONE } from '../campaigns/flight';
import { offsetAt, offsetToMinutes, wallTimeToUtc } from '../timezones/offsets';

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

/** One local hour as instants, with its local label ('YYYY-MM-DDTHH:mm'). */
export interface LocalHour {
  from: Date;
  until: Date;
  local: string;
}

/** Impressions counted from `from` (a bucket's start: the 15-minute rollups, or whole hours). */
export interface ImpressionBucket {
  from: Date;
  count: number;
}

/** The zone itself when Intl knows it, else UTC (as the flight does with a zone it cannot read). */
function readableZone(zone: string | null | undefined): string {
  const name = zone || DEFAULT_CAMPAIGN_TIMEZONE;
  try {
    offsetAt(name, new Date(0));
    return name;
  } catch {
    return DEFAULT_CAMPAIGN_TIMEZONE;
  }
}

/** The wall-clock time at `instant` in `zone`, as milliseconds of a UTC-labelled clock. */
const wallOf = (zone: string, instant: number) =>
  instant + offsetToMinutes(offsetAt(zone, new Date(instant))) * 60_000;

const label = (wall: number) => new Date(wall).toISOString().slice(0, 16);

/** The instant the local hour holding `instant` began (zones offset by 30 or 45 minutes included). */
const localHourStart = (zone: string, instant: number) => instant - (wallOf(zone, instant) % HOUR_MS);

/** The last local hour that has ended by `now` in `zone`. */
export function lastFullLocalHour(timezone: string | null | undefined, now: Date): LocalHour {
  const zone = readableZone(timezone);
  const until = localHourStart(zone, now.getTime());
  const from = localHourStart(zone, until - 1);
  return { from: new Date(from), until: new Date(until), local: label(wallOf(zone, from)) };
}

/**
 * The same local hour of the week `1..weeks` weeks before `hour`, newest first: the wall-clock time
 * minus whole weeks, turned back into instants in the zone. A past hour that did not exist (skipped by
 * a spring-forward change) is left out.
 */
export function sameLocalHourBefore(
  timezone: string | null | undefined,
  hour: LocalHour,
  weeks: number,
): LocalHour[] {
  const zone = readableZone(timezone);
  const wall = wallOf(zone, hour.from.getTime());
  const hours: LocalHour[] = [];
  for (let week = 1; week <= weeks; week += 1) {
    const local = label(wall - week * WEEK_MS);
    const from = wallTimeToUtc(local, zone).getTime();
    // wallTimeToUtc moves a skipped wall time past the change: its own wall time then differs.
    if (Number.isNaN(from) || label(wallOf(zone, from)) !== local) continue;
    hours.push({ from: new Date(from), until: new Date(from + HOUR_MS), local });
  }
  return hours;
}

/** Impressions of the buckets that start within the hour. */
export const impressionsIn = (buckets: readonly ImpressionBucket[], hour: LocalHour): number =>
  buckets.reduce(
    (sum, bucket) => (bucket.from >= hour.from && bucket.from < hour.until ? sum + bucket.count : sum),
    0,
  );

/** The median of a non-empty list (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** How many past weeks the usual hour is the median of. */
export const USUAL_HOUR_WEEKS = 4;

/** The last full local hour's impressions and the usual count of that hour of the week. */
export interface HourOfWeekDelivery {
  hour: LocalHour;
  impressions: number;
  /** The past weeks' same local hours that were compared (at most USUAL_HOUR_WEEKS). */
  compared: LocalHour[];
  /** The median of their impressions; null when no past hour could be compared. */
  usual: number | null;
}

/**
 * The last full local hour against the same local hour of the last 4 weeks. Past hours before
 * `since` (the flight's start) are not compared: a campaign that did not run then has no usual hour.
 */
export function hourOfWeekDelivery(input: {
  timezone: string | null | undefined;
  now: Date;
  impressions: readonly ImpressionBucket[];
  since?: Date | undefined;
}): HourOfWeekDelivery {
  const hour = lastFullLocalHour(input.timezone, input.now);
  const compared = sameLocalHourBefore(input.timezone, hour, USUAL_HOUR_WEEKS).filter(
    (past) => !input.since || past.from >= input.since,
  );
  return {
    hour,
    impressions: impressionsIn(input.impressions, hour),
    compared,
    usual: median(compared.map((past) => impressionsIn(input.impressions, past))),
  };
}

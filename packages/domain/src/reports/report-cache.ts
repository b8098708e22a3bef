// Reports are cached per campaign and date range and reused for under 3600 s (docs/product.md §4); a
// report with a breakdown is cached per dimension too, under the same rule.

import { toUnixSeconds } from '../calendar/dates';
import { REPORT_CACHE_SECONDS } from '../constants';
import type { BreakdownDimension } from './breakdown';

export interface ReportCacheKeyInput {
  /** Campaign id or share token. */
  campaignID: string;
  start: Date;
  end: Date;
  /**
   * The zone the report is read in, as the caller names it: a fixed offset ('+05:30'), or an offset with
   * its zone's code ('-05:00 America/New_York': two zones that share an offset today do not share their
   * days all year). '+00:00' when absent.
   */
  zone?: string | undefined;
  /** Live creative ids of a per-creative report; order does not matter. */
  liveIDs?: readonly string[] | undefined;
  /** The breakdown asked with the report; each dimension is its own cached report. */
  breakdown?: BreakdownDimension | undefined;
}

export function reportCacheKey({
  campaignID,
  start,
  end,
  zone = '+00:00',
  liveIDs = [],
  breakdown,
}: ReportCacheKeyInput): string {
  const live = [...liveIDs].sort().join(',');
  const key = [campaignID, toUnixSeconds(start), toUnixSeconds(end), zone, live];
  // A report without a breakdown keeps the key it always had.
  return (breakdown ? [...key, breakdown] : key).join('|');
}

/** A cached report is fresh while it is younger than 3600 seconds. */
export function isReportFresh(cachedAt: number | Date, now: Date): boolean {
  const age = now.getTime() - new Date(cachedAt).getTime();
  return age >= 0 && age < REPORT_CACHE_SECONDS * 1000;
}

// The rate rule's arithmetic: ad requests of one client (address and user agent) for one tag are counted
// in fixed one-minute windows, and those of its address alone under a higher limit; those past a limit
// are served as invalid traffic (reason `rate`), so nobody can mint countable impressions in a loop and
// no page breaks. The API keeps the counts in memory (services/serving/traffic-quality.ts).

export const RATE_WINDOW_MS = 60_000;
/** Ad requests a minute one client may make for one live creative before the rest count as invalid. */
export const DEFAULT_AD_REQUESTS_PER_MINUTE = 10;

/** A client's ad requests for one live creative in one window (minutes since the epoch). */
export interface RateCount {
  window: number;
  count: number;
}

/** The count after one more ad request at `now`: a new window starts again from one. */
export function countAdRequest(previous: RateCount | undefined, now: number): RateCount {
  const window = Math.floor(now / RATE_WINDOW_MS);
  return previous !== undefined && previous.window === window
    ? { window, count: previous.count + 1 }
    : { window, count: 1 };
}

/** Whether this request is past the limit (0 turns the rule off). */
export const overRateLimit = (count: RateCount, limit: number): boolean => limit > 0 && count.count > limit;

// When a failed webhook delivery is tried again: exponential back-off from 30 s, capped at 8 h between
// attempts, counted from the first attempt, and given up 24 h after it (docs/alerts.md, "Webhooks").
// A receiver that is down for a deploy gets its message within minutes; one down for the night gets
// it in the morning; after a day the message is stale and the delivery log shows it failed.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after the nth failed attempt: 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, then 8 h each. */
const BACKOFF_MS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR];
/** No attempt later than this after the first. */
export const WEBHOOK_GIVE_UP_MS = 24 * HOUR;

const backoffAfter = (attempt: number) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1] as number;

/**
 * When to try again after attempt number `attempt` (1 for the first) failed, for a message first tried
 * at `firstAttemptAt`: the first attempt's time plus the waits after attempts 1..attempt, so the
 * schedule does not drift with how long each receiver took to answer. Null once that would be more
 * than 24 h after the first attempt: the delivery has failed for good.
 */
export function nextAttemptAt(attempt: number, firstAttemptAt: Date): Date | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError('attempt counts from 1.');
  let offset = 0;
  for (let done = 1; done <= attempt; done += 1) offset += backoffAfter(done);
  return offset > WEBHOOK_GIVE_UP_MS ? null : new Date(firstAttemptAt.getTime() + offset);
}

/**
 * The same schedule as waits between attempts, for the job runner (which waits `delays[attempts - 1]`
 * after each failure, then fails the job for good): 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h,
 * 8 h, ten attempts in 23 h 42 min 30 s. The runner counts each wait from the failure rather than from
 * the first attempt, so the real schedule runs late by the receivers' answer times (at most 15 s each)
 * and the polls, minutes in all: still within the day.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = (() => {
  const first = new Date(0);
  const delays: number[] = [];
  for (let attempt = 1, previous = 0; ; attempt += 1) {
    const next = nextAttemptAt(attempt, first);
    if (!next) return delays;
    delays.push(next.getTime() - previous);
    previous = next.getTime();
  }
})();

import { describe, expect, it } from 'vitest';
import { nextAttemptAt, WEBHOOK_GIVE_UP_MS, WEBHOOK_RETRY_DELAYS_MS } from './webhook-retries';

const first = new Date('2026-11-24T10:00:00Z');
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('webhook retries: exponential back-off from the first attempt, given up after 24 hours', () => {
  it.each([
    // [failed attempt, the next attempt after the first, computed by hand as the sum of the waits]
    [1, 30 * SECOND], // 30 s
    [2, 30 * SECOND + 2 * MINUTE], // + 2 min = 2 min 30 s
    [3, 12 * MINUTE + 30 * SECOND], // + 10 min
    [4, 42 * MINUTE + 30 * SECOND], // + 30 min
    [5, HOUR + 42 * MINUTE + 30 * SECOND], // + 1 h
    [6, 3 * HOUR + 42 * MINUTE + 30 * SECOND], // + 2 h
    [7, 7 * HOUR + 42 * MINUTE + 30 * SECOND], // + 4 h
    [8, 15 * HOUR + 42 * MINUTE + 30 * SECOND], // + 8 h
    [9, 23 * HOUR + 42 * MINUTE + 30 * SECOND], // + 8 h (the cap)
  ])('after attempt %i fails, the next is %i ms after the first', (attempt, after) => {
    expect(nextAttemptAt(attempt, first)).toEqual(new Date(first.getTime() + after));
  });

  it('gives up once the next attempt would be more than 24 h after the first', () => {
    // After attempt 10: 23 h 42 min 30 s + 8 h = 31 h 42 min 30 s > 24 h.
    expect(nextAttemptAt(10, first)).toBeNull();
    expect(nextAttemptAt(25, first)).toBeNull();
    expect(WEBHOOK_GIVE_UP_MS).toBe(24 * HOUR);
  });

  it('counts from the first attempt, not from when the failure was seen', () => {
    const later = new Date('2026-11-25T10:00:00Z');
    expect(nextAttemptAt(3, later)?.getTime()).toBe(later.getTime() + 12 * MINUTE + 30 * SECOND);
  });

  it('an attempt number below 1 or not whole is a programming error', () => {
    expect(() => nextAttemptAt(0, first)).toThrow(RangeError);
    expect(() => nextAttemptAt(1.5, first)).toThrow(RangeError);
  });

  it('the job runner gets the same schedule as waits between attempts: nine retries, ten attempts', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([
      30 * SECOND,
      2 * MINUTE,
      10 * MINUTE,
      30 * MINUTE,
      HOUR,
      2 * HOUR,
      4 * HOUR,
      8 * HOUR,
      8 * HOUR,
    ]);
  });
});

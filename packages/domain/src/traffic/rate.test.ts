import { describe, expect, it } from 'vitest';
import { countAdRequest, overRateLimit, RATE_WINDOW_MS, type RateCount } from './rate';

describe('the rate rule', () => {
  it('counts one client’s ad requests for a live creative per minute, from one again in a new minute', () => {
    const start = 10 * RATE_WINDOW_MS;
    let count: RateCount | undefined;
    for (let index = 0; index < 5; index += 1) count = countAdRequest(count, start + index * 1000);
    expect(count).toEqual({ window: 10, count: 5 });
    expect(countAdRequest(count, start + RATE_WINDOW_MS)).toEqual({ window: 11, count: 1 });
  });

  it('requests past the limit are over it (served, but their events are invalid); 0 turns the rule off', () => {
    expect(overRateLimit({ window: 1, count: 10 }, 10)).toBe(false);
    expect(overRateLimit({ window: 1, count: 11 }, 10)).toBe(true);
    expect(overRateLimit({ window: 1, count: 2 }, 1)).toBe(true);
    expect(overRateLimit({ window: 1, count: 10_000 }, 0)).toBe(false);
  });
});

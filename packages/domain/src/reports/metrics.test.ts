import { describe, expect, it } from 'vitest';
import { clickThroughRate, sumCounters } from './metrics';

describe('report metrics', () => {
  it('gives the click-through rate as clicks per impression in percent', () => {
    expect(clickThroughRate({ impressions: 2000, clicks: 5 })).toBe(0.25);
  });

  it('gives a CTR of 0 when there are no impressions (never NaN or Infinity)', () => {
    expect(clickThroughRate({ impressions: 0, clicks: 3 })).toBe(0);
    expect(clickThroughRate({})).toBe(0);
  });

  it('sums counters over rows, missing values counting as 0', () => {
    expect(
      sumCounters(
        [
          { impressions: 10, clicks: 1 },
          { impressions: 5, engagement: 2 },
        ],
        ['impressions', 'clicks', 'engagement'],
      ),
    ).toEqual({ impressions: 15, clicks: 1, engagement: 2 });
  });
});

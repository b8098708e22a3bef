// A report's reach from the sketches' estimates (docs/reports.md, "Reach"), against values worked out by hand.
import { describe, expect, it } from 'vitest';
import { hasReach, NO_REACH, reachErrorText, reachOf, reachSentence } from './reach';

describe('reach from the estimates', () => {
  it('adds browsers and devices, divides the identified ads by them, and splits each day into new and returning', () => {
    const reach = reachOf({
      browsers: 999.6,
      devices: 200.2,
      identifiedAds: 3000,
      ads: 4000,
      days: [
        { date: '2026-11-01', reach: 600.4, cumulative: 600.4 },
        // 500 that day, of whom the curve grew by 1,000 - 600 = 400: 400 new, 100 returning.
        { date: '2026-11-02', reach: 500, cumulative: 1000.2 },
        // The curve's estimate fell below the day before: kept at 1,000, no one new.
        { date: '2026-11-03', reach: 300, cumulative: 995 },
        // Grew by 200 while the day had 150: all 150 new, none returning.
        { date: '2026-11-04', reach: 150, cumulative: 1200 },
      ],
    });
    expect(reach).toMatchObject({
      reach: 1200,
      browsers: 1000,
      devices: 200,
      identifiedAds: 3000,
      ads: 4000,
    });
    expect(reach.averageFrequency).toBe(2.5);
    expect(reach.coverage).toBe(0.75);
    expect(reach.days).toEqual([
      { date: '2026-11-01', reach: 600, new: 600, returning: 0, cumulative: 600 },
      { date: '2026-11-02', reach: 500, new: 400, returning: 100, cumulative: 1000 },
      { date: '2026-11-03', reach: 300, new: 0, returning: 300, cumulative: 1000 },
      { date: '2026-11-04', reach: 150, new: 150, returning: 0, cumulative: 1200 },
    ]);
  });

  it('says "about" and its error; says why when no ad had an identity instead of showing 0', () => {
    const reach = reachOf({
      browsers: 12_400,
      devices: 0,
      identifiedAds: 38_440,
      ads: 45_762,
      days: [],
    });
    expect(reachErrorText(reach)).toBe('±0.8 %');
    expect(reachSentence(reach)).toBe(
      'About 12,400 browsers and devices (±0.8 %) saw 3.1 ads on average; 84 % of the ads had an identity.',
    );
    const none = reachOf({ browsers: 0, devices: 0, identifiedAds: 0, ads: 120, days: [] });
    expect(hasReach(none)).toBe(false);
    expect(none.averageFrequency).toBeNull();
    expect(reachSentence(none)).toMatch(/reach cannot be told/);
    expect(reachSentence(NO_REACH)).toBe('No ads served in this range.');
  });
});

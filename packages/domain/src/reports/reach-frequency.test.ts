// Reach and the frequency card agree where both exist (docs/reports.md, "Reach and frequency agree"),
// by hand: five browsers over three days, served (day 1) A 2, B 1, C 3; (day 2) A 1, D 2; (day 3) A, B
// and E 1 each: 5 reached, 8 browser-days, 12 ads; day 1 alone 3 browsers and 6 ads, 2.0 each.
import { describe, expect, it } from 'vitest';
import { reachFrequencyProblems } from './reach-frequency';
import { REACH_RELATIVE_ERROR } from './reach-sketch';

const reach = (count: number, ads: number) => ({
  reach: count,
  identifiedAds: ads,
  averageFrequency: ads / count,
  relativeError: REACH_RELATIVE_ERROR,
});
const frequency = (browsers: number, ads: number) => ({
  browsers,
  ads,
  average: ads / browsers,
  windows: ['day' as const],
});

describe('reach and frequency agree', () => {
  it('three days: 5 reached against 8 browser-days agree; 57,006 reached against 29,440 browser-days do not', () => {
    expect(reachFrequencyProblems(reach(5, 12), frequency(8, 12))).toEqual([]);
    expect(reachFrequencyProblems(reach(57_006, 57_006), frequency(29_440, 64_768))).toEqual([
      expect.stringMatching(/^reach 57006 exceeds the 29440 browser-windows/),
    ]);
  });

  it("one day: reach's average is the frequency card's (2.0 each), within the estimate's error", () => {
    expect(reachFrequencyProblems(reach(3, 6), frequency(3, 6), { oneWindow: true })).toEqual([]);
    // 1.0 each from reach against 2.2 a day: not one population.
    expect(reachFrequencyProblems(reach(1000, 1000), frequency(1000, 2200), { oneWindow: true })).toEqual([
      expect.stringMatching(/^over one window reach's 1.00 ads each differs from the frequency card's 2.20/),
    ]);
  });

  it('an estimate within three standard errors of the count agrees (1,000 browsers read as 1,020)', () => {
    expect(reachFrequencyProblems(reach(1020, 2000), frequency(1000, 2000), { oneWindow: true })).toEqual([]);
  });
});

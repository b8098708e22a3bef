// The report's frequency (docs/reports.md, "Frequency") from counts of ads by their rank in a browser's
// window, every figure worked out by hand in the comments.
import { describe, expect, it } from 'vitest';
import {
  type FrequencyCount,
  formatFrequencyAverage,
  frequencyBarLabel,
  frequencyInvalidNote,
  frequencyOf,
  frequencyRankBucket,
  frequencySentence,
  NO_FREQUENCY,
} from './frequency';

/** Ads of each rank, 1 first, all in day windows. */
const ranks = (...ads: number[]): FrequencyCount[] =>
  ads.map((count, index) => ({ period: 'day', rank: index + 1, ads: count }));
const exactly = (rows: FrequencyCount[]) => frequencyOf(rows).bars.map((bar) => bar.browsers);

describe('frequency from ads counted by rank', () => {
  it('three browsers served 3, 1 and 5 ads: one each with 1, 3 and 5, average 3.0', () => {
    // Ranks: browser A 1,2,3; B 1; C 1,2,3,4,5 -> c(1)=3, c(2)=2, c(3)=2, c(4)=1, c(5)=1.
    const frequency = frequencyOf(ranks(3, 2, 2, 1, 1));
    // exactly 1 = 3-2 = 1; 2 = 2-2 = 0; 3 = 2-1 = 1; 4 = 1-1 = 0; 5 = 1-0 = 1.
    expect(frequency.bars.map((bar) => bar.browsers)).toEqual([1, 0, 1, 0, 1, 0, 0, 0, 0, 0]);
    expect(frequency.browsers).toBe(3);
    // 3 + 1 + 5 = 9 ads over 3 browsers.
    expect(frequency.ads).toBe(9);
    expect(frequency.average).toBe(3);
    expect(formatFrequencyAverage(frequency.average)).toBe('3.0');
    expect(frequency.windows).toEqual(['day']);
    expect(frequency.bars.map(frequencyBarLabel)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10+',
    ]);
  });

  it('10 or more is c(10); ads past the 10th count in the average only', () => {
    // One browser with 12 ads (ranks 1..10 once, 11 twice: the 11th and 12th), one with 10, one with 2.
    const rows = ranks(3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2);
    // c(11) holds 2 ads (rank 11 = the 11th or later).
    expect(exactly(rows)).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
    const frequency = frequencyOf(rows);
    // 12 + 10 + 2 = 24 ads; 24 / 3 = 8.
    expect(frequency.ads).toBe(24);
    expect(frequency.average).toBe(8);
  });

  it('an average that is not whole: 7 ads over 4 browsers is 1.75, shown as 1.8', () => {
    // Browsers with 1, 1, 2 and 3 ads: c(1)=4, c(2)=2, c(3)=1.
    const frequency = frequencyOf(ranks(4, 2, 1));
    expect(exactly(ranks(4, 2, 1)).slice(0, 3)).toEqual([2, 1, 1]);
    expect(frequency.average).toBe(1.75);
    expect(formatFrequencyAverage(frequency.average)).toBe('1.8');
  });

  it('rows of the same rank add up (several buckets); a window begun before the range is shown as 0, not below', () => {
    const rows = [
      { period: 'day', rank: 1, ads: 1 },
      { period: 'day', rank: 2, ads: 1 },
      // A browser whose 2nd ad falls in the range and whose 1st does not.
      { period: 'day', rank: 2, ads: 1 },
    ];
    // c(1)=1, c(2)=2: 1-2 = -1 is shown as 0; average 3 / 1.
    expect(exactly(rows).slice(0, 2)).toEqual([0, 2]);
    expect(frequencyOf(rows).average).toBe(3);
  });

  it('nothing counted, unknown windows or ranks: no frequency', () => {
    expect(frequencyOf([])).toEqual(NO_FREQUENCY);
    expect(frequencyOf([{ period: 'month', rank: 1, ads: 4 }])).toEqual(NO_FREQUENCY);
    expect(frequencyOf([{ period: 'day', rank: 12, ads: 4 }])).toEqual(NO_FREQUENCY);
  });

  it('the windows present, shortest first', () => {
    const rows = [
      { period: 'week', rank: 1, ads: 1 },
      { period: 'day', rank: 1, ads: 1 },
    ];
    expect(frequencyOf(rows).windows).toEqual(['day', 'week']);
  });

  it('a rank is counted 1 to 10, and 11 for the 11th or later', () => {
    expect([1, 2, 10, 11, 40].map(frequencyRankBucket)).toEqual([1, 2, 10, 11, 11]);
  });

  it('the sentence says what a browser means here', () => {
    expect(frequencySentence(frequencyOf(ranks(3, 2, 2, 1, 1)))).toBe(
      '3 browsers saw 3.0 ads on average (per browser on each site, per day).',
    );
    expect(frequencySentence(NO_FREQUENCY)).toBe('No ads of a campaign with frequency caps in this range.');
  });

  it('names the ads served to invalid traffic, which are in no bar (none: no note; one: singular; grouped digits)', () => {
    expect(frequencyInvalidNote(0)).toBeNull();
    expect(frequencyInvalidNote(Number.NaN)).toBeNull();
    expect(frequencyInvalidNote(1)).toBe(
      'Not in these bars: 1 ad served to invalid traffic, which was counted without a frequency history.',
    );
    expect(frequencyInvalidNote(2340)).toBe(
      'Not in these bars: 2,340 ads served to invalid traffic, which were counted without a frequency history.',
    );
    expect(frequencyInvalidNote(2340, 'de-DE')).toContain('2.340 ads');
  });
});

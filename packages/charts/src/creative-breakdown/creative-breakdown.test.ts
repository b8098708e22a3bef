import { describe, expect, it } from 'vitest';
import { oneWeekReport, yearReport, zeroReport } from '../fixtures';
import { creativeShares } from './creative-breakdown';

describe('creative shares', () => {
  it('gives each creative its share of impressions and clicks, most impressions first', () => {
    const rows = creativeShares(oneWeekReport.creatives, 8);
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.impressions)).toEqual(
      [...oneWeekReport.creatives.map((creative) => creative.totals.impressions)].sort((a, b) => b - a),
    );
    const sum = (key: 'impressionsShare' | 'clicksShare') => rows.reduce((total, row) => total + row[key], 0);
    expect(sum('impressionsShare')).toBeCloseTo(100);
    expect(sum('clicksShare')).toBeCloseTo(100);
  });

  it('sums the creatives past the limit as "Other"', () => {
    const rows = creativeShares(yearReport.creatives, 8);
    expect(rows).toHaveLength(8);
    expect(rows.at(-1)?.name).toBe('Other (13 creatives)');
    expect(rows.reduce((total, row) => total + row.impressions, 0)).toBe(
      yearReport.creatives.reduce((total, creative) => total + creative.totals.impressions, 0),
    );
  });

  it('does not make an "Other" of one creative', () => {
    const five = yearReport.creatives.slice(0, 5);
    expect(creativeShares(five, 5).map((row) => row.name)).not.toContain('Other (1 creatives)');
    expect(creativeShares(five, 5)).toHaveLength(5);
  });

  it('gives zero shares when nothing was served', () => {
    expect(creativeShares(zeroReport.creatives, 8).every((row) => row.impressionsShare === 0)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { ariaSort } from '../table';
import { compareNumbers, comparePeriods, compareText, sortsDescendingFirst } from './sorting';

describe('data table sort strategies', () => {
  it('orders numbers ascending, a missing value below every number', () => {
    expect([10, 2, 33, 2].sort(compareNumbers)).toEqual([2, 2, 10, 33]);
    expect([5, null, 0].sort(compareNumbers)).toEqual([null, 0, 5]);
    expect(compareNumbers(undefined, 0)).toBe(-1);
    expect(compareNumbers(0.5, 0.5)).toBe(0);
  });

  it('orders text alphabetically for the locale, ignoring case, numbers in numeric order', () => {
    expect(['Banner 10', 'banner 2', 'Banner 1'].sort((a, b) => compareText(a, b))).toEqual([
      'Banner 1',
      'banner 2',
      'Banner 10',
    ]);
    // Swedish puts Ä after Z; German beside A.
    expect(['Ärger', 'Zebra'].sort((a, b) => compareText(a, b, 'sv-SE'))).toEqual(['Zebra', 'Ärger']);
    expect(['Zebra', 'Ärger'].sort((a, b) => compareText(a, b, 'de-DE'))).toEqual(['Ärger', 'Zebra']);
  });

  it('orders days and hours in time order', () => {
    expect(['2026-11-10', '2026-02-01', '2025-12-31'].sort(comparePeriods)).toEqual([
      '2025-12-31',
      '2026-02-01',
      '2026-11-10',
    ]);
    expect(['2026-03-01T10:00', '2026-03-01T09:00'].sort(comparePeriods)).toEqual([
      '2026-03-01T09:00',
      '2026-03-01T10:00',
    ]);
  });

  it('sorts figures biggest first on the first click, names and days from the start', () => {
    expect(sortsDescendingFirst('number')).toBe(true);
    expect(sortsDescendingFirst('text')).toBe(false);
    expect(sortsDescendingFirst('period')).toBe(false);
  });

  it('tells assistive technology how a column is sorted', () => {
    expect(ariaSort('asc')).toBe('ascending');
    expect(ariaSort('desc')).toBe('descending');
    expect(ariaSort(false)).toBe('none');
  });
});

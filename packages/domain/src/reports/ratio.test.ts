import { describe, expect, it } from 'vitest';
import { formatRatio } from './ratio';

describe('ROAS reads as a ratio of the spend (docs/reports.md, "ROAS as a ratio")', () => {
  it('below 10: two decimals and an x (USD 352.50 of value on USD 150.00 of spend = 2.35)', () => {
    expect(formatRatio(352.5 / 150)).toBe('2.35x');
    // 7,798.80 / 1,500 = 5.1992
    expect(formatRatio(7_798.8 / 1_500)).toBe('5.20x');
    expect(formatRatio(0.004)).toBe('0.00x');
    expect(formatRatio(0.5)).toBe('0.50x');
    expect(formatRatio(9.994)).toBe('9.99x');
  });

  it('from 10 up: whole, with grouping (136,508 % of spend = 1,365.08 reads 1,365x)', () => {
    expect(formatRatio(1_365.08)).toBe('1,365x');
    // 1,254.56 / 10.00 = 125.456
    expect(formatRatio(125.456)).toBe('125x');
    expect(formatRatio(13.5)).toBe('14x');
    expect(formatRatio(10)).toBe('10x');
    // 9.996 rounds to 10.00 at two decimals: it reads as the whole 10, not '10.00x'.
    expect(formatRatio(9.996)).toBe('10x');
  });

  it("in the reader's locale: de-DE groups with a dot and writes decimals with a comma", () => {
    expect(formatRatio(2.345, 'de-DE')).toBe('2,35x');
    expect(formatRatio(1_365.08, 'de-DE')).toBe('1.365x');
  });
});

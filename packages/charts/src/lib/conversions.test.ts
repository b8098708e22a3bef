import { describe, expect, it } from 'vitest';
import {
  conversionAmount,
  formatConversionFigure,
  formatLagShare,
  formatRoas,
  lagBuckets,
  medianLagDays,
} from './conversions';
import { NO_VALUE } from './format';

// 4,000 clicks, 120 conversions worth USD 7,798.80 (779,880 cents) on USD 1,500.00 of spend.
const week = {
  clicks: 4_000,
  conversions: 120,
  conversionValueMinor: 779_880,
  conversionRate: 3, // 120 / 4,000 = 3 %
  conversionValue: 7_798.8,
  costPerConversion: 12.5, // 1,500 / 120
  roas: 5.1992, // 7,798.80 / 1,500
};

describe('conversion figures as the report shows them', () => {
  it('shows conversions whole, the rate per click to two decimals, value and cost per conversion in the currency', () => {
    expect(formatConversionFigure('conversions', week, 'USD', 'en-US')).toBe('120');
    expect(formatConversionFigure('conversionRate', week, 'USD', 'en-US')).toBe('3.00%');
    expect(formatConversionFigure('conversionValue', week, 'USD', 'en-US')).toBe('$7,798.80');
    expect(formatConversionFigure('costPerConversion', week, 'USD', 'en-US')).toBe('$12.50');
    expect(formatConversionFigure('conversionValue', week, 'EUR', 'de-DE')).toBe('7.798,80\u00a0€');
  });

  it('shows ROAS (value / spend) as a ratio: two decimals below 10, whole and grouped from 10 up', () => {
    // 7,798.80 / 1,500 = 5.1992: 5.20 times the spend.
    expect(formatConversionFigure('roas', week, 'USD', 'en-US')).toBe('5.20x');
    expect(formatRoas(2.5, 'en-US')).toBe('2.50x');
    expect(formatRoas(0.004, 'en-US')).toBe('0.00x');
    // USD 13,650.80 of value on USD 10.00 of spend: 1,365.08, once shown '136,508 %'.
    expect(formatRoas(13_650.8 / 10, 'en-US')).toBe('1,365x');
    expect(formatRoas(2.5, 'de-DE')).toBe('2,50x');
    expect(formatRoas(1_365.08, 'de-DE')).toBe('1.365x');
  });

  it("labels a lag bar with its share in whole percent (48.25 % reads '48%')", () => {
    expect(formatLagShare(48.25, 'en-US')).toBe('48%');
    expect(formatLagShare(0.6, 'en-US')).toBe('1%');
    expect(formatLagShare(12.5, 'de-DE')).toBe('13\u00a0%');
  });

  it("shows '—' for a figure without its denominator, not 0", () => {
    const noClicks = { clicks: 0, conversions: 0, conversionRate: 0, conversionValue: 0 };
    expect(formatConversionFigure('conversionRate', noClicks, 'USD', 'en-US')).toBe(NO_VALUE);
    // No conversions: no cost per conversion (the API answers null).
    expect(
      formatConversionFigure('costPerConversion', { ...noClicks, costPerConversion: null }, 'USD', 'en-US'),
    ).toBe(NO_VALUE);
    // No spend: no ROAS.
    expect(formatConversionFigure('roas', { ...week, roas: null }, 'USD', 'en-US')).toBe(NO_VALUE);
    // No booked rate: neither figure is in the answer.
    const { costPerConversion: _cpa, roas: _roas, ...unpriced } = week;
    expect(formatConversionFigure('costPerConversion', unpriced, 'USD', 'en-US')).toBe(NO_VALUE);
    expect(formatConversionFigure('roas', unpriced, 'USD', 'en-US')).toBe(NO_VALUE);
    // An answer without conversion counters (a server before conversions): nothing to show.
    expect(formatConversionFigure('conversions', { clicks: 10 }, 'USD', 'en-US')).toBe(NO_VALUE);
    // A value of 0 over real clicks is a value: $0.00, and a rate of 0.00 %.
    expect(formatConversionFigure('conversionValue', { ...noClicks, clicks: 5 }, 'USD', 'en-US')).toBe(
      '$0.00',
    );
    expect(formatConversionFigure('conversionRate', { ...noClicks, clicks: 5 }, 'USD', 'en-US')).toBe(
      '0.00%',
    );
  });

  it('reads a value from its exact minor units when a row has no amount (a breakdown row)', () => {
    expect(conversionAmount({ conversions: 3, conversionValueMinor: 14_997 }, 'USD')).toBe(149.97);
    // Yen have no minor unit: 14,997 is ¥14,997.
    expect(conversionAmount({ conversions: 3, conversionValueMinor: 14_997 }, 'JPY')).toBe(14_997);
    expect(
      formatConversionFigure(
        'conversionValue',
        { conversions: 3, conversionValueMinor: 14_997 },
        'JPY',
        'en-US',
      ),
    ).toBe('¥14,997');
    expect(conversionAmount({ conversions: 3, conversionValueMinor: 14_997 }, null)).toBeUndefined();
  });
});

describe('the conversion-lag buckets', () => {
  it('puts each day of the first week in a bar of its own, then 7-13, 14-29, 30-59 and 60-90 days', () => {
    const buckets = lagBuckets([
      { days: 0, conversions: 50 },
      { days: 2, conversions: 20 },
      { days: 8, conversions: 6 },
      { days: 13, conversions: 4 },
      { days: 21, conversions: 3 },
    ]);
    expect(buckets.map((bucket) => [bucket.label, bucket.conversions])).toEqual([
      ['<1', 50],
      ['1', 0],
      ['2', 20],
      ['3', 0],
      ['4', 0],
      ['5', 0],
      ['6', 0],
      ['7–13', 10],
      ['14–29', 3],
    ]);
  });

  it('always shows the first week, and a lag past 90 days in the last bar', () => {
    expect(lagBuckets([{ days: 1, conversions: 2 }])).toHaveLength(7);
    expect(lagBuckets([])).toHaveLength(7);
    expect(lagBuckets([{ days: 95, conversions: 1 }]).at(-1)).toMatchObject({
      label: '60–90',
      conversions: 1,
    });
  });

  it('finds the day by which half of the conversions had come', () => {
    // 50 of 83 on day 0: more than half.
    expect(
      medianLagDays([
        { days: 0, conversions: 50 },
        { days: 8, conversions: 33 },
      ]),
    ).toBe(0);
    // 10 on day 0, 10 on day 3, 20 on day 9: the 20th of 40 came on day 3.
    expect(
      medianLagDays([
        { days: 9, conversions: 20 },
        { days: 0, conversions: 10 },
        { days: 3, conversions: 10 },
      ]),
    ).toBe(3);
    expect(medianLagDays([])).toBeUndefined();
    expect(medianLagDays([{ days: 4, conversions: 0 }])).toBeUndefined();
  });
});

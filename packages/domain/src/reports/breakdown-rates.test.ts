// A breakdown row's rates come from the figures' list (figures.ts, REPORT_FIGURES): every rate whose two
// counters a row carries is in each row, in Other and Unknown, and in the row's schema, as `of` per `per`
// in percent (0 when `per` is 0). A new rate of two breakdown counters reaches the breakdowns by itself.
import { describe, expect, it } from 'vitest';
import {
  type BreakdownCounters,
  breakdownFigures,
  breakdownFiguresSchema,
  breakdownOf,
  breakdownSchema,
  OTHER_DIMENSION_VALUE,
  UNKNOWN_DIMENSION_VALUE,
  zeroBreakdownCounters,
} from './breakdown';
import { RATE_FIGURES, showsIn } from './figures';

const carried: readonly string[] = Object.keys(zeroBreakdownCounters());
/** The rates of the list whose two counters a breakdown row carries. */
const carriedRates = RATE_FIGURES.filter(
  (figure) => carried.includes(figure.rate.of) && carried.includes(figure.rate.per),
);

/** 3 clicks and 6 engagements of 120 impressions, 60 viewable of 80 measured, 2 completes of 8 starts, 1 conversion. */
const some: BreakdownCounters = {
  ...zeroBreakdownCounters(),
  impressions: 120,
  clicks: 3,
  engagement: 6,
  measurable: 80,
  viewable: 60,
  videoStarts: 8,
  videoCompletes: 2,
  conversions: 1,
  conversionValueMinor: 500,
};

describe("a breakdown row's rates are the list's rates of its counters", () => {
  it('every rate figure whose counters a breakdown row carries is in each row, Other, Unknown and the schema', () => {
    const answer = breakdownSchema.parse(
      breakdownOf('device', [
        { value: 'mobile', counters: some },
        { value: OTHER_DIMENSION_VALUE, counters: some },
        { value: UNKNOWN_DIMENSION_VALUE, counters: some },
      ]),
    );
    const parts: Record<string, Record<string, unknown> | null | undefined> = {
      row: answer.rows[0],
      other: answer.other,
      unknown: answer.unknown,
    };
    const missing = carriedRates.flatMap((figure) => [
      ...(figure.key in breakdownFiguresSchema.shape ? [] : [`${figure.key} (schema)`]),
      ...Object.entries(parts)
        .filter(([, part]) => typeof part?.[figure.key] !== 'number')
        .map(([name]) => `${figure.key} (${name})`),
    ]);
    expect(missing).toEqual([]);
    expect(carriedRates.map((figure) => figure.key)).toEqual([
      'ctr',
      'engagementRate',
      'viewabilityRate',
      'completionRate',
      'conversionRate',
    ]);
  });

  it('a rate shown in breakdowns is one whose counters a row carries (its column has its numbers)', () => {
    const shown = RATE_FIGURES.filter((figure) => showsIn(figure, 'breakdown'));
    expect(shown.filter((figure) => !carriedRates.includes(figure)).map((figure) => figure.key)).toEqual([]);
  });

  it('computes each by hand: 3 clicks of 120 impressions is 2.5 %, 6 engagements 5 %, 60 of 80 measured 75 %', () => {
    const figures = breakdownFigures(some);
    expect(figures.ctr).toBe(2.5);
    expect(figures.engagementRate).toBe(5);
    expect(figures.viewabilityRate).toBe(75);
    expect(figures.completionRate).toBe(25);
    expect(figures.conversionRate).toBeCloseTo(100 / 3, 10);
  });

  it('0 without a denominator; without conversion counters no conversion rate, as before', () => {
    const {
      conversions: _c,
      conversionValueMinor: _v,
      ...older
    } = { ...zeroBreakdownCounters(), engagement: 1 };
    const figures = breakdownFigures(older);
    expect(figures).toMatchObject({ ctr: 0, engagementRate: 0, viewabilityRate: 0, completionRate: 0 });
    expect('conversionRate' in figures).toBe(false);
    expect(Object.keys(figures)).toEqual([
      'impressions',
      'viewable',
      'measurable',
      'engagement',
      'clicks',
      'videoStarts',
      'videoCompletes',
      'ctr',
      'engagementRate',
      'viewabilityRate',
      'completionRate',
    ]);
  });

  it('keeps the keys and their order as before, the engagement rate added after CTR', () => {
    const booked = { model: 'CPM' as const, amount: 2, currency: 'EUR' };
    expect(Object.keys(breakdownFigures(some, booked, 'EUR'))).toEqual([
      'spend',
      'ecpm',
      'ecpc',
      'cpcv',
      'conversionRate',
      'conversionValue',
      'costPerConversion',
      'roas',
      'impressions',
      'viewable',
      'measurable',
      'engagement',
      'clicks',
      'videoStarts',
      'videoCompletes',
      'conversions',
      'conversionValueMinor',
      'ctr',
      'engagementRate',
      'viewabilityRate',
      'completionRate',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { reportsQuerySchema } from '../api/reports/requests';
import { countryLabel } from '../traffic/countries';
import {
  admitDimensionValues,
  BREAKDOWN_COUNTERS,
  BREAKDOWN_TOP_ROWS,
  type BreakdownCounters,
  breakdownIsEmptyFor,
  breakdownLabel,
  breakdownOf,
  DIMENSION_VALUES_PER_DAY,
  OTHER_DIMENSION_VALUE,
  UNKNOWN_DIMENSION_VALUE,
  zeroBreakdownCounters,
} from './breakdown';
import { reportDataSchema } from './report-data';

const counters = (impressions: number, clicks = 0): BreakdownCounters => ({
  ...zeroBreakdownCounters(),
  impressions,
  measurable: impressions,
  viewable: Math.floor(impressions / 2),
  clicks,
});

describe('the cardinality rule: 1,000 values per live creative and UTC day, the rest "Other"', () => {
  it('keeps values seen before, admits new ones up to the cap in arrival order, sums the rest as Other', () => {
    const kept = new Set(['a.example', 'b.example']);
    const admitted = admitDimensionValues(kept, ['c.example', 'a.example', 'd.example', 'e.example'], 4);
    expect(Object.fromEntries(admitted)).toEqual({
      'c.example': 'c.example',
      'a.example': 'a.example',
      'd.example': 'd.example',
      'e.example': OTHER_DIMENSION_VALUE,
    });
  });

  it('at the cap a value kept before still counts by name; unknown stays unknown', () => {
    const full = new Set(Array.from({ length: DIMENSION_VALUES_PER_DAY }, (_, i) => `s${i}.example`));
    const admitted = admitDimensionValues(full, ['s5.example', 'new.example', UNKNOWN_DIMENSION_VALUE]);
    expect(admitted.get('s5.example')).toBe('s5.example');
    expect(admitted.get('new.example')).toBe(OTHER_DIMENSION_VALUE);
    expect(admitted.get(UNKNOWN_DIMENSION_VALUE)).toBe(UNKNOWN_DIMENSION_VALUE);
  });
});

describe('the answer: top 50 by impressions, then Other and Unknown, adding up exactly', () => {
  it('sorts by impressions (ties by label), lists the top 50 and sums the rest with the capped values as Other', () => {
    const values = [
      ...Array.from({ length: 60 }, (_, i) => ({
        value: `site${i}.example`,
        counters: counters(100 + i, i),
      })),
      { value: 'tie-b.example', counters: counters(500) },
      { value: 'tie-a.example', counters: counters(500) },
      { value: OTHER_DIMENSION_VALUE, counters: counters(7, 1) },
      { value: UNKNOWN_DIMENSION_VALUE, counters: counters(3) },
    ];
    const answer = breakdownOf('site', values);
    expect(answer.rows).toHaveLength(BREAKDOWN_TOP_ROWS);
    expect(answer.rows.slice(0, 3).map((row) => row.value)).toEqual([
      'tie-a.example',
      'tie-b.example',
      'site59.example',
    ]);
    // 62 named values: the 12 smallest (100..111 impressions) and the capped 7 are Other.
    expect(answer.other?.impressions).toBe(
      7 + Array.from({ length: 12 }, (_, i) => 100 + i).reduce((a, b) => a + b),
    );
    expect(answer.unknown?.impressions).toBe(3);
    for (const key of BREAKDOWN_COUNTERS) {
      const total = values.reduce((sum, row) => sum + row.counters[key], 0);
      const sum =
        answer.rows.reduce((s, row) => s + row[key], 0) +
        (answer.other?.[key] ?? 0) +
        (answer.unknown?.[key] ?? 0);
      expect(sum, key).toBe(total);
    }
  });

  it('rates: CTR per impression, viewability per measurable impression, completion per start; 0 without a denominator', () => {
    const answer = breakdownOf('device', [
      {
        value: 'mobile',
        counters: {
          ...zeroBreakdownCounters(),
          impressions: 200,
          measurable: 100,
          viewable: 60,
          clicks: 3,
          videoStarts: 10,
          videoCompletes: 4,
        },
      },
      { value: 'tablet', counters: { ...zeroBreakdownCounters(), engagement: 1 } },
    ]);
    expect(answer.rows[0]).toMatchObject({
      value: 'mobile',
      label: 'Mobile',
      ctr: 1.5,
      viewabilityRate: 60,
      completionRate: 40,
    });
    expect(answer.rows[1]).toMatchObject({ value: 'tablet', ctr: 0, viewabilityRate: 0, completionRate: 0 });
    expect(answer.other).toBeNull();
    expect(answer.unknown).toBeNull();
  });

  it('labels: countries by Intl.DisplayNames, devices by name, apps marked, Unknown and Other', () => {
    expect(countryLabel('DE')).toBe('Germany');
    expect(breakdownLabel('country', 'NP')).toBe('Nepal');
    expect(breakdownLabel('device', 'ctv')).toBe('Connected TV');
    expect(breakdownLabel('site', 'app:com.example.game')).toBe('com.example.game (app)');
    expect(breakdownLabel('browser', 'Chrome 126')).toBe('Chrome 126');
    expect(breakdownLabel('os', UNKNOWN_DIMENSION_VALUE)).toBe('Unknown');
    expect(breakdownLabel('site', OTHER_DIMENSION_VALUE)).toBe('Other');
  });

  it('the country breakdown names its database; other dimensions do not', () => {
    const database = { name: 'geo-whois-asn-country', version: '1', licence: 'CC BY 4.0' };
    expect(breakdownOf('country', [], database).countryDatabase).toEqual(database);
    expect(breakdownOf('site', [], database).countryDatabase).toBeNull();
  });

  it('a report that counts nothing has an empty breakdown in every dimension: no need to ask for it', () => {
    const nothing = { impressions: 0, viewable: 0, measurable: 0, engagement: 0, clicks: 0 };
    expect(breakdownIsEmptyFor(nothing)).toBe(true);
    expect(breakdownIsEmptyFor({ ...nothing, videoStarts: 0, videoCompletes: 0 })).toBe(true);
    // Any counter a breakdown sums makes it worth asking (a click whose impression fell before the range).
    expect(breakdownIsEmptyFor({ ...nothing, clicks: 1 })).toBe(false);
    expect(breakdownIsEmptyFor({ ...nothing, videoStarts: 2 })).toBe(false);
    expect(breakdownIsEmptyFor({ ...nothing, impressions: 5 })).toBe(false);
    const empty = breakdownOf('country', []);
    expect([empty.rows, empty.other, empty.unknown]).toEqual([[], null, null]);
  });

  it('the report query takes breakdown=site|device|os|browser|country; the answer defaults to none', () => {
    const base = { campaignID: 'c1', start_dt: '2026-01-01 00:00:00', end_dt: '2026-01-02 00:00:00' };
    expect(reportsQuerySchema.parse({ ...base, breakdown: 'country' }).breakdown).toBe('country');
    expect(reportsQuerySchema.safeParse({ ...base, breakdown: 'city' }).success).toBe(false);
    expect(reportsQuerySchema.parse(base).breakdown).toBeUndefined();
    // Optional in the answer, so reports made before breakdowns (and library users' own figures) stay valid.
    expect(reportDataSchema.shape.breakdown.parse(undefined)).toBeUndefined();
    expect(reportDataSchema.shape.breakdown.parse(null)).toBeNull();
  });
});

describe('spend in a breakdown: every row, Other and Unknown at the booked rate, adding up exactly', () => {
  it('USD 2.50 CPM: 400,001 + 400,003 + 434,563 impressions spend 1000.0025 + 1000.0075 + 1086.4075 = 3086.4175', () => {
    const rate = { model: 'CPM' as const, amount: 2.5, currency: 'USD' };
    const values = [
      { value: 'a.example', counters: counters(400_001) },
      ...Array.from({ length: BREAKDOWN_TOP_ROWS }, (_, index) => ({
        value: `top${index}.example`,
        counters: counters(1_000_000),
      })),
      { value: OTHER_DIMENSION_VALUE, counters: counters(400_003) },
      { value: UNKNOWN_DIMENSION_VALUE, counters: counters(434_563) },
    ];
    const breakdown = breakdownOf('site', values, null, rate);
    // a.example falls out of the top rows into Other: 400,001 + 400,003 impressions, USD 2000.01.
    expect(breakdown.other?.spend).toBe(2000.01);
    expect(breakdown.unknown?.spend).toBe(1086.4075);
    expect(breakdown.rows[0]?.spend).toBe(2500);
    expect(breakdown.rows[0]?.ecpm).toBeCloseTo(2.5, 12);
    expect(breakdown.rows[0]?.ecpc).toBeNull();
    const units = (amount: number | undefined) => Math.round((amount ?? Number.NaN) * 100_000);
    const sum = [...breakdown.rows, breakdown.other, breakdown.unknown].reduce(
      (total, row) => total + units(row?.spend),
      0,
    );
    // 50 × 1,000,000 + 400,001 + 400,003 + 434,563 impressions at 250 thousandths of a cent each.
    expect(sum).toBe((50 * 1_000_000 + 1_234_567) * 250);
    // Without a rate nothing is priced.
    expect('spend' in (breakdownOf('site', values).unknown ?? {})).toBe(false);
  });
});

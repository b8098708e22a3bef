import { describe, expect, it } from 'vitest';
import { addBreakdownCounters, breakdownFigures, zeroBreakdownCounters } from '../reports/breakdown';
import { addReportCounters, reportRates } from '../reports/report-data';
import { conversionFigures } from './conversion-figures';

// 4,000 impressions at USD 2.50 CPM are USD 10.00; 50 clicks; three conversions worth 19.99, 0.01 and
// 1,234.56 (1,999 + 1 + 123,456 = 125,456 cents).
const row = { impressions: 4000, viewable: 0, engagement: 0, clicks: 50 };
const CPM = { model: 'CPM', amount: 2.5, currency: 'USD' } as const;

describe('conversion figures', () => {
  it('the conversion rate is per click; the value is the minor units summed, exact, as an amount', () => {
    expect(
      conversionFigures({ clicks: 50, conversions: 3, conversionValueMinor: 125_456 }, undefined, 'USD'),
    ).toEqual({ conversionRate: 6, conversionValue: 1254.56 });
    // Yen have no minor unit; without clicks the rate is 0; without a currency there is no value.
    expect(
      conversionFigures({ clicks: 0, conversions: 2, conversionValueMinor: 1500 }, undefined, 'JPY'),
    ).toEqual({
      conversionRate: 0,
      conversionValue: 1500,
    });
    expect(
      conversionFigures({ clicks: 4, conversions: 1, conversionValueMinor: 10 }, undefined, null),
    ).toEqual({
      conversionRate: 25,
      conversionValue: 0,
    });
  });

  it('cost per conversion is spend / conversions and ROAS value / spend, both at the booked rate', () => {
    const totals = reportRates({ ...row, conversions: 3, conversionValueMinor: 125_456 }, CPM, 'USD');
    expect(totals.spend).toBe(10);
    expect(totals.costPerConversion).toBeCloseTo(10 / 3, 12);
    expect(totals.roas).toBeCloseTo(125.456, 12);
    expect(totals.conversionValue).toBe(1254.56);
    // No conversions: no cost per conversion; no spend: no ROAS.
    const none = reportRates({ ...row, impressions: 0, conversions: 0, conversionValueMinor: 0 }, CPM, 'USD');
    expect(none).toMatchObject({ spend: 0, costPerConversion: null, roas: null, conversionRate: 0 });
    // Without a booked rate neither, and the value is in the actions' currency.
    const unbooked = reportRates({ ...row, conversions: 1, conversionValueMinor: 4999 }, null, 'EUR');
    expect(unbooked).toMatchObject({ conversionValue: 49.99, conversionRate: 2 });
    expect(unbooked).not.toHaveProperty('roas');
    // A row without conversion counters (an older server's answer) has no conversion figures.
    expect(reportRates(row, CPM)).not.toHaveProperty('conversionRate');
  });

  it('rows add up: counters sum exactly, the value of the sum is the sum of the values', () => {
    const rows = [
      { ...row, conversions: 1, conversionValueMinor: 1999 },
      { ...row, conversions: 1, conversionValueMinor: 1 },
      { ...row, conversions: 1, conversionValueMinor: 123_456 },
    ];
    const sum = addReportCounters(rows, false);
    expect(sum).toMatchObject({ conversions: 3, conversionValueMinor: 125_456, clicks: 150 });
    expect(reportRates(sum, null, 'USD').conversionValue).toBe(1254.56);
    // Rows without them (older answers) give a sum without them.
    expect(addReportCounters([row], false)).not.toHaveProperty('conversions');
    const breakdown = zeroBreakdownCounters();
    for (const each of rows)
      addBreakdownCounters(breakdown, {
        ...zeroBreakdownCounters(),
        clicks: each.clicks,
        conversions: each.conversions,
        conversionValueMinor: each.conversionValueMinor,
      });
    expect(breakdownFigures(breakdown, null, 'USD')).toMatchObject({
      conversions: 3,
      conversionValue: 1254.56,
      conversionRate: 2,
    });
  });
});

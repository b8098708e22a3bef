// Spend in report files (spend-files.ts): the currency's own digits in the workbooks' format, the CSV's
// exact amount in currencies of 0, 2 and 3 decimals, the booking and pacing lines of the PDF and the
// mail, and the breakdown tables' spend columns. Amounts computed by hand.
import { breakdownOf, type CampaignRate, campaignPacing, spendFigures } from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import { breakdownHeaders, breakdownLines } from './breakdown-files';
import { csvCell, figureColumns } from './figure-columns';
import { bookingLines, moneyFormat, moneyText } from './spend-files';

/** The spend columns of a report at a booked rate (none without one), and a row's CSV cell of one. */
const spendColumns = (rate: CampaignRate | null) =>
  figureColumns({ rate, conversionCurrency: null }, 'download', ['spend']);
const spendCsvCell = (row: object, key: string, rate: CampaignRate) => {
  const column = spendColumns(rate).find((candidate) => candidate.key === key);
  if (!column) throw new Error(`no ${key} column`);
  return csvCell(column, row as Record<string, unknown>);
};

describe('spend in report files', () => {
  it("the workbooks' number format has the currency's own decimals: USD 2, JPY 0, KWD 3", () => {
    expect(moneyFormat('USD')).toBe('"USD "#,##0.00');
    expect(moneyFormat('JPY')).toBe('"JPY "#,##0');
    expect(moneyFormat('KWD')).toBe('"KWD "#,##0.000');
  });

  it('the CSV writes the spend exactly: JPY 150 CPM on 1,234,567 impressions is JPY 185185.05, KWD 1.234 CPC on 7 clicks KWD 8.638', () => {
    const yen: CampaignRate = { model: 'CPM', amount: 150, currency: 'JPY' };
    const yenRow = spendFigures(yen, { impressions: 1_234_567, clicks: 0 });
    expect(spendCsvCell(yenRow, 'spend', yen)).toBe('185185.05');
    expect(spendCsvCell(yenRow, 'ecpm', yen)).toBe('150');
    expect(spendCsvCell(yenRow, 'ecpc', yen)).toBe('');
    const dinar: CampaignRate = { model: 'CPC', amount: 1.234, currency: 'KWD' };
    const dinarRow = spendFigures(dinar, { impressions: 3, clicks: 7 });
    expect(spendCsvCell(dinarRow, 'spend', dinar)).toBe('8.638');
    // 8.638 KWD / 3 impressions × 1000 = 2879.333333…: to a thousandth of a fils.
    expect(spendCsvCell(dinarRow, 'ecpm', dinar)).toBe('2879.333333');
    expect(spendColumns(dinar).map((column) => column.header)).toEqual([
      'Spend (KWD)',
      'eCPM (KWD)',
      'eCPC (KWD)',
      'CPCV (KWD)',
    ]);
    expect(spendColumns(null)).toEqual([]);
  });

  it('the PDF and the mail round to the currency, and say the goal and the pacing status', () => {
    expect(moneyText(3086.4175, 'USD')).toBe('$3,086.42');
    expect(moneyText(null, 'USD')).toBe('—');
    const goal = { metric: 'impressions' as const, amount: 300_000 };
    const pacing = campaignPacing({
      goal,
      flight: { start: { date: '2026-03-01' }, end: { date: '2026-03-30' }, timezone: 'UTC' },
      delivered: Array.from({ length: 10 }, (_, index) => ({
        date: `2026-03-${String(index + 1).padStart(2, '0')}`,
        count: 8_000,
      })),
      now: new Date('2026-03-11T00:00:00Z'),
    });
    expect(bookingLines({ rate: { model: 'CPM', amount: 2.5, currency: 'USD' }, goal, pacing })).toEqual([
      ['Rate', 'USD 2.50 CPM'],
      ['Goal', '300,000 impressions'],
      [
        'Pacing',
        'At risk: 80,000 of 300,000 impressions delivered, plan 100,000 (20.0 % behind), projected 240,000 by the end of the flight.',
      ],
    ]);
    expect(bookingLines({ rate: null, goal: null, pacing: null })).toEqual([]);
  });

  it("a breakdown table gets the spend columns after its metrics (then the conversions'); rows, Other and Unknown sum to the totals' spend", () => {
    const rate: CampaignRate = { model: 'CPM', amount: 2.5, currency: 'USD' };
    const counters = (impressions: number) => ({
      impressions,
      viewable: 0,
      measurable: impressions,
      engagement: 0,
      clicks: 0,
      videoStarts: 0,
      videoCompletes: 0,
    });
    const breakdown = breakdownOf(
      'country',
      [
        { value: 'DE', counters: counters(400_001) },
        { value: 'FR', counters: counters(400_003) },
        { value: '', counters: counters(434_563) },
      ],
      null,
      rate,
    );
    const headers = breakdownHeaders(breakdown, { rate, conversionCurrency: null });
    expect(headers.slice(-9)).toEqual([
      'Spend (USD)',
      'eCPM (USD)',
      'eCPC (USD)',
      'CPCV (USD)',
      'Conversions',
      'Conversion rate (%)',
      'Conversion value (USD)',
      'Cost per conversion (USD)',
      'ROAS (x)',
    ]);
    const lines = breakdownLines(breakdown, { rate, conversionCurrency: null });
    const spend = headers.indexOf('Spend (USD)');
    expect(lines.map((line) => [line[1], line[spend]])).toEqual([
      ['France', 1000.0075],
      ['Germany', 1000.0025],
      ['Unknown', 1086.4075],
    ]);
    // Without a rate (nor conversion actions): no spend, conversion value, cost per conversion or ROAS.
    expect(breakdownHeaders(breakdown, { rate: null, conversionCurrency: null })).toHaveLength(
      headers.length - 7,
    );
  });

  it("a breakdown table writes cost per conversion to a thousandth of the minor unit, Other's and Unknown's too", () => {
    // USD 1 CPC: each row's spend is its clicks in dollars, its cost per conversion spend / conversions.
    const rate: CampaignRate = { model: 'CPC', amount: 1, currency: 'USD' };
    const counters = (clicks: number, conversions: number) => ({
      impressions: 100,
      viewable: 0,
      measurable: 100,
      engagement: 0,
      clicks,
      videoStarts: 0,
      videoCompletes: 0,
      conversions,
      conversionValueMinor: 0,
    });
    const breakdown = breakdownOf(
      'site',
      [
        { value: 'news.example', counters: counters(10, 4) },
        { value: '~other', counters: counters(10, 3) },
        { value: '', counters: counters(20, 7) },
      ],
      null,
      rate,
      'USD',
    );
    const figures = { rate, conversionCurrency: 'USD' };
    const column = breakdownHeaders(breakdown, figures).indexOf('Cost per conversion (USD)');
    // $10 / 4 = $2.50; $10 / 3 = $3.333333… and $20 / 7 = $2.857142…: to a thousandth of a cent.
    expect(breakdownLines(breakdown, figures).map((line) => [line[1], line[column]])).toEqual([
      ['news.example', 2.5],
      ['Other', 3.33333],
      ['Unknown', 2.85714],
    ]);
  });
});

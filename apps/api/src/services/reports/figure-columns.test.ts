// Report files' figure columns (figure-columns.ts): the columns each place shows are the domain's
// REPORT_FIGURES a report has, under the one wording; each kind written as files and people need it.
// Values by hand.
import { type CampaignRate, reportRates } from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import type { Figures } from './build-input';
import { mailFigureLines } from './deliver';
import { breakdownFileColumns, csvCell, figureColumns, figureText, sheetValue } from './figure-columns';

const rate: CampaignRate = { model: 'CPM', amount: 2.5, currency: 'USD' };
// 12,000 impressions, 150 clicks (1.25 %), 300 engagements, 6 conversions worth USD 123.45: 4 % of clicks.
const totals = reportRates(
  {
    impressions: 12_000,
    viewable: 9_000,
    engagement: 300,
    clicks: 150,
    measurable: 10_000,
    conversions: 6,
    conversionValueMinor: 12_345,
  },
  rate,
  'USD',
);

describe('figure columns of report files', () => {
  it("each place's columns: video ones with video data, spend with a booked rate, the value with its currency", () => {
    const plain = { rate: null, conversionCurrency: null, withVideoData: false };
    expect(figureColumns(plain, 'download').map((column) => column.header)).toEqual([
      'Impressions',
      'Viewable impressions',
      'Measurable impressions',
      'Engagements',
      'Clicks',
      'CTR (%)',
      'Engagement rate (%)',
      'Viewability (%)',
      'Conversions',
      'Conversion rate (%)',
      'Signed conversions',
      'Unsigned conversions (tag)',
      'Refused conversions',
    ]);
    const priced = { rate, conversionCurrency: 'EUR', withVideoData: true };
    expect(figureColumns(priced, 'pdf').map((column) => column.short)).toEqual([
      'Impressions',
      'Viewable',
      'Engagements',
      'Clicks',
      'CTR',
      'Starts',
      '25 %',
      '50 %',
      '75 %',
      'Completes',
      'Completion',
      'Spend (USD)',
      'Conversions',
      'Conv. value (EUR)',
    ]);
    expect(
      breakdownFileColumns({ rate: null, conversionCurrency: null }).map((column) => column.header),
    ).toEqual([
      'Impressions',
      'Viewable impressions',
      'Measurable impressions',
      'Engagements',
      'Clicks',
      'Video starts',
      'Video completes',
      'CTR (%)',
      'Viewability (%)',
      'Completion rate (%)',
      'Conversions',
      'Conversion rate (%)',
    ]);
  });

  it('the CSV exact, the workbook typed, people rounded: USD 30.00 spent, CTR 1.25 %, value USD 123.45, ROAS 4.12x', () => {
    const columns = figureColumns({ rate, conversionCurrency: 'USD', withVideoData: false }, 'download');
    const column = (key: string) => {
      const found = columns.find((candidate) => candidate.key === key);
      if (!found) throw new Error(`no ${key}`);
      return found;
    };
    expect(csvCell(column('ctr'), totals)).toBe(1.25);
    expect(sheetValue(column('ctr'), totals)).toBe(0.0125);
    // 12,000 impressions at USD 2.50 CPM = USD 30; eCPC 30 / 150 = 0.20.
    expect(csvCell(column('spend'), totals)).toBe('30');
    expect(csvCell(column('ecpc'), totals)).toBe('0.2');
    expect(csvCell(column('conversionValue'), totals)).toBe('123.45');
    expect(figureText(column('roas'), totals)).toBe('4.12x');
    expect(figureText(column('roas'), { ...totals, roas: 1_365.08 })).toBe('1,365x');
    expect(column('roas').header).toBe('ROAS (x)');
    expect(figureText(column('costPerConversion'), totals)).toBe('$5.00');
    expect(figureText(column('ctr'), { ...totals, impressions: 0, ctr: 0 })).toBe('—');
  });

  it("the mail's lines: the mail's figures in the list's order, a rate over nothing left out", () => {
    const figures = { rate, conversionCurrency: 'USD', withVideoData: false, totals } as unknown as Figures;
    expect(mailFigureLines(figures)).toEqual([
      'Impressions: 12,000',
      'Engagements: 300',
      'Clicks: 150',
      'CTR: 1.25 %',
      'Spend: $30.00',
      'Conversions: 6',
      'Conversion rate: 4.00 %',
      'Signed conversions: 0',
      'Unsigned conversions (tag): 0',
      'Refused conversions: 0',
      'Conversion value: $123.45',
      'Cost per conversion: $5.00',
      'ROAS: 4.12x',
    ]);
    const noClicks = { ...figures, totals: { ...totals, impressions: 0, clicks: 0 } } as Figures;
    expect(mailFigureLines(noClicks).some((line) => line.startsWith('CTR'))).toBe(false);
  });
});

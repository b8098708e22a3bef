// The advertiser report's totals (docs/reports.md, "Advertiser report"): counters added, rates from the
// sums, money only in the advertiser's currency. Every amount below is computed by hand.
import { describe, expect, it } from 'vitest';
import type { CampaignRate } from '../campaigns/pricing';
import { advertiserReportTotals } from './advertiser-totals';
import { reportRates, zeroReportCounters } from './report-data';

const row = (impressions: number, clicks: number, rate: CampaignRate | null) => ({
  rate,
  conversionCurrency: null,
  totals: reportRates({ ...zeroReportCounters(true), impressions, clicks, measurable: impressions }, rate),
});

describe('the advertiser report totals', () => {
  it('adds the counters and computes the rates from the sums, not as an average of rates', () => {
    const totals = advertiserReportTotals([row(1_000, 10, null), row(3_000, 0, null)], 'USD');
    expect(totals).toMatchObject({ impressions: 4_000, clicks: 10 });
    // 10 clicks of 4,000 impressions: 0.25 %, not the average of 1 % and 0 %.
    expect(totals.ctr).toBeCloseTo(0.25, 12);
    expect(totals.spend).toBeUndefined();
  });

  it("adds money only in the advertiser's currency: spend and effective costs over the campaigns priced in it", () => {
    const usd = { model: 'CPM', amount: 5, currency: 'USD' } as const;
    const eur = { model: 'CPC', amount: 1, currency: 'EUR' } as const;
    const totals = advertiserReportTotals([row(1_234, 7, usd), row(100, 0, null), row(500, 50, eur)], 'USD');
    // 1,234 impressions at USD 5.00 CPM = USD 6.17; the EUR campaign's EUR 50.00 is not added to it.
    expect(totals).toMatchObject({ impressions: 1_834, clicks: 57, spend: 6.17, ecpm: 5 });
    expect(totals.ecpc).toBeCloseTo(6.17 / 7, 12);
  });
});

// The advertiser report's totals (docs/reports.md, "Advertiser report"): its campaigns' summaries added
// up. Counters add; rates are computed again from the sums; money adds only in the advertiser's currency:
// spend over the campaigns priced in it (exactly, in thousandths of the minor unit), the effective costs
// over those campaigns' events, the conversions' value only when every campaign's value is in it.

import { type CampaignRate, spendUnits, unitsToAmount } from '../campaigns/pricing';
import { conversionFigures } from '../conversions/conversion-figures';
import { addReportCounters, type ReportTotals, reportRates } from './report-data';

export interface AdvertiserReportPart {
  /** The campaign's booked rate; null without one. */
  rate: CampaignRate | null;
  /** The campaign report's summary over the range (with video counters). */
  totals: ReportTotals;
  /** The currency of its conversions' value; null without conversion actions. */
  conversionCurrency: string | null;
}

export function advertiserReportTotals(
  parts: readonly AdvertiserReportPart[],
  currency: string,
): ReportTotals {
  const counters = addReportCounters(
    parts.map((part) => part.totals),
    true,
  );
  const valued = parts.filter((part) => (part.totals.conversionValueMinor ?? 0) > 0);
  const conversionCurrency = valued.every((part) => part.conversionCurrency === currency) ? currency : null;
  if (conversionCurrency === null) delete counters.conversionValueMinor;
  const totals = reportRates(counters, null, conversionCurrency);
  const priced = parts.filter((part) => part.rate?.currency === currency);
  if (priced.length === 0) return totals;
  let units = 0;
  const events = { impressions: 0, clicks: 0, completes: 0 };
  for (const part of priced) {
    const { impressions, clicks } = part.totals;
    const videoCompletes = part.totals.videoCompletes ?? 0;
    units += spendUnits(part.rate as CampaignRate, { impressions, clicks, videoCompletes });
    events.impressions += impressions;
    events.clicks += clicks;
    events.completes += videoCompletes;
  }
  const spend = unitsToAmount(units, currency);
  const per = (count: number, times = 1) => (count > 0 ? (spend / count) * times : null);
  return {
    ...totals,
    spend,
    ecpm: per(events.impressions, 1000),
    ecpc: per(events.clicks),
    cpcv: per(events.completes),
    ...(counters.conversions === undefined ? {} : conversionFigures(counters, spend, conversionCurrency)),
  };
}

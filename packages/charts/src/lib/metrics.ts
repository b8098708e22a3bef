// How the charts name and colour each report figure. One colour per figure in every widget
// (impressions are always --chart-1), so a reader learns the colours once.
import type { ReportMetric } from '@adconsole/domain';
import type { ChartConfig } from './palette';

export const metricConfig: ChartConfig<ReportMetric> = {
  impressions: { label: 'Impressions', color: 1 },
  viewable: { label: 'Viewable impressions', color: 6 },
  engagement: { label: 'Engagements', color: 2 },
  clicks: { label: 'Clicks', color: 3 },
  ctr: { label: 'CTR', color: 4 },
  engagementRate: { label: 'Engagement rate', color: 5 },
  viewabilityRate: { label: 'Viewability', color: 6 },
  videoStarts: { label: 'Video starts', color: 7 },
  firstQuartile: { label: '25 % viewed', color: 7 },
  midpoint: { label: '50 % viewed', color: 7 },
  thirdQuartile: { label: '75 % viewed', color: 7 },
  videoCompletes: { label: 'Video completes', color: 7 },
  completionRate: { label: 'Completion rate', color: 8 },
  measurable: { label: 'Measurable impressions', color: 6 },
  creativeViews: { label: 'Creative views', color: 7 },
  loads: { label: 'Media loaded', color: 7 },
  skips: { label: 'Skips', color: 8 },
  closes: { label: 'Closes', color: 8 },
  spend: { label: 'Spend', color: 2 },
  ecpm: { label: 'eCPM', color: 3 },
  ecpc: { label: 'eCPC', color: 4 },
  cpcv: { label: 'CPCV', color: 7 },
  conversions: { label: 'Conversions', color: 5 },
  conversionValueMinor: { label: 'Conversion value (minor unit)', color: 5 },
  conversionValue: { label: 'Conversion value', color: 5 },
  conversionRate: { label: 'Conversion rate', color: 4 },
  costPerConversion: { label: 'Cost per conversion', color: 3 },
  roas: { label: 'ROAS', color: 2 },
};

/** The one-series config of a chart that draws one figure. */
export const singleMetricConfig = (metric: ReportMetric): ChartConfig =>
  ({ [metric]: metricConfig[metric] }) as ChartConfig;

// How the charts name and colour each report figure: the name is the figure's one label (the domain's
// REPORT_FIGURES), the colour the charts' own. One colour per figure in every widget (impressions are
// always --chart-1), so a reader learns the colours once; a figure without its own takes its group's.
import {
  type FigureGroup,
  figureSpec,
  inReportTotals,
  REPORT_FIGURES,
  type ReportMetric,
  type ReportTotals,
} from '@adconsole/domain';
import type { ChartConfig } from './palette';

type ChartColor = ChartConfig[string]['color'];

/** The colour of a figure of each group that has none of its own. */
const GROUP_COLORS: Readonly<Record<FigureGroup, ChartColor>> = {
  base: 1,
  video: 7,
  vast: 7,
  spend: 2,
  conversion: 5,
  delivery: 8,
};

/** The figures with a colour of their own. */
const METRIC_COLORS: Readonly<Partial<Record<ReportMetric, ChartColor>>> = {
  impressions: 1,
  viewable: 6,
  engagement: 2,
  clicks: 3,
  ctr: 4,
  engagementRate: 5,
  viewabilityRate: 6,
  completionRate: 8,
  measurable: 6,
  skips: 8,
  closes: 8,
  ecpm: 3,
  ecpc: 4,
  cpcv: 7,
  conversionRate: 4,
  costPerConversion: 3,
  roas: 2,
};

/** A report figure's key (the internal counters and the ad requests are not in a report's totals). */
const isReportMetric = (key: string): key is ReportMetric & keyof ReportTotals =>
  inReportTotals(figureSpec(key as never));

export const metricConfig: ChartConfig<ReportMetric> = Object.fromEntries(
  REPORT_FIGURES.filter((figure) => isReportMetric(figure.key)).map((figure) => [
    figure.key,
    { label: figure.label, color: METRIC_COLORS[figure.key as ReportMetric] ?? GROUP_COLORS[figure.group] },
  ]),
) as ChartConfig<ReportMetric>;

/** The one-series config of a chart that draws one figure. */
export const singleMetricConfig = (metric: ReportMetric): ChartConfig =>
  ({ [metric]: metricConfig[metric] }) as ChartConfig;

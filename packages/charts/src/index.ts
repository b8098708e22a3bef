// @adconsole/charts: the reporting widgets (KPI tiles, charts, report table) drawn from the
// domain's report figures. Pure props in, no fetching.

export * from './breakdown-bars';
export * from './breakdown-table';
export * from './conversion-lag-chart';
export * from './conversion-tiles';
export * from './creative-breakdown';
export * from './frequency';
export * from './hour-heatmap';
export * from './invalid-traffic';
export * from './kpi-tiles';
export {
  BREAKDOWN_DIMENSION_LABELS,
  BREAKDOWN_METRICS,
  type BreakdownMetric,
  breakdownNoun,
  breakdownTotal,
} from './lib/breakdown';
export type { ChartDisplayProps, SwitchableMetricProps } from './lib/chart-props';
export {
  CONVERSION_METRICS,
  type ConversionMetric,
  formatConversionFigure,
  formatRoas,
} from './lib/conversions';
export { formatFigure, NO_VALUE } from './lib/format';
export { type ChartConfig, type ChartPalette, chartPalette, themePalette } from './lib/palette';
export { verdictClasses } from './lib/status-colors';
export * from './not-served';
export * from './pacing';
export * from './performance-chart';
export * from './reach';
export * from './report-table';
export * from './variant-comparison';
export * from './vast-errors';
export * from './video-quartiles-chart';

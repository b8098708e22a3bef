export { niceTicks, PacingChart, type PacingChartProps } from './pacing-chart';
export { PacingFigures, type PacingFiguresProps } from './pacing-figures';
export {
  PacingStatusBadge,
  type PacingStatusBadgeProps,
  pacingDeviationText,
  pacingStatusText,
} from './pacing-status';
export {
  formatSpend,
  SPEND_METRIC_LABELS,
  SPEND_METRICS,
  type SpendMetric,
  SpendTiles,
  type SpendTilesProps,
} from './spend-tiles';

export {
  BREAKDOWN_BAR_METRICS,
  BREAKDOWN_CONVERSION_BAR_METRICS,
  type BreakdownBar,
  type BreakdownBarMetric,
  BreakdownBars,
  type BreakdownBarsProps,
  breakdownBars,
} from './breakdown-bars';

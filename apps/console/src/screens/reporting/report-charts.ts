// The report's charts (nivo and its helpers, the largest part of the reporting code), reached only
// through dynamic imports: the report's heading and key figures paint before this chunk arrives.
export {
  BreakdownBars,
  ConversionLagChart,
  CreativeBreakdown,
  HourHeatmap,
  PacingChart,
  PerformanceChart,
  ReachCurve,
  VideoQuartilesChart,
} from '@adconsole/charts';

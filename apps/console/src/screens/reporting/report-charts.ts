// The report's charts (nivo and its helpers, the largest part of the reporting code) and its two data
// tables (TanStack Table with the data table's toolbar), reached only through dynamic imports: the
// report's heading and key figures paint before this chunk arrives, and the charts and tables, drawn
// when the reader comes near them, are placeholders of their size until then.
export {
  BreakdownBars,
  BreakdownTable,
  CreativeBreakdown,
  HourHeatmap,
  PerformanceChart,
  ReportTable,
  VideoQuartilesChart,
} from '@adconsole/charts';

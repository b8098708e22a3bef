export {
  REPORT_TABLE_METRICS,
  ReportTable,
  type ReportTableMetric,
  type ReportTableProps,
} from './report-table';

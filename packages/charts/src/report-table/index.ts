export {
  REPORT_TABLE_METRICS,
  type ReportCampaign,
  ReportTable,
  type ReportTableMetric,
  type ReportTableProps,
} from './report-table';

export {
  ReportExportForm,
  type ReportExportFormProps,
  type ReportExportFormValues,
} from './report-export-form';

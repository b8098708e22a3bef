export {
  ScheduleReportForm,
  type ScheduleReportFormProps,
  type ScheduleReportFormValues,
} from './schedule-report-form';

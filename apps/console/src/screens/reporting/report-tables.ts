// The report's two data tables (TanStack Table with the data table's toolbar), reached only through
// dynamic imports like the charts, in a file of their own: each file's code runs as a task of its own
// when it arrives, two shorter tasks instead of one long one after the first paint.
export { BreakdownTable, ReportTable } from '@adconsole/charts';

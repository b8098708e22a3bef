export { VastErrorsTable, type VastErrorsTableProps } from './vast-errors';

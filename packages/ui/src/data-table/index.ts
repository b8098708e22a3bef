// `@adconsole/ui/data-table`: the generic data table on TanStack Table (sorting, column visibility,
// pagination), an entry of its own so that only a product using it needs `@tanstack/react-table`.
export {
  DataTable,
  type DataTableInstance,
  type DataTableProps,
  type UseDataTableOptions,
  useDataTable,
} from './data-table';
export { DataTableColumnHeader, type DataTableColumnHeaderProps } from './data-table-column-header';
export { DataTablePagination, type DataTablePaginationProps } from './data-table-pagination';
export { DataTableToolbar, type DataTableToolbarProps } from './data-table-toolbar';
export {
  type DataTableColumnMeta,
  type DataTableFeatures,
  dataTableColumnHelper,
  dataTableFeatures,
} from './features';
export {
  compareNumbers,
  comparePeriods,
  compareText,
  type SortStrategy,
  sortFns,
  sortsDescendingFirst,
} from './sorting';

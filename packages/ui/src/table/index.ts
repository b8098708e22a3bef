export {
  ariaSort,
  nextTableSort,
  SortableTableHead,
  type SortableTableHeadProps,
  type TableSort,
  type TableSortDirection,
  tableSortOf,
} from './sortable-table-head';
export {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from './table';

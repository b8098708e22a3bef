// The TanStack Table features every data table uses: sorting, column visibility, pagination, and
// typed column meta (label and alignment) scoped to these tables.
import {
  columnVisibilityFeature,
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { type SortStrategy, sortFns } from './sorting';

export type DataTableColumnMeta = {
  /** The column's name in the header's sort button and the column menu. */
  label: string;
  /** Right-aligned tabular figures. */
  numeric?: boolean;
  /** How the column sorts (also sets the first click's direction). */
  sort?: SortStrategy;
};

export const dataTableFeatures = tableFeatures({
  columnMeta: metaHelper<DataTableColumnMeta>(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns,
  columnVisibilityFeature,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});
export type DataTableFeatures = typeof dataTableFeatures;

/** The column helper of a data table of `TData` rows. */
export const dataTableColumnHelper = <TData extends object>() =>
  createColumnHelper<DataTableFeatures, TData>();

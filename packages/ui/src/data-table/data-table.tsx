import {
  type ReactTable,
  type RowData,
  type TableOptions,
  type TableState,
  useTable,
} from '@tanstack/react-table';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { Table, TableBody, TableCaption, TableCell, TableFooter, TableHeader, TableRow } from '../table';
import { DataTableColumnHeader } from './data-table-column-header';
import { type DataTableFeatures, dataTableFeatures } from './features';

export type DataTableInstance<TData extends RowData> = ReactTable<DataTableFeatures, TData>;

export type UseDataTableOptions<TData extends RowData> = {
  /** Columns made with `dataTableColumnHelper<TData>()`; keep them stable (module level or memo). */
  columns: TableOptions<DataTableFeatures, TData>['columns'];
  /** The rows; keep the array stable between renders. */
  data: ReadonlyArray<TData>;
  getRowId: (row: TData) => string;
  initialState?: Partial<TableState<DataTableFeatures>>;
};

/** A sortable, paginated table instance with column visibility, over any row type. */
export function useDataTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  initialState,
}: UseDataTableOptions<TData>): DataTableInstance<TData> {
  return useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    initialState: { pagination: { pageIndex: 0, pageSize: 25 }, ...initialState },
    // A column is always sorted one way or the other; a third click does not unsort.
    enableSortingRemoval: false,
  });
}

export type DataTableProps<TData extends RowData> = Omit<React.ComponentProps<'div'>, 'children'> & {
  table: DataTableInstance<TData>;
  /** The table's name for assistive technology (visually hidden). */
  caption: string;
  /** Shown in the body when there are no rows. */
  emptyMessage?: React.ReactNode;
  /** The body scrolls under a sticky header past this height (CSS length). */
  maxHeight?: string;
  /**
   * False: each header is its column's name alone, no sort button or icon (a printed table, sorted as
   * it was on screen: paper cannot be clicked).
   */
  sortable?: boolean;
};

/**
 * The table itself: ui's Table parts, a sticky header of sort buttons, the current page of rows and
 * a footer row from the columns' `footer` (a totals row). Toolbar and pagination are separate parts.
 */
export function DataTable<TData extends RowData>({
  table,
  caption,
  emptyMessage = 'No rows.',
  maxHeight = '32rem',
  sortable = true,
  className,
  style,
  ...props
}: DataTableProps<TData>) {
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const hasFooter = table.getVisibleLeafColumns().some((column) => column.columnDef.footer !== undefined);
  return (
    <div
      data-slot="data-table"
      className={cn(
        'rounded-lg border bg-card',
        // ui's Table scrolls in its container: cap its height so the header can stick.
        '[&_[data-slot=table-container]]:max-h-(--data-table-max-height) [&_[data-slot=table-container]]:overflow-auto',
        className,
      )}
      style={{ '--data-table-max-height': maxHeight, ...style } as React.CSSProperties}
      {...props}
    >
      <Table>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader className="sticky top-0 z-10 bg-card shadow-[inset_0_-1px_0_var(--border)] [&_tr]:border-b-0">
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => (
                <DataTableColumnHeader key={header.id} header={header} sortable={sortable} />
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columnCount} className="py-8 text-center text-muted-foreground">
                {emptyMessage}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id} data-slot="data-table-row">
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id} data-numeric={cell.column.columnDef.meta?.numeric || undefined}>
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
        {hasFooter ? (
          <TableFooter className="sticky bottom-0 bg-muted shadow-[inset_0_1px_0_var(--border)]">
            {table.getFooterGroups().map((group) => (
              <TableRow key={group.id} data-slot="data-table-totals" className="hover:bg-muted">
                {group.headers.map((header) => (
                  <TableCell
                    key={header.id}
                    data-numeric={header.column.columnDef.meta?.numeric || undefined}
                    className="font-semibold"
                  >
                    {header.isPlaceholder ? null : <table.FlexRender footer={header} />}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableFooter>
        ) : null}
      </Table>
    </div>
  );
}

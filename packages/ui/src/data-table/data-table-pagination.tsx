import type { RowData } from '@tanstack/react-table';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { Pagination } from '../pagination';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../select';
import type { DataTableInstance } from './data-table';

export type DataTablePaginationProps<TData extends RowData> = React.ComponentProps<'div'> & {
  table: DataTableInstance<TData>;
  locale: string;
  pageSizes?: readonly number[];
};

const countFormats = new Map<string, Intl.NumberFormat>();
/** A row count in the locale: 1,234 (en-US), 1.234 (de-DE). */
function formatCount(count: number, locale: string): string {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    countFormats.set(locale, format);
  }
  return format.format(count);
}

/** Below the table: which rows are shown, rows per page and the page buttons. */
export function DataTablePagination<TData extends RowData>({
  table,
  locale,
  pageSizes = [10, 25, 50, 100],
  className,
  ...props
}: DataTablePaginationProps<TData>) {
  const { pageIndex, pageSize } = table.state.pagination;
  const total = table.getRowCount();
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  const pageCount = table.getPageCount();
  return (
    <div
      data-slot="data-table-pagination"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 text-muted-foreground text-sm',
        className,
      )}
      {...props}
    >
      <p aria-live="polite" className="tabular-nums">
        {formatCount(first, locale)}–{formatCount(last, locale)} of {formatCount(total, locale)} rows
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <span aria-hidden="true">Rows per page</span>
          <Select value={String(pageSize)} onValueChange={(value) => table.setPageSize(Number(value))}>
            <SelectTrigger aria-label="Rows per page" size="sm" className="w-20">
              <SelectValue>{pageSize}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              {pageSizes.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {pageCount > 1 ? (
          <Pagination
            aria-label="Table pages"
            page={pageIndex + 1}
            pageCount={pageCount}
            onPageChange={(page) => table.setPageIndex(page - 1)}
          />
        ) : null}
      </div>
    </div>
  );
}

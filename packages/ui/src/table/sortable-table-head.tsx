import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { TableHead } from './table';

/** How a column is sorted: ascending, descending, or not at all. */
export type TableSortDirection = false | 'asc' | 'desc';

/** The `aria-sort` of a column header for how its column is sorted. */
export function ariaSort(sorted: TableSortDirection): 'ascending' | 'descending' | 'none' {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

/** The sort of a hand-made table (DataTable keeps its own): the column and its direction. */
export type TableSort<K extends string> = { key: K; direction: 'asc' | 'desc' };

/** The sort after a click on a column's header: ascending, or descending when it already sorts ascending. */
export function nextTableSort<K extends string>(sort: TableSort<K>, key: K): TableSort<K> {
  return { key, direction: sort.key === key && sort.direction === 'asc' ? 'desc' : 'asc' };
}

/** How a column of a hand-made table is sorted under `sort`. */
export const tableSortOf = <K extends string>(sort: TableSort<K>, key: K): TableSortDirection =>
  sort.key === key ? sort.direction : false;

export type SortableTableHeadProps = Omit<React.ComponentProps<'th'>, 'onClick'> & {
  /** How this column is sorted now. */
  sorted: TableSortDirection;
  /** Asks for the next sort of this column (the table decides which direction that is). */
  onSort: (event: React.MouseEvent<HTMLButtonElement>) => void;
  /** A column of figures: right-aligned, the arrow before the label. */
  numeric?: boolean | undefined;
};

/**
 * A table header that sorts its column: a button (keyboard reachable) with the label and an arrow,
 * and the sort state in `aria-sort`. DataTable's headers are these; a hand-made table uses it too.
 */
export function SortableTableHead({
  sorted,
  onSort,
  numeric,
  className,
  children,
  ...props
}: SortableTableHeadProps) {
  const Icon = sorted === 'asc' ? ArrowUpIcon : sorted === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <TableHead
      data-numeric={numeric || undefined}
      aria-sort={ariaSort(sorted)}
      className={cn('px-1.5', className)}
      {...props}
    >
      <button
        type="button"
        data-slot="data-table-sort"
        data-sorted={sorted || undefined}
        onClick={onSort}
        className={cn(
          'inline-flex h-8 items-center gap-1 rounded-md px-1.5 font-medium outline-none hover:bg-accent hover:text-accent-foreground',
          'focus-visible:ring-2 focus-visible:ring-ring data-[sorted]:text-foreground',
          numeric && 'flex-row-reverse',
        )}
      >
        {children}
        <Icon aria-hidden="true" className={cn('size-3.5', !sorted && 'opacity-40')} />
      </button>
    </TableHead>
  );
}

import { cn, TableHead } from '@adconsole/ui';
import { FlexRender, type Header, type RowData } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type { DataTableFeatures } from './features';
import { ariaSort } from './sorting';

export type DataTableColumnHeaderProps<TData extends RowData> = {
  header: Header<DataTableFeatures, TData, unknown>;
};

/** A column's header: a sort button (keyboard reachable) with the sort state in `aria-sort`. */
export function DataTableColumnHeader<TData extends RowData>({ header }: DataTableColumnHeaderProps<TData>) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const sorted = column.getIsSorted();
  const content = header.isPlaceholder ? null : <FlexRender header={header} />;
  const Icon = sorted === 'asc' ? ArrowUpIcon : sorted === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <TableHead
      data-numeric={meta?.numeric || undefined}
      aria-sort={column.getCanSort() ? ariaSort(sorted) : undefined}
      className="px-1.5"
    >
      {column.getCanSort() ? (
        <button
          type="button"
          data-slot="data-table-sort"
          data-sorted={sorted || undefined}
          onClick={column.getToggleSortingHandler()}
          className={cn(
            'inline-flex h-8 items-center gap-1 rounded-md px-1.5 font-medium outline-none hover:bg-accent hover:text-accent-foreground',
            'focus-visible:ring-2 focus-visible:ring-ring data-[sorted]:text-foreground',
            meta?.numeric && 'flex-row-reverse',
          )}
        >
          {content}
          <Icon aria-hidden="true" className={cn('size-3.5', !sorted && 'opacity-40')} />
        </button>
      ) : (
        <span className="px-1.5">{content}</span>
      )}
    </TableHead>
  );
}

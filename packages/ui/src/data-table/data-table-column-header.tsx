import { FlexRender, type Header, type RowData } from '@tanstack/react-table';
import { SortableTableHead, TableHead } from '../table';
import type { DataTableFeatures } from './features';

export type DataTableColumnHeaderProps<TData extends RowData> = {
  header: Header<DataTableFeatures, TData, unknown>;
  /** False: the column's name alone, even for a sortable column (a printed table). */
  sortable?: boolean;
};

/** A column's header: a sort button (keyboard reachable) with the sort state in `aria-sort`. */
export function DataTableColumnHeader<TData extends RowData>({
  header,
  sortable = true,
}: DataTableColumnHeaderProps<TData>) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const content = header.isPlaceholder ? null : <FlexRender header={header} />;
  if (sortable && column.getCanSort()) {
    const toggle = column.getToggleSortingHandler();
    return (
      <SortableTableHead
        sorted={column.getIsSorted()}
        onSort={(event) => toggle?.(event)}
        numeric={meta?.numeric}
      >
        {content}
      </SortableTableHead>
    );
  }
  return (
    <TableHead data-numeric={meta?.numeric || undefined} className="px-1.5">
      <span className="px-1.5">{content}</span>
    </TableHead>
  );
}

// A table column header that sorts: a button that toggles ascending and descending, the arrow it shows,
// and `aria-sort` on the header for screen readers.
import { TableHead } from '@adconsole/ui';

export interface TableSort<K extends string> {
  key: K;
  direction: 'asc' | 'desc';
}

export interface SortableHeadProps<K extends string> {
  column: K;
  label: string;
  sort: TableSort<K>;
  /** The next sort: this column ascending, or descending when it already sorts ascending. */
  onSort: (sort: TableSort<K>) => void;
  /** A numeric column (right-aligned by the table's styles). */
  numeric?: boolean;
}

export function SortableHead<K extends string>({
  column,
  label,
  sort,
  onSort,
  numeric,
}: SortableHeadProps<K>) {
  const active = sort.key === column;
  return (
    <TableHead
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      {...(numeric ? { 'data-numeric': '' } : {})}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-sm font-medium hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        onClick={() =>
          onSort({ key: column, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })
        }
      >
        {label}
        <span aria-hidden="true">{active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </TableHead>
  );
}

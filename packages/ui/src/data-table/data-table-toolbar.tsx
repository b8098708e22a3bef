import type { RowData } from '@tanstack/react-table';
import { Columns3Icon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '../button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../dropdown-menu';
import { cn } from '../lib/cn';
import type { DataTableInstance } from './data-table';

export type DataTableToolbarProps<TData extends RowData> = React.ComponentProps<'div'> & {
  table: DataTableInstance<TData>;
};

/** Above the table: the caller's controls (title, filters) and the column-visibility menu. */
export function DataTableToolbar<TData extends RowData>({
  table,
  children,
  className,
  ...props
}: DataTableToolbarProps<TData>) {
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  return (
    <div
      data-slot="data-table-toolbar"
      className={cn('flex flex-wrap items-center gap-2', className)}
      {...props}
    >
      <div className="flex flex-1 flex-wrap items-center gap-2">{children}</div>
      {hideable.length > 0 ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm">
              <Columns3Icon aria-hidden="true" className="size-4" />
              Columns
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="min-w-48">
            <DropdownMenuLabel>Show columns</DropdownMenuLabel>
            <DropdownMenuSeparator />
            {hideable.map((column) => (
              <DropdownMenuCheckboxItem
                key={column.id}
                checked={column.getIsVisible()}
                // Keep the menu open: people usually change several columns at once.
                onSelect={(event) => event.preventDefault()}
                onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
              >
                {column.columnDef.meta?.label ?? column.id}
              </DropdownMenuCheckboxItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}

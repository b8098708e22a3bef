// The file manager's list: folders first then files (name, size, type, modified), sortable, and each
// entry's menu of actions (preview, download, copy URL, use in a creative, rename or move, delete).
import { type FileEntry, type FileSortKey, hashOfDirectory, previewKind } from '@adconsole/domain';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  formatBytes,
  nextTableSort,
  SortableTableHead,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  type TableSort,
  tableSortOf,
} from '@adconsole/ui';
import { FileIcon, FolderIcon, MoreHorizontalIcon } from 'lucide-react';
import type { FileDialog } from './file-manager-dialogs';

const columns: { key: FileSortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'size', label: 'Size' },
  { key: 'type', label: 'Type' },
  { key: 'modified', label: 'Modified' },
];

const modifiedText = (iso: string | null) =>
  iso ? new Date(iso).toISOString().slice(0, 16).replace('T', ' ') : '—';

/** What an entry's menu does: actions run through `act`, dialogs open through `onDialog`. */
export interface EntryActionProps {
  /** Runs an action, its failure shown above the list. */
  act: (action: () => Promise<unknown>) => void;
  onDialog: (dialog: FileDialog) => void;
  onDownload: (entry: FileEntry) => Promise<unknown>;
  onCopyUrl: (entry: FileEntry) => Promise<unknown>;
  previewUrl: (entry: FileEntry) => Promise<string>;
}

export function FileTable({
  entries,
  sort,
  onSortChange,
  ...actions
}: EntryActionProps & {
  /** Sorted already. */
  entries: FileEntry[];
  sort: TableSort<FileSortKey>;
  onSortChange: (sort: TableSort<FileSortKey>) => void;
}) {
  return (
    <Table aria-label="Files and folders">
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <SortableTableHead
              key={column.key}
              sorted={tableSortOf(sort, column.key)}
              onSort={() => onSortChange(nextTableSort(sort, column.key))}
              numeric={column.key === 'size'}
            >
              {column.label}
            </SortableTableHead>
          ))}
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.path} data-kind={entry.kind}>
            <TableCell className="font-medium">
              {entry.kind === 'folder' ? (
                <a
                  href={hashOfDirectory(entry.path)}
                  className="inline-flex items-center gap-2 underline-offset-4 hover:underline"
                >
                  <FolderIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                  {entry.name}
                </a>
              ) : (
                <span className="inline-flex items-center gap-2">
                  <FileIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                  {entry.name}
                </span>
              )}
            </TableCell>
            <TableCell data-numeric="">{entry.size === null ? '—' : formatBytes(entry.size)}</TableCell>
            <TableCell>{entry.kind === 'folder' ? 'Folder' : (entry.contentType ?? '—')}</TableCell>
            <TableCell className="tabular-nums">{modifiedText(entry.modified)}</TableCell>
            <TableCell className="text-right">
              <EntryActions entry={entry} {...actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EntryActions({
  entry,
  act,
  onDialog,
  onDownload,
  onCopyUrl,
  previewUrl,
}: EntryActionProps & { entry: FileEntry }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Actions for ${entry.name}`}>
          <MoreHorizontalIcon className="size-4" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {entry.kind === 'file' ? (
          <>
            {previewKind(entry.contentType) ? (
              <DropdownMenuItem
                onSelect={() =>
                  act(async () => onDialog({ kind: 'preview', entry, url: await previewUrl(entry) }))
                }
              >
                Preview
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuItem onSelect={() => act(() => onDownload(entry))}>Download</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => act(() => onCopyUrl(entry))}>Copy URL</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onDialog({ kind: 'use', entry })}>
              Use in a creative
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuItem onSelect={() => onDialog({ kind: 'move', entry })}>Rename or move</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="danger" onSelect={() => onDialog({ kind: 'delete', entry })}>
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

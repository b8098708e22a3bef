// The file manager's screen (props only, so every state has a story): breadcrumbs of the directory,
// folders first then files (name, size, type, modified) with sort, create folder, upload by drag and
// drop or picker with progress per file, and per entry: preview (images, video), download, copy URL,
// rename/move, use in a creative, delete with confirmation (a folder with its contents).
import {
  directoryCrumbs,
  type FileEntry,
  type FileSortKey,
  fileNameProblem,
  fileTooLargeMessage,
  hashOfDirectory,
  previewKind,
  sortFileEntries,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertTitle,
  Breadcrumbs,
  Button,
  ChoiceSelect,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  type DropzoneFile,
  EmptyState,
  Field,
  FileDropzone,
  formatBytes,
  Input,
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
import { useState } from 'react';
import { LoadMore, type MoreEntries } from '../../components/load-more';
import { LoadingRows } from '../../components/loading-rows';

export interface CreativeChoice {
  id: string;
  label: string;
}

export interface FileManagerViewProps {
  directory: string;
  /** undefined while the listing loads. */
  entries: FileEntry[] | undefined;
  /** Why the listing could not be read. */
  listError?: string | null | undefined;
  /** Set while the folder holds more than `entries` (the listing comes a page at a time). */
  more?: MoreEntries | undefined;
  uploads: DropzoneFile[];
  maxBytes: number;
  onUpload: (files: File[]) => void;
  /** Each action rejects with a readable error, shown in its dialog or alert. */
  onCreateFolder: (name: string) => Promise<unknown>;
  onMove: (entry: FileEntry, to: string) => Promise<unknown>;
  onDelete: (entry: FileEntry) => Promise<unknown>;
  onDownload: (entry: FileEntry) => Promise<unknown>;
  onCopyUrl: (entry: FileEntry) => Promise<unknown>;
  /** A presigned URL to show the file in place. */
  previewUrl: (entry: FileEntry) => Promise<string>;
  creatives: CreativeChoice[];
  onUseInCreative: (entry: FileEntry, creativeID: string) => Promise<unknown>;
  /** Shown above the list after an action (copied, added to a creative, deleted...). */
  notice?: string | null | undefined;
  now?: Date;
}

type Dialogs =
  | { kind: 'folder' }
  | { kind: 'move'; entry: FileEntry }
  | { kind: 'delete'; entry: FileEntry }
  | { kind: 'preview'; entry: FileEntry; url: string }
  | { kind: 'use'; entry: FileEntry }
  | undefined;

const columns: { key: FileSortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'size', label: 'Size' },
  { key: 'type', label: 'Type' },
  { key: 'modified', label: 'Modified' },
];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const modifiedText = (iso: string | null) =>
  iso ? new Date(iso).toISOString().slice(0, 16).replace('T', ' ') : '—';

export function FileManagerView(props: FileManagerViewProps) {
  const { directory, entries, uploads } = props;
  const [sort, setSort] = useState<TableSort<FileSortKey>>({
    key: 'name',
    direction: 'asc',
  });
  const [dialog, setDialog] = useState<Dialogs>();
  const [actionError, setActionError] = useState<string | null>(null);
  const sorted = entries ? sortFileEntries(entries, sort.key, sort.direction) : undefined;
  const crumbs = directoryCrumbs(directory).map((crumb) => ({
    label: crumb.label,
    href: hashOfDirectory(crumb.directory),
  }));

  const act = async (action: () => Promise<unknown>) => {
    setActionError(null);
    try {
      await action();
    } catch (error) {
      setActionError(messageOf(error));
    }
  };

  return (
    <div className="grid gap-4" data-slot="file-manager">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Breadcrumbs aria-label="Folder" items={crumbs} />
        <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'folder' })}>
          New folder
        </Button>
      </div>
      <FileDropzone
        label="Upload files"
        hint={`Any file up to ${formatBytes(props.maxBytes)}; names cannot contain "/" or "..".`}
        validate={(file) =>
          fileNameProblem(file.name) ??
          (file.size > props.maxBytes ? fileTooLargeMessage(file.name) : undefined)
        }
        files={uploads}
        onFilesAccepted={props.onUpload}
      />
      {props.notice ? (
        <Alert variant="success">
          <AlertTitle>{props.notice}</AlertTitle>
        </Alert>
      ) : null}
      {actionError ? (
        <Alert variant="danger">
          <AlertTitle>That did not work</AlertTitle>
          <AlertDescription className="text-foreground">{actionError}</AlertDescription>
        </Alert>
      ) : null}
      {props.listError ? (
        <Alert variant="danger">
          <AlertTitle>This folder could not be read</AlertTitle>
          <AlertDescription className="text-foreground">{props.listError}</AlertDescription>
        </Alert>
      ) : sorted === undefined ? (
        <LoadingRows label="Loading files" />
      ) : sorted.length === 0 ? (
        <EmptyState title="This folder is empty" description="Drop files above or create a folder." />
      ) : (
        <Table aria-label="Files and folders">
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <SortableTableHead
                  key={column.key}
                  sorted={tableSortOf(sort, column.key)}
                  onSort={() => setSort(nextTableSort(sort, column.key))}
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
            {sorted.map((entry) => (
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
                                act(async () =>
                                  setDialog({ kind: 'preview', entry, url: await props.previewUrl(entry) }),
                                )
                              }
                            >
                              Preview
                            </DropdownMenuItem>
                          ) : null}
                          <DropdownMenuItem onSelect={() => act(() => props.onDownload(entry))}>
                            Download
                          </DropdownMenuItem>
                          <DropdownMenuItem onSelect={() => act(() => props.onCopyUrl(entry))}>
                            Copy URL
                          </DropdownMenuItem>
                          <DropdownMenuItem onSelect={() => setDialog({ kind: 'use', entry })}>
                            Use in a creative
                          </DropdownMenuItem>
                        </>
                      ) : null}
                      <DropdownMenuItem onSelect={() => setDialog({ kind: 'move', entry })}>
                        Rename or move
                      </DropdownMenuItem>
                      <DropdownMenuSeparator />
                      <DropdownMenuItem
                        variant="danger"
                        onSelect={() => setDialog({ kind: 'delete', entry })}
                      >
                        Delete
                      </DropdownMenuItem>
                    </DropdownMenuContent>
                  </DropdownMenu>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {sorted && sorted.length > 0 && props.more ? (
        <LoadMore more={props.more} shown={sorted.length} />
      ) : null}

      <NameDialog
        open={dialog?.kind === 'folder'}
        title="New folder"
        label="Folder name"
        initial=""
        submitLabel="Create folder"
        check={fileNameProblem}
        onClose={() => setDialog(undefined)}
        onSubmit={props.onCreateFolder}
      />
      {dialog?.kind === 'move' ? (
        <NameDialog
          open
          title={`Rename or move ${dialog.entry.name}`}
          label="New path"
          description='The path from the top of your files; change the name to rename, the folders to move ("photos/2026/banner.png").'
          initial={dialog.entry.path}
          submitLabel="Save"
          check={(path) =>
            path.split('/').filter(Boolean).map(fileNameProblem).find(Boolean) ??
            (path.trim() === '' ? fileNameProblem('') : undefined)
          }
          onClose={() => setDialog(undefined)}
          onSubmit={(to) => props.onMove(dialog.entry, to)}
        />
      ) : null}
      <AlertDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => (open ? null : setDialog(undefined))}
      >
        {dialog?.kind === 'delete' ? (
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete {dialog.entry.name}?</AlertDialogTitle>
              <AlertDialogDescription>
                {dialog.entry.kind === 'folder'
                  ? 'The folder and everything in it are deleted. Links to its files stop working.'
                  : 'The file is deleted. Links to it stop working; creatives keep their own copy.'}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Keep it</AlertDialogCancel>
              <AlertDialogAction variant="danger" onClick={() => act(() => props.onDelete(dialog.entry))}>
                Delete {dialog.entry.kind}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
      <Dialog open={dialog?.kind === 'preview'} onOpenChange={(open) => (open ? null : setDialog(undefined))}>
        {dialog?.kind === 'preview' ? (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{dialog.entry.name}</DialogTitle>
              <DialogDescription>
                {dialog.entry.contentType} ·{' '}
                {dialog.entry.size === null ? '' : formatBytes(dialog.entry.size)}
              </DialogDescription>
            </DialogHeader>
            {previewKind(dialog.entry.contentType) === 'video' ? (
              <video
                src={dialog.url}
                controls
                className="max-h-96 w-full rounded-md bg-black"
                aria-label={`Preview of ${dialog.entry.name}`}
              />
            ) : (
              <img
                src={dialog.url}
                alt={`Preview of ${dialog.entry.name}`}
                className="max-h-96 w-full rounded-md object-contain"
              />
            )}
          </DialogContent>
        ) : null}
      </Dialog>
      {dialog?.kind === 'use' ? (
        <UseInCreativeDialog
          entry={dialog.entry}
          creatives={props.creatives}
          onClose={() => setDialog(undefined)}
          onSubmit={(creativeID) => props.onUseInCreative(dialog.entry, creativeID)}
        />
      ) : null}
    </div>
  );
}

function NameDialog(props: {
  open: boolean;
  title: string;
  label: string;
  description?: string;
  initial: string;
  submitLabel: string;
  check: (value: string) => string | undefined;
  onClose: () => void;
  onSubmit: (value: string) => Promise<unknown>;
}) {
  const [value, setValue] = useState(props.initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) {
          setValue(props.initial);
          setError(undefined);
          props.onClose();
        }
      }}
    >
      <DialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            const problem = props.check(value.trim());
            if (problem) return setError(problem);
            setBusy(true);
            try {
              await props.onSubmit(value.trim());
              setValue(props.initial);
              setError(undefined);
              props.onClose();
            } catch (failure) {
              setError(messageOf(failure));
            } finally {
              setBusy(false);
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            {props.description ? <DialogDescription>{props.description}</DialogDescription> : null}
          </DialogHeader>
          <Field label={props.label} error={error}>
            <Input value={value} onChange={(event) => setValue(event.currentTarget.value)} autoFocus />
          </Field>
          <DialogFooter>
            <Button type="submit" loading={busy}>
              {props.submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function UseInCreativeDialog(props: {
  entry: FileEntry;
  creatives: CreativeChoice[];
  onClose: () => void;
  onSubmit: (creativeID: string) => Promise<unknown>;
}) {
  const [creativeID, setCreativeID] = useState<string>('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : props.onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Use {props.entry.name} in a creative</DialogTitle>
          <DialogDescription>The file becomes one of the creative's assets.</DialogDescription>
        </DialogHeader>
        {props.creatives.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            You have no creatives yet: create one in a campaign first.
          </p>
        ) : (
          <Field label="Creative" error={error}>
            {(control) => (
              <ChoiceSelect
                {...control}
                choices={props.creatives.map((creative) => ({ value: creative.id, label: creative.label }))}
                value={creativeID}
                onValueChange={setCreativeID}
                placeholder="Choose a creative"
              />
            )}
          </Field>
        )}
        <DialogFooter>
          <Button
            disabled={creativeID === ''}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await props.onSubmit(creativeID);
                props.onClose();
              } catch (failure) {
                setError(messageOf(failure));
              } finally {
                setBusy(false);
              }
            }}
          >
            Add to creative
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

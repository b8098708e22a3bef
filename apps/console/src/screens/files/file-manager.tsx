// The file manager's screen (props only, so every state has a story): breadcrumbs of the directory,
// folders first then files (name, size, type, modified) with sort, create folder, upload by drag and
// drop or picker with progress per file, and per entry: preview (images, video), download, copy URL,
// rename/move, use in a creative, delete with confirmation (a folder with its contents). The list is
// in file-manager-table.tsx, the dialogs in file-manager-dialogs.tsx.
import {
  directoryCrumbs,
  type FileEntry,
  type FileSortKey,
  fileNameProblem,
  fileTooLargeMessage,
  hashOfDirectory,
  sortFileEntries,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Breadcrumbs,
  Button,
  type DropzoneFile,
  EmptyState,
  FileDropzone,
  formatBytes,
  type TableSort,
} from '@adconsole/ui';
import { useState } from 'react';
import { LoadMore, type MoreEntries } from '../../components/load-more';
import { LoadingRows } from '../../components/loading-rows';
import { type CreativeChoice, type FileDialog, FileDialogs, messageOf } from './file-manager-dialogs';
import { FileTable } from './file-manager-table';

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
  /**
   * The bucket is not known yet (its list has not answered): New folder and the upload wait, since the
   * server would put them in the deployment's first bucket, not the one the user chose.
   */
  waiting?: boolean;
  /** Shown above the list after an action (copied, added to a creative, deleted...). */
  notice?: string | null | undefined;
  now?: Date;
}

export function FileManagerView(props: FileManagerViewProps) {
  const { directory, entries, uploads } = props;
  const [sort, setSort] = useState<TableSort<FileSortKey>>({
    key: 'name',
    direction: 'asc',
  });
  const [dialog, setDialog] = useState<FileDialog>();
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
        <Button
          variant="outline"
          size="sm"
          onClick={() => setDialog({ kind: 'folder' })}
          disabled={props.waiting}
        >
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
        disabled={props.waiting}
        onFilesAccepted={props.onUpload}
      />
      <Notices notice={props.notice} actionError={actionError} />
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
        <FileTable
          entries={sorted}
          sort={sort}
          onSortChange={setSort}
          act={act}
          onDialog={setDialog}
          onDownload={props.onDownload}
          onCopyUrl={props.onCopyUrl}
          previewUrl={props.previewUrl}
        />
      )}
      {sorted && sorted.length > 0 && props.more ? (
        <LoadMore more={props.more} shown={sorted.length} />
      ) : null}

      <FileDialogs
        dialog={dialog}
        onClose={() => setDialog(undefined)}
        act={act}
        creatives={props.creatives}
        onCreateFolder={props.onCreateFolder}
        onMove={props.onMove}
        onDelete={props.onDelete}
        onUseInCreative={props.onUseInCreative}
      />
    </div>
  );
}

/** What the last action did, or why it did not work. */
function Notices({ notice, actionError }: { notice: string | null | undefined; actionError: string | null }) {
  return (
    <>
      {notice ? (
        <Alert variant="success">
          <AlertTitle>{notice}</AlertTitle>
        </Alert>
      ) : null}
      {actionError ? (
        <Alert variant="danger">
          <AlertTitle>That did not work</AlertTitle>
          <AlertDescription className="text-foreground">{actionError}</AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}

// The image dialog's "File manager" choice: the user's file-manager space, folder by folder (the file
// manager's breadcrumbs, folders first), showing only the images a layer can take; one is picked. With
// more than one bucket, the file manager's bucket picker chooses which (the same remembered choice).
import {
  directoryCrumbs,
  directoryFromHash,
  type FileEntry,
  hashOfDirectory,
  isBuilderImageName,
  parentDirectory,
  sortFileEntries,
} from '@adconsole/domain';
import { Alert, AlertDescription, AlertTitle, Breadcrumbs, Button, formatBytes } from '@adconsole/ui';
import { ArrowLeftIcon, FolderIcon, ImageIcon } from 'lucide-react';
import { LoadMore, type MoreEntries } from '../../components/load-more';
import { LoadingRows } from '../../components/loading-rows';
import { BucketPicker, type BucketPickerProps } from '../files/bucket-picker';

/** A folder of the user's files, as the page lists it (the file manager's listing query). */
export interface ImageFilesProps {
  /** The folder shown, from the top of the user's files ('' is the top). */
  directory: string;
  /** undefined while the listing loads. */
  entries: FileEntry[] | undefined;
  /** Why the folder could not be listed. */
  listError?: string | null | undefined;
  /** Set while the folder holds more than `entries` (the listing comes a page at a time). */
  more?: MoreEntries | undefined;
  onDirectoryChange: (directory: string) => void;
  /** The file manager's bucket choice, when the deployment offers more than one bucket. */
  bucketPicker?: BucketPickerProps | undefined;
}

export interface ImageFileBrowserProps {
  files: ImageFilesProps;
  /** The picked image's path. */
  selected?: string | undefined;
  onSelect: (entry: FileEntry | undefined) => void;
}

export function ImageFileBrowser({ files, selected, onSelect }: ImageFileBrowserProps) {
  const { directory, entries } = files;
  const open = (to: string) => {
    onSelect(undefined);
    files.onDirectoryChange(to);
  };
  const shown = entries
    ? sortFileEntries(
        entries.filter((entry) => entry.kind === 'folder' || isBuilderImageName(entry.name)),
        'name',
      )
    : undefined;
  const hidden = entries && shown ? entries.length - shown.length : 0;
  // The file manager's breadcrumbs; a crumb opens its folder here rather than the page's hash.
  const crumbs = directoryCrumbs(directory, 'My files').map((crumb) => ({
    label: crumb.label,
    href: hashOfDirectory(crumb.directory),
  }));

  return (
    <div className="grid gap-2" data-slot="builder-file-browser">
      {files.bucketPicker ? (
        <BucketPicker
          {...files.bucketPicker}
          onChange={(bucket) => {
            // Another bucket starts at its top folder, nothing picked.
            files.bucketPicker?.onChange(bucket);
            open('');
          }}
        />
      ) : null}
      <div className="flex min-h-8 flex-wrap items-center gap-2">
        {directory !== '' ? (
          <Button size="sm" variant="ghost" onClick={() => open(parentDirectory(directory))}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Button>
        ) : null}
        <Breadcrumbs
          aria-label="Folder"
          items={crumbs}
          renderLink={({ href, className, children }) => (
            <button type="button" className={className} onClick={() => open(directoryFromHash(href))}>
              {children}
            </button>
          )}
        />
      </div>
      {files.listError ? (
        <Alert variant="danger">
          <AlertTitle>Your files could not be listed</AlertTitle>
          <AlertDescription>{files.listError}</AlertDescription>
        </Alert>
      ) : shown === undefined ? (
        <LoadingRows label="Loading files" className="gap-1" />
      ) : shown.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-muted-foreground text-sm">
          No folders or images here. Put images in the file manager to use them in a banner.
        </p>
      ) : (
        <ul aria-label="Folders and images" className="max-h-56 divide-y overflow-auto rounded-md border">
          {shown.map((entry) => {
            const folder = entry.kind === 'folder';
            const picked = entry.path === selected;
            return (
              <li key={entry.path}>
                <button
                  type="button"
                  aria-pressed={folder ? undefined : picked}
                  data-selected={picked || undefined}
                  onClick={() => (folder ? open(entry.path) : onSelect(entry))}
                  className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset data-[selected]:bg-accent data-[selected]:font-medium"
                >
                  {folder ? (
                    <FolderIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                  ) : (
                    <ImageIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                  )}
                  <span className="min-w-0 flex-1 truncate">{entry.name}</span>
                  <span className="text-muted-foreground text-xs tabular-nums">
                    {folder ? 'Folder' : entry.size === null ? '' : formatBytes(entry.size)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {shown !== undefined && files.more ? (
        <LoadMore more={files.more} shown={shown.length} sorted={false} />
      ) : null}
      {hidden > 0 ? (
        <p className="text-muted-foreground text-xs">
          {hidden === 1 ? '1 other file is' : `${hidden} other files are`} not shown: a layer takes PNG, JPEG,
          GIF or WebP images.
        </p>
      ) : null}
    </div>
  );
}

// /filemanager: the file manager against the deployment's buckets. The current directory comes from
// the page hash (`#/photos/2026/`), so the browser's back and forward buttons move between folders.
import {
  directoryFromHash,
  entryName,
  errorMessage,
  FILE_MANAGER_MAX_BYTES,
  type FileEntry,
  MESSAGES,
  parentDirectory,
} from '@adconsole/domain';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useEveryCampaign } from '../campaigns/campaign-queries';
import { BucketPicker } from './bucket-picker';
import { FileManagerView } from './file-manager';
import type { CreativeChoice } from './file-manager-dialogs';
import {
  fileUrl,
  useCreateFolder,
  useDeleteFile,
  useFileBucketChoice,
  useFileListing,
  useMoveFile,
  useUploads,
  useUseInCreative,
} from './file-queries';

export function FileManagerPage() {
  const { hash } = useLocation();
  const directory = directoryFromHash(hash);
  // The chosen bucket lives in the persisted settings, shared with the builder's image browser.
  const { buckets, bucket, picker } = useFileBucketChoice();
  const listing = useFileListing(bucket, directory);
  const createFolder = useCreateFolder(bucket);
  const moveFile = useMoveFile(bucket);
  const deleteFile = useDeleteFile(bucket);
  const useInCreative = useUseInCreative(bucket);
  const { uploads, start, clearFinished } = useUploads(bucket);
  const [notice, setNotice] = useState<string | null>(null);
  const campaigns = useEveryCampaign('mine');
  const creatives: CreativeChoice[] = (campaigns.data ?? []).flatMap((campaign) =>
    campaign.creatives.flatMap((creative) =>
      creative.id ? [{ id: String(creative.id), label: `${campaign.name} · ${creative.name}` }] : [],
    ),
  );
  // A new folder starts a new list of uploads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the folder changes
  useEffect(() => {
    clearFinished();
    setNotice(null);
  }, [directory]);

  /** Throws the server's message, which the view shows where the action was asked for. */
  const readable = async <T,>(action: Promise<T>): Promise<T> => {
    setNotice(null);
    try {
      return await action;
    } catch (error) {
      throw new Error(errorMessage(error, MESSAGES.serverRefused));
    }
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl">File manager</h1>
        {picker ? <BucketPicker {...picker} /> : null}
      </div>
      <FileManagerView
        directory={directory}
        entries={listing.entries}
        listError={
          listing.error || buckets.isError
            ? errorMessage(listing.error ?? buckets.error, MESSAGES.filesNotListed)
            : null
        }
        more={
          listing.more && {
            onLoadMore: listing.more.onLoadMore,
            loading: listing.more.loading,
            error: listing.more.error ? errorMessage(listing.more.error, MESSAGES.nextFilesNotListed) : null,
          }
        }
        uploads={uploads}
        waiting={bucket === undefined}
        maxBytes={buckets.data?.maxBytes ?? FILE_MANAGER_MAX_BYTES}
        onUpload={(files) => start(files, directory)}
        onCreateFolder={(name) => readable(createFolder.mutateAsync({ directory, name }))}
        onMove={async (entry, to) => {
          await readable(moveFile.mutateAsync({ from: entry.path, to }));
          setNotice(`${entry.name} is now ${to}.`);
        }}
        onDelete={async (entry: FileEntry) => {
          const answer = await readable(deleteFile.mutateAsync(entry));
          setNotice(
            entry.kind === 'folder'
              ? `${entry.name} and ${answer.deleted} file${answer.deleted === 1 ? '' : 's'} in it were deleted.`
              : `${entry.name} was deleted.`,
          );
        }}
        onDownload={async (entry) => {
          const { url } = await readable(fileUrl(bucket, entry.path, true));
          const link = document.createElement('a');
          link.href = url;
          link.download = entryName(entry.path);
          link.click();
        }}
        onCopyUrl={async (entry) => {
          const { url } = await readable(fileUrl(bucket, entry.path));
          const absolute = new URL(url, window.location.origin).toString();
          await navigator.clipboard.writeText(absolute);
          setNotice(`The URL of ${entry.name} was copied; it works for 15 minutes.`);
        }}
        previewUrl={async (entry) => (await readable(fileUrl(bucket, entry.path))).url}
        creatives={creatives}
        onUseInCreative={async (entry, creativeID) => {
          await readable(useInCreative.mutateAsync({ path: entry.path, creativeID }));
          setNotice(`${entry.name} was added to the creative.`);
        }}
        notice={notice}
      />
      {directory !== '' ? (
        <a className="text-sm underline-offset-4 hover:underline" href={`#/${parentDirectory(directory)}`}>
          Up one folder
        </a>
      ) : null}
    </div>
  );
}

// Server state of the file manager (TanStack Query): the buckets, a directory's listing (keyed by
// bucket and directory, loaded a page at a time), the changes (each refreshes the listing) and the
// uploads with their progress.
import {
  chooseFileBucket,
  chosenFileBucket,
  errorMessage,
  FILE_MANAGER_MAX_BYTES,
  type FileEntry,
  fileCalls,
  fileTooLargeMessage,
  MESSAGES,
} from '@adconsole/domain';
import type { DropzoneFile } from '@adconsole/ui';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { areaCalls } from '../../lib/api';

/** The file manager's calls (the builder's image picker uses them too). */
export const filesApi = areaCalls(fileCalls);

import { updateSettings, useSettings } from '../../settings/settings';
import type { BucketPickerProps } from './bucket-picker';
import { uploadWithProgress } from './upload';

const fileKeys = {
  all: ['files'] as const,
  buckets: ['files', 'buckets'] as const,
  listing: (bucket: string, directory: string) => ['files', 'list', bucket, directory] as const,
};

/** `enabled: false` until the files are wanted (the builder asks once its image dialog browses them). */
const useFileBuckets = (enabled = true) =>
  useQuery({ queryKey: fileKeys.buckets, queryFn: () => filesApi().fileBuckets(), enabled });

/**
 * The bucket the user works in and the way to choose another: the choice lives in the persisted
 * settings (docs/product.md §3), so the file manager and the builder's image browser share it and it
 * outlasts the visit; the domain only ever picks a bucket the deployment offers. `picker` is there
 * when the deployment offers more than one bucket.
 */
export function useFileBucketChoice(enabled = true) {
  const buckets = useFileBuckets(enabled);
  const settings = useSettings().fileManager;
  const offered = buckets.data;
  const bucket = offered ? chosenFileBucket(settings, offered.buckets) : undefined;
  const picker: BucketPickerProps | undefined =
    offered && bucket !== undefined && offered.buckets.length > 1
      ? {
          buckets: offered.buckets,
          remembered: settings?.rememberedBuckets ?? [],
          region: offered.region,
          value: bucket,
          onChange: (choice) => updateSettings({ fileManager: chooseFileBucket(settings, choice, offered) }),
        }
      : undefined;
  return { buckets, bucket, picker };
}

/** The pages of a directory loaded so far, as one list, and how to ask for the next page. */
export interface FileListingPages {
  /** Every entry of the loaded pages, each once; undefined while the first page loads. */
  entries: FileEntry[] | undefined;
  /** The first page could not be read. */
  error: Error | null;
  /** Set while the directory holds more than is loaded. */
  more: { onLoadMore: () => void; loading: boolean; error: Error | null } | undefined;
}

/**
 * A directory, a page at a time (200 entries; the API's `nextToken` asks for the next). A change to
 * the bucket fetches every loaded page again, from the first.
 */
export function useFileListing(bucket: string | undefined, directory: string): FileListingPages {
  const listing = useInfiniteQuery({
    queryKey: fileKeys.listing(bucket ?? '', directory),
    queryFn: ({ pageParam }) =>
      filesApi().listFiles({ bucket, directory, ...(pageParam === undefined ? {} : { token: pageParam }) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextToken ?? undefined,
    enabled: bucket !== undefined,
  });
  const entries = listing.data
    ? [...new Map(listing.data.pages.flatMap((page) => page.entries).map((e) => [e.path, e])).values()]
    : undefined;
  return {
    entries,
    error: listing.isError && !listing.isFetchNextPageError ? listing.error : null,
    more: listing.hasNextPage
      ? {
          onLoadMore: () => void listing.fetchNextPage(),
          loading: listing.isFetchingNextPage,
          error: listing.isFetchNextPageError ? listing.error : null,
        }
      : undefined,
  };
}

/** A change to the bucket; the listings are fetched again once it is done. */
function useFileChange<I, A>(change: (input: I) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['files', 'list'] }),
  });
}

export const useCreateFolder = (bucket: string | undefined) =>
  useFileChange((input: { directory: string; name: string }) =>
    filesApi().createFolder({ bucket, ...input }),
  );
export const useMoveFile = (bucket: string | undefined) =>
  useFileChange((input: { from: string; to: string }) => filesApi().moveFile({ bucket, ...input }));
export const useDeleteFile = (bucket: string | undefined) =>
  useFileChange((entry: FileEntry) => filesApi().deleteFile({ bucket, path: entry.path }));
export const useUseInCreative = (bucket: string | undefined) =>
  useMutation({
    mutationFn: (input: { path: string; creativeID: string }) =>
      filesApi().useFileInCreative({ bucket, ...input }),
  });

/** A presigned URL of a file: shown in place (preview, copy) or as a download. */
export const fileUrl = (bucket: string | undefined, path: string, download = false) =>
  filesApi().presignedFileUrl({ bucket, path, download });

/**
 * Uploads each file to a presigned URL of its own, with its progress (XHR upload events) shown
 * against it; a refusal (an existing name, the size limit, the storage) is shown against the file.
 */
export function useUploads(bucket: string | undefined) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<DropzoneFile[]>([]);
  const update = (id: string, change: Partial<DropzoneFile>) =>
    setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));
  const start = (files: File[], directory: string) => {
    for (const file of files) {
      const id = `${directory}${file.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      setUploads((list) => [...list, { id, name: file.name, size: file.size, progress: 0 }]);
      (async () => {
        if (file.size > FILE_MANAGER_MAX_BYTES) throw new Error(fileTooLargeMessage(file.name));
        const ticket = await filesApi().uploadTicket({
          bucket,
          directory,
          name: file.name,
          size: file.size,
          ...(file.type ? { contentType: file.type } : {}),
        });
        await uploadWithProgress(ticket, file, (fraction) =>
          update(id, { progress: Math.round(fraction * 100) }),
        );
        update(id, { progress: undefined, done: true });
      })()
        .catch((error: unknown) =>
          update(id, { progress: undefined, error: errorMessage(error, MESSAGES.uploadFailed) }),
        )
        .finally(() => queryClient.invalidateQueries({ queryKey: ['files', 'list'] }));
    }
  };
  const clearFinished = () => setUploads((list) => list.filter((upload) => !upload.done && !upload.error));
  return { uploads, start, clearFinished };
}

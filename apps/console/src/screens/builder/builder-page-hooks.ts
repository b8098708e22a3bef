// The builder page's behaviour around the editor: the file-manager folder the image dialog browses
// (leaving with unsaved changes is lib/leave-guard.ts's).
import { errorMessage, MESSAGES } from '@adconsole/domain';
import { useState } from 'react';
import { useFileBucketChoice, useFileListing } from '../files/file-queries';
import type { ImageFilesProps } from './builder-file-browser';

/**
 * The file-manager folder the image dialog browses: none is listed until the user opens that choice.
 * The bucket is the file manager's choice (remembered in the settings), and can be changed there.
 */
export function useImageFiles(): { files: ImageFilesProps; bucket: string | undefined; browse: () => void } {
  const [directory, setDirectory] = useState<string | undefined>();
  const choice = useFileBucketChoice(directory !== undefined);
  const bucket = directory === undefined ? undefined : choice.bucket;
  const listing = useFileListing(bucket, directory ?? '');
  return {
    bucket,
    browse: () => setDirectory((open) => open ?? ''),
    files: {
      directory: directory ?? '',
      entries: listing.entries,
      listError:
        listing.error || choice.buckets.isError
          ? errorMessage(listing.error ?? choice.buckets.error, MESSAGES.yourFilesNotListed)
          : null,
      more: listing.more && {
        onLoadMore: listing.more.onLoadMore,
        loading: listing.more.loading,
        error: listing.more.error ? errorMessage(listing.more.error, MESSAGES.nextFilesNotListed) : null,
      },
      onDirectoryChange: setDirectory,
      bucketPicker: choice.picker,
    },
  };
}

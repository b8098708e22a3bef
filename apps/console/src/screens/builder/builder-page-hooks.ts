// The builder page's behaviour around the editor: leaving with unsaved changes (a router blocker and the
// browser's own prompt), and the file-manager folder the image dialog browses.
import { errorMessage, MESSAGES } from '@adconsole/domain';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { useFileBucketChoice, useFileListing } from '../files/file-queries';
import type { BuilderDraftProps } from './builder-editor-props';
import type { ImageFilesProps } from './builder-file-browser';

/**
 * Leaving for another screen, or for another draft through the browser's history, asks first while
 * there are unsaved changes (the builder's own URL changes, opening, saving, a new canvas, are pushes or
 * replaces and pass); closing or reloading the tab gets the browser's own prompt. Answers the pending
 * navigation while the question is asked.
 */
export function useLeaveGuard(dirty: boolean): BuilderDraftProps['leaving'] {
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirtyNow.current &&
      (nextLocation.pathname !== currentLocation.pathname ||
        (historyAction === 'POP' && nextLocation.search !== currentLocation.search)),
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return blocker.state === 'blocked'
    ? { onLeave: () => blocker.proceed?.(), onStay: () => blocker.reset?.() }
    : undefined;
}

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

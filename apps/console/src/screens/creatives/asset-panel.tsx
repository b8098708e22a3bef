// The creative's assets: upload by drag and drop or browsing (each file its own request and status),
// and delete. A file uploaded leaves the upload list as the asset list shows it, so it is listed once
// (it showed twice: "Uploaded" under the drop zone and again among the assets); one refused stays
// there with its reason.
import {
  ASSET_ACCEPT,
  ASSET_LIMITS_HINT,
  type Asset,
  assetUploadProblem,
  errorMessage,
  MESSAGES,
} from '@adconsole/domain';
import { Button, type DropzoneFile, FileDropzone } from '@adconsole/ui';
import { useState } from 'react';
import { showError } from '../../lib/notify-error';

export function AssetPanel({
  assets,
  upload,
  remove,
}: {
  assets: readonly Asset[];
  upload: (file: File) => Promise<unknown>;
  remove: (assetID: string) => Promise<unknown>;
}) {
  const [uploads, setUploads] = useState<DropzoneFile[]>([]);
  const track = (id: string, change: Partial<DropzoneFile>) =>
    setUploads((current) => current.map((file) => (file.id === id ? { ...file, ...change } : file)));

  const accept = (files: File[]) => {
    for (const file of files) {
      const id = `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2, 8)}`;
      setUploads((current) => [...current, { id, name: file.name, size: file.size }]);
      upload(file).then(
        // Stored: the asset list shows it now (the upload waits for the creative's refetch), under the
        // name the server gave it; the upload's line goes, so the file is listed once.
        () => setUploads((current) => current.filter((entry) => entry.id !== id)),
        (error: unknown) => track(id, { error: errorMessage(error, MESSAGES.uploadFailed) }),
      );
    }
  };

  return (
    <div className="grid gap-4">
      <FileDropzone
        label="Upload assets"
        accept={ASSET_ACCEPT}
        // Each kind has its own limit (the domain's rule, which the server applies again).
        validate={assetUploadProblem}
        hint={ASSET_LIMITS_HINT}
        files={uploads}
        onFilesAccepted={accept}
      />
      {assets.length === 0 ? (
        <p className="text-muted-foreground text-sm">No assets yet.</p>
      ) : (
        <ul aria-label="Assets" className="divide-y rounded-md border">
          {assets.map((asset) => (
            <li key={asset.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 truncate">
                {asset.filename ?? asset.name}
                {asset.width && asset.height ? (
                  <span className="text-muted-foreground">
                    {' '}
                    · {asset.width} × {asset.height}
                  </span>
                ) : null}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${asset.filename ?? asset.name}`}
                onClick={() => remove(asset.id).catch(showError(MESSAGES.assetNotDeleted))}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

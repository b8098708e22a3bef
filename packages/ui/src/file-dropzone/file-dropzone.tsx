import { FileIcon, UploadIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '../button';
import { cn } from '../lib/cn';
import { Progress } from '../progress';
import { describeAccept, type FileRejection, formatBytes, validateFiles } from './validate';

export type DropzoneFile = {
  id: string;
  name: string;
  size: number;
  /** 0 to 100 while uploading; omit when not started or done. */
  progress?: number;
  /** An upload error to show against this file. */
  error?: string;
  done?: boolean;
};

export type FileDropzoneProps = {
  /** MIME types or extensions: ['image/png', 'image/jpeg', '.mp4']. */
  accept?: string[];
  /** Largest accepted file, in bytes. */
  maxSize?: number;
  /** The app's own rule after type and size (e.g. a limit per kind of file): a message refuses the file. */
  validate?: (file: File) => string | undefined;
  /** What the dropzone says it accepts; by default it is built from `accept` and `maxSize`. */
  hint?: string;
  multiple?: boolean;
  disabled?: boolean;
  label?: string;
  /** Files the app is uploading or has uploaded, each with its own progress. */
  files?: DropzoneFile[];
  onFilesAccepted?: (files: File[]) => void;
  onFilesRejected?: (rejections: FileRejection[]) => void;
  className?: string;
};

/** Drag files in or browse for them; type and size are checked with clear messages; progress per file. */
export function FileDropzone({
  accept,
  maxSize,
  validate,
  hint,
  multiple = true,
  disabled = false,
  label = 'Upload assets',
  files = [],
  onFilesAccepted,
  onFilesRejected,
  className,
}: FileDropzoneProps) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = React.useState(false);
  const [rejections, setRejections] = React.useState<FileRejection[]>([]);
  const hintId = React.useId();

  const take = (list: FileList | null) => {
    if (!list || disabled) return;
    const picked = multiple ? Array.from(list) : Array.from(list).slice(0, 1);
    const { accepted, rejected } = validateFiles(picked, {
      accept,
      ...(maxSize === undefined ? {} : { maxSize }),
      ...(validate === undefined ? {} : { validate }),
    });
    setRejections(rejected);
    if (accepted.length > 0) onFilesAccepted?.(accepted);
    if (rejected.length > 0) onFilesRejected?.(rejected);
  };

  const limits = [
    accept && accept.length > 0 ? describeAccept(accept) : null,
    maxSize !== undefined ? `up to ${formatBytes(maxSize)}` : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div data-slot="file-dropzone" className={cn('grid gap-3', className)}>
      <section
        aria-label={label}
        data-dragging={dragging || undefined}
        data-disabled={disabled || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer.files);
        }}
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-input border-dashed px-6 py-8 text-center',
          'data-[dragging]:border-primary data-[dragging]:bg-accent data-[disabled]:cursor-not-allowed data-[disabled]:bg-muted',
        )}
      >
        <UploadIcon className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium text-sm">Drag files here or</p>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          Browse files
        </Button>
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint ?? (limits ? `Accepted: ${limits}` : 'Any file type')}
        </p>
        <input
          ref={inputRef}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label={label}
          accept={accept?.join(',')}
          multiple={multiple}
          disabled={disabled}
          onChange={(event) => {
            take(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </section>
      {rejections.length > 0 ? (
        <div role="alert">
          <ul className="grid gap-1 text-destructive text-sm">
            {rejections.map((rejection) => (
              <li key={`${rejection.file.name}-${rejection.reason}`}>{rejection.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul aria-label="Files" className="grid gap-2">
          {files.map((file) => (
            <li
              key={file.id}
              data-slot="file-dropzone-file"
              data-error={file.error ? true : undefined}
              className="grid grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm"
            >
              <FileIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              <span className="truncate">{file.name}</span>
              <span className="text-muted-foreground text-xs tabular-nums">
                {file.error
                  ? 'Failed'
                  : file.done
                    ? 'Uploaded'
                    : file.progress !== undefined
                      ? `${file.progress}%`
                      : formatBytes(file.size)}
              </span>
              {file.progress !== undefined && !file.done && !file.error ? (
                <Progress
                  value={file.progress}
                  aria-label={`Uploading ${file.name}`}
                  className="col-span-3 h-1.5"
                />
              ) : null}
              {file.error ? <p className="col-span-3 text-destructive text-xs">{file.error}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

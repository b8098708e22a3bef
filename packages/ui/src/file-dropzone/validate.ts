// Pure checks behind FileDropzone, so an app can run the same rules before uploading.

export type FileRejection = { file: File; reason: 'type' | 'size' | 'rule'; message: string };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** "PNG, JPG, MP4" from ['image/png', '.jpg', 'video/mp4']; wildcards read as "any image". */
export function describeAccept(accept: string[]): string {
  return accept
    .map((entry) => {
      if (entry.endsWith('/*')) return `any ${entry.slice(0, -2)}`;
      if (entry.startsWith('.')) return entry.slice(1).toUpperCase();
      return (entry.split('/')[1] ?? entry).toUpperCase();
    })
    .join(', ');
}

function matches(file: File, entry: string) {
  const name = file.name.toLowerCase();
  const rule = entry.toLowerCase();
  if (rule.startsWith('.')) return name.endsWith(rule);
  if (rule.endsWith('/*')) return file.type.toLowerCase().startsWith(rule.slice(0, -1));
  return file.type.toLowerCase() === rule;
}

/** Splits files into accepted ones and rejections with a message a user can act on. */
export function validateFiles(
  files: File[],
  {
    accept,
    maxSize,
    validate,
  }: {
    accept?: string[];
    maxSize?: number;
    /** The app's own rule (e.g. a size limit per kind of file): a message when the file is refused. */
    validate?: (file: File) => string | undefined;
  },
): { accepted: File[]; rejected: FileRejection[] } {
  const accepted: File[] = [];
  const rejected: FileRejection[] = [];
  for (const file of files) {
    if (accept && accept.length > 0 && !accept.some((entry) => matches(file, entry))) {
      rejected.push({
        file,
        reason: 'type',
        message: `${file.name} is not an accepted file type. Accepted: ${describeAccept(accept)}.`,
      });
    } else if (maxSize !== undefined && file.size > maxSize) {
      rejected.push({
        file,
        reason: 'size',
        message: `${file.name} is ${formatBytes(file.size)}; the limit is ${formatBytes(maxSize)}.`,
      });
    } else {
      const message = validate?.(file);
      if (message === undefined) accepted.push(file);
      else rejected.push({ file, reason: 'rule', message });
    }
  }
  return { accepted, rejected };
}

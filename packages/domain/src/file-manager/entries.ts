// The file manager's answers: a directory's entries page by page, the buckets offered, upload tickets
// and presigned URLs; and the order the console lists entries in.
import { z } from 'zod/mini';

export const fileEntrySchema = z.object({
  name: z.string(),
  /** From the top of the user's space (a folder's ends with '/'). */
  path: z.string(),
  kind: z.enum(['folder', 'file']),
  size: z.nullable(z.number().check(z.nonnegative())),
  contentType: z.nullable(z.string()),
  /** ISO time of the last change; folders have none. */
  modified: z.nullable(z.string()),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

/**
 * One page of a directory: folders first, then files, each group in storage order (by name, as S3
 * compares keys). `nextToken` asks for the following page; null when this page is the last one.
 */
export const fileListingSchema = z.object({
  bucket: z.string(),
  directory: z.string(),
  entries: z.array(fileEntrySchema),
  nextToken: z._default(z.nullable(z.string()), null),
});
export type FileListing = z.infer<typeof fileListingSchema>;

export const fileBucketsSchema = z.object({
  buckets: z.array(z.string()).check(z.minLength(1)),
  region: z.string(),
  /** 'private': the user's own space (users/<id>/); 'bucket': an admin sees the whole bucket. */
  space: z.enum(['private', 'bucket']),
  maxBytes: z.number().check(z.int(), z.positive()),
});
export type FileBuckets = z.infer<typeof fileBucketsSchema>;

/** Where the browser sends a file's bytes: a presigned PUT with these headers, until `expiresAt`. */
export const uploadTicketSchema = z.object({
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  path: z.string(),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** A presigned GET of a file (to preview, download or copy), until `expiresAt`. */
export const fileUrlSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type FileUrl = z.infer<typeof fileUrlSchema>;

/** Folders first, then files; each group by the chosen column (names compared as people read them). */
export type FileSortKey = 'name' | 'size' | 'type' | 'modified';
export function sortFileEntries(
  entries: readonly FileEntry[],
  key: FileSortKey,
  direction: 'asc' | 'desc' = 'asc',
): FileEntry[] {
  const byName = (a: FileEntry, b: FileEntry) => a.name.localeCompare(b.name, 'en', { numeric: true });
  const value = (entry: FileEntry): string | number =>
    key === 'size' ? (entry.size ?? -1) : key === 'type' ? (entry.contentType ?? '') : (entry.modified ?? '');
  const sign = direction === 'asc' ? 1 : -1;
  return [...entries].sort((a, b) => {
    if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
    if (key === 'name') return sign * byName(a, b);
    const [x, y] = [value(a), value(b)];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * order || byName(a, b);
  });
}

// File manager settings (docs/product.md §3): it works against cloud storage directly from the browser.
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../rules/asset-upload';

export const FILE_MANAGER_DELIMITER = '/';

export const fileManagerSettingsSchema = z.object({
  region: z.string().min(1),
  bucket: z.string().min(1),
  rememberedBuckets: z.array(z.string()).default([]),
  delimiter: z.literal(FILE_MANAGER_DELIMITER).default(FILE_MANAGER_DELIMITER),
  identityPoolId: z.string(),
  currentDirectory: z.string().default(''),
});
export type FileManagerSettings = z.infer<typeof fileManagerSettingsSchema>;

/** The two region presets; bucket and identity pool are per deployment, so they start empty. */
export const fileManagerPresets = {
  us: {
    region: 'us-east-1',
    bucket: '',
    rememberedBuckets: [],
    delimiter: FILE_MANAGER_DELIMITER,
    identityPoolId: '',
    currentDirectory: '',
  },
  asiaPacific: {
    region: 'ap-southeast-1',
    bucket: '',
    rememberedBuckets: [],
    delimiter: FILE_MANAGER_DELIMITER,
    identityPoolId: '',
    currentDirectory: '',
  },
} as const satisfies Record<string, z.input<typeof fileManagerSettingsSchema>>;

export type FileManagerPresetKey = keyof typeof fileManagerPresets;

/** How the console names the presets' regions. */
export const FILE_MANAGER_PRESET_NAMES: Readonly<Record<FileManagerPresetKey, string>> = {
  us: 'US',
  asiaPacific: 'Asia-Pacific',
};

/** How many buckets the settings remember (most recent first). */
export const MAX_REMEMBERED_BUCKETS = 5;

/** The preset (US or Asia-Pacific) whose region this is, if any. */
export function fileManagerPresetOf(region: string): FileManagerPresetKey | undefined {
  return (Object.keys(fileManagerPresets) as FileManagerPresetKey[]).find(
    (key) => fileManagerPresets[key].region === region,
  );
}

/** A region as the console shows it: 'US (us-east-1)', 'Asia-Pacific (ap-southeast-1)', else its code. */
export function fileManagerRegionLabel(region: string): string {
  const preset = fileManagerPresetOf(region);
  return preset ? `${FILE_MANAGER_PRESET_NAMES[preset]} (${region})` : region;
}

/**
 * The settings a deployment's region starts from: its preset (US or Asia-Pacific) when it has one,
 * else the US preset moved to that region. No bucket is chosen yet.
 */
export function initialFileManagerSettings(region: string): FileManagerSettings {
  const preset = fileManagerPresets[fileManagerPresetOf(region) ?? 'us'];
  return { ...preset, region, rememberedBuckets: [] };
}

/**
 * The bucket to work in: the remembered choice while the deployment offers it, else the most recently
 * remembered bucket it offers, else its default (the first of FILE_MANAGER_BUCKETS). Never a bucket
 * the deployment does not offer.
 */
export function chosenFileBucket(
  settings: FileManagerSettings | null | undefined,
  offered: readonly [string, ...string[]],
): string;
export function chosenFileBucket(
  settings: FileManagerSettings | null | undefined,
  offered: readonly string[],
): string | undefined;
export function chosenFileBucket(
  settings: FileManagerSettings | null | undefined,
  offered: readonly string[],
): string | undefined {
  const candidates = settings ? [settings.bucket, ...settings.rememberedBuckets] : [];
  return candidates.find((bucket) => offered.includes(bucket)) ?? offered[0];
}

/**
 * The offered buckets in the picker's order: the remembered ones first (most recent first), then the
 * others in the deployment's order. Remembered buckets the deployment no longer offers are left out.
 */
export function orderFileBuckets(
  offered: readonly string[],
  remembered: readonly string[],
): { remembered: string[]; others: string[] } {
  const first = [...new Set(remembered)].filter((bucket) => offered.includes(bucket));
  return { remembered: first, others: offered.filter((bucket) => !first.includes(bucket)) };
}

/**
 * The settings after choosing a bucket: it becomes the bucket (in the deployment's region) and the
 * most recent of the remembered buckets (at most MAX_REMEMBERED_BUCKETS). A bucket the deployment does
 * not offer is never recorded: the settings stay as they were.
 */
export function chooseFileBucket(
  settings: FileManagerSettings | null | undefined,
  bucket: string,
  offered: Pick<FileBuckets, 'buckets' | 'region'>,
): FileManagerSettings | null {
  if (!offered.buckets.includes(bucket)) return settings ?? null;
  const base = settings ?? initialFileManagerSettings(offered.region);
  return {
    ...base,
    region: offered.region,
    bucket,
    rememberedBuckets: [bucket, ...base.rememberedBuckets.filter((name) => name !== bucket)].slice(
      0,
      MAX_REMEMBERED_BUCKETS,
    ),
  };
}

/** The current directory from the page hash: '#/photos/2024/' -> 'photos/2024/'. */
export function directoryFromHash(hash: string): string {
  const path = decodeURIComponent(hash.replace(/^#/, '')).replace(/^\/+/, '');
  if (path === '') return '';
  return path.endsWith(FILE_MANAGER_DELIMITER) ? path : `${path}${FILE_MANAGER_DELIMITER}`;
}

// ---- Paths, names and limits of the file manager (the rules the console and the API share) ----------

/** The largest file the file manager takes: the largest asset (a 200 MB video). */
export const FILE_MANAGER_MAX_BYTES = MAX_UPLOAD_BYTES;
/** Presigned URLs work this long. */
export const FILE_URL_SECONDS = 15 * 60;
export const MAX_FILE_NAME_LENGTH = 255;

export const FILE_MANAGER_MESSAGES = {
  nameMissing: 'Fill in a name.',
  nameHasSlash: 'A name cannot contain "/".',
  nameHasDots: 'A name cannot contain "..".',
  nameHasControl: 'A name cannot contain control characters.',
  nameTooLong: `A name can be at most ${MAX_FILE_NAME_LENGTH} characters long.`,
  notFound: 'This file or folder does not exist (any more).',
  unknownBucket: 'This bucket is not offered here.',
  folderIntoItself: 'A folder cannot be moved into itself.',
  badPageToken: 'This page of the folder is no longer valid: open the folder again.',
} as const;

export const nameTakenMessage = (name: string) => `A file or folder named "${name}" already exists here.`;
export const fileTooLargeMessage = (name: string) =>
  `${name} is too large: files can be at most ${FILE_MANAGER_MAX_BYTES / 1024 / 1024} MB.`;

// ---- Limits: listing pages, the storage quota, the upload rate, the largest folder moved at once -----

/** How many entries one page of a listing holds unless the caller asks for another size. */
export const FILE_LIST_PAGE_SIZE = 200;
/** The largest page a caller may ask for (S3's ListObjectsV2 answers at most 1,000 keys at a time). */
export const FILE_LIST_MAX_PAGE_SIZE = 1000;

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** A size as the file manager's messages write it: '512 B', '4 KB', '950.2 MB', '1 GB' (1 KB = 1,024 B). */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

/**
 * The storage quota of a user's space: whether a file of `size` bytes still fits beside the `used`
 * bytes (the files stored, plus uploads that have their URL and have not arrived yet). A file that
 * ends exactly at the quota fits. Answers the message to show, or undefined when it fits.
 */
export function uploadQuotaProblem(upload: {
  name: string;
  size: number;
  used: number;
  quotaBytes: number;
}): string | undefined {
  if (upload.used + upload.size <= upload.quotaBytes) return undefined;
  return uploadQuotaMessage(upload);
}

export const uploadQuotaMessage = (upload: {
  name: string;
  size: number;
  used: number;
  quotaBytes: number;
}) =>
  `${upload.name} (${fileSizeText(upload.size)}) does not fit in the storage quota: ${fileSizeText(upload.used)} of ${fileSizeText(upload.quotaBytes)} are used. Delete files to make room.`;

/** The answer to an upload beyond the rate limit (`seconds`: until the next upload is taken). */
export const uploadRateMessage = (perMinute: number, seconds: number) =>
  `Too many uploads: at most ${perMinute.toLocaleString('en-US')} file${perMinute === 1 ? '' : 's'} a minute. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** The answer to moving or deleting a folder with more keys than one call may touch. */
export const folderTooLargeMessage = (name: string, limit: number) =>
  `${name} holds more than ${limit.toLocaleString('en-US')} files and folders, more than one move or delete may touch: move or delete the folders inside it first.`;

/** Why a file or folder name cannot be used, or undefined when it can ('/' and '..' never can). */
export function fileNameProblem(name: string): string | undefined {
  if (name.trim() === '') return FILE_MANAGER_MESSAGES.nameMissing;
  if (name.includes('/') || name.includes('\\')) return FILE_MANAGER_MESSAGES.nameHasSlash;
  if (name.includes('..') || name === '.') return FILE_MANAGER_MESSAGES.nameHasDots;
  // Bytes, as file systems and object stores count them (255 UTF-16 units can be 765 bytes).
  if (new TextEncoder().encode(name).length > MAX_FILE_NAME_LENGTH) return FILE_MANAGER_MESSAGES.nameTooLong;
  // Control characters (NUL among them) have no place in a key or a header.
  if (/\p{Cc}/u.test(name)) return FILE_MANAGER_MESSAGES.nameHasControl;
  return undefined;
}

/** A name as a zod field: trimmed, with the file manager's messages. */
export const fileNameField = z
  .string({ error: FILE_MANAGER_MESSAGES.nameMissing })
  .trim()
  .superRefine((name, ctx) => {
    const problem = fileNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The segments of a path ('photos/2026/' -> ['photos', '2026']); undefined when one is not a valid name. */
export function pathSegments(path: string): string[] | undefined {
  const segments = path.split(FILE_MANAGER_DELIMITER).filter((segment) => segment !== '');
  return segments.every((segment) => fileNameProblem(segment) === undefined) ? segments : undefined;
}

/** Why a path cannot be used: the problem of its first bad name. */
const pathProblem = (path: string): string =>
  path
    .split(FILE_MANAGER_DELIMITER)
    .filter((segment) => segment !== '')
    .map(fileNameProblem)
    .find((problem) => problem !== undefined) ?? FILE_MANAGER_MESSAGES.notFound;

/** A directory as the file manager writes it: '' for the top, else segments with a trailing '/'. */
export const directoryField = z
  .string()
  .max(2048)
  .default('')
  .transform((path, ctx) => {
    const segments = pathSegments(path);
    if (!segments) {
      ctx.addIssue({ code: 'custom', message: pathProblem(path) });
      return z.NEVER;
    }
    return segments.map((segment) => `${segment}${FILE_MANAGER_DELIMITER}`).join('');
  });

/** A file or folder path (a folder's ends with '/'), never empty, never climbing with '..'. */
export const entryPathField = z
  .string({ error: FILE_MANAGER_MESSAGES.notFound })
  .min(1, FILE_MANAGER_MESSAGES.notFound)
  .max(2048)
  .transform((path, ctx) => {
    const segments = pathSegments(path);
    if (!segments || segments.length === 0) {
      ctx.addIssue({ code: 'custom', message: pathProblem(path) });
      return z.NEVER;
    }
    return `${segments.join(FILE_MANAGER_DELIMITER)}${path.endsWith(FILE_MANAGER_DELIMITER) ? FILE_MANAGER_DELIMITER : ''}`;
  });

/** The page hash of a directory: 'photos/2026/' -> '#/photos/2026/' (each name URL-encoded). */
export function hashOfDirectory(directory: string): string {
  const segments = directory.split(FILE_MANAGER_DELIMITER).filter((segment) => segment !== '');
  return `#/${segments.map((segment) => `${encodeURIComponent(segment)}/`).join('')}`;
}

/** The breadcrumbs of a directory: the top, then each folder down to it. */
export function directoryCrumbs(
  directory: string,
  topLabel = 'Files',
): { label: string; directory: string }[] {
  const segments = directory.split(FILE_MANAGER_DELIMITER).filter((segment) => segment !== '');
  return [
    { label: topLabel, directory: '' },
    ...segments.map((segment, index) => ({
      label: segment,
      directory: `${segments.slice(0, index + 1).join(FILE_MANAGER_DELIMITER)}${FILE_MANAGER_DELIMITER}`,
    })),
  ];
}

/** The last name of a path ('a/b/c.png' -> 'c.png', 'a/b/' -> 'b'). */
export const entryName = (path: string): string =>
  path
    .split(FILE_MANAGER_DELIMITER)
    .filter((segment) => segment !== '')
    .pop() ?? '';

/** The directory holding a path ('a/b/c.png' -> 'a/b/', 'a/' -> ''). */
export function parentDirectory(path: string): string {
  const segments = path.split(FILE_MANAGER_DELIMITER).filter((segment) => segment !== '');
  return segments
    .slice(0, -1)
    .map((segment) => `${segment}${FILE_MANAGER_DELIMITER}`)
    .join('');
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
  zip: 'application/zip',
  js: 'text/javascript',
  json: 'application/json',
  csv: 'text/csv',
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  woff: 'font/woff',
  woff2: 'font/woff2',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The media type a file name stands for; application/octet-stream when unknown. */
export function contentTypeOfName(name: string): string {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return Object.hasOwn(CONTENT_TYPES, extension)
    ? (CONTENT_TYPES[extension] as string)
    : 'application/octet-stream';
}

/**
 * How storage answers a file: images and videos the console previews keep their type and may show in
 * place; anything else (HTML, SVG, scripts, documents) is an `application/octet-stream` attachment,
 * so no stored file ever runs as a page or a script of the origin that serves it.
 */
export function servedFileType(name: string, download: boolean): { contentType: string; inline: boolean } {
  const contentType = contentTypeOfName(name);
  if (previewKind(contentType) === undefined)
    return { contentType: 'application/octet-stream', inline: false };
  return { contentType, inline: !download };
}

/** What a file can be previewed as in the console (SVG is not: it may carry script). */
export function previewKind(contentType: string | null): 'image' | 'video' | undefined {
  if (contentType === null) return undefined;
  if (/^image\/(png|jpeg|gif|webp)$/.test(contentType)) return 'image';
  if (/^video\/(mp4|webm)$/.test(contentType)) return 'video';
  return undefined;
}

// ---- Answers --------------------------------------------------------------------------------------

export const fileEntrySchema = z.object({
  name: z.string(),
  /** From the top of the user's space (a folder's ends with '/'). */
  path: z.string(),
  kind: z.enum(['folder', 'file']),
  size: z.number().nonnegative().nullable(),
  contentType: z.string().nullable(),
  /** ISO time of the last change; folders have none. */
  modified: z.string().nullable(),
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
  nextToken: z.string().nullable().default(null),
});
export type FileListing = z.infer<typeof fileListingSchema>;

export const fileBucketsSchema = z.object({
  buckets: z.array(z.string()).min(1),
  region: z.string(),
  /** 'private': the user's own space (users/<id>/); 'bucket': an admin sees the whole bucket. */
  space: z.enum(['private', 'bucket']),
  maxBytes: z.number().int().positive(),
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

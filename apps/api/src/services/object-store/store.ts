// The object store: buckets of objects under '/'-separated keys, with two back ends, an S3-compatible
// store (s3.ts) and folders on local disk (disk.ts), behind one interface. Uploaded assets and
// generated files live in one bucket of it (`inBucket`, the context's `storage`); the file manager
// browses its buckets, lists them a page at a time (paging.ts) and hands the browser signed URLs
// (S3's presigned ones, or on disk the API's own: signed-urls.ts). Bytes stream in and out: a video is
// never held whole in memory, and reads can take a byte range.
import type { Readable } from 'node:stream';

/** Bytes `start` to `end`, both included (HTTP's Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  key: string;
  size: number;
  modified: Date | null;
}

interface Listing {
  /** Keys of the folders directly inside the prefix (each ends with '/'). */
  folders: string[];
  files: StoredObject[];
  /** Where the next page starts (opaque, URL-safe); undefined on the last page. */
  cursor: string | undefined;
}

interface ListPage {
  /** The most entries the page holds (S3's MaxKeys, at most 1,000). */
  size: number;
  /** The `cursor` of the page before. */
  cursor?: string | undefined;
}

interface PresignedPut {
  url: string;
  headers: Record<string, string>;
}

export interface ObjectStore {
  /** Stores the bytes; nothing is visible under `key` until all of them are written. */
  put(bucket: string, key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The whole object (small generated files only), or undefined when the key does not exist. */
  get(bucket: string, key: string): Promise<Buffer | undefined>;
  /** A stream of the object or of one byte range of it; undefined when the key does not exist. */
  open(bucket: string, key: string, range?: ByteRange): Promise<Readable | undefined>;
  /** The object, or undefined; a folder exists when anything lies under its key. */
  head(bucket: string, key: string): Promise<StoredObject | undefined>;
  /**
   * One page of what lies directly inside `prefix` (a folder key ending with '/', or '' for the top),
   * in key order across pages (S3's: by the keys' UTF-8 bytes, a folder's key with its '/').
   */
  list(bucket: string, prefix: string, page: ListPage): Promise<Listing>;
  /**
   * Every object under `prefix`, at any depth (folder markers included, with size 0), fetched a page
   * at a time as the caller reads on: stop reading and no further page is asked for.
   */
  objects(bucket: string, prefix: string): AsyncIterable<StoredObject>;
  /** An empty folder: a zero-byte object whose key ends with '/'. */
  createFolder(bucket: string, key: string): Promise<void>;
  copy(bucket: string, from: string, to: string): Promise<void>;
  /** Deletes the objects (a folder's key removes its marker; on disk, the folder once it is empty). */
  delete(bucket: string, keys: readonly string[]): Promise<void>;
  /** A URL the browser PUTs exactly `size` bytes of `contentType` to, for `seconds`. */
  presignPut(
    bucket: string,
    key: string,
    contentType: string,
    size: number,
    seconds: number,
  ): Promise<PresignedPut>;
  /** A URL that answers the file for `seconds`: shown in place, or as a download named `filename`. */
  presignGet(
    bucket: string,
    key: string,
    options: { download: boolean; filename: string; seconds: number },
  ): Promise<string>;
}

/** One bucket of a store, by key: where uploaded assets and generated files live. */
export interface ObjectBucket {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  open(key: string, range?: ByteRange): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
}

export const inBucket = (store: ObjectStore, bucket: string): ObjectBucket => ({
  put: (key, body, contentType) => store.put(bucket, key, body, contentType),
  get: (key) => store.get(bucket, key),
  open: (key, range) => store.open(bucket, key, range),
  delete: (key) => store.delete(bucket, [key]),
});

/** The most keys one delete call takes (S3's DeleteObjects). */
export const DELETE_BATCH = 1000;

/**
 * Refuses a key that could climb out of its bucket's folder on disk: a '.' or '..' part, a backslash,
 * or an empty part anywhere but at the end (a folder's key ends with '/'; '' is the top). Both back
 * ends refuse the same keys where they write or read an object by name.
 */
export function checkKey(key: string): void {
  const parts = key.split('/');
  const unsafe = parts.some(
    (part, index) =>
      part === '.' || part === '..' || part.includes('\\') || (part === '' && index < parts.length - 1),
  );
  if (unsafe) throw new Error(`Unsafe storage key: ${key}`);
}

/** The Content-Disposition of a served file: shown in place, or a download named `filename`. */
export const dispositionOf = (inline: boolean, filename: string) =>
  `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(filename)}`;

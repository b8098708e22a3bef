// The file manager's storage, one interface with two implementations: an S3-compatible store (list
// with ListObjectsV2 and the '/' delimiter, presigned PUT and GET URLs from
// @aws-sdk/s3-request-presigner) and the embedded default on local disk, where the API itself answers
// the signed, expiring URLs (routes/files.ts). Keys are full keys in the bucket; callers check them.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ApiError,
  contentTypeOfName,
  FILE_MANAGER_DELIMITER,
  FILE_MANAGER_MESSAGES,
  servedFileType,
} from '@adconsole/domain';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

export interface StoredObject {
  key: string;
  size: number;
  modified: Date | null;
}

export interface Listing {
  /** Keys of the folders directly inside the prefix (each ends with '/'). */
  folders: string[];
  files: StoredObject[];
  /** Where the next page starts (opaque, URL-safe); undefined on the last page. */
  cursor: string | undefined;
}

export interface ListPage {
  /** The most entries the page holds (S3's MaxKeys, at most 1,000). */
  size: number;
  /** The `cursor` of the page before. */
  cursor?: string | undefined;
}

export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
}

export interface FileStore {
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
  /** The object, or undefined; a folder exists when anything lies under its key. */
  head(bucket: string, key: string): Promise<StoredObject | undefined>;
  /** An empty folder: a zero-byte object whose key ends with '/'. */
  createFolder(bucket: string, key: string): Promise<void>;
  copy(bucket: string, from: string, to: string): Promise<void>;
  delete(bucket: string, keys: readonly string[]): Promise<void>;
  open(bucket: string, key: string): Promise<Readable | undefined>;
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

export const dispositionOf = (inline: boolean, filename: string) =>
  `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(filename)}`;

/** S3's key order: by UTF-8 bytes (JavaScript's < compares UTF-16 units, which differs above U+FFFF). */
const byKeyOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * A listing's cursor: `a`, the last name shown (relative to the listed prefix, a folder's with '/'),
 * and on S3 `t`, its continuation token. Base64url JSON, opaque to the caller; the listing's own
 * prefix still bounds what a forged cursor can reach.
 */
interface Cursor {
  a: string;
  t?: string;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string | undefined): Cursor | undefined {
  if (text === undefined) return undefined;
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    cursor = undefined;
  }
  const { a, t } = (cursor ?? {}) as Partial<Record<keyof Cursor, unknown>>;
  if (typeof a !== 'string' || (t !== undefined && typeof t !== 'string'))
    throw ApiError.of(400, FILE_MANAGER_MESSAGES.badPageToken);
  return t === undefined ? { a } : { a, t };
}

// ---- S3 ---------------------------------------------------------------------------------------------

/** The most keys one DeleteObjects call takes. */
export const DELETE_BATCH = 1000;

export function createS3FileStore(client: S3Client): FileStore {
  const listPage = (
    bucket: string,
    prefix: string,
    delimiter: string | undefined,
    token: string | undefined,
    maxKeys = 1000,
  ) =>
    client.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: prefix,
        MaxKeys: maxKeys,
        ...(delimiter ? { Delimiter: delimiter } : {}),
        ...(token ? { ContinuationToken: token } : {}),
      }),
    );
  const missing = (error: unknown) => {
    const name = (error as { name?: string }).name;
    return name === 'NotFound' || name === 'NoSuchKey';
  };
  return {
    async list(bucket, prefix, { size, cursor: given }) {
      const cursor = decodeCursor(given);
      const after = cursor?.a;
      const shown = (key: string) => after === undefined || byKeyOrder(key.slice(prefix.length), after) > 0;
      const folders: string[] = [];
      const files: StoredObject[] = [];
      let token = cursor?.t;
      // S3 never repeats a key across pages; s3rver repeats folders (it counts only objects against
      // MaxKeys and continues after the last object), so what the page before showed is skipped, and
      // a page left empty by that asks for the next one.
      do {
        let page: Awaited<ReturnType<typeof listPage>>;
        try {
          page = await listPage(bucket, prefix, FILE_MANAGER_DELIMITER, token, size);
        } catch (error) {
          if (token && (error as { name?: string }).name === 'InvalidArgument')
            throw ApiError.of(400, FILE_MANAGER_MESSAGES.badPageToken);
          throw error;
        }
        for (const common of page.CommonPrefixes ?? [])
          if (common.Prefix && shown(common.Prefix)) folders.push(common.Prefix);
        for (const object of page.Contents ?? []) {
          // The folder's own marker is not one of its files.
          if (!object.Key || object.Key === prefix || !shown(object.Key)) continue;
          files.push({ key: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? null });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token && folders.length + files.length === 0);
      const last = [...folders, ...files.map((file) => file.key)]
        .map((key) => key.slice(prefix.length))
        .sort(byKeyOrder)
        .at(-1);
      return {
        folders,
        files,
        cursor: token ? encodeCursor({ a: last ?? after ?? '', t: token }) : undefined,
      };
    },
    async *objects(bucket, prefix) {
      let token: string | undefined;
      do {
        const page = await listPage(bucket, prefix, undefined, token);
        for (const object of page.Contents ?? [])
          if (object.Key)
            yield { key: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? null };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async head(bucket, key) {
      // A listing rather than HeadObject: a folder exists when anything lies under its key (S3 has no
      // folders, only prefixes), and s3rver fails on HeadObject of a key that is also a folder. One
      // key is enough: a file's own key comes before every other key it begins.
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: key,
          Delimiter: FILE_MANAGER_DELIMITER,
          MaxKeys: 1,
        }),
      );
      if (key.endsWith(FILE_MANAGER_DELIMITER)) {
        const found = (page.Contents?.length ?? 0) > 0 || (page.CommonPrefixes?.length ?? 0) > 0;
        return found ? { key, size: 0, modified: null } : undefined;
      }
      const object = page.Contents?.find((item) => item.Key === key);
      return object ? { key, size: object.Size ?? 0, modified: object.LastModified ?? null } : undefined;
    },
    async createFolder(bucket, key) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: new Uint8Array(0), ContentLength: 0 }),
      );
    },
    async copy(bucket, from, to) {
      const source = `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: source }));
    },
    async delete(bucket, keys) {
      // DeleteObjects takes at most 1,000 keys a call; in quiet mode it answers only the failures.
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0)
          throw new Error(
            `S3 kept ${failed.length} of ${batch.length} keys it was asked to delete (first: ${failed[0]?.Key}: ${failed[0]?.Code} ${failed[0]?.Message})`,
          );
      }
    },
    async open(bucket, key) {
      try {
        return (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body as Readable;
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async presignPut(bucket, key, contentType, size, seconds) {
      // Content-Type and Content-Length are signed: the browser must send exactly these.
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentLength: size }),
        { expiresIn: seconds, signableHeaders: new Set(['content-type', 'content-length']) },
      );
      return { url, headers: { 'Content-Type': contentType } };
    },
    presignGet(bucket, key, { download, filename, seconds }) {
      const served = servedFileType(key, download);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentType: served.contentType,
          ResponseContentDisposition: dispositionOf(served.inline, filename),
        }),
        { expiresIn: seconds },
      );
    },
  };
}

// ---- Local disk: the API answers the signed URLs itself ---------------------------------------------

/** The path under /api the disk store's signed URLs use (routes/files.ts serves it). */
export const SIGNED_FILES_PATH = '/api/files/signed';

export interface SignedRequest {
  op: 'get' | 'put';
  bucket: string;
  key: string;
  expires: number;
  contentType: string;
  maxBytes: number;
  download: boolean;
}

const signatureOf = (secret: Buffer, request: SignedRequest) =>
  createHmac('sha256', secret)
    .update(
      [
        'adconsole-file',
        request.op,
        request.bucket,
        request.key,
        request.expires,
        request.contentType,
        request.maxBytes,
        request.download ? 1 : 0,
      ].join('\n'),
    )
    .digest('base64url');

export function signedUrl(secret: Buffer, request: SignedRequest): string {
  const query = new URLSearchParams({
    op: request.op,
    exp: String(request.expires),
    ct: request.contentType,
    max: String(request.maxBytes),
    dl: request.download ? '1' : '0',
    sig: signatureOf(secret, request),
  });
  const keyPath = request.key.split('/').map(encodeURIComponent).join('/');
  return `${SIGNED_FILES_PATH}/${encodeURIComponent(request.bucket)}/${keyPath}?${query.toString()}`;
}

/** The signed request a URL stands for, when its signature is right and it has not expired. */
export function verifySignedUrl(
  secret: Buffer,
  bucket: string,
  key: string,
  query: Record<string, string | undefined>,
  now = Date.now(),
): SignedRequest | undefined {
  const request: SignedRequest = {
    op: query.op === 'put' ? 'put' : 'get',
    bucket,
    key,
    expires: Number(query.exp),
    contentType: query.ct ?? '',
    maxBytes: Number(query.max),
    download: query.dl === '1',
  };
  if (!Number.isFinite(request.expires) || request.expires * 1000 < now) return undefined;
  const expected = Buffer.from(signatureOf(secret, request));
  const given = Buffer.from(query.sig ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? request : undefined;
}

export interface DiskFileStore extends FileStore {
  /** Writes a signed PUT's body: nothing is visible under `key` until every byte arrived. */
  write(bucket: string, key: string, body: Readable, maxBytes: number): Promise<number>;
  /** The file's path on disk, for the signed GET (which serves byte ranges). */
  filePath(bucket: string, key: string): string;
}

export function createDiskFileStore(root: string, secret: Buffer): DiskFileStore {
  const resolve = (bucket: string, key: string) => {
    const parts = key.split('/').filter((part) => part !== '');
    if ([bucket, ...parts].some((part) => part === '.' || part === '..' || part.includes('\\')))
      throw new Error(`Unsafe file key: ${key}`);
    return path.join(root, bucket, ...parts);
  };
  const isPartial = (name: string) => name.endsWith('.partial');
  async function* walk(directory: string, keyPrefix: string): AsyncGenerator<StoredObject> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const here = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        yield { key: `${keyPrefix}${entry.name}/`, size: 0, modified: null };
        yield* walk(here, `${keyPrefix}${entry.name}/`);
      } else if (entry.isFile() && !isPartial(entry.name)) {
        const info = await stat(here).catch(() => undefined);
        if (info) yield { key: `${keyPrefix}${entry.name}`, size: info.size, modified: info.mtime };
      }
    }
  }
  const expiresAt = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
  return {
    async list(bucket, prefix, { size, cursor: given }) {
      const after = decodeCursor(given)?.a;
      const directory = resolve(bucket, prefix);
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(directory, { withFileTypes: true });
      } catch {
        return { folders: [], files: [], cursor: undefined };
      }
      // The whole directory is read and sorted for every page (names only; only the page's files
      // are stat'ed), in S3's order, so pages are stable while nothing changes.
      const names = entries
        .flatMap((entry) =>
          entry.isDirectory()
            ? [`${entry.name}/`]
            : entry.isFile() && !isPartial(entry.name)
              ? [entry.name]
              : [],
        )
        .filter((name) => after === undefined || byKeyOrder(name, after) > 0)
        .sort(byKeyOrder);
      const page = names.slice(0, size);
      const folders = page.filter((name) => name.endsWith('/')).map((name) => `${prefix}${name}`);
      const files = (
        await Promise.all(
          page
            .filter((name) => !name.endsWith('/'))
            .map(async (name) => {
              const info = await stat(path.join(directory, name)).catch(() => undefined);
              return info ? [{ key: `${prefix}${name}`, size: info.size, modified: info.mtime }] : [];
            }),
        )
      ).flat();
      const last = page.at(-1);
      return {
        folders,
        files,
        cursor: names.length > size && last !== undefined ? encodeCursor({ a: last }) : undefined,
      };
    },
    objects(bucket, prefix) {
      return walk(resolve(bucket, prefix), prefix);
    },
    async head(bucket, key) {
      try {
        const info = await stat(resolve(bucket, key));
        if (key.endsWith('/') !== info.isDirectory()) return undefined;
        return { key, size: info.isDirectory() ? 0 : info.size, modified: info.mtime };
      } catch {
        return undefined;
      }
    },
    async createFolder(bucket, key) {
      await mkdir(resolve(bucket, key), { recursive: true });
    },
    async copy(bucket, from, to) {
      const target = resolve(bucket, to);
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(createReadStream(resolve(bucket, from)), createWriteStream(target));
    },
    async delete(bucket, keys) {
      // Files first, then folders from the deepest, so each folder is empty when it goes.
      const files = keys.filter((key) => !key.endsWith('/'));
      const folders = keys.filter((key) => key.endsWith('/')).sort((a, b) => b.length - a.length);
      for (const key of files) await rm(resolve(bucket, key), { force: true });
      for (const key of folders) await rmdir(resolve(bucket, key)).catch(() => undefined);
    },
    async open(bucket, key) {
      const stream = createReadStream(resolve(bucket, key));
      return new Promise((resolvePromise, reject) => {
        stream.once('open', () => resolvePromise(stream));
        stream.once('error', (error: NodeJS.ErrnoException) =>
          error.code === 'ENOENT' || error.code === 'EISDIR' ? resolvePromise(undefined) : reject(error),
        );
      });
    },
    async presignPut(bucket, key, contentType, size, seconds) {
      const url = signedUrl(secret, {
        op: 'put',
        bucket,
        key,
        expires: expiresAt(seconds),
        contentType,
        maxBytes: size,
        download: false,
      });
      return { url, headers: { 'Content-Type': contentType } };
    },
    async presignGet(bucket, key, { download, seconds }) {
      return signedUrl(secret, {
        op: 'get',
        bucket,
        key,
        expires: expiresAt(seconds),
        contentType: contentTypeOfName(key),
        maxBytes: 0,
        download,
      });
    },
    async write(bucket, key, body, maxBytes) {
      const file = resolve(bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      // The bytes arrive outside every bucket (never listed, never in a user's space) until complete.
      await mkdir(path.join(root, '.partial'), { recursive: true });
      const partial = path.join(root, '.partial', `${randomBytes(12).toString('hex')}.partial`);
      let size = 0;
      try {
        await pipeline(
          body,
          async function* limit(source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              if (size > maxBytes)
                throw Object.assign(new Error('Body larger than signed'), { tooLarge: true });
              yield chunk;
            }
          },
          createWriteStream(partial),
        );
        // Published only if the name is still free (a link fails on an existing file, where a rename
        // would replace it): a signed PUT replayed within its 15 minutes cannot overwrite a file.
        await link(partial, file).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST'
            ? Object.assign(new Error('The name is taken'), { taken: true })
            : error;
        });
        await rm(partial, { force: true });
        return size;
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    filePath: resolve,
  };
}

// The disk back end, the embedded default: a bucket is a folder under the store's root, a key its
// path inside (a folder key a folder). Bytes are written beside their place and moved into it once
// complete, so a failed or cut-off write leaves nothing; the signed URLs are the API's own
// (signed-urls.ts, answered in routes/file-manager.ts).
import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOfName } from '@adconsole/domain';
import { byKeyOrder, decodeCursor, encodeCursor } from './paging';
import { signedUrl } from './signed-urls';
import { type ByteRange, checkKey, type ObjectStore, type StoredObject } from './store';

export interface DiskObjectStore extends ObjectStore {
  /**
   * Writes a signed PUT's body: at most `maxBytes` (else an error with `tooLarge`), never over an
   * existing file (else an error with `taken`), nothing visible under `key` until every byte arrived.
   * Answers the bytes written.
   */
  write(bucket: string, key: string, body: Readable, maxBytes: number): Promise<number>;
  /** The file's path on disk, for the signed GET (which serves byte ranges). */
  filePath(bucket: string, key: string): string;
}

const missing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR';
};

/** A store whose buckets are the folders under `root`; `secret` signs its URLs. */
export function createDiskObjectStore(root: string, secret: Buffer): DiskObjectStore {
  const resolve = (bucket: string, key: string) => {
    checkKey(key);
    if (bucket === '.' || bucket === '..' || bucket.includes('\\'))
      throw new Error(`Unsafe storage key: ${bucket}/${key}`);
    return path.join(root, bucket, ...key.split('/').filter((part) => part !== ''));
  };
  async function* walk(directory: string, keyPrefix: string): AsyncGenerator<StoredObject> {
    let entries: Dirent[];
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
      } else if (entry.isFile()) {
        const info = await stat(here).catch(() => undefined);
        if (info) yield { key: `${keyPrefix}${entry.name}`, size: info.size, modified: info.mtime };
      }
    }
  }
  /** A new file for bytes in flight, in `.partial/` beside the buckets (a bucket is never named so). */
  const partialFile = async () => {
    await mkdir(path.join(root, '.partial'), { recursive: true });
    return path.join(root, '.partial', `${randomBytes(12).toString('hex')}.partial`);
  };
  const expiresAt = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
  return {
    async put(bucket, key, body) {
      const file = resolve(bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written outside every bucket and renamed into place: a failed or cut-off upload leaves nothing,
      // and no name a user can give (`x.partial` is a file like any other) is taken for the bytes in flight.
      const partial = await partialFile();
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(bucket, key) {
      try {
        return await readFile(resolve(bucket, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async open(bucket, key, range?: ByteRange) {
      // A key that names a folder is no object (as on S3, where a folder is only a prefix): reading it
      // would fail with EISDIR after the stream opened.
      const info = await stat(resolve(bucket, key)).catch(() => undefined);
      if (info?.isDirectory()) return undefined;
      const stream = createReadStream(
        resolve(bucket, key),
        range ? { start: range.start, end: range.end } : {},
      );
      // Surface a missing file as undefined rather than as a stream error after the headers went out.
      return new Promise((resolvePromise, reject) => {
        stream.once('open', () => resolvePromise(stream));
        stream.once('error', (error) => (missing(error) ? resolvePromise(undefined) : reject(error)));
      });
    },
    async list(bucket, prefix, { size, cursor: given }) {
      const after = decodeCursor(given)?.a;
      const directory = resolve(bucket, prefix);
      let entries: Dirent[];
      try {
        entries = await readdir(directory, { withFileTypes: true });
      } catch {
        return { folders: [], files: [], cursor: undefined };
      }
      // The whole directory is read and sorted for every page (names only; only the page's files
      // are stat'ed), in S3's order, so pages are stable while nothing changes.
      const names = entries
        .flatMap((entry) => (entry.isDirectory() ? [`${entry.name}/`] : entry.isFile() ? [entry.name] : []))
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
      const partial = await partialFile();
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

// HTML5 creatives uploaded as a ZIP: the archive is checked and unpacked ONCE per stored ZIP, when it
// is uploaded (zip-archive.ts: the central directory's limits, then each entry inflated as a stream
// through a byte budget), into storage under unpacked/<asset file>/..., and its list of files is kept
// in the database (html5_archives). Its files are answered from there under /serve/h5/{liveID}/{path};
// serving never inflates anything. A ZIP stored before this rule (or by the builder) is unpacked the
// same bounded way the first time it is served. The runtime loads index.html in a sandboxed frame with
// ?clickTag=.
import type { Readable } from 'node:stream';
import { ApiError, contentTypeOfName } from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { findFileSize } from '../../db/queries/files';
import {
  deleteHtml5Archive,
  findHtml5ArchiveFiles,
  saveHtml5Archive,
  saveRefusedHtml5Archive,
} from '../../db/queries/html5-archives';
import type { ObjectBucket } from '../object-store/store';
import { HTML5_ZIP_LIMITS, inflateEntry, readZipDirectory, safeArchivePath } from './zip-archive';

/** The domain's media type of a file name; text (HTML, CSS, scripts) is served as UTF-8. */
const contentTypeOf = (path: string) => {
  const type = contentTypeOfName(path);
  return /^text\//.test(type) ? `${type}; charset=utf-8` : type;
};

/** Where an unpacked file of the ZIP stored under `zipKey` (assets/<id>/<name>.zip) lives. */
const unpackedKey = (zipKey: string, path: string) => `unpacked/${zipKey.replace(/^assets\//, '')}/${path}`;

type UnpackContext = { db: Queryable; storage: ObjectBucket };

/**
 * Checks and unpacks the ZIP stored under `zipKey` into storage, and records its files. Throws a 415
 * (nothing of it left in storage) when the archive breaks a limit. Answers the served paths.
 */
export async function unpackHtml5Zip(
  ctx: UnpackContext,
  zipKey: string,
  filename: string,
  size: number,
): Promise<Set<string>> {
  const read = (range: { start: number; end: number }) => ctx.storage.open(zipKey, range);
  const entries = await readZipDirectory(filename, size, read);
  // A ZIP packed with its folder ("banner/index.html") is served from inside that folder.
  const roots = new Set(entries.map((entry) => entry.name.split('/')[0]));
  const prefix =
    !entries.some((entry) => entry.name === 'index.html') &&
    roots.size === 1 &&
    entries.every((e) => e.name.includes('/'))
      ? `${[...roots][0]}/`
      : '';
  const written: string[] = [];
  let budget = HTML5_ZIP_LIMITS.maxUnpackedBytes;
  try {
    for (const entry of entries) {
      const name = entry.name.slice(prefix.length);
      if (!safeArchivePath(name)) continue;
      const key = unpackedKey(zipKey, name);
      written.push(name);
      budget -= await inflateEntry(filename, entry, read, budget, (body) =>
        ctx.storage.put(key, body, contentTypeOf(name)),
      );
    }
    await saveHtml5Archive(ctx.db, zipKey, written);
  } catch (error) {
    await Promise.all(
      written.map((name) => ctx.storage.delete(unpackedKey(zipKey, name)).catch(() => undefined)),
    );
    throw error;
  }
  return new Set(written);
}

/** Removes a ZIP's unpacked files and their record (the ZIP itself is removed by its caller). */
export async function removeUnpacked(ctx: UnpackContext, zipKey: string): Promise<void> {
  const files = await deleteHtml5Archive(ctx.db, zipKey);
  unpacked.delete(zipKey);
  for (const name of files ?? []) await ctx.storage.delete(unpackedKey(zipKey, name)).catch(() => undefined);
}

/** The served paths of each ZIP this process has looked at (a refused one has none). */
const unpacked = new Map<string, Promise<Set<string>>>();

async function servedFiles(ctx: Context, zipKey: string): Promise<Set<string>> {
  const files = await findHtml5ArchiveFiles(ctx.db, zipKey);
  if (files) return new Set(files);
  // Stored before uploads were unpacked (or written by the builder): unpacked now, once, bounded.
  const size = await findFileSize(ctx.db, zipKey);
  if (size === undefined) return new Set();
  try {
    return await unpackHtml5Zip(ctx, zipKey, zipKey.split('/').pop() ?? 'banner.zip', size);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    ctx.log(`HTML5 ZIP ${zipKey} refused: ${error.message}`);
    await saveRefusedHtml5Archive(ctx.db, zipKey);
    return new Set();
  }
}

/** A file of a live creative's HTML5 ZIP, or undefined. */
export async function html5File(
  ctx: Context,
  liveId: string,
  path: string,
): Promise<{ body: Readable; contentType: string } | undefined> {
  if (!safeArchivePath(path)) return undefined;
  const live = await ctx.liveCreatives.get(liveId);
  const zip = live?.snapshot.assets.find((asset) => asset.uploadType === 'html5');
  if (!live || !zip?.path) return undefined;
  return archiveFile(ctx, zip.path, path);
}

/** The served paths of the ZIP stored under `zipKey` (creative QA reads them before it is published). */
export function archivePaths(ctx: Context, zipKey: string): Promise<Set<string>> {
  let files = unpacked.get(zipKey);
  if (!files) {
    files = servedFiles(ctx, zipKey);
    unpacked.set(zipKey, files);
    files.catch(() => unpacked.delete(zipKey));
  }
  return files;
}

/** A file of the ZIP stored under `zipKey`, or undefined. */
export async function archiveFile(
  ctx: Context,
  zipKey: string,
  path: string,
): Promise<{ body: Readable; contentType: string } | undefined> {
  if (!safeArchivePath(path) || !(await archivePaths(ctx, zipKey)).has(path)) return undefined;
  const body = await ctx.storage.open(unpackedKey(zipKey, path));
  return body ? { body, contentType: contentTypeOf(path) } : undefined;
}

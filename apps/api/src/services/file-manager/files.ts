// The file manager (docs/product.md §2 and §3): the API lists and presigns, the browser moves the bytes.
// A user works in a private space (`users/<id>/` of the bucket) and sees paths from its top; an admin
// browses the whole bucket. Every name is checked with the domain's rules ('/' and '..' never pass),
// an existing name is refused rather than overwritten, and a folder moves or goes with its contents.
import {
  ApiError,
  type CreateFolderRequest,
  contentTypeOfName,
  type DeleteFileQuery,
  entryName,
  FILE_MANAGER_MAX_BYTES,
  FILE_URL_SECONDS,
  type FileEntry,
  type FileListQuery,
  type FileUrlQuery,
  MESSAGES,
  type MoveFileRequest,
  nameTakenMessage,
  type UploadTicketRequest,
  type UseFileRequest,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { markTicketUsed } from '../../db/queries/upload-tickets';
import { addAssetFromSource } from '../campaigns/assets';
import type { SessionUser } from '../identity/sessions';
import { DELETE_BATCH, type StoredObject } from '../object-store/store';
import { spaceOf } from '../stored-files/space';
import { admitUploadTicket, boundedFolderKeys } from './limits';

export type FileManagerContext = Pick<Context, 'config' | 'db' | 'files'>;

function bucketOf(ctx: FileManagerContext, bucket: string | undefined): string {
  const buckets = ctx.config.fileManager.buckets;
  if (bucket === undefined) return buckets[0] as string;
  if (!buckets.includes(bucket)) throw ApiError.of(400, MESSAGES.fileBucketUnknown);
  return bucket;
}

/**
 * A user's space exists as folder markers (`users/`, `users/<id>/`), so an admin browsing the bucket
 * sees it even while it is empty; stores that list only marked folders (s3rver) need them too.
 */
async function ensureSpace(ctx: FileManagerContext, bucket: string, user: SessionUser) {
  const space = spaceOf(user);
  if (space === '' || (await ctx.files.head(bucket, space))) return;
  await ctx.files.createFolder(bucket, 'users/');
  await ctx.files.createFolder(bucket, space);
}

const expiresAt = () => new Date(Date.now() + FILE_URL_SECONDS * 1000).toISOString();

const folderEntry = (path: string): FileEntry => ({
  name: entryName(path),
  path,
  kind: 'folder',
  size: null,
  contentType: null,
  modified: null,
});

const fileEntry = (path: string, object: Pick<StoredObject, 'size' | 'modified'>): FileEntry => ({
  name: entryName(path),
  path,
  kind: 'file',
  size: object.size,
  contentType: contentTypeOfName(path),
  modified: object.modified ? object.modified.toISOString() : null,
});

export function fileBuckets(ctx: FileManagerContext, user: SessionUser) {
  return {
    buckets: ctx.config.fileManager.buckets,
    region: ctx.config.fileManager.region,
    space: user.role === 'admin' ? ('bucket' as const) : ('private' as const),
    maxBytes: FILE_MANAGER_MAX_BYTES,
  };
}

export async function listFiles(ctx: FileManagerContext, user: SessionUser, input: FileListQuery) {
  const bucket = bucketOf(ctx, input.bucket);
  const space = spaceOf(user);
  await ensureSpace(ctx, bucket, user);
  const listing = await ctx.files.list(bucket, `${space}${input.directory}`, {
    size: input.pageSize,
    cursor: input.token,
  });
  const relative = (key: string) => key.slice(space.length);
  return {
    bucket,
    directory: input.directory,
    // Folders first within the page; a later page may still hold folders (the console sorts what it has).
    entries: [
      ...listing.folders.map((key) => folderEntry(relative(key))),
      ...listing.files.map((object) => fileEntry(relative(object.key), object)),
    ],
    nextToken: listing.cursor ?? null,
  };
}

/** Refuses a name already taken in its folder, as a file or as a folder. */
async function assertFree(ctx: FileManagerContext, bucket: string, key: string) {
  const bare = key.endsWith('/') ? key.slice(0, -1) : key;
  const [asFile, asFolder] = await Promise.all([
    ctx.files.head(bucket, bare),
    ctx.files.head(bucket, `${bare}/`),
  ]);
  if (asFile || asFolder) throw ApiError.of(409, nameTakenMessage(entryName(key)));
}

export async function createFolder(ctx: FileManagerContext, user: SessionUser, input: CreateFolderRequest) {
  const bucket = bucketOf(ctx, input.bucket);
  const path = `${input.directory}${input.name}/`;
  const key = `${spaceOf(user)}${path}`;
  await ensureSpace(ctx, bucket, user);
  await assertFree(ctx, bucket, key);
  await ctx.files.createFolder(bucket, key);
  return folderEntry(path);
}

/**
 * Takes the upload ticket a signed PUT stands for (single use): an unused one for this key and size,
 * issued within the URL's lifetime. A replayed URL finds none (undefined).
 */
export async function takeUploadTicket(
  ctx: Pick<Context, 'db'>,
  signed: { bucket: string; key: string; maxBytes: number },
): Promise<{ id: string; space: string } | undefined> {
  return markTicketUsed(
    ctx.db,
    { bucket: signed.bucket, key: signed.key, size: signed.maxBytes },
    FILE_URL_SECONDS,
  );
}

/** A presigned PUT for one file of exactly `size` bytes, once its name and size pass the rules. */
export async function uploadTicket(ctx: FileManagerContext, user: SessionUser, input: UploadTicketRequest) {
  const bucket = bucketOf(ctx, input.bucket);
  const path = `${input.directory}${input.name}`;
  const key = `${spaceOf(user)}${path}`;
  await ensureSpace(ctx, bucket, user);
  await assertFree(ctx, bucket, key);
  await admitUploadTicket(ctx, user, { bucket, key, name: input.name, size: input.size });
  // The stored type follows the name, never the browser's word: `a.png` cannot be kept as text/html.
  const contentType = contentTypeOfName(input.name);
  const put = await ctx.files.presignPut(bucket, key, contentType, input.size, FILE_URL_SECONDS);
  return { url: put.url, method: 'PUT' as const, headers: put.headers, path, expiresAt: expiresAt() };
}

async function existing(ctx: FileManagerContext, bucket: string, key: string) {
  const object = await ctx.files.head(bucket, key);
  if (!object) throw ApiError.of(404, MESSAGES.fileEntryNotFound);
  return object;
}

export async function fileUrl(ctx: FileManagerContext, user: SessionUser, input: FileUrlQuery) {
  const bucket = bucketOf(ctx, input.bucket);
  if (input.path.endsWith('/')) throw ApiError.of(400, MESSAGES.folderHasNoUrl);
  const key = `${spaceOf(user)}${input.path}`;
  await existing(ctx, bucket, key);
  const url = await ctx.files.presignGet(bucket, key, {
    download: input.download,
    filename: entryName(input.path),
    seconds: FILE_URL_SECONDS,
  });
  return { url, expiresAt: expiresAt() };
}

/** How many copies a folder move runs at once. */
const COPY_CONCURRENCY = 8;

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Rename or move: a file is copied and removed; a folder with every key under it, a page of 1,000
 * keys at a time (copied, then the page's files removed), its folders last. A folder of more keys
 * than FILE_MANAGER_FOLDER_KEY_LIMIT is refused before anything moves. Stopped halfway (an error),
 * nothing is lost: each file is in one place or both.
 */
export async function moveFile(ctx: FileManagerContext, user: SessionUser, input: MoveFileRequest) {
  const bucket = bucketOf(ctx, input.bucket);
  const space = spaceOf(user);
  const folder = input.from.endsWith('/');
  const to =
    folder && !input.to.endsWith('/') ? `${input.to}/` : !folder ? input.to.replace(/\/+$/, '') : input.to;
  const fromKey = `${space}${input.from}`;
  const toKey = `${space}${to}`;
  const source = await existing(ctx, bucket, fromKey);
  if (fromKey === toKey) return folder ? folderEntry(to) : fileEntry(to, source);
  if (folder && toKey.startsWith(fromKey)) throw ApiError.of(400, MESSAGES.folderIntoItself);
  await assertFree(ctx, bucket, toKey);
  if (!folder) {
    await ctx.files.copy(bucket, fromKey, toKey);
    await ctx.files.delete(bucket, [fromKey]);
    return fileEntry(to, source);
  }
  const keys = await boundedFolderKeys(ctx, bucket, fromKey, entryName(input.from));
  await ctx.files.createFolder(bucket, toKey);
  const folders = keys.filter((key) => key.endsWith('/'));
  for (let start = 0; start < keys.length; start += DELETE_BATCH) {
    const page = keys.slice(start, start + DELETE_BATCH);
    await inParallel(page, COPY_CONCURRENCY, async (key) => {
      const target = `${toKey}${key.slice(fromKey.length)}`;
      if (key.endsWith('/')) await ctx.files.createFolder(bucket, target);
      else await ctx.files.copy(bucket, key, target);
    });
    await ctx.files.delete(
      bucket,
      page.filter((key) => !key.endsWith('/')),
    );
  }
  // Folders go once their files have: on disk a folder is removed only when empty.
  await ctx.files.delete(bucket, [...folders, fromKey]);
  return folderEntry(to);
}

/**
 * Deletes a file, or a folder with everything in it (DeleteObjects, 1,000 keys a call; a folder of
 * more keys than FILE_MANAGER_FOLDER_KEY_LIMIT is refused before anything goes); answers how many
 * files went.
 */
export async function deleteFile(ctx: FileManagerContext, user: SessionUser, input: DeleteFileQuery) {
  const bucket = bucketOf(ctx, input.bucket);
  const key = `${spaceOf(user)}${input.path}`;
  await existing(ctx, bucket, key);
  const keys = key.endsWith('/')
    ? [...(await boundedFolderKeys(ctx, bucket, key, entryName(input.path))), key]
    : [key];
  await ctx.files.delete(bucket, keys);
  return { deleted: keys.filter((k) => !k.endsWith('/')).length };
}

/** "Use in a creative": the file's bytes become an asset of a creative the user may manage. */
export async function useFileInCreative(
  ctx: Context & FileManagerContext,
  user: SessionUser,
  input: UseFileRequest,
) {
  const bucket = bucketOf(ctx, input.bucket);
  if (input.path.endsWith('/')) throw ApiError.of(400, MESSAGES.folderIsNotAnAsset);
  const key = `${spaceOf(user)}${input.path}`;
  const stream = await ctx.files.open(bucket, key);
  if (!stream) {
    // A path that names a folder (written without its closing '/') is a folder, not a missing file.
    const folder = await ctx.files.head(bucket, `${key}/`);
    throw folder
      ? ApiError.of(400, MESSAGES.folderIsNotAnAsset)
      : ApiError.of(404, MESSAGES.fileEntryNotFound);
  }
  try {
    return await addAssetFromSource(ctx, user, input.creativeID, entryName(input.path), stream);
  } finally {
    stream.destroy();
  }
}

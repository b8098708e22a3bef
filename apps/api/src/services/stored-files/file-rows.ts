// Stored files: a row in `files` (owner, public or private, type, size) beside the bytes in the object
// store. Assets are public (ad tags load them on publishers' pages); generated files (tag sheets,
// report downloads) are their owner's, and report downloads expire. Answering a file over HTTP is
// http/send-file.ts.
import { ApiError, isOwnerOrAdmin, MESSAGES } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { isFileUsedByAsset } from '../../db/queries/assets';
import {
  deleteExpiredFiles,
  deleteFile,
  type FileRow,
  findUnexpiredFile,
  insertFile,
} from '../../db/queries/files';
import { findWorkingShareToken } from '../../db/queries/share-tokens';
import type { SessionUser } from '../identity/sessions';
import type { JobKind } from '../jobs/kinds';
import type { ObjectBucket } from '../object-store/store';
import { removeUnpacked } from '../serving/html5';

/** Removes generated files past their time (report downloads live 24 hours). */
export async function sweepExpiredFiles(ctx: { db: Queryable; storage: ObjectBucket }): Promise<number> {
  const expired = await deleteExpiredFiles(ctx.db);
  for (const name of expired) await ctx.storage.delete(name).catch(() => undefined);
  return expired.length;
}

/** Stores a generated file (its owner's alone) and records it. */
export async function storePrivateFile(
  ctx: { db: Queryable; storage: ObjectBucket },
  file: { name: string; ownerId: string | null; contentType: string; bytes: Buffer },
): Promise<void> {
  await ctx.storage.put(file.name, file.bytes, file.contentType);
  await insertFile(ctx.db, {
    name: file.name,
    owner_id: file.ownerId,
    public: false,
    content_type: file.contentType,
    size: file.bytes.length,
  });
}

/** Deletes stored files no asset refers to any more (a duplicated creative shares its files). */
export async function removeUnusedFiles(
  ctx: { db: Queryable; storage: ObjectBucket },
  names: readonly string[],
) {
  for (const name of new Set(names)) {
    if (await isFileUsedByAsset(ctx.db, name)) continue;
    await deleteFile(ctx.db, name);
    await removeUnpacked(ctx, name);
    await ctx.storage.delete(name);
  }
}

/**
 * The file when its reader may read it: public files for anyone; a share link's download for the link's
 * holder while the link works; other private files for their owner or an admin. Expired files are gone.
 */
export async function readableFile(
  db: Queryable,
  name: string,
  reader: { user: () => Promise<SessionUser | undefined>; sharedToken?: string | undefined },
): Promise<FileRow> {
  // No stored name has a control character or is that long (NUL would not even reach the database): not
  // found, here where every route that serves a stored file passes (/api/uploads and /serve/files).
  if (/\p{Cc}/u.test(name) || Buffer.byteLength(name) > 1024) throw ApiError.of(404, MESSAGES.fileNotFound);
  const file = await findUnexpiredFile(db, name);
  if (!file) throw ApiError.of(404, MESSAGES.fileNotFound);
  if (file.public) return file;
  if (
    file.share_token &&
    reader.sharedToken === file.share_token &&
    (await findWorkingShareToken(db, file.share_token)) !== undefined
  )
    return file;
  const user = await reader.user();
  // An anonymous caller learns nothing: a private file answers 404 as a missing one does.
  if (user === undefined) throw ApiError.of(404, MESSAGES.fileNotFound);
  // Its owner reads it (a client too: its own report downloads, docs/security.md "Client access"), or an admin.
  if (file.owner_id !== user.id && !isOwnerOrAdmin(user, file.owner_id))
    throw ApiError.of(404, MESSAGES.fileNotFound);
  return file;
}

/** The sweep of expired files as a job kind: once every 10 minutes across the fleet, under its lease. */
export const expiredFileSweep: JobKind = {
  kind: 'sweep-expired-files',
  onceEveryMs: 10 * 60_000,
  queueDue: sweepExpiredFiles,
};

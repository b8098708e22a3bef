// Stored files: a row in `files` (owner, public or private, type, size) beside the bytes in the object
// store. Assets are public (ad tags load them on publishers' pages); generated files (tag sheets,
// report downloads) are their owner's, and report downloads expire. Answering a file over HTTP is
// http/send-file.ts.
import { ApiError } from '@adconsole/domain';
import type { Queryable } from '../db/database';
import { isOwnerOrAdmin } from './access';
import type { ObjectBucket } from './object-store/store';
import { removeUnpacked } from './serving/html5';
import type { SessionUser } from './sessions';

export interface FileRow {
  name: string;
  owner_id: string | null;
  public: boolean;
  content_type: string;
  size: number;
  /** Generated files (report downloads) are removed after this. */
  expires_at?: Date | null;
  /** A share link's download: its holder may read it (with `?sharedToken=`). */
  share_token?: string | null;
}

export const FILE_NOT_FOUND = 'File not found.';

export async function insertFileRow(db: Queryable, file: FileRow): Promise<void> {
  await db.query(
    `insert into files (name, owner_id, public, content_type, size, expires_at, share_token)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      file.name,
      file.owner_id,
      file.public,
      file.content_type,
      file.size,
      file.expires_at ?? null,
      file.share_token ?? null,
    ],
  );
}

/** Removes generated files past their time (report downloads live 24 hours). */
export async function sweepExpiredFiles(ctx: { db: Queryable; storage: ObjectBucket }): Promise<number> {
  const expired = await ctx.db.query<{ name: string }>(
    'delete from files where expires_at is not null and expires_at < now() returning name',
  );
  for (const file of expired) await ctx.storage.delete(file.name).catch(() => undefined);
  return expired.length;
}

/** Stores a generated file (its owner's alone) and records it. */
export async function storePrivateFile(
  ctx: { db: Queryable; storage: ObjectBucket },
  file: { name: string; ownerId: string | null; contentType: string; bytes: Buffer },
): Promise<void> {
  await ctx.storage.put(file.name, file.bytes, file.contentType);
  await insertFileRow(ctx.db, {
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
    const [used] = await ctx.db.query('select 1 from assets where file_name = $1 limit 1', [name]);
    if (used) continue;
    await ctx.db.query('delete from files where name = $1', [name]);
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
  const [file] = await db.query<FileRow>(
    `select name, owner_id, public, content_type, size, share_token from files
      where name = $1 and (expires_at is null or expires_at > now())`,
    [name],
  );
  if (!file) throw ApiError.of(404, FILE_NOT_FOUND);
  if (file.public) return file;
  if (file.share_token && reader.sharedToken === file.share_token) {
    const [link] = await db.query(
      'select 1 from share_tokens where token = $1 and revoked_at is null and (expires_at is null or expires_at > now())',
      [file.share_token],
    );
    if (link) return file;
  }
  const user = await reader.user();
  // An anonymous caller learns nothing: a private file answers 404 as a missing one does.
  if (user === undefined) throw ApiError.of(404, FILE_NOT_FOUND);
  if (!isOwnerOrAdmin(user, file.owner_id)) throw ApiError.of(404, FILE_NOT_FOUND);
  return file;
}

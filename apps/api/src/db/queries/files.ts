// The files table: every stored file's row (its owner, whether it is public, type and size, when a
// generated file expires, the share link whose holder may read it) and its queries.
import type { Queryable } from '../database';

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

export async function insertFile(db: Queryable, file: FileRow): Promise<void> {
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

/** A file that has not expired (public or not); undefined when there is none of that name. */
export async function findUnexpiredFile(db: Queryable, name: string): Promise<FileRow | undefined> {
  const [file] = await db.query<FileRow>(
    `select name, owner_id, public, content_type, size, share_token from files
      where name = $1 and (expires_at is null or expires_at > now())`,
    [name],
  );
  return file;
}

/** A public file's name, size and type; undefined when there is none of that name. */
export async function findPublicFile(
  db: Queryable,
  name: string,
): Promise<{ name: string; size: number; content_type: string } | undefined> {
  const [file] = await db.query<{ name: string; size: number; content_type: string }>(
    'select name, size, content_type from files where name = $1 and public',
    [name],
  );
  return file;
}

/** A stored file's size in bytes, public or not; undefined when there is none of that name. */
export async function findFileSize(db: Queryable, name: string): Promise<number | undefined> {
  const [file] = await db.query<{ size: string | number }>('select size from files where name = $1', [name]);
  return file ? Number(file.size) : undefined;
}

/**
 * The bytes of the files a user uploaded as creative assets (each stored file once: a duplicated
 * creative shares its files).
 */
export async function sumAssetFileBytes(db: Queryable, ownerId: string): Promise<number> {
  const [row] = await db.query<{ bytes: string | number }>(
    `select coalesce(sum(size), 0)::text as bytes from files where owner_id = $1 and name like 'assets/%'`,
    [ownerId],
  );
  return Number(row?.bytes ?? 0);
}

/** Rows of generated files past their time go; answers their names (their bytes are the caller's). */
export async function deleteExpiredFiles(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    'delete from files where expires_at is not null and expires_at < now() returning name',
  );
  return rows.map((row) => row.name);
}

export async function deleteFile(db: Queryable, name: string): Promise<void> {
  await db.query('delete from files where name = $1', [name]);
}

/** Hands every file of one account to another (a deleted account's uploads stay, with the admin who deleted it). */
export async function transferFiles(db: Queryable, fromUserId: string, toUserId: string): Promise<number> {
  const rows = await db.query<{ name: string }>(
    'update files set owner_id = $2 where owner_id = $1 returning name',
    [fromUserId, toUserId],
  );
  return rows.length;
}

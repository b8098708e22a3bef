// The files table: every stored file's row (its owner, whether it is public, type and size).
import type { Queryable } from '../database';

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

// The html5_archives table: the files unpacked from each stored HTML5 ZIP (services/serving/html5.ts),
// by the ZIP's storage key; an empty list records a ZIP that was refused.
import type { Queryable } from '../database';

interface Html5ArchiveRow {
  file_name: string;
  files: string[];
}

/** Records (or replaces) the files unpacked from the ZIP stored under `zipKey`. */
export async function saveHtml5Archive(
  db: Queryable,
  zipKey: string,
  files: readonly string[],
): Promise<void> {
  await db.query(
    `insert into html5_archives (file_name, files) values ($1, $2::jsonb)
     on conflict (file_name) do update set files = excluded.files`,
    [zipKey, JSON.stringify(files)],
  );
}

/** Records a refused ZIP (no files), unless it has a record already. */
export async function saveRefusedHtml5Archive(db: Queryable, zipKey: string): Promise<void> {
  await db.query(
    `insert into html5_archives (file_name, files) values ($1, '[]'::jsonb) on conflict (file_name) do nothing`,
    [zipKey],
  );
}

/** The files unpacked from a ZIP; undefined when it was never unpacked. */
export async function findHtml5ArchiveFiles(db: Queryable, zipKey: string): Promise<string[] | undefined> {
  const [row] = await db.query<Pick<Html5ArchiveRow, 'files'>>(
    'select files from html5_archives where file_name = $1',
    [zipKey],
  );
  return row?.files;
}

/** Deletes a ZIP's record, answering the files it listed (undefined without a record). */
export async function deleteHtml5Archive(db: Queryable, zipKey: string): Promise<string[] | undefined> {
  const [row] = await db.query<Pick<Html5ArchiveRow, 'files'>>(
    'delete from html5_archives where file_name = $1 returning files',
    [zipKey],
  );
  return row?.files;
}

// The report_downloads table: each report file a caller (a user, or `token:<share token>`) asked to
// be built, while it builds and once it is done, for the download limits
// (services/reports/download-limits.ts).
import type { Queryable } from '../database';

/** The file of an identical request (same key) done within `minutes`, whose file has not expired. */
export async function findRecentDownloadFile(
  db: Queryable,
  requestKey: string,
  minutes: number,
): Promise<string | undefined> {
  const [done] = await db.query<{ file_name: string }>(
    `select d.file_name from report_downloads d join files f on f.name = d.file_name
      where d.request_key = $1 and d.state = 'done' and d.created_at > now() - make_interval(mins => $2)
        and (f.expires_at is null or f.expires_at > now())
      order by d.created_at desc limit 1`,
    [requestKey, minutes],
  );
  return done?.file_name;
}

/**
 * Locks the caller's count until the transaction ends (PostgreSQL's advisory lock, released at
 * commit), so concurrent requests count one after another.
 */
export async function lockCallerDownloads(db: Queryable, caller: string): Promise<void> {
  await db.query("select pg_advisory_xact_lock(hashtext('report_downloads'), hashtext($1))", [caller]);
}

/**
 * The caller's downloads still building (started within `staleMinutes`: an older one is a process
 * that died mid-build) and all its downloads of the last hour.
 */
export async function countCallerDownloads(
  db: Queryable,
  caller: string,
  staleMinutes: number,
): Promise<{ queued: number; lastHour: number }> {
  const [counts = { queued: 0, lastHour: 0 }] = await db.query<{ queued: number; lastHour: number }>(
    `select count(*) filter (where state = 'building' and created_at > now() - make_interval(mins => $2))::int as queued,
            count(*) filter (where created_at > now() - interval '1 hour')::int as "lastHour"
       from report_downloads where caller = $1 and created_at > now() - interval '1 hour'`,
    [caller, staleMinutes],
  );
  return counts;
}

/** A download starts building. */
export async function insertDownload(
  db: Queryable,
  download: { id: string; caller: string; requestKey: string },
): Promise<void> {
  await db.query('insert into report_downloads (id, caller, request_key) values ($1, $2, $3)', [
    download.id,
    download.caller,
    download.requestKey,
  ]);
}

/** Downloads older than a day are of no use to any count: they go. */
export async function deleteOldDownloads(db: Queryable): Promise<void> {
  await db.query("delete from report_downloads where created_at < now() - interval '1 day'");
}

export async function markDownloadDone(db: Queryable, id: string, fileName: string): Promise<void> {
  await db.query("update report_downloads set state = 'done', file_name = $2 where id = $1", [id, fileName]);
}

export async function deleteDownload(db: Queryable, id: string): Promise<void> {
  await db.query('delete from report_downloads where id = $1', [id]);
}

// What a report file download may cost (docs/security.md, "Report downloads"): a range limit per
// format, at most so many files being built at once per caller (a user, or a share link), an hourly
// count per share link kept in the database (it holds whatever address the caller comes from), and
// an identical request within a few minutes answered with the file already built.
import { createHash } from 'node:crypto';
import { ApiError, dayCount, type ReportFileFormat } from '@adconsole/domain';
import type { Context } from '../../context';
import { newId } from '../ids';

/** The longest range each format covers, in local days. */
export const MAX_DOWNLOAD_DAYS: Record<ReportFileFormat, number> = {
  csv: 3660,
  xlsx: 1830,
  'xlsx-pivot': 366,
};
const LABELS: Record<ReportFileFormat, string> = { csv: 'CSV', xlsx: 'Excel', 'xlsx-pivot': 'Excel pivot' };
export const downloadTooLong = (format: ReportFileFormat) =>
  `An ${LABELS[format]} download covers at most ${MAX_DOWNLOAD_DAYS[format]} days: choose a shorter range.`;
export const DOWNLOADS_QUEUED =
  'Your earlier report downloads are still being built. Please wait for them, then try again.';
export const SHARE_DOWNLOADS_USED =
  'This share link has made too many downloads this hour. Please try again later.';
/** How long a finished file answers an identical request. */
export const REUSE_MINUTES = 5;
/** A build row older than this is a process that died mid-build: it no longer counts as queued. */
const STALE_MINUTES = 10;

export function checkDownloadRange(format: ReportFileFormat, query: { start_dt: string; end_dt: string }) {
  if (dayCount(query.start_dt.slice(0, 10), query.end_dt.slice(0, 10)) > MAX_DOWNLOAD_DAYS[format])
    throw ApiError.of(400, downloadTooLong(format));
}

/** Identical requests of one caller share a key (and so a file). */
export const requestKey = (caller: string, request: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([caller, request]))
    .digest('base64url');

/** Builds in progress in this process, by request key: an identical request waits for the same file. */
const building = new Map<string, Promise<{ file: string }>>();

export function limitedDownload(
  ctx: Context,
  caller: string,
  key: string,
  build: () => Promise<{ file: string }>,
): Promise<{ file: string }> {
  // Registered before the first await, so an identical request arriving at once finds it.
  const running = building.get(key);
  if (running) return running;
  const work = admitAndBuild(ctx, caller, key, build).finally(() => building.delete(key));
  building.set(key, work);
  return work;
}

async function admitAndBuild(
  ctx: Context,
  caller: string,
  key: string,
  build: () => Promise<{ file: string }>,
): Promise<{ file: string }> {
  const [done] = await ctx.db.query<{ file_name: string }>(
    `select d.file_name from report_downloads d join files f on f.name = d.file_name
      where d.request_key = $1 and d.state = 'done' and d.created_at > now() - interval '${REUSE_MINUTES} minutes'
        and (f.expires_at is null or f.expires_at > now())
      order by d.created_at desc limit 1`,
    [key],
  );
  if (done) return { file: done.file_name };
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('report_downloads'), hashtext($1))", [caller]);
    const [{ queued, lastHour } = { queued: 0, lastHour: 0 }] = await tx.query<{
      queued: number;
      lastHour: number;
    }>(
      `select count(*) filter (where state = 'building' and created_at > now() - interval '${STALE_MINUTES} minutes')::int as queued,
              count(*) filter (where created_at > now() - interval '1 hour')::int as "lastHour"
         from report_downloads where caller = $1 and created_at > now() - interval '1 hour'`,
      [caller],
    );
    if (queued >= ctx.config.limits.reportDownloadsQueuedPerCaller) throw ApiError.of(429, DOWNLOADS_QUEUED);
    if (caller.startsWith('token:') && lastHour >= ctx.config.limits.reportDownloadsPerTokenPerHour)
      throw ApiError.of(429, SHARE_DOWNLOADS_USED);
    await tx.query('insert into report_downloads (id, caller, request_key) values ($1, $2, $3)', [
      id,
      caller,
      key,
    ]);
  });
  await ctx.db.query("delete from report_downloads where created_at < now() - interval '1 day'");
  try {
    const answer = await build();
    await ctx.db.query("update report_downloads set state = 'done', file_name = $2 where id = $1", [
      id,
      answer.file,
    ]);
    return answer;
  } catch (error) {
    // A failed build does not count against the caller.
    await ctx.db.query('delete from report_downloads where id = $1', [id]);
    throw error;
  }
}

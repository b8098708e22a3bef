// What a report file download may cost (docs/security.md, "Report downloads"): a range limit per
// format, at most so many files being built at once per caller (a user, or a share link), an hourly
// count per share link kept in the database (it holds whatever address the caller comes from), and
// an identical request within a few minutes answered with the file already built.
import { createHash } from 'node:crypto';
import {
  ApiError,
  dayCount,
  downloadTooLongMessage,
  MESSAGES,
  type ReportFileFormat,
} from '@adconsole/domain';
import type { Context } from '../../context';
import {
  countCallerDownloads,
  deleteDownload,
  deleteOldDownloads,
  findRecentDownloadFile,
  insertDownload,
  lockCallerDownloads,
  markDownloadDone,
} from '../../db/queries/report-downloads';
import { newId } from '../ids';

/** The longest range each format covers, in local days. */
const MAX_DOWNLOAD_DAYS: Record<ReportFileFormat, number> = {
  csv: 3660,
  xlsx: 1830,
  'xlsx-pivot': 366,
};
const LABELS: Record<ReportFileFormat, string> = { csv: 'CSV', xlsx: 'Excel', 'xlsx-pivot': 'Excel pivot' };
export const downloadTooLong = (format: ReportFileFormat) =>
  downloadTooLongMessage(LABELS[format], MAX_DOWNLOAD_DAYS[format]);
/** How long a finished file answers an identical request. */
const REUSE_MINUTES = 5;
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
  const done = await findRecentDownloadFile(ctx.db, key, REUSE_MINUTES);
  if (done !== undefined) return { file: done };
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await lockCallerDownloads(tx, caller);
    const { queued, lastHour } = await countCallerDownloads(tx, caller, STALE_MINUTES);
    if (queued >= ctx.config.limits.reportDownloadsQueuedPerCaller)
      throw ApiError.of(429, MESSAGES.downloadsQueued);
    if (caller.startsWith('token:') && lastHour >= ctx.config.limits.reportDownloadsPerTokenPerHour)
      throw ApiError.of(429, MESSAGES.shareDownloadsUsed);
    await insertDownload(tx, { id, caller, requestKey: key });
  });
  await deleteOldDownloads(ctx.db);
  try {
    const answer = await build();
    await markDownloadDone(ctx.db, id, answer.file);
    return answer;
  } catch (error) {
    // A failed build does not count against the caller.
    await deleteDownload(ctx.db, id);
    throw error;
  }
}

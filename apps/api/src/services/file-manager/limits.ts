// What bounds one user's use of the file manager: the upload rate (tickets a minute, per user, in the
// database so it holds across API processes), the storage quota of a user's space (counted by
// stored-files/space.ts, one quota for files and creative assets), and the most keys one folder move
// or delete may touch. The rules and their messages are the domain's; this is the counting.
import {
  ApiError,
  FILE_URL_SECONDS,
  folderTooLargeMessage,
  uploadQuotaProblem,
  uploadRateMessage,
} from '@adconsole/domain';
import type { Context } from '../../context';
import {
  countTicketsInWindow,
  deleteTicketsOlderThan,
  insertTicket,
  markTicketRefused,
} from '../../db/queries/upload-tickets';
import { lockUser } from '../../db/queries/users';
import { withRetryAfter } from '../identity/retry-after';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { spaceUsage } from '../stored-files/space';

export type LimitsContext = Pick<Context, 'config' | 'db' | 'files'>;

const RATE_WINDOW_SECONDS = 60;

/** The user space a key lies in ('users/<id>/'), whose quota it counts against; undefined outside one. */
function quotaSpaceOf(key: string): string | undefined {
  return /^users\/[^/]+\//.exec(key)?.[0];
}

export interface TicketRequest {
  bucket: string;
  /** The full key the file is stored under. */
  key: string;
  /** The file's name, as the messages call it. */
  name: string;
  size: number;
}

/**
 * Admits one upload ticket, or refuses it: 429 (with Retry-After) beyond the user's tickets a minute,
 * 413 when the file would take its space past the quota. An admin's upload outside every user space
 * counts only for the rate.
 *
 * The ticket is recorded before its space is summed, so two tickets asked for at once each see the
 * other: both may be refused when only one would fit, never both taken past the quota.
 */
export async function admitUploadTicket(ctx: LimitsContext, user: SessionUser, ticket: TicketRequest) {
  const { uploadsPerMinute, quotaBytes } = ctx.config.fileManager;
  const space = quotaSpaceOf(ticket.key);
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    // One user's tickets are counted one at a time (PostgreSQL; PGlite runs one transaction at once).
    await lockUser(tx, user.id);
    if (uploadsPerMinute > 0) {
      const window = await countTicketsInWindow(tx, user.id, RATE_WINDOW_SECONDS);
      if (window.issued >= uploadsPerMinute) {
        const seconds = Math.max(1, Math.ceil(window.wait ?? RATE_WINDOW_SECONDS));
        throw withRetryAfter(ApiError.of(429, uploadRateMessage(uploadsPerMinute, seconds)), seconds);
      }
    }
    // A ticket matters for a minute (the rate) and while its URL works (the quota); then it goes.
    await deleteTicketsOlderThan(tx, FILE_URL_SECONDS + RATE_WINDOW_SECONDS);
    await insertTicket(tx, {
      id,
      userId: user.id,
      bucket: ticket.bucket,
      space: space ?? '',
      key: ticket.key,
      size: ticket.size,
    });
  });
  if (quotaBytes === null || space === undefined) return;
  const used = await spaceUsage(ctx, space, { id, key: ticket.key });
  const problem = uploadQuotaProblem({ name: ticket.name, size: ticket.size, used, quotaBytes });
  if (problem) {
    await markTicketRefused(ctx.db, id);
    throw ApiError.of(413, problem);
  }
}

/**
 * Every key under a folder (its own marker left out), read until the folder proves larger than one
 * move or delete may touch: then 413, before anything changed.
 */
export async function boundedFolderKeys(
  ctx: LimitsContext,
  bucket: string,
  folderKey: string,
  name: string,
): Promise<string[]> {
  const limit = ctx.config.fileManager.folderKeyLimit;
  const keys: string[] = [];
  for await (const object of ctx.files.objects(bucket, folderKey)) {
    if (object.key === folderKey) continue;
    keys.push(object.key);
    if (keys.length > limit) throw ApiError.of(413, folderTooLargeMessage(name, limit));
  }
  return keys;
}

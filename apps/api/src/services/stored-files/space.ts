// A user's space: where their files lie in every bucket ('users/<id>/'; the top for an admin), and the
// bytes it holds against the one quota of the file manager's files and the user's creative assets (the
// files stored in every bucket, the uploads whose URL still works and whose file has not arrived, and
// the assets). The file manager's uploads and the creatives' asset uploads both count here.
import { FILE_URL_SECONDS } from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { sumAssetFileBytes } from '../../db/queries/files';
import { listOpenTicketSizes } from '../../db/queries/upload-tickets';
import type { SessionUser } from '../identity/sessions';

/** Where a user's paths start in the bucket: their own space, or the top for an admin. */
export const spaceOf = (user: SessionUser): string => (user.role === 'admin' ? '' : `users/${user.id}/`);

/** The user whose quota a space ('users/<id>/') is, undefined outside one. */
const spaceUserId = (space: string): string | undefined => /^users\/([^/]+)\/$/.exec(space)?.[1];

/**
 * The bytes a user's space holds, the one quota of files and creative assets: every stored object of
 * the space in every bucket summed (a listing of the whole space, a page of 1,000 keys at a time on
 * S3), the tickets still open for files that have not arrived, and the user's creative assets.
 * `except` is the ticket being decided (and any earlier ticket for the same key, which the same file
 * would use).
 */
export async function spaceUsage(
  ctx: Pick<Context, 'config' | 'files'> & { db: Queryable },
  space: string,
  except: { id: string; key: string } = { id: '', key: '' },
): Promise<number> {
  const open = await listOpenTicketSizes(ctx.db, space, FILE_URL_SECONDS, except);
  const pending = new Map(open.map((row) => [`${row.bucket}/${row.key}`, row.size]));
  let stored = 0;
  for (const bucket of ctx.config.fileManager.buckets) {
    for await (const object of ctx.files.objects(bucket, space)) {
      stored += object.size;
      pending.delete(`${bucket}/${object.key}`);
    }
  }
  let waiting = 0;
  for (const size of pending.values()) waiting += size;
  const userId = spaceUserId(space);
  // The user's creative assets count against the same quota as the file manager.
  const assets = userId === undefined ? 0 : await sumAssetFileBytes(ctx.db, userId);
  return stored + waiting + assets;
}

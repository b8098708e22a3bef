// The file_upload_tickets table: each signed upload URL the file manager handed out (its user,
// bucket, space, key and size), for the upload rate, the quota of files still to arrive, and the
// single use of a URL (services/file-manager/limits.ts and files.ts).
import type { Queryable } from '../database';

/**
 * The user's tickets issued in the last `windowSeconds`, and the seconds until the oldest of them
 * leaves the window (null when there is none).
 */
export async function countTicketsInWindow(
  db: Queryable,
  userId: string,
  windowSeconds: number,
): Promise<{ issued: number; wait: number | null }> {
  const [window] = await db.query<{ issued: number; wait: number | null }>(
    `select count(*)::int as issued,
            extract(epoch from min(issued_at) + make_interval(secs => $2) - now())::float8 as wait
       from file_upload_tickets
      where user_id = $1 and issued_at > now() - make_interval(secs => $2)`,
    [userId, windowSeconds],
  );
  return window ?? { issued: 0, wait: null };
}

/** Tickets issued more than `seconds` ago go. */
export async function deleteTicketsOlderThan(db: Queryable, seconds: number): Promise<void> {
  await db.query('delete from file_upload_tickets where issued_at < now() - make_interval(secs => $1)', [
    seconds,
  ]);
}

export async function insertTicket(
  db: Queryable,
  ticket: { id: string; userId: string; bucket: string; space: string; key: string; size: number },
): Promise<void> {
  await db.query(
    'insert into file_upload_tickets (id, user_id, bucket, space, key, size) values ($1, $2, $3, $4, $5, $6)',
    [ticket.id, ticket.userId, ticket.bucket, ticket.space, ticket.key, ticket.size],
  );
}

/** The ticket was refused (the quota): it counts for the rate, not for the space. */
export async function markTicketRefused(db: Queryable, id: string): Promise<void> {
  await db.query('update file_upload_tickets set refused = true where id = $1', [id]);
}

/**
 * The largest size of each key the space's open tickets name (not refused, issued within
 * `urlSeconds`), the ticket `except.id` and any ticket for `except.key` left out.
 */
export async function listOpenTicketSizes(
  db: Queryable,
  space: string,
  urlSeconds: number,
  except: { id: string; key: string },
): Promise<{ bucket: string; key: string; size: number }[]> {
  const rows = await db.query<{ bucket: string; key: string; size: string | number }>(
    `select bucket, key, max(size) as size from file_upload_tickets
      where space = $1 and not refused and id <> $2 and key <> $3
        and issued_at > now() - make_interval(secs => $4)
      group by bucket, key`,
    [space, except.id, except.key, urlSeconds],
  );
  return rows.map((row) => ({ bucket: row.bucket, key: row.key, size: Number(row.size) }));
}

/**
 * Takes the latest unused, unrefused ticket for this key and size issued within `urlSeconds` (single
 * use: it is marked used); undefined when there is none.
 */
export async function markTicketUsed(
  db: Queryable,
  signed: { bucket: string; key: string; size: number },
  urlSeconds: number,
): Promise<{ id: string; space: string } | undefined> {
  const [ticket] = await db.query<{ id: string; space: string }>(
    `update file_upload_tickets set used_at = now()
      where id = (select id from file_upload_tickets
                   where bucket = $1 and key = $2 and size = $3 and not refused and used_at is null
                     and issued_at > now() - make_interval(secs => $4)
                   order by issued_at desc limit 1)
        and used_at is null
      returning id, space`,
    [signed.bucket, signed.key, signed.size, urlSeconds],
  );
  return ticket;
}

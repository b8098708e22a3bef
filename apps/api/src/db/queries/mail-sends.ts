// The mail_sends table: the link mails sent to each address, counted for the hourly limit
// (services/outbound/mail.ts).
import type { Queryable } from '../database';

/** Sends older than a day are of no use to the count: they go. */
export async function deleteOldMailSends(db: Queryable): Promise<void> {
  await db.query("delete from mail_sends where sent_at < now() - interval '1 day'");
}

/**
 * Locks the address until the transaction ends (PostgreSQL's advisory lock, released at commit), so
 * concurrent senders count one after another.
 */
export async function lockMailAddress(db: Queryable, address: string): Promise<void> {
  await db.query("select pg_advisory_xact_lock(hashtext('mail_sends'), hashtext($1))", [address]);
}

/** The mails sent to the address in the last hour. */
export async function countMailsLastHour(db: Queryable, address: string): Promise<number> {
  const [{ sent } = { sent: 0 }] = await db.query<{ sent: number }>(
    "select count(*)::int as sent from mail_sends where address = $1 and sent_at > now() - interval '1 hour'",
    [address],
  );
  return sent;
}

export async function insertMailSend(db: Queryable, address: string, kind: string): Promise<void> {
  await db.query('insert into mail_sends (address, kind) values ($1, $2)', [address, kind]);
}

// The user_mail_sends table: the mails of one user's schedules (reports and opt-in requests), counted
// for the daily quota (services/outbound/recipients.ts).
import type { Queryable } from '../database';

/** Sends older than a day are of no use to the count: they go. */
export async function deleteOldUserMailSends(db: Queryable): Promise<void> {
  await db.query("delete from user_mail_sends where sent_at < now() - interval '1 day'");
}

/**
 * Locks the user's count until the transaction ends (PostgreSQL's advisory lock, released at commit),
 * so concurrent senders count one after another.
 */
export async function lockUserMailSends(db: Queryable, userId: string): Promise<void> {
  await db.query("select pg_advisory_xact_lock(hashtext('user_mail_sends'), hashtext($1))", [userId]);
}

/** The mails sent for the user in the last day. */
export async function countUserMailsLastDay(db: Queryable, userId: string): Promise<number> {
  const [{ sent } = { sent: 0 }] = await db.query<{ sent: number }>(
    "select count(*)::int as sent from user_mail_sends where user_id = $1 and sent_at > now() - interval '1 day'",
    [userId],
  );
  return sent;
}

export async function insertUserMailSend(db: Queryable, userId: string, kind: string): Promise<void> {
  await db.query('insert into user_mail_sends (user_id, kind) values ($1, $2)', [userId, kind]);
}

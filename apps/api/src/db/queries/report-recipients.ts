// The report_recipients table: each address a schedule mails, with its link token, whether it
// confirmed (double opt-in) and whether it unsubscribed.
import type { Queryable } from '../database';

/**
 * Records the address for the schedule unless it is recorded already, confirmed at once when
 * `confirmed`; answers whether it was new.
 */
export async function insertReportRecipient(
  db: Queryable,
  recipient: { scheduleId: string; address: string; token: string; confirmed: boolean },
): Promise<boolean> {
  const [row] = await db.query<{ address: string }>(
    `insert into report_recipients (schedule_id, address, token, confirmed_at)
     values ($1, $2, $3, case when $4::boolean then now() else null end)
     on conflict (schedule_id, address) do nothing returning address`,
    [recipient.scheduleId, recipient.address, recipient.token, recipient.confirmed],
  );
  return row !== undefined;
}

/** The schedule's confirmed recipients that have not unsubscribed, with their tokens. */
export function listDeliverableRecipients(
  db: Queryable,
  scheduleId: string,
): Promise<{ address: string; token: string }[]> {
  return db.query<{ address: string; token: string }>(
    `select address, token from report_recipients
      where schedule_id = $1 and confirmed_at is not null and unsubscribed_at is null`,
    [scheduleId],
  );
}

/** The token's recipient confirms (unless it unsubscribed); answers its address, if any. */
export async function markRecipientConfirmed(db: Queryable, token: string): Promise<string | undefined> {
  const [row] = await db.query<{ address: string }>(
    `update report_recipients set confirmed_at = coalesce(confirmed_at, now())
      where token = $1 and unsubscribed_at is null returning address`,
    [token],
  );
  return row?.address;
}

/** The token's recipient unsubscribes; answers its address, if any. */
export async function markRecipientUnsubscribed(db: Queryable, token: string): Promise<string | undefined> {
  const [row] = await db.query<{ address: string }>(
    'update report_recipients set unsubscribed_at = coalesce(unsubscribed_at, now()) where token = $1 returning address',
    [token],
  );
  return row?.address;
}

/** The token's recipient as it stands (read only: following a link's page changes nothing). */
export async function findRecipientByToken(
  db: Queryable,
  token: string,
): Promise<{ address: string; confirmed: boolean; unsubscribed: boolean } | undefined> {
  const [row] = await db.query<{ address: string; confirmed: boolean; unsubscribed: boolean }>(
    `select address, confirmed_at is not null as confirmed, unsubscribed_at is not null as unsubscribed
       from report_recipients where token = $1`,
    [token],
  );
  return row;
}

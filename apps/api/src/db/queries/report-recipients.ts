// The report_recipients table: each address a schedule (or a campaign's alerts, docs/alerts.md) mails, with
// its link token, whether it confirmed (double opt-in) and whether it unsubscribed.
import type { Queryable } from '../database';

/** Whose list an address is on: a scheduled report's, or the alerts of a campaign. */
export type RecipientList = { scheduleId: string } | { campaignId: string };

/** The list's column and id, for a statement. */
const listColumn = (list: RecipientList) =>
  'scheduleId' in list
    ? { column: 'schedule_id', id: list.scheduleId }
    : { column: 'campaign_id', id: list.campaignId };

/**
 * Records the address on the list unless it is recorded already, confirmed at once when `confirmed`;
 * answers whether it was new.
 */
export async function insertReportRecipient(
  db: Queryable,
  list: RecipientList,
  recipient: { address: string; token: string; confirmed: boolean },
): Promise<boolean> {
  const { column, id } = listColumn(list);
  const [row] = await db.query<{ address: string }>(
    `insert into report_recipients (${column}, address, token, confirmed_at)
     values ($1, $2, $3, case when $4::boolean then now() else null end)
     on conflict (${column}, address) where ${column} is not null do nothing returning address`,
    [id, recipient.address, recipient.token, recipient.confirmed],
  );
  return row !== undefined;
}

/** The list's confirmed recipients that have not unsubscribed, with their tokens. */
export function listDeliverableRecipients(
  db: Queryable,
  list: RecipientList,
): Promise<{ address: string; token: string }[]> {
  const { column, id } = listColumn(list);
  return db.query<{ address: string; token: string }>(
    `select address, token from report_recipients
      where ${column} = $1 and confirmed_at is not null and unsubscribed_at is null`,
    [id],
  );
}

/** Every address recorded on the list, with whether it confirmed and whether it unsubscribed. */
export function listRecipientStates(
  db: Queryable,
  list: RecipientList,
): Promise<{ address: string; confirmed: boolean; unsubscribed: boolean }[]> {
  const { column, id } = listColumn(list);
  return db.query<{ address: string; confirmed: boolean; unsubscribed: boolean }>(
    `select address, confirmed_at is not null as confirmed, unsubscribed_at is not null as unsubscribed
       from report_recipients where ${column} = $1 order by address`,
    [id],
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
): Promise<{ address: string; confirmed: boolean; unsubscribed: boolean; alerts: boolean } | undefined> {
  const [row] = await db.query<{
    address: string;
    confirmed: boolean;
    unsubscribed: boolean;
    alerts: boolean;
  }>(
    `select address, confirmed_at is not null as confirmed, unsubscribed_at is not null as unsubscribed,
            campaign_id is not null as alerts
       from report_recipients where token = $1`,
    [token],
  );
  return row;
}

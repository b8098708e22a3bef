// The scheduled_reports table: a schedule's row, how it reads as the contract's ScheduledReport (the
// campaign answer and the report list them), and its queries.
import type { ScheduledReport } from '@adconsole/domain';
import type { Queryable } from '../database';
import type { CampaignRow } from './campaigns';

export interface ScheduleRow {
  id: string;
  campaign_id: string;
  name: string;
  frequency: 'Daily' | 'Weekly' | 'Monthly' | 'On campaign end';
  report_type: 'Summary' | 'Full';
  format: 'pdf' | 'csv' | 'xlsx' | 'xlsx-pivot';
  timezone: string;
  with_video: boolean;
  recipients: string[];
  next_run_at: Date | null;
  last_run_at: Date | null;
  created_at: Date;
}

/** A schedule's row with its recipients' rows (report_recipients), as the answers list them. */
interface ScheduleWithRecipientsRow extends ScheduleRow {
  recipient_rows: { address: string; confirmed: boolean; unsubscribed: boolean }[];
}

/** The recipients' rows of schedule `s`, as JSON (one query for a whole list of schedules). */
const RECIPIENT_ROWS = `(select coalesce(json_agg(json_build_object('address', r.address,
    'confirmed', r.confirmed_at is not null, 'unsubscribed', r.unsubscribed_at is not null)), '[]'::json)
    from report_recipients r where r.schedule_id = s.id) as recipient_rows`;

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/** Where each recipient stands: no row yet (being recorded) counts as awaiting its confirmation. */
const recipientStates = (row: ScheduleWithRecipientsRow): ScheduledReport['recipientStates'] =>
  row.recipients.map((address) => {
    const recorded = row.recipient_rows.find((recipient) => recipient.address === address);
    const state = recorded?.unsubscribed ? 'unsubscribed' : recorded?.confirmed ? 'confirmed' : 'awaiting';
    return { address, state };
  });

const scheduleAnswer = (row: ScheduleWithRecipientsRow): ScheduledReport => ({
  id: row.id,
  campaignID: row.campaign_id,
  name: row.name,
  frequency: row.frequency,
  reportType: row.report_type,
  format: row.format,
  timezone: row.timezone,
  recipients: row.recipients,
  recipientStates: recipientStates(row),
  withVideo: row.with_video,
  createdAt: new Date(row.created_at).toISOString(),
  nextRunAt: iso(row.next_run_at),
  lastRunAt: iso(row.last_run_at),
});

/** Schedules of these campaigns, oldest first. */
export async function listSchedules(
  db: Queryable,
  campaignIds: readonly string[],
): Promise<ScheduledReport[]> {
  if (campaignIds.length === 0) return [];
  const rows = await db.query<ScheduleWithRecipientsRow>(
    `select s.*, ${RECIPIENT_ROWS} from scheduled_reports s
      where s.campaign_id = any($1::text[]) order by s.created_at, s.id`,
    [[...campaignIds]],
  );
  return rows.map(scheduleAnswer);
}

/** One schedule as the answers give it, with its recipients' states. */
export async function findScheduleAnswer(db: Queryable, id: string): Promise<ScheduledReport | undefined> {
  const [row] = await db.query<ScheduleWithRecipientsRow>(
    `select s.*, ${RECIPIENT_ROWS} from scheduled_reports s where s.id = $1`,
    [id],
  );
  return row && scheduleAnswer(row);
}

export async function findSchedule(db: Queryable, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.query<ScheduleRow>('select * from scheduled_reports where id = $1', [id]);
  return row;
}

/** The user a schedule's mails count against: its author, or the campaign's owner. */
export async function findScheduleSender(db: Queryable, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ user_id: string | null }>(
    `select coalesce(s.created_by, c.owner_id) as user_id
       from scheduled_reports s join campaigns c on c.id = s.campaign_id where s.id = $1`,
    [id],
  );
  return row?.user_id ?? undefined;
}

/** A due schedule with its campaign's body and owner, and whether the owner's or the author's account is disabled. */
export interface DueScheduleRow extends ScheduleRow {
  campaign: CampaignRow['body'];
  owner_id: string;
  account_disabled: boolean;
}

/**
 * Up to 50 schedules whose next run has come, earliest first, each with its campaign's body and owner;
 * locked until the transaction ends, skipping those another process holds.
 */
export function lockDueSchedules(db: Queryable): Promise<DueScheduleRow[]> {
  return db.query<DueScheduleRow>(
    `select s.*, c.body as campaign, c.owner_id,
            exists (select 1 from users u where u.id in (c.owner_id, s.created_by)
                      and u.disabled_at is not null) as account_disabled
       from scheduled_reports s join campaigns c on c.id = s.campaign_id
      where s.next_run_at is not null and s.next_run_at <= now()
      order by s.next_run_at limit 50 for update of s skip locked`,
  );
}

export async function insertSchedule(
  db: Queryable,
  schedule: Omit<ScheduleRow, 'last_run_at' | 'created_at'> & { created_by: string },
): Promise<ScheduleRow> {
  const [row] = await db.query<ScheduleRow>(
    `insert into scheduled_reports
       (id, campaign_id, created_by, name, frequency, report_type, format, timezone, with_video, recipients, next_run_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
    [
      schedule.id,
      schedule.campaign_id,
      schedule.created_by,
      schedule.name,
      schedule.frequency,
      schedule.report_type,
      schedule.format,
      schedule.timezone,
      schedule.with_video,
      JSON.stringify(schedule.recipients),
      schedule.next_run_at,
    ],
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The schedule ran (or its run was queued) at `lastRunAt`; it runs next at `nextRunAt`. */
export async function updateScheduleRuns(
  db: Queryable,
  id: string,
  runs: { nextRunAt: Date | null; lastRunAt: Date },
): Promise<void> {
  await db.query('update scheduled_reports set next_run_at = $2, last_run_at = $3 where id = $1', [
    id,
    runs.nextRunAt,
    runs.lastRunAt,
  ]);
}

export async function deleteSchedule(db: Queryable, id: string): Promise<void> {
  await db.query('delete from scheduled_reports where id = $1', [id]);
}

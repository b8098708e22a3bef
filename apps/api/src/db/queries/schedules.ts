// The scheduled_reports table: a schedule's row, how it reads as the contract's ScheduledReport (the
// campaign answer and the report list them), and its queries.
import type { ScheduledReport } from '@adconsole/domain';
import type { Queryable } from '../database';

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

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export const scheduleAnswer = (row: ScheduleRow): ScheduledReport => ({
  id: row.id,
  campaignID: row.campaign_id,
  name: row.name,
  frequency: row.frequency,
  reportType: row.report_type,
  format: row.format,
  timezone: row.timezone,
  recipients: row.recipients,
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
  const rows = await db.query<ScheduleRow>(
    'select * from scheduled_reports where campaign_id = any($1::text[]) order by created_at, id',
    [[...campaignIds]],
  );
  return rows.map(scheduleAnswer);
}

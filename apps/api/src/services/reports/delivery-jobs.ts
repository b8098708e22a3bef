// Scheduled reports as jobs: a schedule whose next run has come queues one delivery job for its period
// (the key `report:<schedule>:<start>:<end>` is unique: a period is delivered at most once) and moves on
// to its next run; a delivery job mails the report to each recipient through the outbound module's loop
// (services/outbound/recipient-mails.ts), remembering who has it, so a retry after a failed send mails
// only those who did not get it.
import { type LocalDays, nextScheduledRun, runDayOf, scheduledPeriod } from '@adconsole/domain';
import { z } from 'zod';
import type { Context } from '../../context';
import { type CampaignRow, findCampaign } from '../../db/queries/campaigns';
import { enqueueJob } from '../../db/queries/jobs';
import {
  findSchedule,
  findScheduleSender,
  lockDueSchedules,
  updateScheduleRuns,
} from '../../db/queries/schedules';
import { newId } from '../ids';
import { type ClaimedJob, rowJobKind } from '../jobs/kinds';
import { mailEachRecipient } from '../outbound/recipient-mails';
import {
  deliverableRecipients,
  flightOf,
  type ReportMail,
  scheduledReportMail,
  sendReportMail,
} from './deliver';

/** The jobs table's kind of a scheduled report's delivery. */
const reportDeliveryKind = 'report-delivery';

/** The start of every delivery key of one schedule. */
export const deliveryKeyPrefix = (scheduleId: string) => `report:${scheduleId}:`;

/** A delivery's payload: the schedule, its period, and who has been mailed (by earlier attempts). */
const deliveryPayload = z.object({
  scheduleId: z.string(),
  period: z.object({ start: z.string(), end: z.string() }),
  sent: z.array(z.string()),
});
type DeliveryPayload = z.infer<typeof deliveryPayload>;

const deliveryKey = (scheduleId: string, period: LocalDays) =>
  `${deliveryKeyPrefix(scheduleId)}${period.start}:${period.end}`;

/** Queues the deliveries of every schedule that is due and sets its next run, in one transaction. */
async function queueDueReports(ctx: Context): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await lockDueSchedules(tx);
    let queued = 0;
    for (const schedule of due) {
      const runAt = new Date(schedule.next_run_at as Date);
      const flight = flightOf({ body: schedule.campaign } as CampaignRow);
      const period = scheduledPeriod(schedule.frequency, runDayOf(runAt, schedule.timezone), flight);
      // A disabled account's schedules send nothing: the period passes, nothing is queued for it.
      if (
        period &&
        !schedule.account_disabled &&
        (await enqueueJob(tx, {
          id: newId(),
          kind: reportDeliveryKind,
          key: deliveryKey(schedule.id, period),
          payload: { scheduleId: schedule.id, period, sent: [] },
          runAt,
          accountId: schedule.owner_id,
        }))
      ) {
        queued += 1;
      }
      await updateScheduleRuns(tx, schedule.id, {
        nextRunAt: nextScheduledRun(schedule.frequency, schedule.timezone, runAt, flight),
        lastRunAt: runAt,
      });
    }
    return queued;
  });
}

/** Runs a delivery job: mails each recipient not yet mailed. A failure carries who was mailed. */
async function runReportDelivery(ctx: Context, job: ClaimedJob<DeliveryPayload>) {
  const { payload } = job;
  const schedule = await findSchedule(ctx.db, payload.scheduleId);
  if (!schedule) return { ...payload, skipped: 'The schedule was deleted.' };
  const campaign = await findCampaign(ctx.db, schedule.campaign_id);
  if (!campaign) return { ...payload, skipped: 'The campaign was deleted.' };
  const recipients = (await deliverableRecipients(ctx, schedule)).filter(
    (to) => !payload.sent.includes(to.address),
  );
  if (recipients.length === 0) return { ...payload };
  const sender = (await findScheduleSender(ctx.db, schedule.id)) ?? campaign.owner_id;
  // Built for the first recipient the loop mails: not at all when it mails no one.
  let mail: ReportMail | undefined;
  return mailEachRecipient(ctx, payload, {
    sender,
    onBehalfOf: campaign.owner_id,
    recipients,
    quotaKind: 'report',
    send: async (to) => {
      mail ??= await scheduledReportMail(ctx, schedule, campaign, payload.period);
      return sendReportMail(ctx, mail, to);
    },
  });
}

/** Scheduled reports as a job kind: due schedules queue their deliveries, each delivery mails its report. */
export const reportDeliveryJobs = rowJobKind({
  kind: reportDeliveryKind,
  payload: deliveryPayload,
  queueDue: queueDueReports,
  run: runReportDelivery,
});

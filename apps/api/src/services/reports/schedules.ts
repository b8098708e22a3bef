// Scheduled reports: the schedules of a campaign (as the report and the campaign answer list them),
// creating and deleting them, and "send now". The runs themselves go through the jobs table
// (services/reports/delivery-jobs.ts).
import {
  ApiError,
  lastCompletePeriod,
  MESSAGES,
  nextScheduledRun,
  normaliseEmail,
  type ScheduledReport,
  type ScheduledReportBody,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { failPendingJobs } from '../../db/queries/jobs';
import {
  deleteSchedule as deleteScheduleRow,
  findSchedule,
  findScheduleAnswer,
  findScheduleSender,
  insertSchedule,
} from '../../db/queries/schedules';
import { recordChange } from '../audit/record';
import { scheduleChange } from '../audit/snapshots';
import { ownCampaign } from '../campaigns/access';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { ACCOUNT_DISABLED, mailEachRecipient, QUOTA_USED_UP } from '../outbound/recipient-mails';
import { quotaReached } from '../outbound/recipients';
import {
  deliverableRecipients,
  flightOf,
  type ReportMail,
  registerRecipients,
  scheduledReportMail,
  sendReportMail,
} from './deliver';
import { deliveryKeyPrefix } from './delivery-jobs';

// ---- The schedule calls

async function ownSchedule(ctx: Context, user: SessionUser, id: string) {
  const row = await findSchedule(ctx.db, id);
  if (!row) throw ApiError.of(404, MESSAGES.scheduleNotFound);
  const campaign = await ownCampaign(ctx.db, user, row.campaign_id).catch(() => {
    throw ApiError.of(404, MESSAGES.scheduleNotFound);
  });
  return { row, campaign };
}

/** POST /v1/campaign/scheduledReport: the schedule, with its first run. */
export async function createSchedule(
  ctx: Context,
  user: SessionUser,
  body: ScheduledReportBody,
): Promise<ScheduledReport> {
  const campaign = await ownCampaign(ctx.db, user, body.campaignID);
  const nextRunAt = nextScheduledRun(body.frequency, body.timezone, new Date(), flightOf(campaign));
  const row = await ctx.db.transaction(async (tx) => {
    const made = await insertSchedule(tx, {
      id: newId(),
      campaign_id: campaign.id,
      created_by: user.id,
      name: body.name,
      frequency: body.frequency,
      report_type: body.reportType,
      format: body.format,
      timezone: body.timezone,
      with_video: body.withVideo,
      recipients: body.recipients.map(normaliseEmail),
      next_run_at: nextRunAt,
    });
    await recordChange(tx, user, scheduleChange(null, made));
    return made;
  });
  await registerRecipients(ctx, row);
  const answer = await findScheduleAnswer(ctx.db, row.id);
  if (!answer) throw new Error(`The schedule ${row.id} was not stored`);
  return answer;
}

/** DELETE /v1/campaign/scheduledReport?id=. Deliveries already queued for it are dropped too. */
export async function deleteSchedule(ctx: Context, user: SessionUser, id: string) {
  const { row } = await ownSchedule(ctx, user, id);
  await ctx.db.transaction(async (tx) => {
    await deleteScheduleRow(tx, row.id);
    await failPendingJobs(tx, deliveryKeyPrefix(row.id), 'The schedule was deleted.');
    await recordChange(tx, user, scheduleChange(row, null));
  });
  return null;
}

/** POST /v1/campaign/scheduledReport/send: mails the last complete period now ("send now"). */
export async function sendScheduleNow(ctx: Context, user: SessionUser, id: string) {
  const { row, campaign } = await ownSchedule(ctx, user, id);
  const period = lastCompletePeriod(row.frequency, row.timezone, new Date(), flightOf(campaign));
  if (!period) throw ApiError.of(400, MESSAGES.nothingToSend);
  const recipients = await deliverableRecipients(ctx, row);
  const sender = (await findScheduleSender(ctx.db, row.id)) ?? user.id;
  // Built for the first recipient mailed: not at all when no one is.
  let mail: ReportMail | undefined;
  const { sent, skipped } = await mailEachRecipient(
    ctx,
    { sent: [] },
    {
      sender,
      onBehalfOf: campaign.owner_id,
      recipients,
      quotaKind: 'report',
      send: async (to) => {
        mail ??= await scheduledReportMail(ctx, row, campaign, period);
        return sendReportMail(ctx, mail, to);
      },
    },
  );
  if (skipped === ACCOUNT_DISABLED) throw ApiError.of(409, MESSAGES.accountDisabledSendsNothing);
  if (skipped === QUOTA_USED_UP && sent.length === 0) throw quotaReached();
  // Only confirmed recipients are mailed: the others have their opt-in request (or refused), and the
  // answer says so, so the console can say plainly who was mailed and who was not.
  const states = (await findScheduleAnswer(ctx.db, row.id))?.recipientStates ?? [];
  return { ...period, recipients: sent, notMailed: states.filter((state) => !sent.includes(state.address)) };
}

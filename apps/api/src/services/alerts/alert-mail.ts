// Alert mails (docs/alerts.md, "Mails"): one mail per alert notice (fired, recovered) to the campaign's
// owner and each chosen recipient, as a job queued in the evaluation's transaction. The recipients are
// the campaign's alert list in report_recipients: outside addresses get the scheduled reports' opt-in
// request first and nothing else until they confirm, every mail carries its one-click unsubscribe link
// (services/outbound/recipients.ts), and mails to chosen recipients count against the owner's daily
// mail quota (the outbound module's loop, services/outbound/recipient-mails.ts). A failed send is
// retried for those not mailed yet.
import { ALERT_RULE_LABELS } from '@adconsole/domain';
import { z } from 'zod';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { findAlert, findCampaignAlertRules, type ListedAlertRow } from '../../db/queries/alerts';
import { enqueueJob } from '../../db/queries/jobs';
import { findUserById } from '../../db/queries/users';
import { newId } from '../ids';
import { type ClaimedJob, rowJobKind } from '../jobs/kinds';
import { escapeHtml } from '../outbound/mail';
import { mailEachRecipient } from '../outbound/recipient-mails';
import { deliverableListRecipients, quotedName } from '../outbound/recipients';
import { campaignAlertsUrl } from './alert-answers';

const alertMailKind = 'alert-mail';

/** An alert mail's payload: the alert, which notice, and who has been mailed (by earlier attempts). */
const alertMailPayload = z.object({
  alertId: z.string(),
  notice: z.enum(['fired', 'recovered']),
  sent: z.array(z.string()),
});

/** Queues the mails of one notice (in the evaluation's transaction), as a job of the campaign's owner. */
export async function queueAlertMail(
  tx: Queryable,
  { alertId, notice, ownerId }: { alertId: string; notice: 'fired' | 'recovered'; ownerId: string },
) {
  await enqueueJob(tx, {
    id: newId(),
    kind: alertMailKind,
    key: `alert-mail:${alertId}:${notice}`,
    payload: { alertId, notice, sent: [] },
    accountId: ownerId,
  });
}

/** The mail of one notice: subject, text and HTML (the campaign's name quoted as data). */
function alertMail(ctx: Context, alert: ListedAlertRow, notice: 'fired' | 'recovered') {
  const label = ALERT_RULE_LABELS[alert.rule];
  const name = quotedName(alert.campaign_name);
  const subject = notice === 'fired' ? `Alert: ${label} on ${name}` : `Recovered: ${label} on ${name}`;
  const sentence = notice === 'fired' ? alert.message : (alert.recovered_message ?? alert.message);
  const when =
    notice === 'fired'
      ? `Fired at ${new Date(alert.opened_at).toISOString().replace('T', ' ').slice(0, 16)} UTC.`
      : `Recovered at ${new Date(alert.closed_at ?? alert.opened_at).toISOString().replace('T', ' ').slice(0, 16)} UTC; it had fired at ${new Date(alert.opened_at).toISOString().replace('T', ' ').slice(0, 16)} UTC.`;
  const link = campaignAlertsUrl(ctx, alert.campaign_id);
  const lines = [
    notice === 'fired' ? `${label} on campaign ${name}.` : `${label} on campaign ${name} has recovered.`,
    sentence,
    when,
  ];
  return {
    subject,
    link,
    text: (unsubscribe: string) =>
      `${lines.join('\n\n')}\n\nSee the campaign's alerts: ${link}\n\nStop these mails: ${unsubscribe}\n`,
    html: (unsubscribe: string) =>
      `<!doctype html><html><body style="font-family:sans-serif">${lines
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join(
          '',
        )}<p><a href="${escapeHtml(link)}">See the campaign's alerts</a></p><p style="color:#666"><a href="${escapeHtml(unsubscribe)}">Stop these mails</a></p></body></html>`,
  };
}

async function runAlertMail(ctx: Context, job: ClaimedJob<z.infer<typeof alertMailPayload>>) {
  const { payload } = job;
  const alert = await findAlert(ctx.db, payload.alertId);
  if (!alert) return { ...payload, skipped: 'The alert or its campaign was deleted.' };
  const owner = await findUserById(ctx.db, alert.owner_id);
  if (!owner) return { ...payload, skipped: 'The campaign has no owner.' };
  const { recipients } = await findCampaignAlertRules(ctx.db, alert.campaign_id);
  const addresses = [owner.email, ...recipients.filter((address) => address !== owner.email)];
  const deliverable = await deliverableListRecipients(ctx, {
    list: { campaignId: alert.campaign_id },
    kind: 'alerts',
    addresses,
    name: alert.campaign_name,
    sender: owner.id,
    confirmed: [owner.email],
  });
  const mail = alertMail(ctx, alert, payload.notice);
  return mailEachRecipient(ctx, payload, {
    sender: owner.id,
    onBehalfOf: owner.id,
    recipients: deliverable,
    quotaKind: 'alert',
    // The owner's own address is their account: outside the quota, as their sign-in mails are.
    exempt: [owner.email],
    send: (to) =>
      ctx.mailer.send({
        to: to.address,
        subject: mail.subject,
        link: mail.link,
        unsubscribe: to.unsubscribe,
        text: mail.text(to.unsubscribe),
        html: mail.html(to.unsubscribe),
      }),
  });
}

/** Alert mails as a job kind: one job per notice. */
export const alertMails = rowJobKind({ kind: alertMailKind, payload: alertMailPayload, run: runAlertMail });

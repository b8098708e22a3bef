// A scheduled report as it is mailed: the figures of one period in the schedule's zone, rendered as
// its format (PDF with the charts, CSV, Excel, Excel with a pivot) and attached to a mail to each
// recipient. Summary is totals and the per-creative table; Full adds the daily series and video data.
import {
  filteredTotals,
  flightDays,
  type InvalidTraffic,
  type LocalDays,
  REPORT_FORMAT_LABELS,
  zoneOfName,
  zoneQuery,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { CampaignRow } from '../../db/queries/campaigns';
import { findScheduleSender, type ScheduleRow } from '../../db/queries/schedules';
import { CSV_TYPE, XLSX_TYPE } from '../campaigns/spreadsheet-text';
import { escapeHtml, type MailAttachment } from '../outbound/mail';
import type { ListRecipient } from '../outbound/recipient-mails';
import {
  deliverableListRecipients,
  type MailingList,
  quotedName,
  registerListRecipients,
} from '../outbound/recipients';
import type { Figures } from './build-input';
import { reportAttachment, reportFileName } from './downloads';
import { figureColumns, figureText } from './figure-columns';
import { reportFiguresWithRows } from './figures';
import { renderReportPdf } from './pdf';
import { reachMailLines } from './reach-files';
import { campaignScope } from './scope';
import { bookingLines } from './spend-files';

/** The campaign's flight as local days, for 'On campaign end'. */
export const flightOf = (campaign: Pick<CampaignRow, 'body'>) => flightDays(campaign.body.data);

export interface ReportMail {
  subject: string;
  text: string;
  html: string;
  attachment: MailAttachment;
}

/** A schedule's recipients as a mailing list (services/outbound/recipients.ts), its author the sender. */
const scheduleList = async (ctx: Context, schedule: ScheduleRow): Promise<MailingList> => ({
  list: { scheduleId: schedule.id },
  kind: 'report',
  addresses: schedule.recipients,
  name: schedule.name,
  sender: await findScheduleSender(ctx.db, schedule.id),
});

/** Records a schedule's recipients (the opt-in of registerListRecipients). */
export async function registerRecipients(ctx: Context, schedule: ScheduleRow): Promise<void> {
  await registerListRecipients(ctx, await scheduleList(ctx, schedule));
}

/** The schedule's confirmed, subscribed recipients (in the schedule's order), with their unsubscribe links. */
export async function deliverableRecipients(ctx: Context, schedule: ScheduleRow): Promise<ListRecipient[]> {
  return deliverableListRecipients(ctx, await scheduleList(ctx, schedule));
}

/** Sends a schedule's mail to one recipient (one message each: no recipient sees the others). */
export const sendReportMail = (ctx: Context, mail: ReportMail, to: ListRecipient) =>
  ctx.mailer.send({
    to: to.address,
    subject: mail.subject,
    unsubscribe: to.unsubscribe,
    text: `${mail.text}\nYou receive this report because you confirmed it. Unsubscribe: ${to.unsubscribe}\n`,
    html: mail.html.replace(
      '</body>',
      `<p style="color:#666">You receive this report because you confirmed it. <a href="${escapeHtml(to.unsubscribe)}">Unsubscribe</a></p></body>`,
    ),
    attachments: [mail.attachment],
  });

/** What invalid traffic the figures leave out, when there was any. */
const filteredLine = (invalid: InvalidTraffic): string[] => {
  if (invalid.total === 0) return [];
  const { impressions, clicks } = filteredTotals(invalid);
  return [
    `Invalid traffic filtered out (not in these figures): ${impressions.toLocaleString('en-US')} impressions, ${clicks.toLocaleString('en-US')} clicks.`,
  ];
};

/**
 * The mail's figures (the domain's REPORT_FIGURES shown in mails, those the report has): 'Impressions:
 * 12,345', 'CTR: 0.52 %' (a rate over nothing left out rather than '0.00 %'), with a booked rate the
 * spend rounded to its currency, the conversions, their rate and value, cost per conversion and ROAS.
 */
export const mailFigureLines = (figures: Figures): string[] =>
  figureColumns(figures, 'mail').flatMap((column) => {
    const text = figureText(column, figures.totals);
    return column.figure.kind === 'rate' && text === '—' ? [] : [`${column.figure.label}: ${text}`];
  });

/** Builds the mail of a schedule's period (the same for every recipient). */
export async function scheduledReportMail(
  ctx: Context,
  schedule: ScheduleRow,
  campaign: CampaignRow,
  period: LocalDays,
): Promise<ReportMail> {
  const full = schedule.report_type === 'Full';
  // The system reads on the campaign owner's behalf: every live creative of the campaign.
  const scope = await campaignScope(ctx.db, campaign);
  const rows = await reportFiguresWithRows(ctx, scope, {
    start_dt: `${period.start} 00:00:00`,
    end_dt: `${period.end} 23:59:59`,
    ...zoneQuery(zoneOfName(schedule.timezone, new Date(`${period.start}T00:00:00Z`))),
    granularity: 'day',
    withVideoData: schedule.with_video,
  });
  const { figures } = rows;
  let attachment: MailAttachment;
  if (schedule.format === 'pdf') {
    attachment = {
      filename: reportFileName(figures, 'pdf'),
      content: await renderReportPdf(figures, { full, title: schedule.name }),
      contentType: 'application/pdf',
    };
  } else {
    attachment = {
      filename: reportFileName(figures, schedule.format === 'csv' ? 'csv' : 'xlsx'),
      content: await reportAttachment(ctx, rows, schedule.format, full ? 'full' : 'summary'),
      contentType: schedule.format === 'csv' ? CSV_TYPE : XLSX_TYPE,
    };
  }
  const range = period.start === period.end ? period.start : `${period.start} to ${period.end}`;
  // The sender's own words are limited to the report's name, shown as data (docs/security.md).
  const lines = [
    `Adconsole scheduled report for ${range} (${figures.timezone.tzCode}).`,
    `Report name (as entered by its sender): ${quotedName(schedule.name)}`,
    '',
    ...mailFigureLines(figures),
    // The goal and its pacing now.
    ...bookingLines(figures).map(([label, value]) => `${label}: ${value}`),
    // Distinct browsers and devices, an estimate (or why there is none), whenever ads were served.
    ...reachMailLines(figures),
    ...filteredLine(figures.invalid),
    ...(figures.invalidConversions.total > 0
      ? [
          `Conversions not counted (not in these figures): ${figures.invalidConversions.total.toLocaleString('en-US')}.`,
        ]
      : []),
    '',
    `The ${schedule.report_type.toLowerCase()} report is attached (${REPORT_FORMAT_LABELS[schedule.format]}).`,
  ];
  return {
    subject: `Adconsole scheduled report, ${range}`,
    text: `${lines.join('\n')}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif">${lines
      .map((line) => (line === '' ? '' : `<p>${escapeHtml(line)}</p>`))
      .join('')}</body></html>`,
    attachment,
  };
}

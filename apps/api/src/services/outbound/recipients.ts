// Who may receive an account's mails (docs/security.md, "Scheduled-report mail"): the recipients of a
// list (a scheduled report's, or a campaign's alert mails, docs/alerts.md "Mails"). An address outside
// the company domain gets nothing but one opt-in request until it confirms by the link in it (double
// opt-in); every mail carries an unsubscribe link; and all mails of one user (reports, alert mails to
// chosen recipients, opt-in requests) count against a daily quota kept in the database
// (USER_MAILS_PER_DAY). The only text of the sender's in any of these mails is the list's name (the
// report's or the campaign's), quoted as data. The mails themselves go out through ./recipient-mails.ts.
import { randomBytes } from 'node:crypto';
import { ApiError, isCompanyEmail, MESSAGES } from '@adconsole/domain';
import type { Context } from '../../context';
import type { Database, Queryable } from '../../db/database';
import {
  findRecipientByToken,
  insertReportRecipient,
  listDeliverableRecipients,
  markRecipientConfirmed,
  markRecipientUnsubscribed,
  type RecipientList,
} from '../../db/queries/report-recipients';
import {
  countUserMailsLastDay,
  deleteOldUserMailSends,
  insertUserMailSend,
  lockUserMailSends,
} from '../../db/queries/user-mail-sends';
import { escapeHtml, takeMailAllowance } from './mail';

/** The list's name as data: one line, no control characters, at most 100 characters, in quotes. */
export const quotedName = (name: string) =>
  `"${name
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .trim()
    .slice(0, 100)}"`;

/**
 * Counts `count` mails against the user's daily quota when they fit (atomically, like the link-mail
 * allowance): whether they may be sent.
 */
export async function takeUserMailQuota(
  db: Database,
  userId: string,
  limit: number,
  kind: string,
): Promise<boolean> {
  await deleteOldUserMailSends(db);
  return db.transaction(async (tx) => {
    await lockUserMailSends(tx, userId);
    if ((await countUserMailsLastDay(tx, userId)) >= limit) return false;
    await insertUserMailSend(tx, userId, kind);
    return true;
  });
}

const link = (ctx: Context, action: 'confirm' | 'unsubscribe', token: string) =>
  `${ctx.config.publicUrl}/api/reportMail/${action}?token=${token}`;

/**
 * A list of recipients a user's mails go to: a scheduled report's, or a campaign's alerts
 * (docs/alerts.md, "Mails"). `name` is the report's or the campaign's name, quoted as data in the opt-in
 * request.
 */
export interface MailingList {
  list: RecipientList;
  kind: 'report' | 'alerts';
  addresses: readonly string[];
  name: string;
  /** Whose quota the opt-in requests count against; none sent without one. */
  sender: string | undefined;
  /** Addresses confirmed at once, whatever their domain (a campaign owner's own, for alerts). */
  confirmed?: readonly string[];
}

const OPT_IN_TEXT = {
  report: {
    subject: 'Confirm scheduled report mails from Adconsole',
    intro:
      'An Adconsole user asked to send you a scheduled report by e-mail. Nothing will be sent to you unless you confirm.',
    label: 'Report name (as entered by the sender)',
  },
  alerts: {
    subject: 'Confirm campaign alert mails from Adconsole',
    intro:
      "An Adconsole user asked to send you a campaign's delivery alerts by e-mail. Nothing will be sent to you unless you confirm.",
    label: 'Campaign name (as entered by the sender)',
  },
} as const;

/**
 * Records each address of the list not recorded yet: addresses of the company domain are confirmed at
 * once; any other gets an opt-in request (after the answer), within the sender's quota.
 */
export async function registerListRecipients(ctx: Context, mailing: MailingList): Promise<void> {
  const fresh: { address: string; token: string }[] = [];
  for (const address of mailing.addresses) {
    const token = randomBytes(24).toString('base64url');
    const company =
      isCompanyEmail(address, ctx.config.companyEmailRule) || (mailing.confirmed ?? []).includes(address);
    const added = await insertReportRecipient(ctx.db, mailing.list, { address, token, confirmed: company });
    if (added && !company) fresh.push({ address, token });
  }
  const { sender } = mailing;
  if (fresh.length === 0 || !sender) return;
  const text = OPT_IN_TEXT[mailing.kind];
  ctx.background.later('Opt-in mail could not be sent', async () => {
    for (const { address, token } of fresh) {
      if (!(await takeUserMailQuota(ctx.db, sender, ctx.config.limits.userMailsPerDay, 'opt-in'))) return;
      if (!(await takeMailAllowance(ctx.db, address, 'report-opt-in'))) continue;
      const confirm = link(ctx, 'confirm', token);
      const unsubscribe = link(ctx, 'unsubscribe', token);
      const name = quotedName(mailing.name);
      await ctx.mailer.send({
        to: address,
        subject: text.subject,
        link: confirm,
        unsubscribe,
        text: `${text.intro}\n\n${text.label}: ${name}\n\nConfirm: ${confirm}\n\nNot for you? Ignore this mail, or refuse for good: ${unsubscribe}\n`,
        html: `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(text.intro)}</p><p>${escapeHtml(text.label)}: <code>${escapeHtml(name)}</code></p><p><a href="${escapeHtml(confirm)}">Confirm</a></p><p style="color:#666">Not for you? Ignore this mail, or <a href="${escapeHtml(unsubscribe)}">refuse for good</a>.</p></body></html>`,
      });
    }
  });
}

/** The list's confirmed, subscribed addresses (in the list's order), with their unsubscribe links. */
export async function deliverableListRecipients(
  ctx: Context,
  mailing: MailingList,
): Promise<{ address: string; unsubscribe: string }[]> {
  await registerListRecipients(ctx, mailing);
  const rows = await listDeliverableRecipients(ctx.db, mailing.list);
  const tokens = new Map(rows.map((row) => [row.address, row.token]));
  return mailing.addresses.flatMap((address) => {
    const token = tokens.get(address);
    return token ? [{ address, unsubscribe: link(ctx, 'unsubscribe', token) }] : [];
  });
}

const linkToken = (token: unknown): string => {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,64}$/.test(token))
    throw ApiError.of(404, MESSAGES.recipientLinkInvalid);
  return token;
};

/**
 * A mail's confirm or unsubscribe link, opened (GET): the recipient it is for, changing nothing, since
 * corporate mail scanners open every link of every incoming mail; or 404 for a link that does not work.
 */
export async function recipientOfLink(
  db: Queryable,
  token: unknown,
): Promise<{ address: string; confirmed: boolean; unsubscribed: boolean; alerts: boolean }> {
  const recipient = await findRecipientByToken(db, linkToken(token));
  if (recipient === undefined) throw ApiError.of(404, MESSAGES.recipientLinkInvalid);
  return recipient;
}

/**
 * A mail's confirm or unsubscribe link, acted on (POST /api/reportMail/confirm and /unsubscribe: the
 * page's button, or a mail program's one-click unsubscribe): answers the recipient's address, or 404 for
 * a link that does not work.
 */
export async function followRecipientLink(
  db: Queryable,
  action: 'confirm' | 'unsubscribe',
  tokenGiven: unknown,
): Promise<{ address: string; alerts: boolean }> {
  const token = linkToken(tokenGiven);
  const recipient = await findRecipientByToken(db, token);
  const address =
    action === 'confirm'
      ? await markRecipientConfirmed(db, token)
      : await markRecipientUnsubscribed(db, token);
  if (address === undefined || !recipient) throw ApiError.of(404, MESSAGES.recipientLinkInvalid);
  return { address, alerts: recipient.alerts };
}

/** Refuses with 429 when the sender's daily quota is used up (send now). */
export const quotaReached = () => ApiError.of(429, MESSAGES.reportMailQuotaReached);

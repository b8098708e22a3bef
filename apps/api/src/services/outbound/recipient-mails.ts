// One mail to each recipient of a list, under the sender's daily quota: the loop of every job kind that
// mails a list (scheduled reports, alert mails) and of "send now", written once. The recipients are the
// list's deliverable ones (./recipients.ts: confirmed, subscribed); those an earlier attempt mailed are
// skipped, each mail counts against the sender's quota (USER_MAILS_PER_DAY) unless its address is
// exempt (a campaign owner's own), and the loop stops when the quota is used up. A disabled account sends
// nothing: when the sender's or the campaign owner's account is disabled, the loop mails no one (checked
// when the job runs, so what was queued before the account was disabled stays silent too). A failed send
// throws a JobRunFailed carrying who was mailed, so the job's retry mails only the others.
import type { Context } from '../../context';
import { countDisabledUsers } from '../../db/queries/users';
import { JobRunFailed } from '../jobs/kinds';
import { takeUserMailQuota } from './recipients';

/** A recipient as the list answers it: the address and its own unsubscribe link. */
export interface ListRecipient {
  address: string;
  unsubscribe: string;
}

/** What a job that mails a list keeps in its payload: at least who has been mailed. */
type MailProgress = { sent: readonly string[] };

export interface RecipientMails {
  /** Whose daily quota the mails count against. */
  sender: string;
  /** The account the mails are about (the campaign's owner): disabled, nothing is sent. */
  onBehalfOf: string;
  /** The list's deliverable recipients, in the list's order. */
  recipients: readonly ListRecipient[];
  /** The kind of mail as the quota's table records it ('report', 'alert'). */
  quotaKind: string;
  /** Addresses mailed outside the quota (a campaign owner's own, for its alerts). */
  exempt?: readonly string[];
  /** Sends one mail; a throw stops the loop (the attempt failed). */
  send: (to: ListRecipient) => Promise<unknown>;
}

/** Why a loop stopped before the end of its list (kept on the job's row as `skipped`). */
export const QUOTA_USED_UP = "The sender's daily mail quota is used up.";
export const ACCOUNT_DISABLED = 'The account is disabled: nothing is sent.';

/**
 * Mails each recipient not in `progress.sent`, in order, each within the sender's quota. Answers the
 * progress with everyone mailed added, and `skipped` when the quota stopped it (or a disabled account
 * let nothing go); throws a JobRunFailed carrying that progress when a send fails.
 */
export async function mailEachRecipient<P extends MailProgress>(
  ctx: Context,
  progress: P,
  mails: RecipientMails,
): Promise<P & { sent: string[]; skipped?: string }> {
  const sent = [...progress.sent];
  if ((await countDisabledUsers(ctx.db, [mails.sender, mails.onBehalfOf])) > 0)
    return { ...progress, sent, skipped: ACCOUNT_DISABLED };
  for (const to of mails.recipients) {
    if (sent.includes(to.address)) continue;
    const exempt = mails.exempt?.includes(to.address) ?? false;
    if (
      !exempt &&
      !(await takeUserMailQuota(ctx.db, mails.sender, ctx.config.limits.userMailsPerDay, mails.quotaKind))
    )
      return { ...progress, sent, skipped: QUOTA_USED_UP };
    try {
      await mails.send(to);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new JobRunFailed(`Mail to ${to.address} failed: ${reason}`, { ...progress, sent });
    }
    sent.push(to.address);
  }
  return { ...progress, sent };
}

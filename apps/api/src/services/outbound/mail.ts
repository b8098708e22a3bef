// Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise each message is written as an
// .eml file into DATA_DIR/outbox. Every message goes to exactly one parsed address with an explicit
// SMTP envelope, so no text can ever be read as a list of recipients. Links are logged only in
// development: in production they live in the mail (or the outbox) alone.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEmailAddress } from '@adconsole/domain';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/database';
import {
  countMailsLastHour,
  deleteOldMailSends,
  insertMailSend,
  lockMailAddress,
} from '../../db/queries/mail-sends';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, logged in development when mail goes to the outbox. */
  link?: string;
  /** An unsubscribe link, sent in the List-Unsubscribe header too (one-click: List-Unsubscribe-Post). */
  unsubscribe?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  outboxDir: string;
  /** The sender address (one plain address). */
  from: string;
  fromName: string;
  log: (line: string) => void;
  /** Log the link of each outbox message (development only). */
  logLinks: boolean;
}

/** The one recipient of a message, parsed; anything else (a list, a display name) is a bug upstream. */
function recipient(to: string): string {
  const parsed = parseEmailAddress(to);
  if (!parsed)
    throw new Error(
      `Refusing to send mail to an address that is not one plain address: ${JSON.stringify(to)}`,
    );
  return parsed.address;
}

export function createMailer(options: MailerOptions): Mailer {
  const envelopeOf = (to: string) => ({ from: options.from, to: [to] });
  const mail = (message: MailMessage, to: string) => ({
    from: { name: options.fromName, address: options.from },
    to: { name: '', address: to },
    envelope: envelopeOf(to),
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.map((attachment) => ({ ...attachment })),
    // RFC 2369's List-Unsubscribe, and RFC 8058's one-click: a mail program POSTs
    // `List-Unsubscribe=One-Click` to the link (routes/report-mail.ts), never a GET a scanner could follow.
    ...(message.unsubscribe
      ? {
          list: { unsubscribe: message.unsubscribe },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  });

  if (options.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(mail(message, recipient(message.to)));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const to = recipient(message.to);
      const info = await transport.sendMail(mail(message, to));
      await mkdir(options.outboxDir, { recursive: true });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_');
      // Padded, so the names sort in sending order even for messages of the same millisecond.
      const file = path.join(
        options.outboxDir,
        `${stamp}-${String(sequence).padStart(6, '0')}-${safeTo}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      const link = options.logLinks && message.link ? `: ${message.link}` : '';
      options.log(`Mail to ${to} ("${message.subject}") written to ${file}${link}`);
    },
  };
}

/** Link mails (verification, reset, "already registered") one address may receive in an hour. */
const MAILS_PER_ADDRESS_PER_HOUR = 5;

/**
 * Whether one more link mail of `kind` may go to `address` (and, if so, counts it). Beyond the limit
 * the caller answers exactly as if it had sent, so the limit reveals nothing either.
 *
 * Counting and inserting are one step per address: link mails are sent in background tasks that run
 * side by side on the PostgreSQL pool, and two that both counted 4 would both send. A transaction
 * lock on the address (PostgreSQL's advisory lock, released at commit) makes the next one wait and
 * count again; PGlite runs one transaction at a time, so there the transaction alone is enough.
 */
export async function takeMailAllowance(db: Database, address: string, kind: string): Promise<boolean> {
  const key = address.toLowerCase();
  await deleteOldMailSends(db);
  return db.transaction(async (tx) => {
    await lockMailAddress(tx, key);
    if ((await countMailsLastHour(tx, key)) >= MAILS_PER_ADDRESS_PER_HOUR) return false;
    await insertMailSend(tx, key, kind);
    return true;
  });
}

/** Text as HTML: the five characters that could open markup or end an attribute, escaped. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A message with one call to action, as plain text and as HTML. */
export function linkMessage(input: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
}): MailMessage {
  return {
    to: input.to,
    subject: input.subject,
    link: input.link,
    text: `${input.intro}\n\n${input.action}: ${input.link}\n\n${input.outro}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(input.intro)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(input.action)}</a></p><p style="color:#666">${escapeHtml(input.outro)}</p></body></html>`,
  };
}

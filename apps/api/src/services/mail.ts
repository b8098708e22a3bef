// Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise each message is written as an
// .eml file into DATA_DIR/outbox and its link is logged, so sign-up works with nothing installed.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, logged when mail goes to the outbox. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  log: (line: string) => void;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(options.outboxDir, { recursive: true });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(options.outboxDir, `${stamp}-${sequence}-${safeTo}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log(
        `Mail to ${message.to} ("${message.subject}") written to ${file}${message.link ? `: ${message.link}` : ''}`,
      );
    },
  };
}

const escapeHtml = (text: string) =>
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

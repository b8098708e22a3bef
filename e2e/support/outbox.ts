// Reads the mail the server wrote to DATA_DIR/outbox (the embedded default for SMTP).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** Undoes quoted-printable soft breaks and escapes, as a mail client would. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The newest message to `to`, as text. */
export function lastMailTo(to: string): string {
  const outbox = path.join(inject('dataDir'), 'outbox');
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
  const files = readdirSync(outbox)
    .filter((file) => file.endsWith('.eml') && file.includes(safe))
    .sort();
  const newest = files.at(-1);
  if (!newest) throw new Error(`No mail to ${to} in ${outbox} (${readdirSync(outbox).join(', ')})`);
  return decodeQuotedPrintable(readFileSync(path.join(outbox, newest), 'utf8'));
}

/** The first link in the newest mail to `to` whose path starts with `pathPrefix`. */
export function linkInMail(to: string, pathPrefix: string): URL {
  const mail = lastMailTo(to);
  const links = mail.match(/https?:\/\/[^\s"<>]+/g) ?? [];
  const link = links
    .map((href) => new URL(href.replace(/&amp;/g, '&')))
    .find((url) => url.pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in the mail to ${to}:\n${mail}`);
  return link;
}

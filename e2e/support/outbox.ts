// Reads the mail the server wrote to DATA_DIR/outbox (the embedded default for SMTP). Mail is sent
// after the answer that triggers it, so readers wait for it, as a person waits for their inbox.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { product } from './product';

/** Undoes quoted-printable soft breaks and escapes, as a mail client would. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The newest message to `to` as written (MIME), or '' when there is none yet. */
function rawMailTo(to: string): string {
  const outbox = path.join(product().dataDir, 'outbox');
  if (!existsSync(outbox)) return '';
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
  const newest = readdirSync(outbox)
    .filter((file) => file.endsWith('.eml') && file.includes(safe))
    .sort()
    .at(-1);
  return newest ? readFileSync(path.join(outbox, newest), 'utf8') : '';
}

/** The newest message to `to`, as text ('' when there is none yet). */
const lastMailTo = (to: string): string => decodeQuotedPrintable(rawMailTo(to));

/** The newest message to `to` as written (MIME, for a mail parser), waiting up to 20 s. */
export async function mailTo(to: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mail = rawMailTo(to);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} within 20 s`);
}

const findLink = (mail: string, pathPrefix: string) =>
  (mail.match(/https?:\/\/[^\s"<>]+/g) ?? [])
    .map((href) => new URL(href.replace(/&amp;/g, '&')))
    .find((url) => url.pathname.startsWith(pathPrefix));

/** The first link in the newest mail to `to` whose path starts with `pathPrefix`, waiting up to 15 s. */
export async function linkInMail(to: string, pathPrefix: string): Promise<URL> {
  const deadline = Date.now() + 15_000;
  let mail = '';
  while (Date.now() < deadline) {
    mail = lastMailTo(to);
    const link = findLink(mail, pathPrefix);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${pathPrefix} link in a mail to ${to} within 15 s. Newest mail:\n${mail || '(none)'}`);
}

// One e-mail address, strictly: the only shape any e-mail input of the product accepts. A list
// ('a@x.com,b@y.com'), a display name ('Ada <a@x.com>'), quotes, comments, spaces or control characters
// are refused, so a mail library can never read one field as several recipients and the company-domain
// rule always looks at the one domain the mail goes to. Built with `zod/mini`: the sign-in form checks
// an address on the first load (docs/console.md).
import { z } from 'zod/mini';
import { MIN_EMAIL_LENGTH } from '../constants';

/** Longest e-mail address SMTP allows (RFC 5321: 254 in a path). */
export const MAX_EMAIL_LENGTH = 254;

export interface EmailAddress {
  /** The address as it will be used: trimmed, domain lower-cased, local part as typed. */
  address: string;
  local: string;
  domain: string;
}

// RFC 5322 dot-atom text of the local part, without the quoted form: letters, digits and
// !#$%&'*+/=?^_`{|}~- separated by single dots.
const localPart = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// A DNS name of at least two labels with an alphabetic top-level label (no IP literals).
const domainLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const topLevelLabel = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The one address in `text`, or undefined when it is not exactly one plain address. */
export function parseEmailAddress(text: string): EmailAddress | undefined {
  const trimmed = text.trim();
  if (trimmed.length < MIN_EMAIL_LENGTH || trimmed.length > MAX_EMAIL_LENGTH) return undefined;
  const at = trimmed.indexOf('@');
  if (at < 1 || at !== trimmed.lastIndexOf('@')) return undefined;
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).toLowerCase();
  if (local.length > 64 || !localPart.test(local)) return undefined;
  const labels = domain.split('.');
  if (labels.length < 2 || domain.length > 253) return undefined;
  if (!labels.every((label) => domainLabel.test(label))) return undefined;
  if (!topLevelLabel.test(labels[labels.length - 1] ?? '')) return undefined;
  return { address: `${local}@${domain}`, local, domain };
}

export const isEmailAddress = (text: string): boolean => parseEmailAddress(text) !== undefined;

/**
 * An e-mail field: exactly one plain address, trimmed (domain lower-cased); every failure reads
 * `message` (docs/product.md §5's text of the form it belongs to).
 */
export const emailAddressField = (message: string) =>
  z.pipe(
    z.string({ error: message }),
    z.transform((text: string, ctx) => {
      const parsed = parseEmailAddress(text);
      if (parsed) return parsed.address;
      ctx.issues.push({ code: 'custom', message, input: text });
      return z.NEVER;
    }),
  );

/** How accounts are keyed: the address in lower case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

// The environment of mail and the company's addresses: COMPANY_DOMAIN (who may sign up, and the
// server's own addresses), ADMIN_EMAIL and the SMTP server (SMTP_URL; unset, mail stays in the outbox).
import { z } from 'zod';
import { optional, urlString } from './env';

const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export const mailEnv = z.object({
  COMPANY_DOMAIN: optional.pipe(
    z
      .string()
      .refine(
        (value) => domainPattern.test(value.replace(/^\*\./, '')),
        'must be a domain name such as example.com (or *.example.com to admit its subdomains)',
      )
      .optional(),
  ),
  ADMIN_EMAIL: optional.pipe(z.email('must be an e-mail address').optional()),
  SMTP_URL: optional.pipe(urlString(['smtp:', 'smtps:']).optional()),
});

export interface MailConfig {
  companyDomain: string;
  /** COMPANY_DOMAIN as written: 'example.com' (exact) or '*.example.com' (its subdomains too). */
  companyEmailRule: string;
  adminEmail: string;
  smtpUrl: string | undefined;
}

export function mailConfig(e: z.infer<typeof mailEnv>): MailConfig {
  // '*.example.com' admits the subdomains' addresses too; the bare host builds the server's addresses.
  const companyEmailRule = (e.COMPANY_DOMAIN ?? 'adconsole.test').trim().toLowerCase();
  const companyDomain = companyEmailRule.replace(/^\*\./, '');
  return {
    companyDomain,
    companyEmailRule,
    adminEmail: (e.ADMIN_EMAIL ?? `demo@${companyDomain}`).toLowerCase(),
    smtpUrl: e.SMTP_URL,
  };
}

// The sign-up rule "company-domain e-mails only", shared by the sign-up form and the API server.
import { parseEmailAddress } from './email-address';

/**
 * The bare host of a company domain as users type it in e-mails: 'https://www.Example.com:8080/x'
 * becomes 'example.com'.
 */
export function companyEmailHost(companyDomain: string): string {
  return companyDomain
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
    .replace(/^@/, '');
}

/**
 * The spec's rule: the e-mail contains the company host after its first character. It is checked on
 * the one parsed address: its domain must be the host (or a subdomain of it), so
 * 'example.com@evil.io', 'a@notexample.com' and a list such as 'a@evil.io,b@example.com' (which all
 * contain the host) are refused.
 */
export function isCompanyEmail(email: string, companyDomain: string): boolean {
  const host = companyEmailHost(companyDomain);
  const parsed = parseEmailAddress(email);
  if (host === '' || !parsed) return false;
  return parsed.domain === host || parsed.domain.endsWith(`.${host}`);
}

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
    .replace(/^\*\./, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
    .replace(/^@/, '');
}

/** Whether the company domain admits its subdomains: written as a wildcard, '*.example.com'. */
export const companyDomainAllowsSubdomains = (companyDomain: string) => companyDomain.trim().startsWith('*.');

/**
 * The rule of docs/product.md §5: the e-mail contains the company host after its first character. It is checked on
 * the one parsed address: its domain must be the host exactly, so 'example.com@evil.io',
 * 'a@notexample.com', 'a@sub.example.com' and a list such as 'a@evil.io,b@example.com' (which all
 * contain the host) are refused. A company domain written as '*.example.com' admits its subdomains
 * too ('a@sub.example.com').
 */
export function isCompanyEmail(email: string, companyDomain: string): boolean {
  const host = companyEmailHost(companyDomain);
  const parsed = parseEmailAddress(email);
  if (host === '' || !parsed) return false;
  return (
    parsed.domain === host ||
    (companyDomainAllowsSubdomains(companyDomain) && parsed.domain.endsWith(`.${host}`))
  );
}

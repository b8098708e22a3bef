// The sign-up rule "company-domain e-mails only", shared by the sign-up form and the API server.

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
 * The spec's rule: the e-mail contains the company host after its first character. On top of that the
 * host must be the e-mail's domain (or a parent of it), so 'example.com@evil.io' and
 * 'a@notexample.com', which contain the host, are still refused.
 */
export function isCompanyEmail(email: string, companyDomain: string): boolean {
  const host = companyEmailHost(companyDomain);
  const address = email.trim().toLowerCase();
  if (host === '' || address.indexOf(host, 1) < 1) return false;
  const at = address.lastIndexOf('@');
  if (at < 1) return false;
  const domain = address.slice(at + 1);
  return domain === host || domain.endsWith(`.${host}`);
}

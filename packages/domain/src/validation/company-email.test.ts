import { describe, expect, it } from 'vitest';
import { companyEmailHost, isCompanyEmail } from './company-email';

describe('company e-mail rule (docs/product.md §1 and §5)', () => {
  it('takes the bare host of a company domain', () => {
    expect(companyEmailHost('example.com')).toBe('example.com');
    expect(companyEmailHost(' https://www.Example.com:8443/about?x=1 ')).toBe('example.com');
    expect(companyEmailHost('@example.com')).toBe('example.com');
    expect(companyEmailHost('*.example.com')).toBe('example.com');
  });

  it('allows e-mails that contain the company domain after the first character', () => {
    expect(isCompanyEmail('ada@example.com', 'example.com')).toBe(true);
    expect(isCompanyEmail('Ada@Example.COM', 'example.com')).toBe(true);
    // Subdomains only when the company domain says so (security review round 2).
    expect(isCompanyEmail('ada@eu.example.com', '*.example.com')).toBe(true);
    expect(isCompanyEmail('ada@example.com', '*.example.com')).toBe(true);
  });

  it('refuses e-mails where the domain is missing, at the very start, or not the address domain', () => {
    expect(isCompanyEmail('ada@gmail.com', 'example.com')).toBe(false);
    expect(isCompanyEmail('example.com', 'example.com')).toBe(false);
    expect(isCompanyEmail('example.com@evil.io', 'example.com')).toBe(false);
    expect(isCompanyEmail('ada@notexample.com', 'example.com')).toBe(false);
    expect(isCompanyEmail('xexample.com', 'example.com')).toBe(false);
    expect(isCompanyEmail('ada@example.com', '')).toBe(false);
    // Exact by default: a subdomain of the company domain is not the company domain.
    expect(isCompanyEmail('x@sub.example.com', 'example.com')).toBe(false);
    expect(isCompanyEmail('x@evil-example.com', '*.example.com')).toBe(false);
  });
});

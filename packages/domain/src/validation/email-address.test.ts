import { describe, expect, it } from 'vitest';
import { changePasswordRequestSchema, verifyRequestSchema } from '../api/auth/requests';
import { inviteUsersRequestSchema } from '../api/users/requests';
import { isCompanyEmail } from './company-email';
import { emailAddressField, parseEmailAddress } from './email-address';
import { forgotPasswordSchema, loginSchema, signUpSchema } from './forms';

// The company-domain bypass of the security review: nodemailer reads a comma as a list, so
// 'attacker@evil.com,x@adconsole.test' passed the old "text after the last @" rule and mailed both.
const bypasses = [
  'attacker@evil.com,x@adconsole.test',
  'attacker@evil.com;x@adconsole.test',
  'Attacker <attacker@evil.com>, x@adconsole.test',
  '"attacker@evil.com" <x@adconsole.test>',
  'attacker@evil.com x@adconsole.test',
  'attacker@evil.com\nx@adconsole.test',
  'attacker@evil.com\u0000@adconsole.test',
  'x@adconsole.test (attacker@evil.com)',
  '<x@adconsole.test>',
  'x@[127.0.0.1]',
];

describe('one strict e-mail address (security review finding 1)', () => {
  it('accepts one plain address, trimmed, with the domain in lower case', () => {
    expect(parseEmailAddress('  Ada.Lovelace+ads@Example.COM ')).toEqual({
      address: 'Ada.Lovelace+ads@example.com',
      local: 'Ada.Lovelace+ads',
      domain: 'example.com',
    });
    expect(parseEmailAddress("o'brien@eu.adconsole.test")?.domain).toBe('eu.adconsole.test');
  });

  it.each(bypasses)('refuses lists, display names, quotes, spaces and literals: %j', (text) => {
    expect(parseEmailAddress(text)).toBeUndefined();
    expect(isCompanyEmail(text, 'adconsole.test')).toBe(false);
  });

  it('refuses addresses that are too short, too long, dotted wrongly or without a real domain', () => {
    for (const text of [
      'a@b.c',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(250)}.com`,
      '.a@example.com',
      'a..b@example.com',
      'a@example',
      'a@-x.com',
      'a@x-.com',
      'a@example.c0m',
      'a@@example.com',
    ]) {
      expect(parseEmailAddress(text), text).toBeUndefined();
    }
  });

  it('is the e-mail rule of every form and request, each failing with its own message', () => {
    const attack = bypasses[0];
    expect(loginSchema.safeParse({ username: attack, password: 'secret1' }).error?.issues[0]?.message).toBe(
      'Fill in your email',
    );
    expect(forgotPasswordSchema.safeParse({ email: attack }).error?.issues[0]?.message).toBe(
      'Fill in your email',
    );
    expect(
      changePasswordRequestSchema.safeParse({
        username: attack,
        password: 'secret1',
        confirmPassword: 'secret1',
        code: 'c',
      }).error?.issues[0]?.message,
    ).toBe('Fill in your email');
    const signUp = signUpSchema('adconsole.test').safeParse({
      firstName: 'A',
      lastName: 'B',
      email: attack,
      password: 'secret1',
      confirmPassword: 'secret1',
      termsChecked: true,
    });
    expect(signUp.error?.issues.map((issue) => issue.message)).toContain('Fill in your email correctly');
    expect(
      verifyRequestSchema.safeParse({ code: 'YUBiLmNvbQ==', verifyToken: 't', email: attack }).success,
    ).toBe(false);
    expect(inviteUsersRequestSchema.safeParse({ emails: [attack] }).error?.issues[0]?.message).toBe(
      'Each invitee must be an e-mail address',
    );
    expect(emailAddressField('x').parse(' Ada@Example.com')).toBe('Ada@example.com');
  });
});

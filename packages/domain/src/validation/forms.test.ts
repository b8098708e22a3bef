import { describe, expect, it } from 'vitest';
import { changePasswordSchema, forgotPasswordSchema, loginSchema, signUpSchema, verifySchema } from './forms';
import { ValidationError, validate } from './validation-error';

/** The messages a schema gives for an input, as a user sees them. */
const messages = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.messages;
    throw error;
  }
  return [];
};

describe('login form (docs/product.md §5)', () => {
  it("needs a username of at least 6 characters: 'Fill in your email'", () => {
    expect(messages(() => validate(loginSchema, { username: 'a@b.c', password: 'secret' }))).toEqual([
      'Fill in your email',
    ]);
    expect(messages(() => validate(loginSchema, { password: 'secret' }))).toEqual(['Fill in your email']);
  });

  it("needs a password of at least 6: 'Fill in your password at least 6 characters long'", () => {
    expect(messages(() => validate(loginSchema, { username: 'ada@example.com', password: '12345' }))).toEqual(
      ['Fill in your password at least 6 characters long'],
    );
  });

  it('passes a valid form with remember off by default', () => {
    expect(validate(loginSchema, { username: 'ada@example.com', password: '123456' })).toEqual({
      username: 'ada@example.com',
      password: '123456',
      remember: false,
    });
  });
});

describe('forgot password form (docs/product.md §5)', () => {
  it("needs an email of at least 6 characters: 'Fill in your email'", () => {
    expect(messages(() => validate(forgotPasswordSchema, { email: 'a@b' }))).toEqual(['Fill in your email']);
    expect(validate(forgotPasswordSchema, { email: 'ada@example.com' })).toEqual({
      email: 'ada@example.com',
    });
  });
});

describe('change password form (docs/product.md §5)', () => {
  const valid = { username: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };

  it("needs a username of at least 6: 'Fill in your email'", () => {
    expect(messages(() => validate(changePasswordSchema, { ...valid, username: 'ada' }))).toEqual([
      'Fill in your email',
    ]);
  });

  it("needs a password of at least 6; docs/product.md §5 gives no text, so: 'Fill in your password at least 6 characters long'", () => {
    expect(
      messages(() =>
        validate(changePasswordSchema, { ...valid, password: '123', confirmPassword: '123456' }),
      ),
    ).toContain('Fill in your password at least 6 characters long');
  });

  it("needs a confirmation of at least 6: 'Repeat your password'", () => {
    expect(messages(() => validate(changePasswordSchema, { ...valid, confirmPassword: '' }))).toContain(
      'Repeat your password',
    );
  });

  it("needs password and confirmation to match: 'Passwords do not match!'", () => {
    expect(messages(() => validate(changePasswordSchema, { ...valid, confirmPassword: 'secret2' }))).toEqual([
      'Passwords do not match!',
    ]);
    expect(validate(changePasswordSchema, valid)).toEqual(valid);
  });
});

describe('verify (docs/product.md §5)', () => {
  it("needs a code of at least 6 characters: 'Invalid email!'", () => {
    expect(messages(() => validate(verifySchema, { code: 'YQ==', verifyToken: 't' }))).toEqual([
      'Invalid email!',
    ]);
  });

  it("needs a verify token: 'Invalid URL!'", () => {
    expect(messages(() => validate(verifySchema, { code: 'YWRhQGV4YW1wbGUuY29t' }))).toEqual([
      'Invalid URL!',
    ]);
    expect(messages(() => validate(verifySchema, { code: 'YWRhQGV4YW1wbGUuY29t', verifyToken: '' }))).toEqual(
      ['Invalid URL!'],
    );
  });
});

describe('sign-up form (docs/product.md §5)', () => {
  const schema = signUpSchema('example.com');
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'secret1',
    confirmPassword: 'secret1',
    termsChecked: true,
  };

  it('passes a complete form of a company e-mail', () => {
    expect(validate(schema, valid)).toEqual(valid);
  });

  it("needs first and last name: 'Fill in your names'", () => {
    expect(messages(() => validate(schema, { ...valid, firstName: '' }))).toEqual(['Fill in your names']);
    expect(messages(() => validate(schema, { ...valid, firstName: ' ', lastName: undefined }))).toEqual([
      'Fill in your names',
    ]);
  });

  it("needs an email of at least 6: 'Fill in your email correctly'", () => {
    expect(messages(() => validate(schema, { ...valid, email: 'a@e.c' }))).toEqual([
      'Fill in your email correctly',
    ]);
  });

  it("needs the company domain in the email after its first character: 'Only example.com emails allowed!'", () => {
    expect(messages(() => validate(schema, { ...valid, email: 'ada@gmail.com' }))).toEqual([
      'Only example.com emails allowed!',
    ]);
    expect(messages(() => validate(schema, { ...valid, email: 'example.com@evil.io' }))).toEqual([
      'Only example.com emails allowed!',
    ]);
    expect(
      messages(() => validate(signUpSchema('https://www.acme.io/'), { ...valid, email: 'ada@gmail.com' })),
    ).toEqual(['Only acme.io emails allowed!']);
  });

  it("needs a password of at least 6: 'Fill in your password'", () => {
    expect(messages(() => validate(schema, { ...valid, password: '123', confirmPassword: '123' }))).toEqual([
      'Fill in your password',
      'Fill in both your passwords the same way',
    ]);
  });

  it("needs a confirmation of at least 6 that equals the password: 'Fill in both your passwords the same way'", () => {
    expect(messages(() => validate(schema, { ...valid, confirmPassword: 'secret2' }))).toEqual([
      'Fill in both your passwords the same way',
    ]);
  });

  it("needs the terms ticked: 'You have to accept the terms!'", () => {
    expect(messages(() => validate(schema, { ...valid, termsChecked: false }))).toEqual([
      'You have to accept the terms!',
    ]);
    expect(messages(() => validate(schema, { ...valid, termsChecked: 'yes' }))).toEqual([
      'You have to accept the terms!',
    ]);
  });
});

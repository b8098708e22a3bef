import { describe, expect, it } from 'vitest';
import { checkRequestSchemas, messages, type RequestExample } from '../../../test/request-schemas';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  signUpRequestSchema,
  verifyRequestSchema,
} from './requests';

const examples: RequestExample[] = [
  [
    'login',
    loginRequestSchema,
    { method: 'password', username: 'ada@example.com', password: 'secret1', remember: true },
  ],
  [
    'signUp',
    signUpRequestSchema('example.com'),
    {
      firstName: 'A',
      lastName: 'L',
      email: 'a@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      termsChecked: true,
    },
  ],
  [
    'verify',
    verifyRequestSchema,
    { code: 'YWRhQGV4YW1wbGUuY29t', verifyToken: 't0k3n', email: 'ada@example.com' },
  ],
  ['forgotPassword', forgotPasswordRequestSchema, { email: 'ada@example.com' }],
  [
    'changePassword',
    changePasswordRequestSchema,
    { username: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1', code: 'forgot-token' },
  ],
];

describe('authentication request schemas (docs/product.md §7)', () => {
  checkRequestSchemas(examples);

  it("login needs method 'password'", () => {
    expect(
      messages(loginRequestSchema, {
        method: 'token',
        username: 'ada@example.com',
        password: 'secret1',
        remember: false,
      }),
    ).toEqual(["method must be 'password'"]);
  });

  it("change password needs the reset link's code: 'Invalid URL!'", () => {
    expect(
      messages(changePasswordRequestSchema, {
        username: 'ada@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    ).toEqual(['Invalid URL!']);
  });
});

// Helpers shared by the security suites (security/*.test.ts): a sign-up body, a password sign-in with
// extra headers, a small HTML5 banner page and a megabyte.
import type { Client } from './harness';
import { PASSWORD } from './helpers';

export const signUpBody = (email: string, password = PASSWORD) => ({
  firstName: 'Eve',
  lastName: 'Outsider',
  email,
  password,
  confirmPassword: password,
  termsChecked: true,
});

export const login = (
  client: Client,
  username: string,
  password = PASSWORD,
  extraHeaders: Record<string, string> = {},
) => client.call('POST', '/login', { method: 'password', username, password, remember: false }, extraHeaders);

/** The page of a small HTML5 banner, as its ZIP holds it. */
export const INDEX = Buffer.from('<!doctype html><title>Banner</title><p>Hello</p>');

export const MB = 1024 * 1024;

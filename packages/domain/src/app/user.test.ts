import { describe, expect, it } from 'vitest';
import { loginResponseSchema, storedSessionSchema, userSchema } from './user';

describe('user entity (docs/product.md §3)', () => {
  it('holds first_name, last_name and email; admin is a role, user by default', () => {
    expect(userSchema.parse({ first_name: 'Ada', last_name: 'L', email: 'ada@example.com' }).role).toBe(
      'user',
    );
    expect(
      userSchema.parse({ first_name: 'A', last_name: 'L', email: 'a@example.com', role: 'admin' }).role,
    ).toBe('admin');
    expect(
      userSchema.safeParse({ first_name: 'A', last_name: 'L', email: 'a@example.com', role: 'root' }).success,
    ).toBe(false);
  });

  it('stores the user locally with expiry {date, timezone_type, timezone}, location, lastRequest and lastLogin', () => {
    const stored = storedSessionSchema.parse({
      user: { first_name: 'A', last_name: 'L', email: 'a@example.com' },
      expiry: { date: '2026-01-01 00:00:00', timezone_type: 3, timezone: 'UTC' },
    });
    expect(stored).toMatchObject({ location: null, lastRequest: null, lastLogin: null });
  });

  it('reads the login answer: user, expiry and location', () => {
    const answer = loginResponseSchema.parse({
      user: { first_name: 'A', last_name: 'L', email: 'a@example.com' },
      expiry: null,
      location: '/dashboard',
    });
    expect(answer.location).toBe('/dashboard');
  });
});

import { describe, expect, it } from 'vitest';
import {
  canAnswerSessionLocally,
  createStoredSession,
  expiryInstant,
  isSessionValid,
  sessionExpiry,
  shouldWelcomeBack,
  toSessionExpiry,
} from './session';

const now = new Date('2026-05-01T12:00:00Z');
const user = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', role: 'user' as const };

describe('session expiry (docs/product.md §4)', () => {
  it("reads the server's expiry, in its timezone", () => {
    expect(
      sessionExpiry(
        { date: '2026-05-02 12:00:00.000000', timezone_type: 3, timezone: 'UTC' },
        now,
      ).toISOString(),
    ).toBe('2026-05-02T12:00:00.000Z');
    expect(
      sessionExpiry(
        { date: '2026-05-02 14:00:00.000000', timezone_type: 3, timezone: 'Europe/Berlin' },
        now,
      ).toISOString(),
    ).toBe('2026-05-02T12:00:00.000Z');
    expect(
      sessionExpiry({ date: '2026-05-02 17:30:00', timezone_type: 1, timezone: '+05:30' }, now).toISOString(),
    ).toBe('2026-05-02T12:00:00.000Z');
  });

  it('assumes 24 hours from now when the server gives no expiry (or an unreadable one)', () => {
    expect(sessionExpiry(undefined, now).toISOString()).toBe('2026-05-02T12:00:00.000Z');
    expect(sessionExpiry(null, now).toISOString()).toBe('2026-05-02T12:00:00.000Z');
    expect(sessionExpiry({ date: 'soon', timezone_type: 3, timezone: 'UTC' }, now).toISOString()).toBe(
      '2026-05-02T12:00:00.000Z',
    );
    expect(
      expiryInstant({ date: '2026-05-02 12:00:00', timezone_type: 3, timezone: 'Not/AZone' }),
    ).toBeUndefined();
  });

  it('stores a session with its expiry in the server shape and the login time', () => {
    const session = createStoredSession({ user }, now);
    expect(session.expiry).toEqual(toSessionExpiry(new Date('2026-05-02T12:00:00Z')));
    expect(session.expiry).toEqual({ date: '2026-05-02 12:00:00', timezone_type: 3, timezone: 'UTC' });
    expect(session).toMatchObject({
      user,
      location: null,
      lastRequest: now.getTime(),
      lastLogin: now.getTime(),
    });
    expect(createStoredSession({ user, location: '/campaigns' }, now).location).toBe('/campaigns');
  });

  it('is valid only while its expiry is in the future', () => {
    const session = { expiry: { date: '2026-05-01 12:00:01', timezone_type: 3, timezone: 'UTC' } };
    expect(isSessionValid(session, now)).toBe(true);
    expect(isSessionValid(session, new Date('2026-05-01T12:00:01Z'))).toBe(false);
    expect(isSessionValid({ expiry: { date: 'never', timezone_type: 3, timezone: 'UTC' } }, now)).toBe(false);
    expect(isSessionValid(null, now)).toBe(false);
  });
});

describe('session re-check window (docs/product.md §4 and §9)', () => {
  it('answers a session check within 6 s of the last request locally', () => {
    expect(canAnswerSessionLocally(now.getTime() - 5999, now)).toBe(true);
    expect(canAnswerSessionLocally(new Date(now.getTime() - 1000), now)).toBe(true);
  });

  it('asks the server from 6 s on, without a last request, or when the clock went back', () => {
    expect(canAnswerSessionLocally(now.getTime() - 6000, now)).toBe(false);
    expect(canAnswerSessionLocally(null, now)).toBe(false);
    expect(canAnswerSessionLocally(undefined, now)).toBe(false);
    expect(canAnswerSessionLocally(now.getTime() + 1000, now)).toBe(false);
  });
});

describe('welcome back (docs/product.md §2)', () => {
  it('welcomes back when the last login is older than 100000 ms', () => {
    expect(shouldWelcomeBack(now.getTime() - 100_001, now)).toBe(true);
    expect(shouldWelcomeBack(now.getTime() - 100_000, now)).toBe(false);
    expect(shouldWelcomeBack(new Date(now.getTime() - 5000), now)).toBe(false);
    expect(shouldWelcomeBack(null, now)).toBe(false);
  });
});

// Local session rules (docs/product.md §4): expiry, the 6 s re-check window, the welcome-back notice.

import { toApiDateTime } from '../calendar/dates';
import { DEFAULT_SESSION_LIFE_MS, SESSION_RECHECK_WINDOW_MS, WELCOME_BACK_THRESHOLD_MS } from '../constants';
import { wallTimeToUtc } from '../timezones/offsets';
import type { SessionExpiry, StoredSession, User } from './user';

/** The instant a server expiry stands for; undefined when it cannot be read. */
export function expiryInstant(expiry: SessionExpiry): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(expiry.date.trim());
  if (!match) return undefined;
  try {
    const instant = wallTimeToUtc(`${match[1]}T${match[2]}`, expiry.timezone || 'UTC');
    return Number.isNaN(instant.getTime()) ? undefined : instant;
  } catch {
    return undefined;
  }
}

/** When the session ends: the server's expiry, or 24 hours from `now` when the server gives none. */
export function sessionExpiry(expiry: SessionExpiry | null | undefined, now: Date): Date {
  const instant = expiry ? expiryInstant(expiry) : undefined;
  return instant ?? new Date(now.getTime() + DEFAULT_SESSION_LIFE_MS);
}

/** An expiry in the server's shape for an instant (what is stored when the server gave none). */
export const toSessionExpiry = (instant: Date): SessionExpiry => ({
  date: toApiDateTime(instant),
  timezone_type: 3,
  timezone: 'UTC',
});

/** The session to store after a successful login or /me answer. */
export function createStoredSession(
  answer: { user: User; expiry?: SessionExpiry | null | undefined; location?: string | null | undefined },
  now: Date,
): StoredSession {
  return {
    user: answer.user,
    expiry: toSessionExpiry(sessionExpiry(answer.expiry, now)),
    location: answer.location ?? null,
    lastRequest: now.getTime(),
    lastLogin: now.getTime(),
  };
}

/** A local session is valid only while its expiry is in the future. */
export function isSessionValid(
  session: Pick<StoredSession, 'expiry'> | null | undefined,
  now: Date,
): boolean {
  if (!session) return false;
  const instant = expiryInstant(session.expiry);
  return instant !== undefined && instant.getTime() > now.getTime();
}

/** A session check within 6 s of the last request is answered locally, without a server call. */
export function canAnswerSessionLocally(lastRequest: number | Date | null | undefined, now: Date): boolean {
  if (lastRequest === null || lastRequest === undefined) return false;
  const elapsed = now.getTime() - new Date(lastRequest).getTime();
  return elapsed >= 0 && elapsed < SESSION_RECHECK_WINDOW_MS;
}

/** 'Welcome back!' shows when the last login is older than 100000 ms. */
export function shouldWelcomeBack(lastLogin: number | Date | null | undefined, now: Date): boolean {
  if (lastLogin === null || lastLogin === undefined) return false;
  return now.getTime() - new Date(lastLogin).getTime() > WELCOME_BACK_THRESHOLD_MS;
}

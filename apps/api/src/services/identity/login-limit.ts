// The sign-in limit, kept in the database so it holds across API processes. Each attempt is counted
// BEFORE the password is checked, under a row lock per key, so a burst of parallel guesses cannot
// slip past the count; a successful sign-in takes its own attempt back.
//
// Keys: the client address (a hard window: 10 attempts in 15 minutes), and either the account or, when
// the browser carries a device cookie of this account's owner, that device alone: the owner's own
// browser is outside the address window, so colleagues' typos (or a stranger's guesses) from the same
// office address never keep the owner out of a browser they signed in on before. The account (or device)
// key is not locked: its first 10 failures are free, then each further attempt must wait a delay that
// doubles with every failure (15 s, 30 s, 1 min, ... at most 5 min) after the last one; an attempt
// refused for waiting is not counted. Guessing stays bounded (about 300 guesses a day per account at
// the cap), while the owner waits at most 5 minutes in a new browser and not at all in one where they
// signed in before. Strangers guessing an account's password exhaust the account key, not the owner's
// device key; a password reset (which proves the mailbox) clears the account key.
import { ApiError, MESSAGES, tooManyAttemptsMessage } from '@adconsole/domain';
import type { Database, Queryable } from '../../db/database';
import {
  attemptsWithin,
  deleteKeyAttempts,
  deleteLoginAttempt,
  failuresWithin,
  insertLoginAttempt,
  lockLoginKeys,
  sweepLoginAttempts,
} from '../../db/queries/login-attempts';
import { newId } from '../ids';
import type { JobKind } from '../jobs/kinds';
import { addressDigest } from './address-limit';
import { withRetryAfter } from './retry-after';

/** Attempts per client address in the window (a hard limit for everyone, then 429 until it frees). */
export const LOGIN_MAX_ATTEMPTS = 10;
/**
 * Sign-in requests per client address in the window, counted before the body is read (the route's
 * `perIpLimit`): the ceiling of a flood, right or wrong passwords alike, since nothing is known of the
 * request yet. The attempt count above gives a successful sign-in its attempt back, so that colleagues
 * behind one office address all sign in; this ceiling cannot, so it stands well above any office's
 * morning (300 in 15 minutes, one every 3 seconds) while still bounding what one address can ask.
 */
export const LOGIN_REQUESTS_PER_ADDRESS = 300;
const LOGIN_WINDOW_MINUTES = 15;
/** Failures of one account (or device) that cost no delay. */
export const LOGIN_FREE_FAILURES = 10;
/** The delay after the first failure beyond the free ones; it doubles with each further failure. */
export const LOGIN_FIRST_DELAY_SECONDS = 15;
/** The longest delay: the most the owner ever waits in a new browser. */
export const LOGIN_MAX_DELAY_SECONDS = 300;
/** How long an account's failures are remembered (a successful sign-in does not clear them). */
const LOGIN_FAILURE_MEMORY_HOURS = 24;

export const loginKeys = {
  /** The address only as its HMAC: the tables never hold a client address. */
  ip: (ip: string, secret: Buffer) => `ip:${addressDigest(ip, secret)}`,
  account: (email: string) => `account:${email}`,
  device: (nonce: string) => `device:${nonce}`,
};

/** The wait an account (or device) key owes after `failures` counted failures: 0 for the free ones. */
function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_MAX_DELAY_SECONDS, LOGIN_FIRST_DELAY_SECONDS * 2 ** (failures - LOGIN_FREE_FAILURES));
}

/**
 * Counts one attempt under its keys, or refuses with 429 (and Retry-After): when the address has used
 * up its window, or when the account (or device) still owes its delay. `ip` is absent for the owner's
 * own browser (a device key): that attempt is neither held to nor counted in the address window.
 * `clock` is the time (tests pass their own; by default the time once the lock is held).
 */
export async function beginLoginAttempt(
  db: Database,
  keys: { ip?: string; identity: string },
  clock?: Date,
): Promise<string> {
  const sorted = [...new Set(keys.ip === undefined ? [keys.identity] : [keys.ip, keys.identity])].sort();
  return db.transaction(async (tx) => {
    // Locks in a fixed order (no deadlock); concurrent attempts on the same key wait here.
    await lockLoginKeys(tx, sorted);
    // The time is read once the lock is held: read before, an attempt that waited for the lock would
    // not see the ones recorded while it waited (later than its own time) and pass the limit.
    const now = clock ?? new Date();
    const address =
      keys.ip === undefined ? undefined : await attemptsWithin(tx, keys.ip, LOGIN_WINDOW_MINUTES, now);
    if ((address?.attempts ?? 0) >= LOGIN_MAX_ATTEMPTS) {
      const frees = new Date(address?.first ?? now).getTime() + LOGIN_WINDOW_MINUTES * 60_000;
      throw withRetryAfter(ApiError.of(429, MESSAGES.tooManyAttempts), (frees - now.getTime()) / 1000);
    }
    const identity = await failuresWithin(tx, keys.identity, LOGIN_FAILURE_MEMORY_HOURS, now);
    const delay = loginDelaySeconds(identity?.failures ?? 0);
    if (delay > 0 && identity?.last) {
      const wait = Math.ceil((new Date(identity.last).getTime() + delay * 1000 - now.getTime()) / 1000);
      if (wait > 0) throw withRetryAfter(ApiError.of(429, tooManyAttemptsMessage(wait)), wait);
    }
    const id = newId();
    await insertLoginAttempt(tx, id, sorted, now);
    return id;
  });
}

/** A successful sign-in does not count against its keys. */
export async function refundLoginAttempt(
  db: Queryable,
  attemptId: string,
  now: Date = new Date(),
): Promise<void> {
  await deleteLoginAttempt(db, attemptId, LOGIN_FAILURE_MEMORY_HOURS, now);
}

/** The account's owner proved the mailbox (a password reset): strangers' guesses no longer count. */
export async function clearAccountAttempts(db: Queryable, email: string): Promise<void> {
  await deleteKeyAttempts(db, loginKeys.account(email));
}

/**
 * What the limit no longer needs goes, once every 10 minutes across the fleet: attempts older than the
 * failures' memory (24 hours) and the lock rows of keys with no attempt left, so neither table keeps an
 * account's or a browser's key (or an address's digest) beyond a day of quiet.
 */
export const loginAttemptsSweep: JobKind = {
  kind: 'sweep-login-attempts',
  onceEveryMs: 10 * 60_000,
  queueDue: (ctx) => sweepLoginAttempts(ctx.db, LOGIN_FAILURE_MEMORY_HOURS, new Date()),
};

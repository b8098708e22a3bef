// The sign-in limit, kept in the database so it holds across API processes. Each attempt is counted
// BEFORE the password is checked, under a row lock per key, so a burst of parallel guesses cannot
// slip past the count; a successful sign-in takes its own attempt back.
//
// Keys: the client address (a hard limit for everyone), and either the account or, when the browser
// carries a device cookie of this account's owner, that device. Strangers guessing an account's
// password exhaust the account key, not the owner's device key, so they cannot lock the owner out;
// and a password reset (which proves the mailbox) clears the account key.
import { ApiError } from '@adconsole/domain';
import type { Database, Queryable } from '../db/database';
import { newId } from './ids';

export const LOGIN_MAX_ATTEMPTS = 10;
export const LOGIN_WINDOW_MINUTES = 15;
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

export const loginKeys = {
  ip: (ip: string) => `ip:${ip}`,
  account: (email: string) => `account:${email}`,
  device: (nonce: string) => `device:${nonce}`,
};

/** Counts one attempt under every key, or refuses with 429 when any key has used up its window. */
export async function beginLoginAttempt(db: Database, keys: readonly string[]): Promise<string> {
  const sorted = [...new Set(keys)].sort();
  return db.transaction(async (tx) => {
    for (const key of sorted) {
      await tx.query('insert into login_keys (key) values ($1) on conflict (key) do nothing', [key]);
    }
    // Locks in a fixed order (no deadlock); concurrent attempts on the same key wait here.
    await tx.query('select key from login_keys where key = any($1::text[]) order by key for update', [
      sorted,
    ]);
    const counts = await tx.query<{ attempts: number }>(
      `select count(*)::int as attempts from login_attempts
        where key = any($1::text[]) and attempted_at > now() - interval '${LOGIN_WINDOW_MINUTES} minutes'
        group by key`,
      [sorted],
    );
    if (counts.some((row) => row.attempts >= LOGIN_MAX_ATTEMPTS)) throw ApiError.of(429, TOO_MANY_ATTEMPTS);
    const id = newId();
    for (const key of sorted) {
      await tx.query('insert into login_attempts (id, key) values ($1, $2)', [id, key]);
    }
    return id;
  });
}

/** A successful sign-in does not count against its keys. */
export async function refundLoginAttempt(db: Queryable, attemptId: string): Promise<void> {
  await db.query('delete from login_attempts where id = $1', [attemptId]);
  await db.query(
    `delete from login_attempts where attempted_at < now() - interval '${LOGIN_WINDOW_MINUTES} minutes'`,
  );
}

/** The account's owner proved the mailbox (a password reset): strangers' guesses no longer count. */
export async function clearAccountAttempts(db: Queryable, email: string): Promise<void> {
  await db.query('delete from login_attempts where key = $1', [loginKeys.account(email)]);
}

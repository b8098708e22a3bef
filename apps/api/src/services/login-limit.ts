// Sign-in rate limit kept in the database, so it holds across API processes: at most 10 failed tries
// per account and per IP address in 15 minutes.
import type { Database } from '../db/database';
import { ApiError } from '../http/errors';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MINUTES = 15;
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

const keys = (email: string, ip: string) => [`account:${email}`, `ip:${ip}`];

export async function assertLoginAllowed(db: Database, email: string, ip: string): Promise<void> {
  const rows = await db.query<{ key: string; failures: number }>(
    `select key, count(*)::int as failures from login_attempts
      where key = any($1::text[]) and attempted_at > now() - interval '${LOGIN_WINDOW_MINUTES} minutes'
      group by key`,
    [keys(email, ip)],
  );
  if (rows.some((row) => row.failures >= LOGIN_MAX_FAILURES)) {
    throw new ApiError(429, TOO_MANY_ATTEMPTS);
  }
}

export async function recordLoginFailure(db: Database, email: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `delete from login_attempts where attempted_at < now() - interval '${LOGIN_WINDOW_MINUTES} minutes'`,
    );
    for (const key of keys(email, ip)) await tx.query('insert into login_attempts (key) values ($1)', [key]);
  });
}

export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.query('delete from login_attempts where key = $1', [`account:${email}`]);
}

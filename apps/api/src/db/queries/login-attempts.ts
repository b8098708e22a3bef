// The login_keys and login_attempts tables: the sign-in limit's keys (one row each, locked while an
// attempt is counted) and the attempts made under each key (services/identity/login-limit.ts).
import type { Queryable } from '../database';

/**
 * Makes sure each key has its row, then locks them in the given order until the transaction ends. A row
 * the sweep deleted while this waited for it is made again and locked then: no attempt goes unlocked.
 */
export async function lockLoginKeys(db: Queryable, keys: readonly string[]): Promise<void> {
  for (;;) {
    for (const key of keys) {
      await db.query('insert into login_keys (key) values ($1) on conflict (key) do nothing', [key]);
    }
    const locked = await db.query(
      'select key from login_keys where key = any($1::text[]) order by key for update',
      [[...keys]],
    );
    if (locked.length === new Set(keys).size) return;
  }
}

/**
 * Attempts older than `hours` before `now` go, then the lock rows of keys with no attempt left (rows a
 * sign-in holds at that moment are skipped: the next sweep takes them). How many lock rows went.
 */
export async function sweepLoginAttempts(db: Queryable, hours: number, now: Date): Promise<number> {
  await db.query(
    `delete from login_attempts where attempted_at < $1::timestamptz - $2::integer * interval '1 hour'`,
    [now.toISOString(), hours],
  );
  const swept = await db.query(
    `delete from login_keys where key in (
       select key from login_keys k
        where not exists (select 1 from login_attempts a where a.key = k.key)
        for update skip locked)
     returning key`,
  );
  return swept.length;
}

/** The attempts under `key` in the `minutes` up to `now`, and the earliest of them. */
export async function attemptsWithin(
  db: Queryable,
  key: string,
  minutes: number,
  now: Date,
): Promise<{ attempts: number; first: Date | string | null } | undefined> {
  const [row] = await db.query<{ attempts: number; first: Date | string | null }>(
    `select count(*)::int as attempts, min(attempted_at) as first from login_attempts
      where key = $1 and attempted_at > $2::timestamptz - interval '${minutes} minutes'
        and attempted_at <= $2::timestamptz`,
    [key, now.toISOString()],
  );
  return row;
}

/** The failures under `key` in the `hours` up to `now`, and the latest of them. */
export async function failuresWithin(
  db: Queryable,
  key: string,
  hours: number,
  now: Date,
): Promise<{ failures: number; last: Date | string | null } | undefined> {
  const [row] = await db.query<{ failures: number; last: Date | string | null }>(
    `select count(*)::int as failures, max(attempted_at) as last from login_attempts
      where key = $1 and attempted_at > $2::timestamptz - interval '${hours} hours'
        and attempted_at <= $2::timestamptz`,
    [key, now.toISOString()],
  );
  return row;
}

/** One attempt, recorded under each of the keys with the same id. */
export async function insertLoginAttempt(
  db: Queryable,
  id: string,
  keys: readonly string[],
  at: Date,
): Promise<void> {
  for (const key of keys) {
    await db.query('insert into login_attempts (id, key, attempted_at) values ($1, $2, $3)', [
      id,
      key,
      at.toISOString(),
    ]);
  }
}

/** The attempt goes (under all its keys), and so do all attempts older than `hours` before `now`. */
export async function deleteLoginAttempt(db: Queryable, id: string, hours: number, now: Date): Promise<void> {
  await db.query('delete from login_attempts where id = $1', [id]);
  await db.query(
    `delete from login_attempts where attempted_at < $1::timestamptz - $2::integer * interval '1 hour'`,
    [now.toISOString(), hours],
  );
}

/** Every attempt under the key goes. */
export async function deleteKeyAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('delete from login_attempts where key = $1', [key]);
}

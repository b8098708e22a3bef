// The users table: an account's row and its queries (sign-up, sign-in, profile, passwords, the admin list).
import type { Queryable } from '../database';

export interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'user' | 'admin' | 'client';
  password_hash: string | null;
  verified_at: Date | null;
  last_login_at: Date | null;
  created_at: Date;
  /** When an administrator disabled the account; null while it is enabled. */
  disabled_at: Date | null;
}

/** The fields of a user the API answers. */
export type PublicUserRow = Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name' | 'role'>;

/** The account of an e-mail address (already normalised). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [user] = await db.query<UserRow>('select * from users where email = $1', [email]);
  return user;
}

/** Every user, oldest account first. */
export function listUsers(db: Queryable): Promise<UserRow[]> {
  return db.query<UserRow>('select * from users order by created_at, email');
}

/** How many accounts there are. */
export async function countUsers(db: Queryable): Promise<number> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    'select count(*)::int as count from users',
  );
  return count;
}

/** The e-mail addresses of these users. */
export function listUserEmails(
  db: Queryable,
  ids: readonly string[],
): Promise<{ id: string; email: string }[]> {
  return db.query<{ id: string; email: string }>('select id, email from users where id = any($1::text[])', [
    [...ids],
  ]);
}

/** A new account; `verified` marks its address verified now. */
export async function insertUser(
  db: Queryable,
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    role: 'user' | 'admin' | 'client';
    verified: boolean;
  },
): Promise<void> {
  await db.query(
    `insert into users (id, email, first_name, last_name, password_hash, role, verified_at)
     values ($1, $2, $3, $4, $5, $6, ${user.verified ? 'now()' : 'null'})`,
    [user.id, user.email, user.firstName, user.lastName, user.passwordHash, user.role],
  );
}

/** The address is verified (from now, unless it already was). */
export async function markUserVerified(db: Queryable, email: string): Promise<void> {
  await db.query('update users set verified_at = coalesce(verified_at, now()) where email = $1', [email]);
}

/** A sign-in: the time, and the role the account has now. */
export async function recordUserLogin(
  db: Queryable,
  id: string,
  role: 'user' | 'admin' | 'client',
): Promise<void> {
  await db.query('update users set last_login_at = now(), role = $2 where id = $1', [id, role]);
}

/**
 * A new password for the account of `email`, which becomes verified when `verifyAddress` (already
 * verified stays so); answers the account's id, undefined when there is none.
 */
export async function resetUserPassword(
  db: Queryable,
  email: string,
  passwordHash: string,
  verifyAddress: boolean,
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `update users set password_hash = $2,
            verified_at = case when verified_at is not null then verified_at when $3 then now() else null end
      where email = $1 returning id`,
    [email, passwordHash, verifyAddress],
  );
  return rows[0]?.id;
}

/** The user's first and last name; answers the user, undefined when there is none. */
export async function updateUserNames(
  db: Queryable,
  id: string,
  names: { firstName: string; lastName: string },
): Promise<PublicUserRow | undefined> {
  const [row] = await db.query<PublicUserRow>(
    'update users set first_name = $2, last_name = $3 where id = $1 returning id, email, first_name, last_name, role',
    [id, names.firstName, names.lastName],
  );
  return row;
}

/** The user's password hash (null without a password; undefined when there is no such user). */
export async function findPasswordHash(db: Queryable, id: string): Promise<string | null | undefined> {
  const [row] = await db.query<{ password_hash: string | null }>(
    'select password_hash from users where id = $1',
    [id],
  );
  return row?.password_hash;
}

export async function updateUserPassword(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query('update users set password_hash = $2 where id = $1', [id, passwordHash]);
}

/** Locks the user's row until the transaction ends (what the user holds is counted under it). */
export async function lockUser(db: Queryable, id: string): Promise<void> {
  await db.query('select id from users where id = $1 for update', [id]);
}

/** One account by id. */
export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [user] = await db.query<UserRow>('select * from users where id = $1', [id]);
  return user;
}

/** Sets the account's role. */
export async function updateUserRole(db: Queryable, id: string, role: 'user' | 'admin'): Promise<void> {
  await db.query('update users set role = $2 where id = $1', [id, role]);
}

/** How many of these accounts are disabled (a job of theirs sends nothing). */
export async function countDisabledUsers(db: Queryable, ids: readonly string[]): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from users where id = any($1::text[]) and disabled_at is not null',
    [[...ids]],
  );
  return row?.count ?? 0;
}

/** Disables the account (now) or enables it again. */
export async function markUserDisabled(db: Queryable, id: string, disabled: boolean): Promise<void> {
  await db.query(
    'update users set disabled_at = case when $2::boolean then coalesce(disabled_at, now()) else null end where id = $1',
    [id, disabled],
  );
}

/** Removes the account (its sessions, tokens and API tokens go with it: foreign keys cascade or are cleared). */
export async function deleteUserRow(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('delete from users where id = $1 returning id', [id]);
  return rows.length > 0;
}

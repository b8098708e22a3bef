// The sessions table: a session is stored under its secret's hash, with its user, expiry and last use.
import type { Queryable } from '../database';

/** A live session joined with its user. */
export interface SessionRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'user' | 'admin' | 'client';
  /** A client's advertisers (client_advertisers); empty for other roles. */
  advertiser_ids: string[];
  verified_at: Date | null;
  last_login_at: Date | null;
  expires_at: Date;
  last_seen_at: Date;
}

/** How long a session may go unused, in milliseconds: remembered ones and the others. */
export interface IdleLimits {
  rememberMs: number;
  sessionMs: number;
}

/** Sessions past their expiry or unused for longer than their idle limit go. */
export async function deleteEndedSessions(db: Queryable, idle: IdleLimits): Promise<void> {
  await db.query(
    `delete from sessions where expires_at < now()
        or last_seen_at < now() - (case when remember then $1::bigint else $2::bigint end) * interval '1 millisecond'`,
    [idle.rememberMs, idle.sessionMs],
  );
}

export async function insertSession(
  db: Queryable,
  session: { idHash: string; userId: string; remember: boolean; expiresAt: Date; ip: string },
): Promise<void> {
  await db.query(
    'insert into sessions (id_hash, user_id, remember, expires_at, ip) values ($1, $2, $3, $4, $5)',
    [session.idHash, session.userId, session.remember, session.expiresAt, session.ip],
  );
}

/** The session with its user while it is neither expired nor unused for longer than its idle limit. */
export async function findLiveSession(
  db: Queryable,
  idHash: string,
  idle: IdleLimits,
): Promise<SessionRow | undefined> {
  const rows = await db.query<SessionRow>(
    `select u.id, u.email, u.first_name, u.last_name, u.role, u.verified_at, u.last_login_at,
            array(select ca.advertiser_id from client_advertisers ca where ca.user_id = u.id) as advertiser_ids,
            s.expires_at, s.last_seen_at
       from sessions s join users u on u.id = s.user_id
      where s.id_hash = $1 and s.expires_at > now() and u.disabled_at is null
        and s.last_seen_at > now() - (case when s.remember then $2::bigint else $3::bigint end) * interval '1 millisecond'`,
    [idHash, idle.rememberMs, idle.sessionMs],
  );
  return rows[0];
}

export async function markSessionSeen(db: Queryable, idHash: string): Promise<void> {
  await db.query('update sessions set last_seen_at = now() where id_hash = $1', [idHash]);
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('delete from sessions where id_hash = $1', [idHash]);
}

/** Every session of the user goes, but the one hashed `keepHash` if given. */
export async function deleteUserSessions(db: Queryable, userId: string, keepHash?: string): Promise<void> {
  if (keepHash === undefined) await db.query('delete from sessions where user_id = $1', [userId]);
  else await db.query('delete from sessions where user_id = $1 and id_hash <> $2', [userId, keepHash]);
}

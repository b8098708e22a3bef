// Server sessions: a random id in an HttpOnly cookie, stored only as a hash in the database so every
// API process can answer and a database leak does not hand out live sessions.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { hashSecret, newSecret } from './ids';

export const SESSION_COOKIE = 'adconsole_session';
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_MS = 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'admin';
  verified: boolean;
  lastLoginAt: Date | null;
  sessionExpiresAt: Date;
}

interface SessionRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'user' | 'admin';
  verified_at: Date | null;
  last_login_at: Date | null;
  expires_at: Date;
}

export async function createSession(db: Database, userId: string, remember: boolean, ip: string) {
  // Sweeping at sign-in keeps the tables small without a separate job.
  await db.query('delete from sessions where expires_at < now()');
  await db.query("delete from tokens where expires_at < now() - interval '1 day'");
  const secret = newSecret();
  const expiresAt = new Date(Date.now() + (remember ? REMEMBER_MS : SESSION_MS));
  await db.query(
    'insert into sessions (id_hash, user_id, remember, expires_at, ip) values ($1, $2, $3, $4, $5)',
    [hashSecret(secret), userId, remember, expiresAt, ip],
  );
  return { secret, expiresAt };
}

export async function findSession(db: Database, secret: string): Promise<SessionUser | undefined> {
  const rows = await db.query<SessionRow>(
    `select u.id, u.email, u.first_name, u.last_name, u.role, u.verified_at, u.last_login_at, s.expires_at
       from sessions s join users u on u.id = s.user_id
      where s.id_hash = $1 and s.expires_at > now()`,
    [hashSecret(secret)],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    verified: row.verified_at !== null,
    lastLoginAt: row.last_login_at,
    sessionExpiresAt: new Date(row.expires_at),
  };
}

export async function endSession(db: Database, secret: string): Promise<void> {
  await db.query('delete from sessions where id_hash = $1', [hashSecret(secret)]);
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  secret: string,
  expiresAt: Date,
  remember: boolean,
) {
  reply.setCookie(SESSION_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    // Without remember-me the cookie ends with the browser session (and the server session in 24 h).
    ...(remember ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
  });
}

export const sessionSecret = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[SESSION_COOKIE];
  return value === undefined || value === '' ? undefined : value;
};

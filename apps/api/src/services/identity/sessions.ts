// Server sessions: a random id in an HttpOnly cookie (http/cookies.ts), stored only as a hash in the
// database so every API process can answer and a database leak does not hand out live sessions. A
// session ends at its expiry or after a spell of inactivity, whichever comes first. Device tokens (in
// a cookie) mark a browser where the account's owner has signed in before, so strangers' failed
// guesses cannot lock the owner out.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database';
import {
  deleteEndedSessions,
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  markSessionSeen,
} from '../../db/queries/sessions';
import { deleteExpiredTokens } from '../../db/queries/tokens';
import { hashSecret, newSecret } from '../ids';

const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_MS = 24 * 60 * 60 * 1000;
/** A session unused this long ends: 2 hours, or 14 days for a remembered one. */
const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
const REMEMBER_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reading a session is not a write per request. */
const SEEN_RESOLUTION_MS = 60 * 1000;

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'admin' | 'client';
  /** A client's advertisers (docs/security.md, "Client access"); empty for other roles. */
  advertiserIds: readonly string[];
  verified: boolean;
  lastLoginAt: Date | null;
  sessionExpiresAt: Date;
}

const IDLE = { rememberMs: REMEMBER_IDLE_MS, sessionMs: SESSION_IDLE_MS };

export async function createSession(db: Queryable, userId: string, remember: boolean, ip: string) {
  // Sweeping at sign-in keeps the tables small without a separate job.
  await deleteEndedSessions(db, IDLE);
  await deleteExpiredTokens(db);
  const secret = newSecret();
  const expiresAt = new Date(Date.now() + (remember ? REMEMBER_MS : SESSION_MS));
  await insertSession(db, { idHash: hashSecret(secret), userId, remember, expiresAt, ip });
  return { secret, expiresAt };
}

/** The session's user while the session is neither expired nor idle too long; marks it seen. */
export async function findSession(db: Queryable, secret: string): Promise<SessionUser | undefined> {
  const idHash = hashSecret(secret);
  const row = await findLiveSession(db, idHash, IDLE);
  if (!row) return undefined;
  if (Date.now() - new Date(row.last_seen_at).getTime() > SEEN_RESOLUTION_MS) {
    await markSessionSeen(db, idHash);
  }
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    advertiserIds: row.advertiser_ids,
    verified: row.verified_at !== null,
    lastLoginAt: row.last_login_at,
    sessionExpiresAt: new Date(row.expires_at),
  };
}

export async function endSession(db: Queryable, secret: string): Promise<void> {
  await deleteSession(db, hashSecret(secret));
}

/** Signs the account out everywhere: every session of the user ends. */
export async function endAllSessions(db: Queryable, userId: string): Promise<void> {
  await deleteUserSessions(db, userId);
}

/** Every session of the user but the one with `keepSecret` ends (a password changed while signed in). */
export async function endOtherSessions(db: Queryable, userId: string, keepSecret: string): Promise<void> {
  await deleteUserSessions(db, userId, hashSecret(keepSecret));
}

// ---- Device tokens (OWASP "slow down online guessing with device cookies")
//
// A token also signs the account's password hash as it was when the token was made (the argon2 string,
// whose salt is new with every password): a password changed or reset ends every device token made
// before, so a browser that signed in with an old password (a former colleague's, a thief's) is a new
// browser again, held to the address window and the account's delay.

const deviceSignature = (secret: Buffer, userId: string, nonce: string, passwordHash: string) =>
  createHmac('sha256', secret).update(`device:${userId}:${nonce}:${passwordHash}`).digest('base64url');

/** A new token for a browser where this user signed in: `<user id>.<nonce>.<signature>`. */
export function newDeviceToken(secret: Buffer, user: { id: string; password_hash: string }): string {
  const nonce = newSecret().slice(0, 22);
  return `${user.id}.${nonce}.${deviceSignature(secret, user.id, nonce, user.password_hash)}`;
}

/**
 * The device token's nonce when it is `user`'s and was made under the password the account has now;
 * undefined otherwise (another user's, forged, or made before a password change).
 */
export function readDeviceToken(
  token: string | undefined,
  secret: Buffer,
  user: { id: string; password_hash: string | null },
): string | undefined {
  const parts = (token ?? '').split('.');
  if (parts.length !== 3 || user.password_hash === null) return undefined;
  const [userId = '', nonce = '', signature = ''] = parts;
  if (userId !== user.id) return undefined;
  const expected = Buffer.from(deviceSignature(secret, userId, nonce, user.password_hash));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}

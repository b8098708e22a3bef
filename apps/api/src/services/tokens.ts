// Single-use, expiring tokens for e-mail verification, password reset and invitations. Only a hash is
// stored; using a token marks it used in the same statement, so it can never be used twice.
import type { Queryable } from '../db/database';
import { hashSecret, newSecret } from './ids';

export type TokenKind = 'verify' | 'reset' | 'invite';

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  verify: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  invite: 14 * 24 * 60 * 60 * 1000,
};

export async function issueToken(
  db: Queryable,
  kind: TokenKind,
  email: string,
  payload: Record<string, unknown> = {},
): Promise<string> {
  const secret = newSecret();
  await db.query(
    'insert into tokens (token_hash, kind, email, payload, expires_at) values ($1, $2, $3, $4, $5)',
    [hashSecret(secret), kind, email, payload, new Date(Date.now() + TOKEN_LIFETIME_MS[kind])],
  );
  return secret;
}

export interface UsedToken {
  email: string;
  payload: Record<string, unknown>;
}

/** Uses the token when it is of this kind, for this e-mail, unused and unexpired; otherwise undefined. */
export async function consumeToken(
  db: Queryable,
  kind: TokenKind,
  secret: string,
  email: string,
): Promise<UsedToken | undefined> {
  const rows = await db.query<UsedToken>(
    `update tokens set used_at = now()
      where token_hash = $1 and kind = $2 and email = $3 and used_at is null and expires_at > now()
      returning email, payload`,
    [hashSecret(secret), kind, email],
  );
  return rows[0];
}

/** Whether the token is usable, without using it (an invitation is checked before the sign-up runs). */
export async function peekToken(
  db: Queryable,
  kind: TokenKind,
  secret: string,
  email: string,
): Promise<UsedToken | undefined> {
  const rows = await db.query<UsedToken>(
    `select email, payload from tokens
      where token_hash = $1 and kind = $2 and email = $3 and used_at is null and expires_at > now()`,
    [hashSecret(secret), kind, email],
  );
  return rows[0];
}

/** Ends every open token of a kind for an address (a password change cancels the reset links mailed before it). */
export async function revokeTokens(db: Queryable, kind: TokenKind, email: string): Promise<void> {
  await db.query('update tokens set used_at = now() where kind = $1 and email = $2 and used_at is null', [
    kind,
    email,
  ]);
}

/** Ends every unused token of this kind for the address except `keep` (a newer link voids the older). */
export async function revokeOtherTokens(
  db: Queryable,
  kind: TokenKind,
  email: string,
  keep: string,
): Promise<void> {
  await db.query(
    'update tokens set used_at = now() where kind = $1 and email = $2 and used_at is null and token_hash <> $3',
    [kind, email, hashSecret(keep)],
  );
}

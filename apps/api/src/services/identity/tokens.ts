// Single-use, expiring tokens for e-mail verification, password reset and invitations. Only a hash is
// stored; using a token marks it used in the same statement, so it can never be used twice.
import type { Queryable } from '../../db/database';
import {
  findUsableToken,
  insertToken,
  revokeTokens as revokeTokenRows,
  type TokenKind,
  type UsedToken,
  useToken,
} from '../../db/queries/tokens';
import { hashSecret, newSecret } from '../ids';

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
  await insertToken(db, {
    hash: hashSecret(secret),
    kind,
    email,
    payload,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[kind]),
  });
  return secret;
}

/** Uses the token when it is of this kind, for this e-mail, unused and unexpired; otherwise undefined. */
export const consumeToken = (
  db: Queryable,
  kind: TokenKind,
  secret: string,
  email: string,
): Promise<UsedToken | undefined> => useToken(db, kind, hashSecret(secret), email);

/** Whether the token is usable, without using it (an invitation is checked before the sign-up runs). */
export const peekToken = (
  db: Queryable,
  kind: TokenKind,
  secret: string,
  email: string,
): Promise<UsedToken | undefined> => findUsableToken(db, kind, hashSecret(secret), email);

/** Ends every open token of a kind for an address (a password change cancels the reset links mailed before it). */
export const revokeTokens = (db: Queryable, kind: TokenKind, email: string): Promise<void> =>
  revokeTokenRows(db, kind, email);

/** Ends every unused token of this kind for the address except `keep` (a newer link voids the older). */
export const revokeOtherTokens = (
  db: Queryable,
  kind: TokenKind,
  email: string,
  keep: string,
): Promise<void> => revokeTokenRows(db, kind, email, hashSecret(keep));

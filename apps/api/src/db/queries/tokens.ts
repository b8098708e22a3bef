// The tokens table: single-use, expiring link tokens (e-mail verification, password reset, invitations),
// stored only as a hash. Using a token marks it used in the same statement, so it never works twice.
import type { Queryable } from '../database';

export type TokenKind = 'verify' | 'reset' | 'invite';

export interface UsedToken {
  email: string;
  payload: Record<string, unknown>;
}

export async function insertToken(
  db: Queryable,
  token: { hash: string; kind: TokenKind; email: string; payload: Record<string, unknown>; expiresAt: Date },
): Promise<void> {
  await db.query(
    'insert into tokens (token_hash, kind, email, payload, expires_at) values ($1, $2, $3, $4, $5)',
    [token.hash, token.kind, token.email, token.payload, token.expiresAt],
  );
}

/** Marks the token used when it is of this kind, for this e-mail, unused and unexpired; else undefined. */
export async function useToken(
  db: Queryable,
  kind: TokenKind,
  hash: string,
  email: string,
): Promise<UsedToken | undefined> {
  const rows = await db.query<UsedToken>(
    `update tokens set used_at = now()
      where token_hash = $1 and kind = $2 and email = $3 and used_at is null and expires_at > now()
      returning email, payload`,
    [hash, kind, email],
  );
  return rows[0];
}

/** The token when it is of this kind, for this e-mail, unused and unexpired, without using it. */
export async function findUsableToken(
  db: Queryable,
  kind: TokenKind,
  hash: string,
  email: string,
): Promise<UsedToken | undefined> {
  const rows = await db.query<UsedToken>(
    `select email, payload from tokens
      where token_hash = $1 and kind = $2 and email = $3 and used_at is null and expires_at > now()`,
    [hash, kind, email],
  );
  return rows[0];
}

/** Marks every unused token of the kind for the address used, but the one hashed `keepHash` if given. */
export async function revokeTokens(
  db: Queryable,
  kind: TokenKind,
  email: string,
  keepHash?: string,
): Promise<void> {
  if (keepHash === undefined) {
    await db.query('update tokens set used_at = now() where kind = $1 and email = $2 and used_at is null', [
      kind,
      email,
    ]);
    return;
  }
  await db.query(
    'update tokens set used_at = now() where kind = $1 and email = $2 and used_at is null and token_hash <> $3',
    [kind, email, keepHash],
  );
}

/** Marks the address's open (unused, unexpired) invitations used; answers how many there were. */
export async function revokeOpenInvitations(db: Queryable, email: string): Promise<number> {
  const rows = await db.query(
    `update tokens set used_at = now()
      where kind = 'invite' and email = $1 and used_at is null and expires_at > now()
      returning token_hash`,
    [email],
  );
  return rows.length;
}

/** Tokens expired more than a day ago go (the sweep at sign-in). */
export async function deleteExpiredTokens(db: Queryable): Promise<void> {
  await db.query("delete from tokens where expires_at < now() - interval '1 day'");
}

/** The open invitations, the latest of each address: who, the role it gives, the first name, when, until when. */
export function listOpenInvitations(db: Queryable): Promise<
  {
    email: string;
    role: string | null;
    first_name: string | null;
    advertiser_ids: unknown;
    created_at: Date;
    expires_at: Date;
  }[]
> {
  return db.query(
    `select distinct on (email) email, payload->>'role' as role, payload->>'firstName' as first_name,
            payload->'advertiserIds' as advertiser_ids, created_at, expires_at from tokens
      where kind = 'invite' and used_at is null and expires_at > now()
      order by email, created_at desc`,
  );
}

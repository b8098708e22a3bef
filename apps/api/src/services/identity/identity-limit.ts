// Limits on an identity, counted in the database: a signed-in user, a share link or an e-mail address
// makes at most so many calls of one kind in 15 minutes, whatever address it comes from and whichever
// API process answers. Per-address limits (address-limit.ts, in the same table) stay only on public
// calls, where the caller has no identity of its own.
import { createHash } from 'node:crypto';
import { ApiError, MESSAGES, normaliseEmail } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { countIdentityCall as countCall, deleteEndedWindows } from '../../db/queries/identity-limits';
import { withRetryAfter } from './retry-after';

const IDENTITY_WINDOW_MINUTES = 15;

/** Who a call is counted for. */
export type IdentityKind = 'user' | 'sharedToken' | 'email';

/** The key of a call's identity (secrets hashed), or undefined when the call carries none. */
export function identityKey(
  call: string,
  kind: IdentityKind,
  user: { id: string } | undefined,
  input: unknown,
): string | undefined {
  const fields = (input ?? {}) as Record<string, unknown>;
  if (kind === 'user') return user ? `${call}:user:${user.id}` : undefined;
  if (kind === 'sharedToken') {
    const token = fields.sharedToken;
    return typeof token === 'string'
      ? `${call}:share:${createHash('sha256').update(token).digest('hex')}`
      : undefined;
  }
  const email = fields.email ?? fields.username;
  return typeof email === 'string' ? `${call}:email:${normaliseEmail(email)}` : undefined;
}

/**
 * Counts one call for `key`, or refuses it with 429 (and Retry-After until the window ends) when the
 * window already holds `max` calls. One statement: concurrent calls on the same key wait for its row.
 */
export async function countIdentityCall(
  db: Queryable,
  key: string,
  max: number,
  now: Date = new Date(),
): Promise<void> {
  const row = await countCall(db, key, max, IDENTITY_WINDOW_MINUTES, now);
  if (row && row.calls > max) {
    const ends = new Date(row.window_start).getTime() + IDENTITY_WINDOW_MINUTES * 60_000;
    throw withRetryAfter(ApiError.of(429, MESSAGES.tooManyCallsForIdentity), (ends - now.getTime()) / 1000);
  }
  // Windows long over are of no use: a few go with each call.
  await deleteEndedWindows(db, IDENTITY_WINDOW_MINUTES, now);
}

// Limits per client address on public calls (a route's `perIpLimit`: sign-in's shield, sign-up, verify,
// password reset, share links), counted in the database beside the limits on an identity
// (identity-limit.ts): the same 15-minute window whichever API process answers, so a client that
// reaches three processes gets the limit once, not three times. Counted before the body is read.
import { ApiError, MESSAGES } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { countIdentityCall as countCall, deleteEndedWindows } from '../../db/queries/identity-limits';
import { hmac22 } from '../hmac';
import { withRetryAfter } from './retry-after';

const ADDRESS_WINDOW_MINUTES = 15;

/**
 * A client address as the limits keep it: an HMAC under the server's secret (22 characters), so no
 * limit's table ever holds a client address (this one, and the sign-in's, login-limit.ts).
 */
export const addressDigest = (address: string, secret: Buffer) => hmac22(secret, address);

/** The key of one call from one client address (the address as TRUST_PROXY resolves it). */
const addressKey = (call: string, address: string, secret: Buffer) =>
  `${call}:address:${addressDigest(address, secret)}`;

/**
 * Counts one call from `address`, or refuses it with 429 (and Retry-After until the window ends) when
 * the window already holds `max` calls of it. One statement: concurrent calls wait for the key's row.
 */
export async function countAddressCall(
  ctx: { db: Queryable; secret: Buffer },
  call: string,
  address: string,
  max: number,
  now: Date = new Date(),
): Promise<void> {
  const { db } = ctx;
  const row = await countCall(db, addressKey(call, address, ctx.secret), max, ADDRESS_WINDOW_MINUTES, now);
  if (row && row.calls > max) {
    const ends = new Date(row.window_start).getTime() + ADDRESS_WINDOW_MINUTES * 60_000;
    throw withRetryAfter(ApiError.of(429, MESSAGES.tooManyRequests), (ends - now.getTime()) / 1000);
  }
  await deleteEndedWindows(db, ADDRESS_WINDOW_MINUTES, now);
}

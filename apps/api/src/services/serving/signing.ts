// Signed impression ids: each served ad (banner JSON, VAST or VPAID document) gets a fresh impression id
// with the time it was issued, signed with the server's HMAC key together with the live creative. A
// tracking call counts only when its signature verifies and the impression is at most 48 hours old, so
// nobody can invent impressions, and the same event of one impression counts once.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long after serving an impression's events still count (players may hold a VAST document). */
export const IMPRESSION_LIFETIME_MS = 48 * 60 * 60 * 1000;

const sign = (secret: Buffer, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url').slice(0, 22);

/** `<issued at, base 36 seconds>.<random>`: unique, and old ones can be told apart without a lookup. */
export function newImpressionId(now = Date.now()): string {
  return `${Math.floor(now / 1000).toString(36)}.${randomBytes(12).toString('base64url')}`;
}

export const signImpression = (secret: Buffer, liveId: string, impressionId: string) =>
  sign(secret, `imp|${liveId}|${impressionId}`);

/** The click URL's signature also covers the platform's click prefix it will redirect through. */
export const signClick = (secret: Buffer, liveId: string, impressionId: string, clickPrefix: string) =>
  sign(secret, `click|${liveId}|${impressionId}|${clickPrefix}`);

const equal = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether the impression id was issued (and signed) by this server for this live creative, recently. */
export function verifyImpression(
  secret: Buffer,
  liveId: string,
  impressionId: string,
  signature: string,
  now = Date.now(),
  expected = signImpression(secret, liveId, impressionId),
): boolean {
  const issued = Number.parseInt(impressionId.split('.')[0] ?? '', 36) * 1000;
  if (!Number.isFinite(issued) || issued > now + 5 * 60 * 1000 || now - issued > IMPRESSION_LIFETIME_MS)
    return false;
  return equal(signature, expected);
}

export function verifyClick(
  secret: Buffer,
  liveId: string,
  impressionId: string,
  clickPrefix: string,
  signature: string,
  now = Date.now(),
): boolean {
  return verifyImpression(
    secret,
    liveId,
    impressionId,
    signature,
    now,
    signClick(secret, liveId, impressionId, clickPrefix),
  );
}

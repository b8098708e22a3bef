// Signed impression ids: each served ad (banner JSON, VAST or VPAID document) gets a fresh impression id
// with the time it was issued, signed with the server's HMAC key together with the live creative. A
// tracking call counts only when its signature verifies and the impression is at most 48 hours old, so
// nobody can invent impressions, and the same event of one impression counts once.
//
// The ad request's invalid-traffic verdict travels inside the signature (a different signed text per
// reason), not beside it: every event of the impression inherits it, yet nothing in the URLs tells a
// client how it was judged.
//
// The impression's breakdown values (site, device, OS, browser, country: traffic-quality.ts) travel
// beside it as `d=`, signed with it (appended to the signed text when there are any), so every event of
// the impression counts under the values its ad request was served with and nobody can move them.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { InvalidTrafficReason } from '@adconsole/domain';

/** How long after serving an impression's events still count (players may hold a VAST document). */
export const IMPRESSION_LIFETIME_MS = 48 * 60 * 60 * 1000;

/** The verdicts an ad request can hand its impression (prefetch is judged per call: see traffic-quality). */
export const CARRIED_REASONS = [
  'bot',
  'headless',
  'no-user-agent',
  'data-centre',
  'rate',
] as const satisfies readonly InvalidTrafficReason[];
export type CarriedReason = (typeof CARRIED_REASONS)[number];

const sign = (secret: Buffer, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url').slice(0, 22);

/** `<issued at, base 36 seconds>.<random>`: unique, and old ones can be told apart without a lookup. */
export function newImpressionId(now = Date.now()): string {
  return `${Math.floor(now / 1000).toString(36)}.${randomBytes(12).toString('base64url')}`;
}

/** `imp` for a valid ad request (the text signed before verdicts existed), `imp!rate` for an invalid one. */
const tag = (kind: 'imp' | 'click', reason: CarriedReason | null) =>
  reason === null ? kind : `${kind}!${reason}`;

/** The signed text's tail for the breakdown values: nothing without them (the text signed before them). */
const withDims = (dims: string) => (dims === '' ? '' : `|d:${dims}`);

export const signImpression = (
  secret: Buffer,
  liveId: string,
  impressionId: string,
  reason: CarriedReason | null = null,
  dims = '',
) => sign(secret, `${tag('imp', reason)}|${liveId}|${impressionId}${withDims(dims)}`);

/** The click URL's signature also covers the platform's click prefix it will redirect through. */
export const signClick = (
  secret: Buffer,
  liveId: string,
  impressionId: string,
  clickPrefix: string,
  reason: CarriedReason | null = null,
  dims = '',
) => sign(secret, `${tag('click', reason)}|${liveId}|${impressionId}|${clickPrefix}${withDims(dims)}`);

const equal = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const recent = (impressionId: string, now: number) => {
  const issued = Number.parseInt(impressionId.split('.')[0] ?? '', 36) * 1000;
  return Number.isFinite(issued) && issued <= now + 5 * 60 * 1000 && now - issued <= IMPRESSION_LIFETIME_MS;
};

/** The verdict a recent, verified signature carries (null: a valid ad request); undefined when it does not verify. */
function carried(
  signature: string,
  expected: (reason: CarriedReason | null) => string,
): { reason: CarriedReason | null } | undefined {
  if (equal(signature, expected(null))) return { reason: null };
  const reason = CARRIED_REASONS.find((candidate) => equal(signature, expected(candidate)));
  return reason === undefined ? undefined : { reason };
}

/** Whether the impression id was issued (and signed) by this server for this live creative, recently, and its verdict. */
export function verifyImpression(
  secret: Buffer,
  liveId: string,
  impressionId: string,
  signature: string,
  now = Date.now(),
  dims = '',
): { reason: CarriedReason | null } | undefined {
  if (!recent(impressionId, now)) return undefined;
  return carried(signature, (reason) => signImpression(secret, liveId, impressionId, reason, dims));
}

export function verifyClick(
  secret: Buffer,
  liveId: string,
  impressionId: string,
  clickPrefix: string,
  signature: string,
  now = Date.now(),
  dims = '',
): { reason: CarriedReason | null } | undefined {
  if (!recent(impressionId, now)) return undefined;
  return carried(signature, (reason) => signClick(secret, liveId, impressionId, clickPrefix, reason, dims));
}

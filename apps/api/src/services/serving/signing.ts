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
// beside it as `d=`, signed with it, so every event of the impression counts under the values its ad
// request was served with and nobody can move them.
//
// The signed text is unambiguous: every field is written with its length before it (`2:ab`), so no
// field's text can be moved into its neighbour and sign the same (docs/serving.md, "Signed impressions":
// the first form joined fields with `|` alone, and moving the breakdown values into the impression id
// made one served ad count twice). An impression id must also have exactly the shape newImpressionId
// makes before any signature is computed for it.
import { timingSafeEqual } from 'node:crypto';
import { IMPRESSION_LIFETIME_MS, type InvalidTrafficReason } from '@adconsole/domain';
import { hmac22 } from '../hmac';
import { randomSlice } from './random-pool';

/** The verdicts an ad request can hand its impression (prefetch is judged per call: see traffic-quality). */
const CARRIED_REASONS = [
  'bot',
  'headless',
  'no-user-agent',
  'data-centre',
  'rate',
] as const satisfies readonly InvalidTrafficReason[];
export type CarriedReason = (typeof CARRIED_REASONS)[number];

/** What newImpressionId makes: seconds since 1970 in base 36, a dot, 12 random bytes in base64url. */
export const IMPRESSION_ID_SHAPE = /^[0-9a-z]{1,9}\.[A-Za-z0-9_-]{16}$/;

/** `<issued at, base 36 seconds>.<random>`: unique, and old ones can be told apart without a lookup. */
export function newImpressionId(now = Date.now()): string {
  return `${Math.floor(now / 1000).toString(36)}.${randomSlice(12).toString('base64url')}`;
}

/** `imp` for a valid ad request, `imp!rate` for an invalid one. */
const tag = (kind: 'imp' | 'click', reason: CarriedReason | null) =>
  reason === null ? kind : `${kind}!${reason}`;

/** The signed text: a version, the kind and verdict, then each field after its length. */
const signedText = (kind: 'imp' | 'click', reason: CarriedReason | null, fields: readonly string[]) =>
  `adc2|${tag(kind, reason)}|${fields.map((field) => `${field.length}:${field}`).join('|')}`;

/**
 * The first form's text (fields joined by `|`), still believed for impressions minted before this
 * process could have been deployed (issued before it started, and an hour of a rolling deploy's overlap),
 * and only with an id of the exact shape, which cannot hold a `|`: docs/serving.md, "Signed impressions".
 */
const legacyText = (
  kind: 'imp' | 'click',
  reason: CarriedReason | null,
  fields: readonly string[],
  dims: string,
) => `${tag(kind, reason)}|${fields.join('|')}${dims === '' ? '' : `|d:${dims}`}`;
const LEGACY_ISSUED_BEFORE_MS = Date.now() + 60 * 60 * 1000;

export const signImpression = (
  secret: Buffer,
  liveId: string,
  impressionId: string,
  reason: CarriedReason | null = null,
  dims = '',
) =>
  // signedText('imp', reason, [liveId, impressionId, dims]), written out: every ad request signs one.
  hmac22(
    secret,
    `adc2|${tag('imp', reason)}|${liveId.length}:${liveId}|${impressionId.length}:${impressionId}|${dims.length}:${dims}`,
  );

/** The click URL's signature also covers the platform's click prefix it will redirect through. */
export const signClick = (
  secret: Buffer,
  liveId: string,
  impressionId: string,
  clickPrefix: string,
  reason: CarriedReason | null = null,
  dims = '',
) => hmac22(secret, signedText('click', reason, [liveId, impressionId, clickPrefix, dims]));

const equal = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** When the impression was issued (ms), from its id; NaN for an id of any other shape. */
const issuedAt = (impressionId: string) =>
  IMPRESSION_ID_SHAPE.test(impressionId)
    ? Number.parseInt(impressionId.slice(0, impressionId.indexOf('.')), 36) * 1000
    : Number.NaN;

/** How far ahead of this process's clock another process's impression may have been issued. */
const CLOCK_AHEAD_MS = 5 * 60 * 1000;

const recent = (issued: number, now: number) =>
  Number.isFinite(issued) && issued <= now + CLOCK_AHEAD_MS && now - issued <= IMPRESSION_LIFETIME_MS;

/**
 * The longest time between two click ids of one impression: its click URL verifies (`recent`) from
 * CLOCK_AHEAD_MS before its issue to IMPRESSION_LIFETIME_MS after, and each click it redirects gets a
 * click id of its own time. The click counts' sweep keeps a click's cap that much longer
 * (services/conversions/sweep.ts).
 */
export const CLICK_IDS_SPAN_MS = IMPRESSION_LIFETIME_MS + CLOCK_AHEAD_MS;

/** The verdict a verified signature carries (null: a valid ad request); undefined when none verifies. */
function carried(
  signature: string,
  expected: (reason: CarriedReason | null) => string,
): { reason: CarriedReason | null } | undefined {
  if (equal(signature, expected(null))) return { reason: null };
  const reason = CARRIED_REASONS.find((candidate) => equal(signature, expected(candidate)));
  return reason === undefined ? undefined : { reason };
}

function verify(
  secret: Buffer,
  kind: 'imp' | 'click',
  fields: readonly string[],
  dims: string,
  signature: string,
  now: number,
): { reason: CarriedReason | null } | undefined {
  const issued = issuedAt(fields[1] ?? '');
  if (!recent(issued, now)) return undefined;
  const current = carried(signature, (reason) => hmac22(secret, signedText(kind, reason, [...fields, dims])));
  if (current !== undefined || issued >= LEGACY_ISSUED_BEFORE_MS) return current;
  return carried(signature, (reason) => hmac22(secret, legacyText(kind, reason, fields, dims)));
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
  return verify(secret, 'imp', [liveId, impressionId], dims, signature, now);
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
  return verify(secret, 'click', [liveId, impressionId, clickPrefix], dims, signature, now);
}

// Click ids (docs/conversions.md "The click id"): what the click redirect adds to the landing
// URL, and what a conversion brings back. It carries the live creative, its campaign, the impression
// clicked, the click's time (ms) and the impression's breakdown values, written in the same
// length-prefixed form as the signed texts above, base64url-encoded, then signed: `c1.<fields>.<sig>`.
// The click's verdict (counted, or invalid traffic) is in the signed text, not in the id: a different
// text for an invalid click, so no one can read it off or flip it. Nothing is stored to verify one.

/** What a click id says. */
export interface ClickIdFields {
  liveId: string;
  campaignId: string;
  impressionId: string;
  /** When the click was redirected (ms since 1970). */
  clickedAt: number;
  /** The impression's breakdown values, encoded (traffic-quality.ts). */
  dims: string;
}

/** A click id as read from a conversion: its fields, and its signature still to verify. */
export interface ParsedClickId extends ClickIdFields {
  body: string;
  signature: string;
}

const CLICK_ID_VERSION = 'c1';
/** A click id is never longer (a landing URL and a postback keep it whole). */
const CLICK_ID_MAX_LENGTH = 1024;
const SERVER_ID = /^[A-Za-z0-9_-]{1,128}$/;

const lengthPrefixed = (fields: readonly string[]) =>
  fields.map((field) => `${field.length}:${field}`).join('|');

/** The fields of a length-prefixed text, exactly `count` of them; undefined for any other text. */
function unprefixed(text: string, count: number): string[] | undefined {
  const fields: string[] = [];
  let at = 0;
  while (fields.length < count) {
    const colon = text.indexOf(':', at);
    const length = colon === -1 ? Number.NaN : Number(text.slice(at, colon));
    if (!/^(0|[1-9]\d{0,3})$/.test(text.slice(at, colon)) || !Number.isInteger(length)) return undefined;
    const field = text.slice(colon + 1, colon + 1 + length);
    if (field.length !== length) return undefined;
    fields.push(field);
    at = colon + 1 + length;
    if (fields.length < count) {
      if (text[at] !== '|') return undefined;
      at += 1;
    }
  }
  return at === text.length ? fields : undefined;
}

const clickIdText = (valid: boolean, body: string) => `adc2|${valid ? 'cid' : 'cid!x'}|${body}`;

/** A signed click id for a click redirected now; `valid` false for invalid traffic (it never attributes). */
export function signClickId(secret: Buffer, click: ClickIdFields, valid: boolean): string {
  const body = lengthPrefixed([
    click.liveId,
    click.campaignId,
    click.impressionId,
    click.clickedAt.toString(36),
    click.dims,
  ]);
  return `${CLICK_ID_VERSION}.${Buffer.from(body).toString('base64url')}.${hmac22(secret, clickIdText(valid, body))}`;
}

/** The fields of a text shaped as a click id (not yet verified); undefined for any other text. */
export function parseClickId(text: string): ParsedClickId | undefined {
  if (text.length > CLICK_ID_MAX_LENGTH) return undefined;
  const [version, encoded, signature, ...rest] = text.split('.');
  if (version !== CLICK_ID_VERSION || rest.length > 0 || !encoded || !signature) return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(encoded) || !/^[A-Za-z0-9_-]{22}$/.test(signature)) return undefined;
  const body = Buffer.from(encoded, 'base64url').toString();
  const fields = unprefixed(body, 5);
  if (!fields) return undefined;
  const [liveId = '', campaignId = '', impressionId = '', time = '', dims = ''] = fields;
  if (!SERVER_ID.test(liveId) || !SERVER_ID.test(campaignId) || !IMPRESSION_ID_SHAPE.test(impressionId))
    return undefined;
  if (!/^[0-9a-z]{1,10}$/.test(time)) return undefined;
  return { liveId, campaignId, impressionId, clickedAt: Number.parseInt(time, 36), dims, body, signature };
}

/** Whether this server signed the click id, and its click's verdict; undefined when it did not (forged). */
export function verifyClickId(secret: Buffer, click: ParsedClickId): { valid: boolean } | undefined {
  if (equal(click.signature, hmac22(secret, clickIdText(true, click.body)))) return { valid: true };
  if (equal(click.signature, hmac22(secret, clickIdText(false, click.body)))) return { valid: false };
  return undefined;
}

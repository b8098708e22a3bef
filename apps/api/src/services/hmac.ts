// HMAC-SHA-256 cut to 22 base64url characters (132 bits): the signatures of impressions, clicks and
// click ids (serving/signing.ts) and the digest of a client's address (identity/address-limit.ts).
//
// A hand-made piece on the serving hot path, and why it stays: node:crypto's `createHmac` makes a native
// object per call that the garbage collector then has to track; every ad request signs twice, and those
// objects cost about 4 µs of a VAST answer under load. Measured with `bench/serving.mjs` (the server's
// CPU per answered request beside the bare route's), its figures in docs/serving.md, "Taxes on every
// request" and "What a request costs". This is RFC 2104 written out: SHA-256(outer pad, SHA-256(inner
// pad, text)), two one-shot `crypto.hash` calls over the key's padded blocks, made once per secret.
//
// The switch back: `SERVING_LIBRARY_CALLS=true` (config.ts; `setLibraryHmac`) signs with `createHmac`
// itself, the same bytes (hmac.test.ts proves both paths alike over random keys and texts).
import { createHash, createHmac, hash } from 'node:crypto';

/** HMAC-SHA-256 of `text` by the library: `createHmac`, base64url, its first 22 characters. */
export const libraryHmac22 = (secret: Buffer, text: string): string =>
  createHmac('sha256', secret).update(text).digest('base64url').slice(0, 22);

/** The key's inner and outer padded blocks (RFC 2104), each with room after it for what is hashed next. */
interface Pads {
  inner: Buffer;
  outer: Buffer;
}
/** The longest text, in UTF-8 bytes, signed through the pads (longer ones through createHmac). */
const PADDED_TEXT_BYTES = 4096;
const padsOf = new WeakMap<Buffer, Pads>();
function padsFor(secret: Buffer): Pads {
  let pads = padsOf.get(secret);
  if (!pads) {
    const key = secret.length > 64 ? createHash('sha256').update(secret).digest() : secret;
    const inner = Buffer.alloc(64 + PADDED_TEXT_BYTES);
    const outer = Buffer.alloc(64 + 32);
    for (let index = 0; index < 64; index += 1) {
      inner[index] = (key[index] ?? 0) ^ 0x36;
      outer[index] = (key[index] ?? 0) ^ 0x5c;
    }
    pads = { inner, outer };
    padsOf.set(secret, pads);
  }
  return pads;
}

/**
 * The HMAC through the key's padded blocks, the digest in `encoding`: two one-shot hashes over a buffer
 * made once per secret, no object per call. Synchronous, so one buffer per secret serves every call.
 * Undefined for a text that might not fit (a UTF-16 unit is at most 3 UTF-8 bytes): the caller takes
 * the library's path.
 */
function paddedDigest(secret: Buffer, text: string, encoding: 'base64url' | 'hex'): string | undefined {
  if (text.length * 3 > PADDED_TEXT_BYTES) return undefined;
  const { inner, outer } = padsFor(secret);
  const length = inner.write(text, 64, 'utf8');
  hash('sha256', inner.subarray(0, 64 + length), 'buffer').copy(outer, 64);
  return hash('sha256', outer, encoding);
}

/** HMAC-SHA-256 of `text` through the padded blocks, its first 22 base64url characters. */
export const paddedHmac22 = (secret: Buffer, text: string): string =>
  paddedDigest(secret, text, 'base64url')?.slice(0, 22) ?? libraryHmac22(secret, text);

/**
 * HMAC-SHA-256 of `text`, its first 8 bytes as 16 hex digits (a reach identity's 64-bit hash): the
 * digest written once as hex, no base64 text decoded again. The same bytes as the first 8 of hmac22's.
 */
export const hmacHex16 = (secret: Buffer, text: string): string =>
  (paddedDigest(secret, text, 'hex') ?? createHmac('sha256', secret).update(text).digest('hex')).slice(0, 16);

/** HMAC-SHA-256 of `text` with `secret`, its first 22 base64url characters: the path the switch names. */
export let hmac22: (secret: Buffer, text: string) => string = paddedHmac22;

/** Signs every HMAC of this process with `createHmac` (true) or through the padded blocks (false, the default). */
export function setLibraryHmac(on: boolean): void {
  hmac22 = on ? libraryHmac22 : paddedHmac22;
}

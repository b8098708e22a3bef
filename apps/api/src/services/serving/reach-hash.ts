// A reach identity's 64-bit hash (docs/reports.md, "Reach"; frequency-jar.ts' reachIdentity): the first
// 8 bytes of HMAC-SHA-256(the server's key, `adc-reach|<identity>`) as 16 hex digits, the bytes
// hmac.ts' hmacHex16 gives, worked out here in JavaScript on every served ad.
//
// Why by hand (docs/serving.md, "The forecast's history sampled, reach's hash in JavaScript"): the
// identity is short (`b|` or `d|` and 22 characters), so each of HMAC's two hashes is one 64-byte block
// after the key's padded block, and the key's blocks are the same on every request. Their SHA-256
// states are computed once per key; a request then compresses two blocks in typed arrays (no Buffer, no
// string written to bytes and read back, no call into node:crypto, which made two hashes of two blocks
// each, a Buffer and a hex string a request). A text that does not fit one block (over 55 bytes after
// the prefix, or not ASCII) goes through hmacHex16. reach-hash.test.ts compares both over random keys
// and texts.
import { createHash } from 'node:crypto';
import { hmacHex16 } from '../hmac';

const PREFIX = 'adc-reach|';
/** The longest text after the prefix that fits one block with its padding (55 bytes in all). */
const MAX_TEXT = 55 - PREFIX.length;

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** The message schedule, reused by every compression (synchronous: one at a time). */
const W = new Int32Array(64);

/** SHA-256's compression of the block in W[0..15] into `state` (8 words), in place. */
function compress(state: Int32Array): void {
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15] as number;
    const w2 = W[t - 2] as number;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = ((W[t - 16] as number) + s0 + (W[t - 7] as number) + s1) | 0;
  }
  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let e = state[4] as number;
  let f = state[5] as number;
  let g = state[6] as number;
  let h = state[7] as number;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + (K[t] as number) + (W[t] as number)) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = ((state[0] as number) + a) | 0;
  state[1] = ((state[1] as number) + b) | 0;
  state[2] = ((state[2] as number) + c) | 0;
  state[3] = ((state[3] as number) + d) | 0;
  state[4] = ((state[4] as number) + e) | 0;
  state[5] = ((state[5] as number) + f) | 0;
  state[6] = ((state[6] as number) + g) | 0;
  state[7] = ((state[7] as number) + h) | 0;
}

/** The SHA-256 states after the key's inner and outer padded blocks (RFC 2104), once per key. */
interface KeyStates {
  inner: Int32Array;
  outer: Int32Array;
}
const statesOf = new WeakMap<Buffer, KeyStates>();
function keyStates(secret: Buffer): KeyStates {
  let states = statesOf.get(secret);
  if (states === undefined) {
    const key = secret.length > 64 ? createHash('sha256').update(secret).digest() : secret;
    const stateAfter = (pad: number) => {
      for (let word = 0; word < 16; word++) {
        let value = 0;
        for (let byte = 0; byte < 4; byte++)
          value = (value << 8) | (((key[word * 4 + byte] ?? 0) ^ pad) & 0xff);
        W[word] = value;
      }
      const state = Int32Array.from(IV);
      compress(state);
      return state;
    };
    states = { inner: stateAfter(0x36), outer: stateAfter(0x5c) };
    statesOf.set(secret, states);
  }
  return states;
}

const state = new Int32Array(8);
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const hexWord = (word: number) =>
  (HEX[(word >>> 24) & 0xff] as string) +
  (HEX[(word >>> 16) & 0xff] as string) +
  (HEX[(word >>> 8) & 0xff] as string) +
  (HEX[word & 0xff] as string);

/**
 * The first 8 bytes of HMAC-SHA-256(`secret`, `adc-reach|${text}`) as 16 hex digits: the same as
 * `hmacHex16(secret, 'adc-reach|' + text)`.
 */
export function reachHash(secret: Buffer, text: string): string {
  const length = text.length;
  if (length > MAX_TEXT) return hmacHex16(secret, PREFIX + text);
  const { inner, outer } = keyStates(secret);
  // The inner block: the prefix and the text, 0x80, zeros, the bit length of the key block and them.
  W.fill(0, 0, 16);
  const bytes = PREFIX.length + length;
  for (let index = 0; index < bytes; index++) {
    const code = index < PREFIX.length ? PREFIX.charCodeAt(index) : text.charCodeAt(index - PREFIX.length);
    if (code > 0x7f) return hmacHex16(secret, PREFIX + text);
    W[index >> 2] = (W[index >> 2] as number) | (code << (24 - 8 * (index & 3)));
  }
  W[bytes >> 2] = (W[bytes >> 2] as number) | (0x80 << (24 - 8 * (bytes & 3)));
  W[15] = (64 + bytes) * 8;
  state.set(inner);
  compress(state);
  // The outer block: the inner digest, 0x80, zeros, the bit length of the key block and the digest.
  for (let word = 0; word < 8; word++) W[word] = state[word] as number;
  W[8] = 0x80000000;
  W.fill(0, 9, 15);
  W[15] = (64 + 32) * 8;
  state.set(outer);
  compress(state);
  return hexWord(state[0] as number) + hexWord(state[1] as number);
}

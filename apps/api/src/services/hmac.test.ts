// The hand-made HMAC (hmac.ts) and its switch back to the library: through the key's padded blocks or
// through createHmac, every signature is the same 22 characters, and the switch picks the path.
import { createHmac, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from './demo/seeded-random';
import { hmac22, hmacHex16, libraryHmac22, paddedHmac22, setLibraryHmac } from './hmac';
import { randomSlice } from './serving/random-pool';

const random = mulberry32(20261127);
const ALPHABET = ['a', 'Z', '|', '0', ':', '.', '-', 'é', '€', '😀', '\u0000', ' '];
const text = (length: number) =>
  Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
/** What node:crypto answers, written out here rather than taken from the module under test. */
const nodeHmac = (key: Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest('base64url').slice(0, 22);

describe('HMAC-SHA-256 cut to 22 characters', () => {
  afterEach(() => setLibraryHmac(false));

  it('gives the same bytes through the padded blocks as through createHmac: keys shorter than, as long as and longer than a block; texts empty, short, past the padded buffer; UTF-8 (1,800 pairs)', () => {
    for (const keyBytes of [1, 32, 43, 64, 65, 200]) {
      const key = randomBytes(keyBytes);
      for (let round = 0; round < 300; round += 1) {
        const length = round < 280 ? Math.floor(random() * 400) : 1300 + Math.floor(random() * 2000);
        const value = round === 0 ? '' : text(length);
        const expected = nodeHmac(key, value);
        expect(paddedHmac22(key, value)).toBe(expected);
        expect(libraryHmac22(key, value)).toBe(expected);
      }
    }
  });

  it('signs a text alike after other texts with the same key object (the padded buffer is reused, a longer text leaves nothing behind)', () => {
    const key = randomBytes(32);
    const short = 'adc2|imp|1:a';
    const first = paddedHmac22(key, short);
    paddedHmac22(key, text(1000));
    expect(paddedHmac22(key, short)).toBe(first);
    expect(first).toBe(nodeHmac(key, short));
  });

  it('takes the path the switch names: the padded blocks by default, createHmac with SERVING_LIBRARY_CALLS', () => {
    const key = randomBytes(32);
    const values = Array.from({ length: 200 }, () => text(Math.floor(random() * 300)));
    const hashed = values.map((value) => nodeHmac(key, value));
    expect(hmac22).toBe(paddedHmac22);
    expect(values.map((value) => hmac22(key, value))).toEqual(hashed);
    setLibraryHmac(true);
    expect(hmac22).toBe(libraryHmac22);
    expect(values.map((value) => hmac22(key, value))).toEqual(hashed);
    setLibraryHmac(false);
    expect(hmac22).toBe(paddedHmac22);
  });

  it("a reach identity's hash is the first 8 bytes of the same HMAC in hex: what earlier builds wrote into the stored sketches (the 22 characters decoded), short texts and ones past the padded buffer", () => {
    for (const keyBytes of [32, 65]) {
      const key = randomBytes(keyBytes);
      for (let round = 0; round < 200; round += 1) {
        const value = round === 199 ? text(2000) : text(Math.floor(random() * 80));
        const earlier = Buffer.from(nodeHmac(key, value), 'base64url').subarray(0, 8).toString('hex');
        expect(hmacHex16(key, value)).toBe(earlier);
        expect(hmacHex16(key, value)).toMatch(/^[0-9a-f]{16}$/);
      }
    }
  });
});

describe('the pool of random bytes', () => {
  it('hands each byte out once: 2,000 ids of 16 bytes across several refills are all different, and none is all zeros', () => {
    const ids = new Set<string>();
    for (let index = 0; index < 2_000; index += 1) {
      const slice = randomSlice(16);
      expect(slice.length).toBe(16);
      expect(slice.some((byte) => byte !== 0)).toBe(true);
      ids.add(slice.toString('hex'));
    }
    expect(ids.size).toBe(2_000);
  });

  it('refuses a request larger than the pool rather than hand out bytes twice', () => {
    expect(() => randomSlice(4097)).toThrow(/at most 4096/);
  });
});

// The hand-made HMAC (hmac.ts) and its switch back to the library: through the key's padded blocks or
// through createHmac, every signature is the same 22 characters, and the switch picks the path.
import { createHmac, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from './demo/seeded-random';
import { hmac22, libraryHmac22, paddedHmac22, setLibraryHmac } from './hmac';

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
});

// A reach identity's hash worked out in JavaScript (reach-hash.ts) is HMAC-SHA-256's, cut to 16 hex
// digits, byte for byte: against node:crypto's createHmac over random keys (shorter than, as long as
// and longer than a block) and texts of every length that fits a block and past it, and for a text that
// is not ASCII (hmac.ts' path); the same key object alike after other texts.
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../demo/seeded-random';
import { reachHash } from './reach-hash';

const random = mulberry32(20261129);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_|';
const text = (length: number) =>
  Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
/** What node:crypto answers for the identity `value`, written out here. */
const nodeHash = (key: Buffer, value: string) =>
  createHmac('sha256', key).update(`adc-reach|${value}`).digest('hex').slice(0, 16);

describe("reach's identity hash without node:crypto", () => {
  it("is createHmac's first 8 bytes for keys of 1 to 200 bytes and texts of 0 to 80 characters (1,458 pairs)", () => {
    for (const keyBytes of [1, 16, 32, 43, 64, 65, 100, 150, 200]) {
      const key = randomBytes(keyBytes);
      for (let length = 0; length <= 80; length += 1)
        for (let round = 0; round < 2; round += 1) {
          const value = text(length);
          expect(reachHash(key, value), `${keyBytes} bytes, ${JSON.stringify(value)}`).toBe(
            nodeHash(key, value),
          );
        }
    }
  });

  it("a browser's and a device's identity as the jar names them, a text that is not ASCII, and a key used again after a longer text", () => {
    const key = randomBytes(32);
    const browser = `b|${randomBytes(16).toString('base64url')}`;
    const device = `d|${randomBytes(16).toString('base64url')}`;
    const first = reachHash(key, browser);
    expect(first).toBe(nodeHash(key, browser));
    expect(reachHash(key, device)).toBe(nodeHash(key, device));
    expect(reachHash(key, 'b|né€😀')).toBe(nodeHash(key, 'b|né€😀'));
    reachHash(key, text(200));
    expect(reachHash(key, browser)).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
  });
});

// Keys for counting clients in memory (the rate rule's minute counts, the even throttle's shares per
// address): a number from a short text and a salt drawn when the process starts, so the counts hold no
// address or user agent and a key means nothing outside this process.
//
// Not a cryptographic hash: 53 bits from two 32-bit multiply-and-rotate lanes over the text's UTF-16
// code units, the salt as the lanes' seeds. The keys are never shown, stored or sent, and live a
// minute or a period: what a collision does is merge two clients' counts, never split one client into
// several, so no one gains from finding one. SHA-256 of the same text cost 2-4 µs an ad request on
// this machine (three of them: `bench/profile-serving.mjs --route ad --rules`); this costs a tenth.
import { randomBytes } from 'node:crypto';

export interface CountingKeys {
  /** The key of `text`: an integer below 2^53. */
  of(text: string): number;
}

/** Keys under a salt of its own (random, or `seed` for a test that needs the same keys twice). */
export function countingKeys(seed: Buffer = randomBytes(8)): CountingKeys {
  const seed1 = seed.readUInt32BE(0);
  const seed2 = seed.readUInt32BE(4);
  return {
    of(text: string): number {
      let h1 = 0xdeadbeef ^ seed1;
      let h2 = 0x41c6ce57 ^ seed2;
      for (let index = 0; index < text.length; index++) {
        const code = text.charCodeAt(index);
        h1 = Math.imul(h1 ^ code, 2654435761);
        h2 = Math.imul(h2 ^ code, 1597334677);
      }
      h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
      h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
      return 4294967296 * (0x1fffff & h2) + (h1 >>> 0);
    },
  };
}

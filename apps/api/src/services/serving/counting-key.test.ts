import { describe, expect, it } from 'vitest';
import { countingKeys } from './counting-key';

describe('counting keys (the rate rule and the throttle count clients by a salted key, never the address)', () => {
  it('one text is one key under one salt, an integer below 2^53', () => {
    const keys = countingKeys();
    const key = keys.of('address\n127.0.0.7');
    expect(keys.of('address\n127.0.0.7')).toBe(key);
    expect(Number.isSafeInteger(key) && key >= 0).toBe(true);
  });

  it('another salt gives other keys (a process keeps its own), the same seed the same keys', () => {
    const seed = Buffer.from('0011223344556677', 'hex');
    const text = 'address\n::1';
    expect(countingKeys(seed).of(text)).toBe(countingKeys(Buffer.from(seed)).of(text));
    const others = new Set(Array.from({ length: 50 }, () => countingKeys().of(text)));
    expect(others.size).toBe(50);
  });

  it('200,000 addresses that differ in one place each get a key of their own', () => {
    const keys = countingKeys();
    const seen = new Set<number>();
    for (let a = 0; a < 200; a++)
      for (let b = 0; b < 1000; b++) seen.add(keys.of(`address\n127.${a}.${b >> 8}.${b & 255}`));
    expect(seen.size).toBe(200_000);
  });

  it('the key reads every character: texts one character apart, or of the same characters swapped, differ', () => {
    const keys = countingKeys();
    const agent =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36';
    const base = keys.of(`lc_1\n127.0.0.4\n${agent}`);
    expect(keys.of(`lc_1\n127.0.0.4\n${agent}.`)).not.toBe(base);
    expect(keys.of(`lc_1\n127.0.0.4\n${agent.replace('131', '132')}`)).not.toBe(base);
    expect(keys.of(`lc_1\n127.0.0.40\n${agent}`)).not.toBe(base);
    expect(keys.of(`lc_2\n127.0.0.4\n${agent}`)).not.toBe(base);
    expect(keys.of('ab')).not.toBe(keys.of('ba'));
  });
});

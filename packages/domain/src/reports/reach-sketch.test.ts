// The reach sketch against exact counts (docs/reports.md, "Reach"): a million distinct identities within
// 2 %, unions by merge, small counts close to exact, and the stored bytes read back or refused.
import { describe, expect, it } from 'vitest';
import {
  cumulativeEstimates,
  encodeSlots,
  REACH_REGISTERS,
  REACH_RELATIVE_ERROR,
  ReachSketch,
  reachSlots,
} from './reach-sketch';

// A 64-bit hash of an identity's number: murmur3's finaliser of it and of it offset, big-endian (the
// server hashes an identity with its HMAC key; any well-mixed 64 bits serve the sketch alike).
const fmix32 = (value: number) => {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};
const bytes = new Uint8Array(8);
const view = new DataView(bytes.buffer);
const hashOf = (id: number) => {
  view.setUint32(0, fmix32(id ^ 0x5bd1e995));
  view.setUint32(4, fmix32(id + 0x9e3779b9));
  return bytes;
};
const sketchOf = (ids: Iterable<number>) => {
  const sketch = new ReachSketch();
  for (const id of ids) sketch.addHash(hashOf(id));
  return sketch;
};
function* range(from: number, to: number) {
  for (let n = from; n < to; n += 1) yield n;
}
const relative = (estimate: number, exact: number) => Math.abs(estimate - exact) / exact;

describe('the reach sketch', () => {
  it('counts 1,000,000 distinct identities within 2 %, each added three times', () => {
    const sketch = new ReachSketch();
    for (let round = 0; round < 3; round += 1)
      for (let n = 0; n < 1_000_000; n += round === 0 ? 1 : 7) sketch.addHash(hashOf(n));
    expect(relative(sketch.estimate(), 1_000_000)).toBeLessThan(0.02);
  });

  it('is close to exact for small counts: 0, 1, 10, 100 and 1,000', () => {
    expect(new ReachSketch().estimate()).toBe(0);
    expect(Math.round(sketchOf(range(0, 1)).estimate())).toBe(1);
    expect(Math.abs(sketchOf(range(0, 10)).estimate() - 10)).toBeLessThanOrEqual(1);
    expect(Math.abs(sketchOf(range(0, 100)).estimate() - 100)).toBeLessThan(2);
    expect(relative(sketchOf(range(0, 1000)).estimate(), 1000)).toBeLessThan(0.02);
  });

  it('merges two overlapping sets into their union, as one sketch of all of them would count', () => {
    const first = sketchOf(range(0, 60_000));
    const second = sketchOf(range(40_000, 100_000));
    const merged = new ReachSketch().merge(first).merge(second);
    expect(merged.registers).toEqual(sketchOf(range(0, 100_000)).registers);
    expect(relative(merged.estimate(), 100_000)).toBeLessThan(0.02);
    // The inputs are left as they were.
    expect(relative(first.estimate(), 60_000)).toBeLessThan(0.02);
  });

  it('draws the cumulative curve with the same numbers as an estimate of each running union; a day without a sketch keeps the day before', () => {
    const days = [sketchOf(range(0, 30_000)), null, sketchOf(range(20_000, 50_000)), sketchOf(range(0, 10))];
    const union = new ReachSketch();
    const expected = days.map((day) => (day === null ? union : union.merge(day)).estimate());
    expect(cumulativeEstimates(days)).toEqual(expected);
    expect(relative(cumulativeEstimates(days)[3] as number, 50_000)).toBeLessThan(0.02);
    expect(cumulativeEstimates([null, null])).toEqual([0, 0]);
  });

  it('stores a small sketch sparse and a large one dense, both read back exactly', () => {
    const small = sketchOf(range(0, 500));
    const smallBytes = small.encode();
    expect(smallBytes[0]).toBe(1);
    expect(smallBytes.length).toBeLessThan(500 * 3 + 2);
    expect(ReachSketch.decode(smallBytes).registers).toEqual(small.registers);
    const large = sketchOf(range(0, 50_000));
    const largeBytes = large.encode();
    expect(largeBytes[0]).toBe(2);
    expect(largeBytes.length).toBe(REACH_REGISTERS + 1);
    expect(ReachSketch.decode(largeBytes).registers).toEqual(large.registers);
    // Merged from the bytes as from the sketch.
    expect(new ReachSketch().mergeBytes(smallBytes).mergeBytes(largeBytes).registers).toEqual(
      new ReachSketch().merge(small).merge(large).registers,
    );
  });

  it('refuses bytes that are not a sketch, naming what is wrong', () => {
    expect(() => ReachSketch.decode(new Uint8Array([9]))).toThrow(/Not a reach sketch/);
    expect(() => ReachSketch.decode(new Uint8Array([1, 0, 0]))).toThrow(/Not a reach sketch/);
    expect(() => ReachSketch.decode(new Uint8Array([1, 0xff, 0xff, 3]))).toThrow(/out of range/);
    expect(() => ReachSketch.decode(new Uint8Array([1, 0, 1, 60]))).toThrow(/out of range/);
    expect(() => ReachSketch.decode(new Uint8Array([2, 1, 2]))).toThrow(/wrong length/);
    expect(() => new ReachSketch().addHash(new Uint8Array(4))).toThrow(/8 bytes/);
  });

  it('takes a hash as 16 hex digits as it takes its bytes, and refuses any other text', () => {
    const byBytes = new ReachSketch();
    const byHex = new ReachSketch();
    for (let id = 0; id < 20_000; id += 1) {
      const hash = hashOf(id);
      byBytes.addHash(hash);
      byHex.addHex(Buffer.from(hash).toString('hex'));
    }
    expect(byHex.registers).toEqual(byBytes.registers);
    // The slots of the same hashes, stored without a sketch of 2^14 registers, read back the same.
    const hexes = Array.from({ length: 20_000 }, (_, id) => Buffer.from(hashOf(id)).toString('hex'));
    const stored = encodeSlots(reachSlots(hexes));
    expect(stored[0]).toBe(2);
    expect(ReachSketch.decode(stored).registers).toEqual(byBytes.registers);
    const few = encodeSlots(reachSlots(hexes.slice(0, 300)));
    expect(few[0]).toBe(1);
    expect(few).toEqual(sketchOf(range(0, 300)).encode());
    expect(() => reachSlots(['xyz'])).toThrow(/16 hex digits/);
    expect(() => byHex.addHex('00ff')).toThrow(/16 hex digits/);
    expect(() => byHex.addHex('00000000000000G0')).toThrow(/16 hex digits/);
  });

  it('says its error: 1.04 / sqrt(16,384) = 0.8125 %', () => {
    expect(REACH_RELATIVE_ERROR).toBeCloseTo(0.008125, 6);
  });
});

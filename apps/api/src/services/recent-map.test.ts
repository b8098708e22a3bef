import { describe, expect, it } from 'vitest';
import { RecentMap } from './recent-map';

describe('RecentMap: a bounded map of the keys used lately', () => {
  it('holds at most its limit: new keys past it drop the ones not used since the last half-limit of new keys', () => {
    const map = new RecentMap<number, string>(10);
    for (let key = 0; key < 100; key += 1) {
      map.set(key, `v${key}`);
      expect(map.size).toBeLessThanOrEqual(10);
    }
    // The last ten keys set are held: the newer half (95-99) and the older one (90-94); none before.
    expect(map.size).toBe(10);
    for (let key = 99; key >= 95; key -= 1) expect(map.get(key)).toBe(`v${key}`);
    expect(map.get(89)).toBeUndefined();
    expect(map.get(0)).toBeUndefined();
    // Reading a key of the older half moves it into the newer one, which turns the halves when full:
    // 90 is kept with the newer keys of a moment ago, and the rest of the older half goes.
    expect(map.get(90)).toBe('v90');
    expect(map.get(91)).toBeUndefined();
    expect(map.get(99)).toBe('v99');
    expect(map.size).toBe(6);
  });

  it('a key used at least once in every half-limit of new keys is never dropped, however many new keys come', () => {
    const map = new RecentMap<string, number>(2_000);
    map.set('steady', 1);
    for (let n = 0; n < 100_000; n += 1) {
      map.set(`flood-${n}`, n);
      if (n % 999 === 0) map.set('steady', (map.get('steady') as number) + 1);
    }
    expect(map.get('steady')).toBe(1 + Math.floor(99_999 / 999) + 1);
    expect(map.size).toBeLessThanOrEqual(2_000);
  });

  it('a key read from the older half moves to the newer one and outlives the next turn of the halves', () => {
    const map = new RecentMap<string, number>(4);
    map.set('a', 1);
    map.set('b', 2); // newer: a, b
    map.set('c', 3); // turned: older a, b; newer c
    expect(map.get('a')).toBe(1); // a moves to the newer half: c, a
    map.set('d', 4); // turned: older c, a; newer d (b dropped)
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
    // Setting a held key changes its value without turning the halves.
    map.set('c', 30);
    expect(map.get('c')).toBe(30);
    expect(map.size).toBeLessThanOrEqual(4);
  });

  it('clear forgets every key; a limit under 2 is refused', () => {
    const map = new RecentMap<string, number>(4);
    map.set('a', 1);
    map.clear();
    expect(map.size).toBe(0);
    expect(map.get('a')).toBeUndefined();
    expect(() => new RecentMap(1)).toThrow('at least 2 keys');
    expect(() => new RecentMap(2.5)).toThrow('at least 2 keys');
  });
});

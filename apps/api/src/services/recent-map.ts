// A bounded map that keeps the keys used lately (the rate rule's minute counts and the user agents'
// verdicts: serving/traffic-quality.ts; the compiled gzip templates and their layouts:
// serving/gzip-template.ts), in constant time whatever comes in.
//
// Two halves: new keys go into the newer one; when it holds half the limit it becomes the older one and
// the older one is dropped. A key read from the older half moves to the newer one. So a key used at
// least once in every half-limit of new keys is never dropped, and at most `limit` keys are held.
//
// Why not one Map with its first key deleted for each new one (the usual least-recently-used list in
// JavaScript): V8's Map leaves a deleted entry in place until the table is rebuilt, and a new iterator
// walks over every one of them to find the first key. Under a flood of new keys each eviction walked
// further: the rate rule went from under 1 µs to about 200 µs a request after a minute of new clients
// (docs/serving.md, "A flood of new clients"; `pnpm exec tsx bench/traffic-quality.ts` prints it).
export class RecentMap<K, V> {
  private newer = new Map<K, V>();
  private older = new Map<K, V>();
  private readonly half: number;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 2) throw new Error('A RecentMap holds at least 2 keys');
    this.half = Math.floor(limit / 2);
  }

  /** The key's value (moved to the newer half when it was in the older one); undefined when not held. */
  get(key: K): V | undefined {
    const value = this.newer.get(key);
    if (value !== undefined) return value;
    const old = this.older.get(key);
    if (old !== undefined) {
      this.older.delete(key);
      this.set(key, old);
    }
    return old;
  }

  /** Sets the key's value in the newer half (the halves turn first when a new key finds it full). */
  set(key: K, value: V): void {
    if (this.newer.size >= this.half && !this.newer.has(key)) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(key, value);
  }

  /** Keys held (the two halves together; at most the limit). */
  get size(): number {
    return this.newer.size + this.older.size;
  }

  clear(): void {
    this.newer = new Map();
    this.older = new Map();
  }
}

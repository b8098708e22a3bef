// Decoded consent strings remembered by a digest of their text (services/serving/consent.ts): a person's
// string comes back with each of their requests, and decoding is most of the cost.
//
// Keyed by the SHA-256 of the text, never the text: keyed by the text, 5,000 distinct 15 KB strings held
// 113 MB and pushed every genuine entry out (docs/security.md, "Round 6"). A digest is 43 characters
// whatever the string's length, and nobody can make two texts share one. Bounded by entries and by bytes
// (each entry's key, value and what a Map spends on it), in two halves as RecentMap's
// (services/recent-map.ts): new keys go into the newer half; when it is full it becomes the older one and
// the older one is dropped; a key read from the older half moves to the newer one.
import { createHash } from 'node:crypto';

/** What a Map spends on an entry beside its key's characters and its value (its slot, a string's header), rounded up. */
const ENTRY_OVERHEAD_BYTES = 64;

interface Half<V> {
  entries: Map<string, V>;
  bytes: number;
}

const emptyHalf = <V>(): Half<V> => ({ entries: new Map(), bytes: 0 });

export class DecodedCache<V> {
  private newer: Half<V> = emptyHalf();
  private older: Half<V> = emptyHalf();
  private readonly halfEntries: number;
  private readonly halfBytes: number;

  /** `valueBytes`: the bytes a value holds of its own (its object, any text it keeps). */
  constructor(
    limits: { entries: number; bytes: number },
    private readonly valueBytes: (value: V) => number,
  ) {
    this.halfEntries = Math.max(1, Math.floor(limits.entries / 2));
    this.halfBytes = limits.bytes / 2;
  }

  /**
   * The key of a text read under a context (our vendor id, the GPP string's applicable sections): the
   * context's length first, so no context and text run together into another's.
   */
  static keyOf(context: string, text: string): string {
    return createHash('sha256').update(`${context.length}:${context}:`).update(text).digest('base64url');
  }

  /** The value remembered for the key (moved to the newer half when it was in the older one). */
  get(key: string): V | undefined {
    const value = this.newer.entries.get(key);
    if (value !== undefined) return value;
    const old = this.older.entries.get(key);
    if (old !== undefined) {
      this.older.entries.delete(key);
      this.older.bytes -= this.costOf(key, old);
      this.set(key, old);
    }
    return old;
  }

  /** Remembers the value (unless it alone would fill half the bytes) and returns it. */
  set(key: string, value: V): V {
    const cost = this.costOf(key, value);
    if (cost > this.halfBytes) return value;
    const replaced = this.newer.entries.get(key);
    if (replaced !== undefined) this.newer.bytes -= this.costOf(key, replaced);
    else if (this.newer.entries.size >= this.halfEntries || this.newer.bytes + cost > this.halfBytes) {
      this.older = this.newer;
      this.newer = emptyHalf();
    }
    this.newer.entries.set(key, value);
    this.newer.bytes += cost;
    return value;
  }

  /** The bytes held, keys and values, both halves. */
  get bytes(): number {
    return this.newer.bytes + this.older.bytes;
  }

  /** Entries held, both halves. */
  get size(): number {
    return this.newer.entries.size + this.older.entries.size;
  }

  private costOf(key: string, value: V): number {
    return ENTRY_OVERHEAD_BYTES + key.length + this.valueBytes(value);
  }
}

// The reach sketch (docs/reports.md, "Reach"; docs/decisions/0009-reach-sketch.md): a HyperLogLog of
// 2^14 registers that counts distinct identities (a browser's reach cookie, a device's advertising id)
// without keeping any of them. An identity is hashed to 64 bits by the server (its keyed hash); the
// low 14 bits choose a register and the register keeps the highest rank (1 + the number of leading
// zeros of the other 50 bits) seen. Two sketches merge by taking each register's maximum, so a sketch
// per 15-minute bucket, per hour, per process merges into any range's and any fleet's.
//
// The estimate is Ertl's improved raw estimator ("New cardinality estimation algorithms for HyperLogLog
// sketches", 2017): unbiased from 0 to far past a billion without HLL++'s empirical bias tables, with a
// relative standard error of 1.04 / sqrt(2^14) = 0.81 %.
//
// Stored as bytes: a sparse list (kind 1: a 3-byte entry per register set, its index and rank) while
// that is smaller than the registers themselves, else the registers (kind 2: 2^14 bytes).

/** Register index bits: 2^14 = 16,384 registers. */
export const REACH_PRECISION = 14;
export const REACH_REGISTERS = 1 << REACH_PRECISION;
/** The bits of the hash left for the rank (64 - precision). */
const RANK_BITS = 64 - REACH_PRECISION;
/** The sketch's relative standard error: 1.04 / sqrt(registers) (0.0081). */
export const REACH_RELATIVE_ERROR = 1.04 / Math.sqrt(REACH_REGISTERS);

const HEX64 = /^[0-9a-f]{16}$/;
const SPARSE = 1;
const DENSE = 2;
const SPARSE_ENTRY = 3;
/** A sparse sketch with more entries than this is written dense (smaller from there on). */
const SPARSE_LIMIT = Math.floor(REACH_REGISTERS / SPARSE_ENTRY);

/** Leading zeros of a 50-bit number held as (high 18 bits, low 32 bits). */
function leadingZeros50(high18: number, low32: number): number {
  if (high18 !== 0) return Math.clz32(high18) - 14;
  return 18 + Math.clz32(low32);
}

const RANK_SHIFT = 6;
const RANK_MASK = (1 << RANK_SHIFT) - 1;

/** A hash's register and rank as one number: index << 6 | rank. */
function slotOf(high: number, low: number): number {
  const index = low & (REACH_REGISTERS - 1);
  // The other 50 bits: the high word's 32 and the low word's top 18.
  const restHigh = (high >>> 14) & 0x3ffff;
  const restLow = (((high & 0x3fff) << 18) | (low >>> REACH_PRECISION)) >>> 0;
  return (index << RANK_SHIFT) | (Math.min(leadingZeros50(restHigh, restLow), RANK_BITS) + 1);
}

/**
 * The registers a set of hashes (16 hex digits each) raises, by index: what a sketch of them alone holds,
 * without its 2^14 registers (a quarter hour's few identities), for `encodeSlots` or `addSlots`.
 */
export function reachSlots(hashes: Iterable<string>): Map<number, number> {
  const slots = new Map<number, number>();
  for (const hex of hashes) {
    if (!HEX64.test(hex)) throw new Error('A reach hash is 16 hex digits');
    const slot = slotOf(Number.parseInt(hex.slice(0, 8), 16), Number.parseInt(hex.slice(8, 16), 16));
    const index = slot >>> RANK_SHIFT;
    const rank = slot & RANK_MASK;
    if (rank > (slots.get(index) ?? 0)) slots.set(index, rank);
  }
  return slots;
}

/** The stored bytes of a sketch holding only `slots` (reachSlots): sparse while that is smaller. */
export function encodeSlots(slots: ReadonlyMap<number, number>): Uint8Array {
  if (slots.size > SPARSE_LIMIT) {
    const sketch = new ReachSketch();
    for (const [index, rank] of slots) sketch.addSlot(index, rank);
    return sketch.encode();
  }
  const bytes = new Uint8Array(1 + slots.size * SPARSE_ENTRY);
  bytes[0] = SPARSE;
  let at = 1;
  for (const index of [...slots.keys()].sort((a, b) => a - b)) {
    bytes[at] = index >>> 8;
    bytes[at + 1] = index & 0xff;
    bytes[at + 2] = slots.get(index) as number;
    at += SPARSE_ENTRY;
  }
  return bytes;
}

export class ReachSketch {
  readonly registers: Uint8Array;

  constructor(registers?: Uint8Array) {
    if (registers !== undefined && registers.length !== REACH_REGISTERS)
      throw new Error(`A reach sketch has ${REACH_REGISTERS} registers, not ${registers.length}`);
    this.registers = registers ?? new Uint8Array(REACH_REGISTERS);
  }

  /**
   * Adds an identity by its 64-bit hash, given as its first 8 bytes (big-endian). Answers whether a
   * register changed.
   */
  addHash(hash: Uint8Array): boolean {
    if (hash.length < 8) throw new Error('A reach hash has 8 bytes or more');
    const high =
      (((hash[0] as number) << 24) |
        ((hash[1] as number) << 16) |
        ((hash[2] as number) << 8) |
        (hash[3] as number)) >>>
      0;
    const low =
      (((hash[4] as number) << 24) |
        ((hash[5] as number) << 16) |
        ((hash[6] as number) << 8) |
        (hash[7] as number)) >>>
      0;
    return this.add64(high, low);
  }

  /** Adds an identity by its 64-bit hash written as 16 hex digits (the stores' rows carry it so). */
  addHex(hex: string): boolean {
    if (!HEX64.test(hex)) throw new Error('A reach hash is 16 hex digits');
    return this.add64(Number.parseInt(hex.slice(0, 8), 16), Number.parseInt(hex.slice(8, 16), 16));
  }

  /** Adds an identity by its 64-bit hash as two unsigned 32-bit halves, high first. */
  add64(high: number, low: number): boolean {
    const slot = slotOf(high, low);
    return this.addSlot(slot >>> RANK_SHIFT, slot & RANK_MASK);
  }

  /** Raises register `index` to `rank` (a slot of reachSlots). */
  addSlot(index: number, rank: number): boolean {
    if (rank <= (this.registers[index] as number)) return false;
    this.registers[index] = rank;
    return true;
  }

  /** Takes each register's maximum with `other`'s (this sketch changes; `other` does not). */
  merge(other: ReachSketch): this {
    const mine = this.registers;
    const theirs = other.registers;
    for (let index = 0; index < REACH_REGISTERS; index += 1)
      if ((theirs[index] as number) > (mine[index] as number)) mine[index] = theirs[index] as number;
    return this;
  }

  /** Merges a stored sketch's bytes in, without making a sketch of them first. */
  mergeBytes(bytes: Uint8Array): this {
    decodeInto(bytes, this.registers);
    return this;
  }

  /** Whether no identity was added. */
  get empty(): boolean {
    return this.registers.every((rank) => rank === 0);
  }

  /** The estimated count of distinct identities added (Ertl's improved raw estimator), not rounded. */
  estimate(): number {
    // A typed histogram and an indexed loop: a report estimates a sketch a day (docs/reports.md, "Reach").
    const counts = new Int32Array(RANK_BITS + 2);
    const registers = this.registers;
    for (let index = 0; index < REACH_REGISTERS; index += 1) {
      const rank = registers[index] as number;
      counts[rank] = (counts[rank] as number) + 1;
    }
    return estimateOfCounts(counts);
  }

  /** The bytes to store: sparse while that is smaller, else the registers. */
  encode(): Uint8Array {
    const registers = this.registers;
    let set = 0;
    for (let index = 0; index < REACH_REGISTERS; index += 1) if (registers[index] !== 0) set += 1;
    if (set > SPARSE_LIMIT) {
      const bytes = new Uint8Array(1 + REACH_REGISTERS);
      bytes[0] = DENSE;
      bytes.set(registers, 1);
      return bytes;
    }
    const bytes = new Uint8Array(1 + set * SPARSE_ENTRY);
    bytes[0] = SPARSE;
    let at = 1;
    for (let index = 0; index < REACH_REGISTERS; index += 1) {
      const rank = registers[index] as number;
      if (rank === 0) continue;
      bytes[at] = index >>> 8;
      bytes[at + 1] = index & 0xff;
      bytes[at + 2] = rank;
      at += SPARSE_ENTRY;
    }
    return bytes;
  }

  /** A sketch from stored bytes; an error naming what is wrong with bytes that are not one. */
  static decode(bytes: Uint8Array): ReachSketch {
    const sketch = new ReachSketch();
    decodeInto(bytes, sketch.registers);
    return sketch;
  }
}

/** Merges stored bytes into `registers` (each register's maximum). */
function decodeInto(bytes: Uint8Array, registers: Uint8Array): void {
  const kind = bytes[0];
  if (kind === DENSE) {
    if (bytes.length !== 1 + REACH_REGISTERS) throw new Error('A dense reach sketch has the wrong length');
    for (let index = 0; index < REACH_REGISTERS; index += 1) {
      const rank = bytes[index + 1] as number;
      if (rank > RANK_BITS + 1) throw new Error('A reach sketch register is out of range');
      if (rank > (registers[index] as number)) registers[index] = rank;
    }
    return;
  }
  if (kind !== SPARSE || (bytes.length - 1) % SPARSE_ENTRY !== 0)
    throw new Error('Not a reach sketch: unknown kind or length');
  for (let at = 1; at < bytes.length; at += SPARSE_ENTRY) {
    const index = ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
    const rank = bytes[at + 2] as number;
    if (index >= REACH_REGISTERS || rank === 0 || rank > RANK_BITS + 1)
      throw new Error('A reach sketch entry is out of range');
    if (rank > (registers[index] as number)) registers[index] = rank;
  }
}

/** Ertl's sigma(x) = x + sum_k x^(2^k) 2^(k-1). */
function sigma(x: number): number {
  if (x === 1) return Number.POSITIVE_INFINITY;
  let y = 1;
  let z = x;
  let power = x;
  for (;;) {
    power *= power;
    const previous = z;
    z += power * y;
    y += y;
    if (z === previous) return z;
  }
}

/** Ertl's tau(x) = (1 - x - sum_k (1 - x^(2^-k))^2 2^-k) / 3. */
function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  let root = x;
  for (;;) {
    root = Math.sqrt(root);
    const previous = z;
    y *= 0.5;
    z -= (1 - root) ** 2 * y;
    if (z === previous) return z / 3;
  }
}

/** Ertl's improved raw estimator of a sketch from its registers' histogram (counts[rank]). */
function estimateOfCounts(counts: Int32Array): number {
  const m = REACH_REGISTERS;
  if (counts[0] === m) return 0;
  let z = m * tau(1 - (counts[RANK_BITS + 1] as number) / m);
  for (let k = RANK_BITS; k >= 1; k -= 1) z = 0.5 * (z + (counts[k] as number));
  z += m * sigma((counts[0] as number) / m);
  return (m * m) / (2 * Math.LN2 * z);
}

/**
 * The cumulative curve of a run of sketches (a report's days, in order; null: a day without one): the
 * estimate of the union of the first k, for every k, each the same number `estimate()` of that union
 * gives. The union's histogram is kept as each day is merged in, so a day costs one pass over its
 * registers and the estimate the ranks alone, not a second pass over the union's registers.
 */
export function cumulativeEstimates(sketches: readonly (ReachSketch | null)[]): number[] {
  const union = new Uint8Array(REACH_REGISTERS);
  const counts = new Int32Array(RANK_BITS + 2);
  counts[0] = REACH_REGISTERS;
  let estimate = 0;
  return sketches.map((sketch) => {
    if (sketch === null) return estimate;
    const registers = sketch.registers;
    let changed = false;
    for (let index = 0; index < REACH_REGISTERS; index += 1) {
      const rank = registers[index] as number;
      const held = union[index] as number;
      if (rank > held) {
        union[index] = rank;
        counts[held] = (counts[held] as number) - 1;
        counts[rank] = (counts[rank] as number) + 1;
        changed = true;
      }
    }
    if (changed) estimate = estimateOfCounts(counts);
    return estimate;
  });
}

// DEFLATE's fixed Huffman codes (RFC 1951 §3.2.5-3.2.6) and a writer of their bits, least significant
// first: what the spliced gzip of a templated answer (gzip-template.ts) codes its matches and literals
// with. Split from it, unchanged, to keep each file to one part.

// ---- DEFLATE's fixed codes (RFC 1951 §3.2.5-3.2.6), bits as written: least significant first. ----

const reverse = (code: number, length: number) => {
  let reversed = 0;
  for (let bit = 0; bit < length; bit += 1) reversed |= ((code >> bit) & 1) << (length - 1 - bit);
  return reversed;
};

/** Fixed literal/length code of symbol 0-287: its bits (reversed, ready to write) and their count. */
export const LITERAL_BITS = new Uint16Array(288);
const LITERAL_LENGTH = new Uint8Array(288);
for (let symbol = 0; symbol < 288; symbol += 1) {
  const [base, first, length] =
    symbol < 144
      ? [0x30, 0, 8]
      : symbol < 256
        ? [0x190, 144, 9]
        : symbol < 280
          ? [0, 256, 7]
          : [0xc0, 280, 8];
  LITERAL_BITS[symbol] = reverse(base + symbol - first, length);
  LITERAL_LENGTH[symbol] = length;
}

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
  227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
  6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];

export const MIN_MATCH = 3;
export const MAX_MATCH = 258;
export const MAX_DISTANCE = 32_768;

/** A match length's code with its extra bits, as one value of `LENGTH_CODE_BITS[length]` bits. */
const LENGTH_CODE = new Uint32Array(MAX_MATCH + 1);
const LENGTH_CODE_BITS = new Uint8Array(MAX_MATCH + 1);
for (let index = LENGTH_BASE.length - 1; index >= 0; index -= 1) {
  const base = LENGTH_BASE[index] as number;
  const extra = LENGTH_EXTRA[index] as number;
  for (let length = base; length < base + (1 << extra) && length <= MAX_MATCH; length += 1) {
    if (LENGTH_CODE_BITS[length]) continue; // 258 is its own code (285), not 227's last extra value
    const symbol = 257 + index;
    LENGTH_CODE[length] =
      (LITERAL_BITS[symbol] as number) | ((length - base) << (LITERAL_LENGTH[symbol] as number));
    LENGTH_CODE_BITS[length] = (LITERAL_LENGTH[symbol] as number) + extra;
  }
}

/** The distance code of `distance` (1-32768), as zlib finds it: by `distance - 1` below 256, else by its 128s. */
const DISTANCE_INDEX = new Uint8Array(512);
for (let index = 0; index < DISTANCE_BASE.length; index += 1) {
  const base = DISTANCE_BASE[index] as number;
  for (let distance = base; distance < base + (1 << (DISTANCE_EXTRA[index] as number)); distance += 1) {
    if (distance <= 256) DISTANCE_INDEX[distance - 1] = index;
    else DISTANCE_INDEX[256 + ((distance - 1) >> 7)] = index;
  }
}
const distanceIndex = (distance: number) =>
  DISTANCE_INDEX[distance <= 256 ? distance - 1 : 256 + ((distance - 1) >> 7)] as number;
/** Each distance code's 5 bits as written. */
const DISTANCE_CODE = DISTANCE_BASE.map((_, index) => reverse(index, 5));

// ---- Writing bits ----

/** Bits written least significant first into a byte buffer (DEFLATE's order). */
export class BitWriter {
  at = 0;
  private pending = 0;
  private count = 0;
  constructor(readonly bytes: Uint8Array) {}
  /** Up to 24 bits at once. */
  write(bits: number, length: number) {
    this.pending |= bits << this.count;
    this.count += length;
    while (this.count >= 8) {
      this.bytes[this.at++] = this.pending & 0xff;
      this.pending >>>= 8;
      this.count -= 8;
    }
  }
  /** Bits written earlier by another writer: `length` bits of `source`. */
  append(source: Uint8Array, length: number) {
    const whole = length >> 3;
    const shift = this.count;
    if (shift === 0) {
      this.bytes.set(source.subarray(0, whole), this.at);
      this.at += whole;
    } else {
      const bytes = this.bytes;
      let pending = this.pending;
      let at = this.at;
      for (let index = 0; index < whole; index += 1) {
        pending |= (source[index] as number) << shift;
        bytes[at++] = pending & 0xff;
        pending >>>= 8;
      }
      this.pending = pending;
      this.at = at;
    }
    if (length & 7) this.write((source[whole] as number) & ((1 << (length & 7)) - 1), length & 7);
  }
  literal(byte: number) {
    this.write(LITERAL_BITS[byte] as number, LITERAL_LENGTH[byte] as number);
  }
  match(length: number, distance: number) {
    this.write(LENGTH_CODE[length] as number, LENGTH_CODE_BITS[length] as number);
    const index = distanceIndex(distance);
    this.write(
      (DISTANCE_CODE[index] as number) | ((distance - (DISTANCE_BASE[index] as number)) << 5),
      5 + (DISTANCE_EXTRA[index] as number),
    );
  }
  /** The bits so far, the last byte partly filled: for `append` later. */
  bits(): { bytes: Uint8Array; length: number } {
    const length = this.at * 8 + this.count;
    const bytes = this.bytes.slice(0, this.at + (this.count > 0 ? 1 : 0));
    if (this.count > 0) bytes[this.at] = this.pending & 0xff;
    return { bytes, length };
  }
  bitsWritten(): number {
    return this.at * 8 + this.count;
  }
  /** Pads to a whole byte. */
  flush() {
    if (this.count > 0) this.write(0, 8 - this.count);
  }
}

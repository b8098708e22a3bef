// gzip of a filled answer (answer-template.ts) without compressing it again for every request: the
// template's constant text is compressed once (LZ77 matches found once, coded with DEFLATE's fixed
// Huffman codes, RFC 1951 §3.2.6) and a request only codes its slot values and splices the constant
// parts' precomputed bits around them.
//
// A hand-made piece on the serving hot path, and why it stays: zlib compressing each VAST and ad JSON
// answer whole, like brotli at quality 1 before it, costs about 20 µs an answer, this splice about 3 µs.
// Measured with `bench/serving.mjs` (the server's CPU per answered request beside the bare route's), its
// figures in docs/serving.md, "What a request costs".
//
// The switch back: `SERVING_LIBRARY_CALLS=true` (config.ts; `setLibraryGzip`) compresses every answer
// with zlib's `gzipSync` instead. The member differs, what it inflates to does not: gzip-template.test.ts
// proves both paths give the same bytes over many templates and values.
//
// The one subtlety is distance. A match in a constant part may point back into an earlier constant
// part, across slots whose values have the request's own lengths: such a match keeps where it points
// (part and offset) and its distance is computed per request. No match of a constant part points into a
// slot (the matcher never sees slot bytes). A slot whose name came earlier in the same answer (the
// impression's query is in every tracking URL of a VAST document) is one match back to that earlier
// value, so twenty copies of it cost a few bytes each.
import { crc32, gzipSync } from 'node:zlib';
import { RecentMap } from '../recent-map';
import { type AnswerTemplate, type FilledAnswer, fillAnswer } from './answer-template';
import { BitWriter, LITERAL_BITS, MAX_DISTANCE, MAX_MATCH, MIN_MATCH } from './deflate-codes';

// ---- The compiled template ----

/** A step of a constant part's code: bits that never change, or a match whose distance does. */
type Step =
  | { kind: 'bits'; bytes: Uint8Array; length: number }
  | { kind: 'match'; length: number; part: number; offset: number; at: number };

export interface GzipTemplate {
  /** The constant parts' bytes (the template's even entries). */
  parts: Buffer[];
  /** The slot names between them (the odd entries). */
  slots: string[];
  /** Each part's code. */
  steps: Step[][];
  /** The parts' code in bits, for the output's capacity. */
  constantBits: number;
  /** The template itself, filled for the CRC. */
  template: AnswerTemplate;
  /** Answers already coded, by their slot values' lengths (below, "Layouts"). */
  layouts: RecentMap<string, Layout>;
  /** The slot names, each once. */
  layoutNames: string[];
}

/** The constant parts' positions by their first three bytes (a match's start), in order. */
function matchFinder(parts: Buffer[]) {
  const chains = new Map<number, [number, number][]>();
  const key = (bytes: Buffer, at: number) =>
    ((bytes[at] as number) << 16) | ((bytes[at + 1] as number) << 8) | (bytes[at + 2] as number);
  return {
    add(part: number, at: number) {
      const bytes = parts[part] as Buffer;
      if (at + MIN_MATCH > bytes.length) return;
      const hash = key(bytes, at);
      const chain = chains.get(hash);
      if (chain) chain.push([part, at]);
      else chains.set(hash, [[part, at]]);
    },
    /** The longest earlier match of part `part` at `at`, within one constant part each side. */
    longest(part: number, at: number, constantStart: number[]) {
      const bytes = parts[part] as Buffer;
      if (at + MIN_MATCH > bytes.length) return undefined;
      const chain = chains.get(key(bytes, at));
      if (!chain) return undefined;
      let best: { length: number; part: number; offset: number } | undefined;
      // The newest 64 candidates (nearest first): enough for an answer of a few kilobytes.
      for (let index = chain.length - 1; index >= 0 && index >= chain.length - 64; index -= 1) {
        const [sourcePart, offset] = chain[index] as [number, number];
        const source = parts[sourcePart] as Buffer;
        // The constant bytes between, a lower bound of the distance: stay well inside the window.
        if (
          (constantStart[part] as number) + at - ((constantStart[sourcePart] as number) + offset) >
          MAX_DISTANCE / 2
        )
          break;
        const limit = Math.min(MAX_MATCH, bytes.length - at, source.length - offset);
        let length = 0;
        while (length < limit && source[offset + length] === bytes[at + length]) length += 1;
        if (length >= MIN_MATCH && (!best || length > best.length)) {
          best = { length, part: sourcePart, offset };
          if (length === limit) break;
        }
      }
      return best;
    },
  };
}

/** Compresses a template's constant parts once (greedy LZ77 with one step of lazy matching). */
export function compileGzipTemplate(template: AnswerTemplate): GzipTemplate {
  const parts = template.filter((_, index) => index % 2 === 0).map((text) => Buffer.from(text, 'utf8'));
  const slots = template.filter((_, index) => index % 2 === 1) as string[];
  const constantStart: number[] = [];
  parts.reduce((start, part, index) => {
    constantStart[index] = start;
    return start + part.length;
  }, 0);
  const finder = matchFinder(parts);
  let constantBits = 0;
  const steps = parts.map((bytes, part) => {
    const code: Step[] = [];
    let writer = new BitWriter(new Uint8Array(bytes.length * 2 + 8));
    const close = () => {
      const { bytes: written, length } = writer.bits();
      if (length > 0) code.push({ kind: 'bits', bytes: written, length });
      constantBits += length;
      writer = new BitWriter(new Uint8Array(bytes.length * 2 + 8));
    };
    let at = 0;
    while (at < bytes.length) {
      let found = finder.longest(part, at, constantStart);
      if (found) {
        // Lazy: a longer match one byte later is worth a literal first.
        const next = finder.longest(part, at + 1, constantStart);
        if (next && next.length > found.length + 1) {
          finder.add(part, at);
          writer.literal(bytes[at] as number);
          at += 1;
          found = next;
        }
        if (found.part === part) {
          writer.match(found.length, at - found.offset);
        } else {
          close();
          code.push({ kind: 'match', length: found.length, part: found.part, offset: found.offset, at });
          constantBits += 31;
        }
        for (let index = 0; index < found.length; index += 1) finder.add(part, at + index);
        at += found.length;
      } else {
        finder.add(part, at);
        writer.literal(bytes[at] as number);
        at += 1;
      }
    }
    close();
    return code;
  });
  return {
    parts,
    slots,
    steps,
    constantBits,
    template,
    layouts: new RecentMap(LAYOUTS),
    layoutNames: [...new Set(slots)],
  };
}

// ---- One answer ----

const GZIP_HEADER = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];

/**
 * The gzip member of the template filled with `values`, without compressing the constant parts again;
 * undefined when a distance would leave DEFLATE's 32 KB window (answers of that size are not templated
 * here: the caller compresses the filled text instead).
 */
export function gzipFilled(
  compiled: GzipTemplate,
  values: Readonly<Record<string, string>>,
  /** Told where each slot's first copy starts, in bits, when it is coded as literals. */
  firstCopyAt?: (name: string, bit: number) => void,
): Buffer | undefined {
  const { parts, slots, steps } = compiled;
  // Each slot value's bytes, once per name.
  const bytesOf = new Map<string, Buffer>();
  let slotBytes = 0;
  const slotValues = slots.map((name) => {
    let value = bytesOf.get(name);
    if (!value) {
      value = Buffer.from(values[name] ?? '', 'utf8');
      bytesOf.set(name, value);
    }
    slotBytes += value.length;
    return value;
  });
  // Where each part starts in the answer.
  const start: number[] = [];
  let size = 0;
  for (let index = 0; index < parts.length; index += 1) {
    start[index] = size;
    size +=
      (parts[index] as Buffer).length +
      (index < slotValues.length ? (slotValues[index] as Buffer).length : 0);
  }
  // Every bit the answer can take: the header, the block's 3 bits, the parts' code, each slot byte a
  // literal of at most 9 bits (or a repeat's matches, at most 31 bits for 3 bytes or more), the end of
  // the block, then CRC and size.
  const bits = 3 + compiled.constantBits + slotBytes * 9 + slots.length * 31 + 7;
  const out = new BitWriter(Buffer.allocUnsafe(GZIP_HEADER.length + Math.ceil(bits / 8) + 1 + 8));
  out.bytes.set(GZIP_HEADER);
  out.at = GZIP_HEADER.length;
  out.write(0b011, 3); // BFINAL 1, BTYPE 01: one block, fixed codes
  const earlier = new Map<string, number>();
  for (let index = 0; index < parts.length; index += 1) {
    const partStart = start[index] as number;
    for (const step of steps[index] as Step[]) {
      if (step.kind === 'bits') {
        out.append(step.bytes, step.length);
        continue;
      }
      const distance = partStart + step.at - ((start[step.part] as number) + step.offset);
      if (distance > MAX_DISTANCE) return undefined;
      out.match(step.length, distance);
    }
    if (index >= slotValues.length) break;
    const name = slots[index] as string;
    const value = slotValues[index] as Buffer;
    const at = partStart + (parts[index] as Buffer).length;
    const before = earlier.get(name);
    if (before !== undefined && value.length >= MIN_MATCH && at - before <= MAX_DISTANCE) {
      // The same value again: matches back to it (a last piece under three bytes as literals).
      let done = 0;
      while (value.length - done >= MIN_MATCH) {
        let length = Math.min(MAX_MATCH, value.length - done);
        if (value.length - done - length > 0 && value.length - done - length < MIN_MATCH) length -= MIN_MATCH;
        out.match(length, at - before);
        done += length;
      }
      for (; done < value.length; done += 1) out.literal(value[done] as number);
    } else {
      firstCopyAt?.(name, out.bitsWritten());
      for (let byte = 0; byte < value.length; byte += 1) out.literal(value[byte] as number);
    }
    // The nearest copy is the cheapest to point at (a shorter distance has fewer extra bits).
    earlier.set(name, at);
  }
  out.write(0, 7); // end of block (256: seven zero bits)
  out.flush();
  const tail = out.at;
  const result = Buffer.from(out.bytes.buffer, out.bytes.byteOffset, tail + 8);
  // The CRC of the filled text in one pass (native, about 2 µs for 7 KB): cheaper than combining the
  // parts' CRCs in JavaScript.
  result.writeUInt32LE(crc32(fillAnswer(compiled.template, values)), tail);
  result.writeUInt32LE(size >>> 0, tail + 4);
  return result;
}

// ---- Layouts: the same lengths again ----
//
// Every distance depends only on the lengths of the slot values, never on their text, and a character
// under 128 is a literal of exactly 8 bits (RFC 1951's fixed codes). So two answers whose values have
// the same lengths and are ASCII are coded alike but for the bits of each value's first copy: once an
// answer is coded, the next one of the same lengths is a copy of its bytes with those bits written in
// (the common case: the impression's query has a handful of lengths per live creative).

interface Layout {
  /** The member's bytes but its CRC and size, with each first copy's bits zero. */
  bytes: Buffer;
  /** Where each slot's first copy starts, in bits. */
  firsts: { name: string; bit: number }[];
  /** The filled text's length in bytes. */
  size: number;
  /** The CRC of the text with every value's bytes zero, and per slot name (`layoutNames`' order) what
   * its value adds to it: `crcTerms` (below) and the CRC of as many zero bytes. */
  zeroCrc: number;
  terms: number[];
  zeroValueCrcs: number[];
}

// ---- The CRC from its parts (RFC 1952's CRC-32, as zlib's crc32_combine works it) ----
//
// A CRC is affine in the text: for texts of one length, CRC(A xor B xor C) = CRC(A) xor CRC(B) xor
// CRC(C). So the CRC of an answer is the CRC of its text with every value's bytes zero, xor, for each
// copy of a value, the value's own linear CRC moved past the bytes that follow the copy: a polynomial
// product by x^(8·bytes after). The copies of one value add up to one product by the sum of their
// powers, computed once per layout: an answer's CRC is then a CRC of each value and a product each.

const CRC_POLYNOMIAL = 0xedb88320;

/** a(x)·b(x) modulo the CRC polynomial, in the CRC's reflected bit order. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let factor = b >>> 0;
  for (let mask = 0x80000000; mask !== 0; mask >>>= 1) {
    if (a & mask) {
      product ^= factor;
      if ((a & (mask - 1)) === 0) break;
    }
    factor = factor & 1 ? (factor >>> 1) ^ CRC_POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}
/** x^(2^k) modulo the polynomial, k = 0-31. */
const X_POWER_2K = [0x40000000];
for (let k = 1; k < 32; k += 1)
  X_POWER_2K.push(multiplyModP(X_POWER_2K[k - 1] as number, X_POWER_2K[k - 1] as number));
/** x^(8·bytes): what moves a CRC term past `bytes` bytes. */
function crcShift(bytes: number): number {
  let power = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n >>>= 1, k += 1)
    if (n & 1) power = multiplyModP(X_POWER_2K[k & 31] as number, power);
  return power;
}
/** Lengths kept per template (the ones not used lately dropped first: a RecentMap). */
const LAYOUTS = 64;

const lengthsKey = (names: readonly string[], values: Readonly<Record<string, string>>) => {
  let key = '';
  for (const name of names) key += `${values[name]?.length ?? 0},`;
  return key;
};

/** Writes an ASCII text's literal codes at `bit` (8 bits each); false at the first character over 127. */
function writeLiterals(bytes: Uint8Array, bit: number, text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 127) return false;
    const bits = LITERAL_BITS[code] as number;
    const at = bit + index * 8;
    const byte = at >> 3;
    const shift = at & 7;
    bytes[byte] = (bytes[byte] as number) | ((bits << shift) & 0xff);
    if (shift > 0) bytes[byte + 1] = (bytes[byte + 1] as number) | (bits >> (8 - shift));
  }
  return true;
}

/** Clears `count` bits from `bit` on. */
function clearBits(bytes: Uint8Array, bit: number, count: number) {
  for (let at = bit; at < bit + count; at += 1)
    bytes[at >> 3] = (bytes[at >> 3] as number) & ~(1 << (at & 7));
}

const isAscii = (text: string) => {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 127) return false;
  return true;
};

/** The answer from a layout of its lengths: undefined when a value is not ASCII. */
function fromLayout(layout: Layout, names: readonly string[], values: Readonly<Record<string, string>>) {
  const result = Buffer.allocUnsafe(layout.bytes.length + 8);
  layout.bytes.copy(result);
  for (const { name, bit } of layout.firsts)
    if (!writeLiterals(result, bit, values[name] ?? '')) return undefined;
  let crc = layout.zeroCrc;
  for (let index = 0; index < names.length; index += 1) {
    const value = values[names[index] as string] ?? '';
    if (value === '') continue;
    const linear = (crc32(value) ^ (layout.zeroValueCrcs[index] as number)) >>> 0;
    crc ^= multiplyModP(layout.terms[index] as number, linear);
  }
  result.writeUInt32LE(crc >>> 0, layout.bytes.length);
  result.writeUInt32LE(layout.size >>> 0, layout.bytes.length + 4);
  return result;
}

/** A layout's CRC parts (above): the zeroed text's CRC and each value's sum of powers. */
function crcTerms(compiled: GzipTemplate, values: Readonly<Record<string, string>>) {
  const names = compiled.layoutNames;
  const zeros = Object.fromEntries(names.map((name) => [name, '\u0000'.repeat(values[name]?.length ?? 0)]));
  const size = Buffer.byteLength(fillAnswer(compiled.template, zeros));
  const terms = names.map(() => 0);
  let end = 0;
  compiled.parts.forEach((part, index) => {
    end += part.length;
    const name = compiled.slots[index];
    if (name === undefined) return;
    end += values[name]?.length ?? 0;
    const at = names.indexOf(name);
    terms[at] = ((terms[at] as number) ^ crcShift(size - end)) >>> 0;
  });
  return {
    zeroCrc: crc32(fillAnswer(compiled.template, zeros)),
    terms,
    zeroValueCrcs: names.map((name) => crc32(Buffer.alloc(values[name]?.length ?? 0))),
  };
}

/** gzipFilled through the template's layouts: a copy when these lengths were coded before. */
function gzipFromLayouts(
  compiled: GzipTemplate,
  values: Readonly<Record<string, string>>,
): Buffer | undefined {
  const names = compiled.layoutNames;
  const key = lengthsKey(names, values);
  const known = compiled.layouts.get(key);
  if (known) return fromLayout(known, names, values) ?? gzipFilled(compiled, values);
  const firsts: Layout['firsts'] = [];
  const member = gzipFilled(compiled, values, (name, bit) => firsts.push({ name, bit }));
  if (!member || !names.every((name) => isAscii(values[name] ?? ''))) return member;
  const bytes = Buffer.from(member.subarray(0, member.length - 8));
  for (const { name, bit } of firsts) clearBits(bytes, bit, (values[name] ?? '').length * 8);
  compiled.layouts.set(key, {
    bytes,
    firsts,
    size: member.readUInt32LE(member.length - 4),
    ...crcTerms(compiled, values),
  });
  return member;
}

// ---- The compiled templates ----

/** Compiled templates by template (an entry of the live-creative cache holds its templates for 5 s). */
const compiledOf = new WeakMap<AnswerTemplate, GzipTemplate>();
/**
 * And by their text, so the next cache entry's template of an unchanged creative (the same text, a new
 * array) is not compiled again; past `LATEST` the ones not asked for lately are dropped (a RecentMap).
 */
const LATEST = 2000;
const latest = new RecentMap<string, GzipTemplate>(LATEST);
const compiling = new Set<string>();

/** The compiled template now, or undefined while it is compiled (after this turn of the event loop). */
function compiledTemplate(template: AnswerTemplate): GzipTemplate | undefined {
  const known = compiledOf.get(template);
  if (known) return known;
  const key = template.join(String.fromCharCode(0));
  const same = latest.get(key);
  if (same) {
    compiledOf.set(template, same);
    return same;
  }
  // A compile takes a few milliseconds: never inside a request, which is compressed as a whole instead.
  if (!compiling.has(key)) {
    compiling.add(key);
    setImmediate(() => {
      compiling.delete(key);
      const compiled = compileGzipTemplate(template);
      compiledOf.set(template, compiled);
      latest.set(key, compiled);
    });
  }
  return undefined;
}

/** The answer as the library compresses it: the whole filled text, zlib's gzip at level 1. */
export const libraryGzip = (answer: FilledAnswer): Buffer =>
  gzipSync(fillAnswer(answer.template, answer.values), { level: 1 });

let library = false;

/** Compresses every answer of this process with zlib (true) or splices it from its template (false, the default). */
export function setLibraryGzip(on: boolean): void {
  library = on;
}

/**
 * The answer as one gzip member: spliced from its compiled template, or else compressed as a whole (a
 * template not compiled yet, an answer past DEFLATE's window, or the switch set to the library).
 */
export function gzipAnswer(answer: FilledAnswer): Buffer {
  if (library) return libraryGzip(answer);
  const compiled = compiledTemplate(answer.template);
  return (compiled && gzipFromLayouts(compiled, answer.values)) ?? libraryGzip(answer);
}

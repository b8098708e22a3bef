// TC strings and GPP headers written bit by bit, as the IAB's "TCF v2 TC string format" and GPP
// specification lay them out, for the tests of their bounds (services/serving/consent-bounds.test.ts) and
// bench/consent-bounds.ts: honest shapes and range bombs the IAB's encoders would never write.

export const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export const BITS_PER_CHARACTER = 6;
/** The highest id a 16-bit vendor id holds. */
export const HIGHEST_VENDOR_ID = 65_535;
const bitsOf = (value: number, width: number) => value.toString(2).padStart(width, '0');
/** A two-letter code as the format writes it: each letter's place in the alphabet, six bits each. */
const letters = (code: string) =>
  [...code].map((letter) => bitsOf(letter.charCodeAt(0) - 'A'.charCodeAt(0), BITS_PER_CHARACTER)).join('');
export function base64url(bits: string): string {
  const padded = bits.padEnd(Math.ceil(bits.length / BITS_PER_CHARACTER) * BITS_PER_CHARACTER, '0');
  let text = '';
  for (let index = 0; index < padded.length; index += BITS_PER_CHARACTER)
    text += BASE64URL_ALPHABET[Number.parseInt(padded.slice(index, index + BITS_PER_CHARACTER), 2)];
  return text;
}
/** 1 January 2026 in the string's deciseconds. */
const CREATED = Math.round(Date.UTC(2026, 0, 1) / 100);
/** The core segment up to its vendor consents: TCF v2, CMP 10, policy version 4, every purpose consented. */
const CORE_HEAD = [
  bitsOf(2, 6),
  bitsOf(CREATED, 36),
  bitsOf(CREATED, 36),
  bitsOf(10, 12),
  bitsOf(1, 12),
  bitsOf(1, 6),
  letters('EN'),
  bitsOf(100, 12),
  bitsOf(4, 6),
  '1',
  '0',
  bitsOf(0, 12),
  '1'.repeat(24),
  '0'.repeat(24),
  '0',
  letters('DE'),
].join('');
/** A range entry: one id when start and end are the same. */
export type Entry = [start: number, end: number];
const entryBits = ([start, end]: Entry) =>
  start === end ? `0${bitsOf(start, 16)}` : `1${bitsOf(start, 16)}${bitsOf(end, 16)}`;
/** A vendor list (MaxVendorId, IsRangeEncoding, NumEntries) of range entries. */
export const rangeList = (maxId: number, entries: Entry[]) =>
  `${bitsOf(maxId, 16)}1${bitsOf(entries.length, 12)}${entries.map(entryBits).join('')}`;
/** A vendor list as a bitfield of `maxId` bits. */
export const bitfield = (maxId: number, has: (id: number) => boolean) =>
  `${bitsOf(maxId, 16)}0${Array.from({ length: maxId }, (_, index) => (has(index + 1) ? '1' : '0')).join('')}`;
export const EMPTY_LIST = rangeList(0, []);
/** The head of a vendor list of range entries: MaxVendorId, IsRangeEncoding, NumEntries. */
const RANGE_LIST_HEAD_BITS = rangeList(0, []).length;
export const restrictionBits = (groups: { purposeId: number; type: number; entries: Entry[] }[]) =>
  bitsOf(groups.length, 12) +
  groups
    .map(
      ({ purposeId, type, entries }) =>
        bitsOf(purposeId, 6) + bitsOf(type, 2) + bitsOf(entries.length, 12) + entries.map(entryBits).join(''),
    )
    .join('');
export const coreBits = (
  consents: string,
  legitimateInterests = EMPTY_LIST,
  restrictions = restrictionBits([]),
) => CORE_HEAD + consents + legitimateInterests + restrictions;
/** A core segment: its vendor consents, legitimate interests and publisher restrictions as bits. */
export const core = (consents: string, legitimateInterests?: string, restrictions?: string) =>
  base64url(coreBits(consents, legitimateInterests, restrictions));
/** An out-of-band segment of a type (1 disclosed vendors, 2 allowed vendors, 3 publisher TC). */
export const segment = (type: number, body = EMPTY_LIST) => base64url(bitsOf(type, 3) + body);

/** Bits of one `1..65535` range entry, and of a restriction group holding one. */
const FULL_RANGE_BITS = entryBits([1, HIGHEST_VENDOR_ID]).length;
const RESTRICTION_GROUP_BITS = restrictionBits([{ purposeId: 1, type: 0, entries: [[1, 2]] }]).length - 12;
/** The bits a core segment `characters` long has beside its empty lists. */
const spareBits = (characters: number) => characters * BITS_PER_CHARACTER - coreBits('').length;
/** A TC string of `characters` whose vendor consents are `1..65535` again and again. */
export const vendorBomb = (characters: number) => {
  const entries = Math.floor((spareBits(characters) - RANGE_LIST_HEAD_BITS) / FULL_RANGE_BITS);
  return core(rangeList(HIGHEST_VENDOR_ID, Array(entries).fill([1, HIGHEST_VENDOR_ID])));
};
/** A TC string of `characters` whose publisher restrictions are purpose 1 for vendors `1..65535`, again and again. */
export const restrictionBomb = (characters: number) => {
  const groups = Math.floor((spareBits(characters) - RANGE_LIST_HEAD_BITS) / RESTRICTION_GROUP_BITS);
  const group = { purposeId: 1, type: 0, entries: [[1, HIGHEST_VENDOR_ID] as Entry] };
  return core(EMPTY_LIST, EMPTY_LIST, restrictionBits(Array(groups).fill(group)));
};

/** The Fibonacci code of a positive integer (GPP's header: Zeckendorf digits, least first, then a 1). */
function fibonacci(value: number): string {
  const terms = [1, 2];
  while ((terms.at(-1) as number) + (terms.at(-2) as number) <= value)
    terms.push((terms.at(-1) as number) + (terms.at(-2) as number));
  let rest = value;
  const digits = terms.map(() => '0');
  for (let index = terms.length - 1; index >= 0; index -= 1)
    if ((terms[index] as number) <= rest) {
      digits[index] = '1';
      rest -= terms[index] as number;
    }
  return `${digits.join('').replace(/0+$/, '')}1`;
}

/** A GPP header (type 3, version 1) naming sections 1 to `sections` as one range. */
export const gppHeaderNaming = (sections: number) =>
  base64url(`${bitsOf(3, 6)}${bitsOf(1, 6)}${bitsOf(1, 12)}1${fibonacci(1)}${fibonacci(sections - 1)}`);

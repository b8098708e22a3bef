// A consent string read in bounded time (services/serving/consent.ts; docs/privacy.md, "Bad strings are
// never an error"; docs/security.md, "Round 6"): a TC string is read here, by comparison, for the few
// facts the consent decision needs; a GPP string's header is walked before the IAB's GPP library sees it.
//
// @iabtechlabtcf/core sets every id of every range entry of a TC string one by one, and asks neither
// whether the entries repeat or overlap nor whether they run past the list's MaxVendorId: a 2.2 KB string
// of repeated `1..65535` ranges held the process for 1.3 s, 16 KB of them for 6.1 s, 15 KB of publisher
// restrictions for 22 s, where an honest string takes 0.03 ms. Even within bounds a valid 91-character
// string (vendors 1 to 65,535 in all four lists, restrictions at their cap) cost it 165 to 275 ms. So the
// serving path no longer calls it: readTcFacts walks the string once, in time linear in its length and
// whatever its ids, expanding no range (our vendor is compared with each entry's ends), and the library
// is the reference its tests compare with (consent-bounds.test.ts). @iabgpp/cmpapi expands the
// section-id ranges of a GPP header into a list the same way: a 12-character header naming sections 1 to
// 10 million held the process for 1.6 s and 340 MB, one naming 100 million ran a 512 MB heap out of
// memory (a crash, not an exception). So a GPP header is walked here first. A string outside these bounds
// is a bad string (the same `invalid` as a string that does not decode).
//
// TC string: the IAB's "TCF v2 TC string format". Every string the IAB's encoder writes keeps these
// bounds: it writes a list's ranges ascending, each id once, none past its MaxVendorId, the core segment
// first and each other segment at most once. What the library refuses is refused here too (a field cut
// short, a CMP id under 2, a country code that is not two letters, a restriction of purpose 0 or of the
// reserved type 3 that names a vendor).

/**
 * The longest consent string read. Node's HTTP parser refuses a request line and headers over 16 KiB
 * (its default maxHeaderSize, which the server keeps), so no longer string reaches the reader in an ad
 * request's address, and the cap refuses no string a request can carry. For scale: as ranges, every
 * purpose and every vendor id from 1 to 65,535 in both lists is a core segment of 60 characters; the
 * encoder writes a bitfield instead only where it is shorter, and a bitfield up to vendor 65,535 is
 * 65,552 bits, 10,926 characters. A core segment with two such bitfields (21,889 characters) fits in no
 * ad request at all. The walk below is what bounds the work; this cap bounds the walk.
 */
export const MAX_CONSENT_STRING_LENGTH = 16_384;

/**
 * The most vendor ids a TC string's publisher restrictions may cover, all restrictions together. Set when
 * the library read the strings on the serving path (it does a few map operations for each id a
 * restriction covers, about 25 ms for 65,535 ids); kept, as no honest string comes near it. A publisher restricts a purpose for a vendor in one way at most (not allowed,
 * consent or legitimate interest required), and TCF v2.2 has 11 purposes, so the cap admits restricting
 * every purpose for every vendor id up to 5,957, several times the highest id of the Global Vendor List
 * today (its ids are in the low thousands). A publisher's restrictions name a handful of vendors.
 */
export const MAX_RESTRICTED_VENDOR_IDS = 65_535;

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BITS_PER_CHARACTER = 6;
/** Each character's six bits, by character code: the alphabet is ASCII. */
const ASCII_CODES = 128;
const SEXTETS = new Int8Array(ASCII_CODES).fill(-1);
for (const [value, character] of [...BASE64URL_ALPHABET].entries()) SEXTETS[character.charCodeAt(0)] = value;

/** The bits of a base64url text (validated against BASE64URL first), read from the first. */
class BitReader {
  private position = 0;
  private readonly end: number;

  constructor(private readonly text: string) {
    this.end = text.length * BITS_PER_CHARACTER;
  }

  /** The next `width` bits (at most 16 here) as an unsigned integer; undefined once the text has run out. */
  read(width: number): number | undefined {
    if (this.position + width > this.end) return undefined;
    let value = 0;
    for (let bit = 0; bit < width; bit += 1, this.position += 1) {
      const sextet = SEXTETS[this.text.charCodeAt(Math.floor(this.position / BITS_PER_CHARACTER))] ?? 0;
      const shift = BITS_PER_CHARACTER - 1 - (this.position % BITS_PER_CHARACTER);
      value = value * 2 + ((sextet >> shift) & 1);
    }
    return value;
  }

  /** Where the next bit is, counted from the text's first. */
  get offset(): number {
    return this.position;
  }

  /** The bit at `position` (which the caller has checked is in the text). */
  bitAt(position: number): number {
    const sextet = SEXTETS[this.text.charCodeAt(Math.floor(position / BITS_PER_CHARACTER))] ?? 0;
    return (sextet >> (BITS_PER_CHARACTER - 1 - (position % BITS_PER_CHARACTER))) & 1;
  }

  /** Moves past `width` bits; false when the text has fewer left. */
  skip(width: number): boolean {
    if (this.position + width > this.end) return false;
    this.position += width;
    return true;
  }
}

/** The TC string's layout, in bits (the IAB's "TCF v2 TC string format"). */
const TC = {
  version: 6,
  segmentType: 3,
  maxVendorId: 16,
  isRangeEncoding: 1,
  numEntries: 12,
  isARange: 1,
  vendorId: 16,
  numPubRestrictions: 12,
  purposeId: 6,
  restrictionType: 2,
} as const;
/** The core segment's fields between Version and the vendor consents, with their widths. */
const CORE_FIXED_FIELDS = {
  created: 36,
  lastUpdated: 36,
  cmpId: 12,
  cmpVersion: 12,
  consentScreen: 6,
  consentLanguage: 12,
  vendorListVersion: 12,
  tcfPolicyVersion: 6,
  isServiceSpecific: 1,
  useNonStandardTexts: 1,
  specialFeatureOptIns: 12,
  purposesConsent: 24,
  purposesLITransparency: 24,
  purposeOneTreatment: 1,
  publisherCC: 12,
} as const;
/** TCF v2: the only version read (a v1 string is a bad string whatever the library makes of it). */
const TCF_VERSION = 2;
/** The segment types after the core: disclosed vendors, allowed vendors, publisher TC. */
const SEGMENT = { core: 0, disclosedVendors: 1, allowedVendors: 2, publisherTc: 3 } as const;
const MOST_SEGMENTS = Object.keys(SEGMENT).length;
/** The highest id a 16-bit vendor id field holds. */
const HIGHEST_VENDOR_ID = 2 ** TC.vendorId - 1;

/** The lowest CMP id the library takes (its TCModel refuses 0 and 1). */
const MIN_CMP_ID = 2;
/** A country code's letter: its place after 'A', up to 'z' (the library's /^[A-z]{2}$/, ASCII 65 to 122). */
const HIGHEST_LETTER = 'z'.charCodeAt(0) - 'A'.charCodeAt(0);
const LETTER_BITS = CORE_FIXED_FIELDS.publisherCC / 2;
/** Restriction types: 0 not allowed, 1 consent required, 2 legitimate interest required, 3 reserved. */
const NOT_ALLOWED = 0;
const RESERVED_RESTRICTION_TYPE = 3;
/** The publisher TC segment: its purposes' consents and legitimate interests, then its custom purposes' count. */
const PUBLISHER_TC = { purposes: 24 + 24, numCustomPurposes: 6 } as const;

/** What a TC string says that the consent decision reads (consent.ts), for one vendor id. */
export interface TcFacts {
  policyVersion: number;
  /** Purpose 1 (store and access information on a device) consented. */
  purposeOne: boolean;
  /** The vendor in the vendor consents. */
  vendor: boolean;
  purposeOneTreatment: boolean;
  /** A publisher restriction says purpose 1 is not allowed for the vendor. */
  restricted: boolean;
}

/**
 * How many ids a list's `entries` range entries cover, when they ascend without repeating or overlapping,
 * from 1 to `maxId` at most, and whether one of them holds `vendorId` (its ends compared, nothing
 * expanded); undefined otherwise, or when the text runs out.
 */
function rangeEntries(
  bits: BitReader,
  entries: number,
  maxId: number,
  vendorId: number,
): { covered: number; holds: boolean } | undefined {
  let covered = 0;
  let last = 0;
  let holds = false;
  for (let entry = 0; entry < entries; entry += 1) {
    const isRange = bits.read(TC.isARange);
    const start = bits.read(TC.vendorId);
    const end = isRange === 1 ? bits.read(TC.vendorId) : start;
    if (start === undefined || end === undefined) return undefined;
    // Starting at or before the last end covers id 0, a repeat, an overlap and a descending entry.
    if (start <= last || end < start || end > maxId) return undefined;
    covered += end - start + 1;
    last = end;
    holds ||= start <= vendorId && vendorId <= end;
  }
  return { covered, holds };
}

/**
 * Whether a vendor list (consents, legitimate interests, disclosed or allowed vendors) holds `vendorId`:
 * its bit in a bitfield, or an entry whose ends are around it. Undefined when out of bounds.
 */
function vendorListHolds(bits: BitReader, vendorId: number): boolean | undefined {
  const maxId = bits.read(TC.maxVendorId);
  const isRangeEncoding = bits.read(TC.isRangeEncoding);
  if (maxId === undefined || isRangeEncoding === undefined) return undefined;
  if (isRangeEncoding === 0) {
    const first = bits.offset;
    if (!bits.skip(maxId)) return undefined;
    return vendorId >= 1 && vendorId <= maxId && bits.bitAt(first + vendorId - 1) === 1;
  }
  const entries = bits.read(TC.numEntries);
  return entries === undefined ? undefined : rangeEntries(bits, entries, maxId, vendorId)?.holds;
}

/**
 * Whether a publisher restriction says purpose 1 is not allowed for `vendorId`; undefined when the
 * restrictions are out of bounds (each one's vendors as a vendor list's, all under the cap).
 */
function purposeOneRestricted(bits: BitReader, vendorId: number): boolean | undefined {
  const restrictions = bits.read(TC.numPubRestrictions);
  if (restrictions === undefined) return undefined;
  let restricted = 0;
  let notAllowed = false;
  for (let restriction = 0; restriction < restrictions; restriction += 1) {
    const purposeId = bits.read(TC.purposeId);
    const type = bits.read(TC.restrictionType);
    const entries = bits.read(TC.numEntries);
    if (purposeId === undefined || type === undefined || entries === undefined) return undefined;
    const read = rangeEntries(bits, entries, HIGHEST_VENDOR_ID, vendorId);
    if (read === undefined) return undefined;
    // The library throws on a restriction it cannot name (purpose 0, the reserved type) once it holds a vendor.
    if (entries > 0 && (purposeId === 0 || type === RESERVED_RESTRICTION_TYPE)) return undefined;
    restricted += read.covered;
    if (restricted > MAX_RESTRICTED_VENDOR_IDS) return undefined;
    notAllowed ||= purposeId === 1 && type === NOT_ALLOWED && read.holds;
  }
  return notAllowed;
}

/** The core segment's fixed fields, each as an unsigned integer; undefined when the text runs out. */
function coreFixedFields(bits: BitReader): Record<keyof typeof CORE_FIXED_FIELDS, number> | undefined {
  const fields: Partial<Record<keyof typeof CORE_FIXED_FIELDS, number>> = {};
  for (const [name, width] of Object.entries(CORE_FIXED_FIELDS)) {
    const value = bits.read(width);
    if (value === undefined) return undefined;
    fields[name as keyof typeof CORE_FIXED_FIELDS] = value;
  }
  return fields as Record<keyof typeof CORE_FIXED_FIELDS, number>;
}

function readCore(bits: BitReader, vendorId: number): TcFacts | undefined {
  if (bits.read(TC.version) !== TCF_VERSION) return undefined;
  const fields = coreFixedFields(bits);
  if (fields === undefined || fields.cmpId < MIN_CMP_ID) return undefined;
  const country = fields.publisherCC;
  if (country >> LETTER_BITS > HIGHEST_LETTER || country % 2 ** LETTER_BITS > HIGHEST_LETTER)
    return undefined;
  const vendor = vendorListHolds(bits, vendorId);
  const legitimateInterests = vendorListHolds(bits, vendorId);
  const restricted = purposeOneRestricted(bits, vendorId);
  if (vendor === undefined || legitimateInterests === undefined || restricted === undefined) return undefined;
  return {
    policyVersion: fields.tcfPolicyVersion,
    // Purpose 1 is the first of the 24 bits.
    purposeOne: fields.purposesConsent >= 2 ** (CORE_FIXED_FIELDS.purposesConsent - 1),
    vendor,
    purposeOneTreatment: fields.purposeOneTreatment === 1,
    restricted,
  };
}

/** The publisher TC segment's fields all there (its custom purposes' consents and legitimate interests). */
function publisherTcInBounds(bits: BitReader): boolean {
  const custom = bits.skip(PUBLISHER_TC.purposes) ? bits.read(PUBLISHER_TC.numCustomPurposes) : undefined;
  return custom !== undefined && bits.skip(2 * custom);
}

/**
 * What a TC string says for `vendorId` (TcFacts), or undefined when it is out of bounds: longer than the
 * cap; not a TCF v2 core segment first, then each other segment type at most once; a vendor list's ranges
 * not ascending, repeated or overlapping, or past its MaxVendorId; the publisher restrictions over their
 * cap; a field missing; a value the IAB's library refuses. One pass, linear in the string's length;
 * nothing is expanded, so the ids' values cost nothing.
 */
export function readTcFacts(text: string, vendorId: number): TcFacts | undefined {
  if (text.length > MAX_CONSENT_STRING_LENGTH) return undefined;
  const segments = text.split('.');
  if (segments.length > MOST_SEGMENTS) return undefined;
  const seen = new Set<number>();
  let facts: TcFacts | undefined;
  for (const [index, segment] of segments.entries()) {
    if (!BASE64URL.test(segment)) return undefined;
    const bits = new BitReader(segment);
    if (index === 0) {
      facts = readCore(bits, vendorId);
      if (facts === undefined) return undefined;
      continue;
    }
    const type = bits.read(TC.segmentType);
    if (type === undefined || type === SEGMENT.core || type > SEGMENT.publisherTc || seen.has(type))
      return undefined;
    seen.add(type);
    const inBounds =
      type === SEGMENT.publisherTc
        ? publisherTcInBounds(bits)
        : vendorListHolds(bits, vendorId) !== undefined;
    if (!inBounds) return undefined;
  }
  return facts;
}

/** Whether a TC string is within the bounds readTcFacts keeps (its layout is the same for every vendor id). */
export const tcStringInBounds = (text: string): boolean => readTcFacts(text, 1) !== undefined;

/** The GPP header's layout, in bits (the IAB's GPP "Consent String Specification"): Type, Version, then SectionIds. */
const GPP_HEADER = { type: 6, version: 6, numGroups: 12, isRange: 1 } as const;
/** A GPP string begins with its header (type 3, version 1); the library refuses other text at once. */
const GPP_START = 'DB';
const GPP_SECTION_SEPARATOR = '~';

/**
 * A Fibonacci-coded integer as @iabgpp/cmpapi reads one: Zeckendorf digits (1, 2, 3, 5, 8...), the first
 * "11" ending it. Undefined when the text runs out first.
 */
function fibonacciInteger(bits: BitReader): number | undefined {
  let value = 0;
  let term = 1;
  let next = 2;
  let previous = 0;
  for (;;) {
    const bit = bits.read(1);
    if (bit === undefined) return undefined;
    if (bit === 1 && previous === 1) return value;
    if (bit === 1) value += term;
    previous = bit;
    [term, next] = [next, term + next];
  }
}

/**
 * Whether a GPP header names exactly `sections` section ids (the library refuses any other count, but
 * only after expanding its ranges into a list): each range is counted before anything is expanded.
 */
function headerNamesSections(header: string, sections: number): boolean {
  if (!BASE64URL.test(header)) return false;
  const bits = new BitReader(header);
  const groups = bits.skip(GPP_HEADER.type + GPP_HEADER.version)
    ? bits.read(GPP_HEADER.numGroups)
    : undefined;
  if (groups === undefined) return false;
  // Ids are written as distances from the one before: only a range's length says how many it names.
  let named = 0;
  for (let group = 0; group < groups; group += 1) {
    const isRange = bits.read(GPP_HEADER.isRange);
    const start = fibonacciInteger(bits);
    const length = isRange === 1 ? fibonacciInteger(bits) : 0;
    if (isRange === undefined || start === undefined || length === undefined) return false;
    named += length + 1;
    if (named > sections) return false;
  }
  return named === sections;
}

/**
 * Whether a GPP string keeps the bounds that make its decoding cheap: no longer than the cap, and its
 * header names exactly as many sections as follow it (counted without expanding a range). The library
 * decodes a section only when one of its fields is read: the US sections' fields are of fixed width, and
 * the EU TCF section is handed back as written (its segments are only split), to be read as any TC string
 * (readTcFacts), so a range bomb there is a bad TC string as one in `gdpr_consent=` is.
 */
export function gppStringInBounds(text: string): boolean {
  if (text.length > MAX_CONSENT_STRING_LENGTH) return false;
  if (!text.startsWith(GPP_START)) return true;
  const [header = '', ...sections] = text.split(GPP_SECTION_SEPARATOR);
  return headerNamesSections(header, sections.length);
}

// TC strings written by the IAB's own encoder (@iabtechlabtcf/core), honest or at random from a seed, and
// what the IAB's library reads in them: the reference our bounded reader (services/serving/
// tc-string-bounds.ts) is compared with in services/serving/consent-bounds.test.ts.
import type { TcSignal } from '@adconsole/domain';
import {
  GVL,
  PurposeRestriction,
  RestrictionType,
  Segment,
  TCModel,
  TCString,
  type Vector,
} from '@iabtechlabtcf/core';
import { HIGHEST_VENDOR_ID } from './tc-string-bits';

/** The purposes of TCF v2.2. */
const PURPOSES = 11;
/** The TCF policy version consent.ts reads first (TCF v2.2). */
const MIN_TCF_POLICY_VERSION = 4;
const INVALID = { state: 'invalid' } as const;

let everyVendor: GVL | undefined;
let someVendors: GVL | undefined;

/**
 * A Global Vendor List of every vendor id from 1 to 65,535 (the encoder writes only vendors on the list).
 * Built once: it takes a while, and the encoder takes seconds for each string over it.
 */
export function everyVendorList(): GVL {
  everyVendor ??= vendorList(Array.from({ length: HIGHEST_VENDOR_ID }, (_, index) => index + 1));
  return everyVendor;
}

/** Every 97th vendor id beyond the first thousand, to the last hundred: ids from 1 to 65,535, fewer of them. */
const SPARSE_STEP = 97;
const DENSE_END = 1_000;

/**
 * A Global Vendor List of 1,800 vendor ids from 1 to 65,535 (every id to 1,000, every 97th beyond, the last
 * hundred): a random string over it costs the encoder milliseconds.
 */
export function someVendorList(): GVL {
  const ids = Array.from({ length: HIGHEST_VENDOR_ID }, (_, index) => index + 1).filter(
    (id) => id <= DENSE_END || id % SPARSE_STEP === 0 || id > HIGHEST_VENDOR_ID - 100,
  );
  someVendors ??= vendorList(ids);
  return someVendors;
}

/**
 * A Global Vendor List of `ids`: each asks consent for purposes 1, 3, 4 and 7 and relies on legitimate
 * interest for purpose 2, which a publisher may turn into consent (a flexible purpose).
 */
function vendorList(ids: number[]): GVL {
  const vendors: Record<number, unknown> = {};
  for (const id of ids)
    vendors[id] = {
      id,
      name: `Vendor ${id}`,
      purposes: [1, 3, 4, 7],
      legIntPurposes: [2],
      flexiblePurposes: [2],
      specialPurposes: [],
      features: [],
      specialFeatures: [],
      usesCookies: true,
      cookieRefresh: false,
      usesNonCookieAccess: false,
    };
  const purposes = Object.fromEntries(
    Array.from({ length: PURPOSES }, (_, index) => [
      index + 1,
      { id: index + 1, name: `Purpose ${index + 1}`, description: '', illustrations: [] },
    ]),
  );
  return new GVL({
    gvlSpecificationVersion: 3,
    vendorListVersion: 100,
    tcfPolicyVersion: 5,
    lastUpdated: '2026-01-01T00:00:00Z',
    purposes,
    specialPurposes: {},
    features: {},
    specialFeatures: {},
    stacks: {},
    dataCategories: {},
    vendors,
  } as never);
}

/** A TC string as a CMP writes it over `gvl`: every purpose consented, then `choose` sets the rest. */
export function encoded(gvl: GVL, choose: (model: TCModel) => void, segments?: Segment[]): string {
  const model = new TCModel(gvl);
  model.cmpId = 10;
  model.cmpVersion = 1;
  model.isServiceSpecific = true;
  for (let purpose = 1; purpose <= PURPOSES; purpose += 1) model.purposeConsents.set(purpose);
  choose(model);
  return TCString.encode(model, segments && { segments });
}

/** The library's model of a string; undefined when it throws. */
export function libraryDecode(value: string): TCModel | undefined {
  try {
    return TCString.decode(value);
  } catch {
    return undefined;
  }
}

/** What the IAB's library says a TC string gives a vendor, read as consent.ts read it before. */
export function libraryReading(tc: TCModel | undefined, vendorId: number): TcSignal {
  if (tc === undefined || tc.version !== 2 || Number(tc.policyVersion) < MIN_TCF_POLICY_VERSION)
    return INVALID;
  return {
    state: 'valid',
    purposeOne: tc.purposeConsents.has(1),
    vendor: tc.vendorConsents.has(vendorId),
    purposeOneTreatment: tc.purposeOneTreatment === true,
    restricted: tc.publisherRestrictions
      .getRestrictions(vendorId)
      .some(
        (restriction) =>
          restriction.purposeId === 1 && restriction.restrictionType === RestrictionType.NOT_ALLOWED,
      ),
  };
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same strings on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A random TC string from the encoder, and the vendor ids around its ranges' ends (each end and beside it). */
export interface RandomTcString {
  value: string;
  edges: number[];
}

/** Vendor ids within a range's reach: mostly low (the Global Vendor List's), some anywhere to 65,535. */
const REACHES = [50, 1_000, 5_000, HIGHEST_VENDOR_ID];
/** Restrictions the list above allows: purposes 1, 3, 4 and 7 not allowed, purpose 2 as consent too. */
const RESTRICTIONS = [
  ...[1, 1, 1, 2, 3, 4, 7].map((purpose) => new PurposeRestriction(purpose, RestrictionType.NOT_ALLOWED)),
  new PurposeRestriction(2, RestrictionType.REQUIRE_CONSENT),
];
const OPTIONAL_SEGMENTS = [Segment.VENDORS_DISCLOSED, Segment.VENDORS_ALLOWED, Segment.PUBLISHER_TC];

/** A TC string the encoder writes from random choices: purposes, four vendor lists, restrictions, segments. */
export function randomTcString(gvl: GVL, random: () => number): RandomTcString {
  const below = (count: number) => Math.floor(random() * count);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)] as T;
  const edges: number[] = [];
  /** A range of ids from 1 to 65,535, its ends and their neighbours remembered. */
  const range = (longest: number): [number, number] => {
    const start = 1 + below(pick(REACHES));
    const end = Math.min(HIGHEST_VENDOR_ID, start + below(longest));
    edges.push(start - 1, start, end, end + 1);
    return [start, end];
  };
  const fill = (vector: Vector) => {
    const shape = below(4);
    if (shape === 1)
      // A few ranges: the encoder writes them as range entries.
      for (let count = below(8) + 1; count > 0; count -= 1) {
        const [start, end] = range(pick([1, 20, 300, 3_000]));
        for (let id = start; id <= end; id += 1) vector.set(id);
      }
    else if (shape === 2)
      // Scattered ids: ranges or a bitfield, whichever is shorter.
      for (let count = below(200); count > 0; count -= 1) vector.set(range(1)[0]);
    else if (shape === 3) {
      // Half the ids up to a point: a bitfield.
      const highest = 1 + below(pick([100, 3_000]));
      for (let id = 1; id <= highest; id += 1) if (random() < 0.5) vector.set(id);
      edges.push(highest, highest + 1);
    }
  };
  const value = encoded(
    gvl,
    (model) => {
      for (let purpose = 1; purpose <= PURPOSES; purpose += 1)
        if (random() < 0.3) model.purposeConsents.unset(purpose);
      model.purposeOneTreatment = random() < 0.3;
      fill(model.vendorConsents);
      fill(model.vendorLegitimateInterests);
      fill(model.vendorsDisclosed);
      fill(model.vendorsAllowed);
      for (let count = below(5); count > 0; count -= 1) {
        const restriction = pick(RESTRICTIONS);
        const [start, end] = range(pick([1, 30, 300]));
        for (let id = start; id <= end; id += 1) model.publisherRestrictions.add(id, restriction);
      }
    },
    [Segment.CORE, ...OPTIONAL_SEGMENTS.filter(() => random() < 0.5)],
  );
  return { value, edges: edges.filter((id) => id >= 1 && id <= HIGHEST_VENDOR_ID) };
}

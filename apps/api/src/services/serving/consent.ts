// An ad request's privacy signals, read once (docs/privacy.md): its query's consent strings and flags
// (our tags' names and the spellings players and platforms use: the domain's PRIVACY_QUERY), its
// `Sec-GPC` and `DNT` headers, limited ad tracking (`lat=1`, an advertising id of zeros). A TC string is
// read by our own bounded reader (tc-string-bounds.ts: one pass, linear in its length, no range
// expanded) for the few facts the decision needs, and checked against the IAB's @iabtechlabtcf/core in
// the tests, never on this path: the library sets each id of each range one by one, 165 to 275 ms for a
// valid 91-character string. A GPP string is decoded with the IAB's @iabgpp/cmpapi once its header is
// walked in bounded time (a header naming millions of sections is a bad string and never reaches the
// library); its EU TCF section is handed back as written and read as any TC string. A string that does
// not read (truncated, garbage base64, another version, out of bounds) is never trusted and never a 5xx:
// it is a bad string, which the domain's decision reads as no consent, and the request is counted under
// "no consent" where that changed its answer.
//
// The decision itself is the domain's (deviceStateDecision, euCreativeServes); this module only reads.
// Nothing is decoded for a request that does not ask (a tag without caps, not an EU creative).

import { channel } from 'node:diagnostics_channel';
import type { IncomingHttpHeaders } from 'node:http';
import {
  type DeviceStateDecision,
  deviceIdOf,
  deviceStateDecision,
  euCreativeServes,
  flagOf,
  type GppSignal,
  PRIVACY_QUERY,
  type PrivacySettings,
  type PrivacySignals,
  privacyParam,
  readUsPrivacy,
  type TcSignal,
} from '@adconsole/domain';
import { GppModel } from '@iabgpp/cmpapi';
import { DecodedCache } from './decoded-cache';
import { gppStringInBounds, readTcFacts } from './tc-string-bounds';

/** What a request's privacy signals are read from. */
interface ConsentInput {
  query: Readonly<Record<string, unknown>>;
  headers: IncomingHttpHeaders;
  /** The request's country as the serving edge derives it ('' unknown), asked only when a rule needs it. */
  country: () => string;
}

/** The TCF policy version of TCF v2.2 (IAB Europe: version 4 and later); older strings are not valid. */
const MIN_TCF_POLICY_VERSION = 4;
/** GPP section ids (the IAB's GPP specification): the EU TCF section, US privacy v1, the US sections. */
const TCF_EU_SECTION = 2;
const USP_V1_SECTION = 6;
const FIRST_US_SECTION = 7;
/** A GPP field's "yes" (opted out) among 0 not applicable, 1 yes, 2 no. */
const OPTED_OUT = 1;

/**
 * Told each time the IAB's GPP library is handed a string to decode (a diagnostics channel: process-wide,
 * free while nobody listens), with `{ library: 'gpp' }`. The tests count on it that a GPP string out of
 * bounds never reaches the library. (A TC string reaches no library: `library: 'tcf'` is never told.)
 */
export const CONSENT_DECODED = 'adconsole:consent-decoded';
const decoding = channel(CONSENT_DECODED);

/**
 * Decoded strings remembered by a digest of their text (decoded-cache.ts): 5,000 of each kind, and a
 * megabyte each at most. An entry is about 200 bytes (its 43-character key, a small object), so the
 * entries bound it first: both caches hold about 2 MB however long the strings.
 */
const DECODED_LIMITS = { entries: 5_000, bytes: 1_048_576 };
/** What a signal object of a few booleans holds (its header and in-object fields), rounded up. */
const SIGNAL_BYTES = 64;
/**
 * A remembered GPP reading: its signal and where its EU TCF section sits in the string. Not the section's
 * text, which would make each entry as long as the string it came from.
 */
interface GppReading {
  signal: GppSignal;
  tcAt: { start: number; end: number } | undefined;
}
const decodedTc = new DecodedCache<TcSignal>(DECODED_LIMITS, () => SIGNAL_BYTES);
// A GPP reading is two small objects: itself and its signal.
const decodedGpp = new DecodedCache<GppReading>(DECODED_LIMITS, () => 2 * SIGNAL_BYTES);

/** The remembered bytes of both caches (keys and values), for the tests of their bound. */
export const decodedConsentBytes = (): number => decodedTc.bytes + decodedGpp.bytes;

const INVALID = { state: 'invalid' } as const;

/** What a TC string says for our vendor, read by tc-string-bounds.ts; invalid when it does not read. */
export function readTcString(value: string | undefined, vendorId: number): TcSignal {
  if (value === undefined) return { state: 'absent' };
  const key = DecodedCache.keyOf(String(vendorId), value);
  return decodedTc.get(key) ?? decodedTc.set(key, decodeTcString(value, vendorId));
}

function decodeTcString(value: string, vendorId: number): TcSignal {
  const facts = readTcFacts(value, vendorId);
  if (facts === undefined || facts.policyVersion < MIN_TCF_POLICY_VERSION) return INVALID;
  const { purposeOne, vendor, purposeOneTreatment, restricted } = facts;
  return { state: 'valid', purposeOne, vendor, purposeOneTreatment, restricted };
}

/** The applicable sections `gpp_sid` names (`2,7`, `7_8`); undefined when absent, [] for `-1` (none). */
function applicableSections(sid: string | undefined): number[] | undefined {
  if (sid === undefined) return undefined;
  const ids = sid.split(/[,_]/).map((id) => Number(id.trim()));
  return ids.includes(-1) ? [] : ids.filter((id) => Number.isInteger(id) && id > 0);
}

/** Whether a GPP US section (or uspv1) says its user opted out of sale, sharing or targeted ads. */
function usSectionOptedOut(model: GppModel, id: number): boolean {
  if (id === USP_V1_SECTION) return model.getFieldValueBySectionId(id, 'OptOutSale') === OPTED_OUT;
  return ['SaleOptOut', 'SharingOptOut', 'TargetedAdvertisingOptOut'].some(
    (field) =>
      model.hasFieldBySectionId(id, field) && model.getFieldValueBySectionId(id, field) === OPTED_OUT,
  );
}

/**
 * A GPP string's applicable sections, decoded by the IAB's GPP library: a US opt-out, the GPC flag, and
 * the EU TCF section (whose TC string stands in for a missing `gdpr_consent`). Invalid when it does not
 * decode.
 */
function readGpp(
  value: string | undefined,
  sid: string | undefined,
): { signal: GppSignal; tc: string | undefined } {
  if (value === undefined) return { signal: { state: 'absent' }, tc: undefined };
  const key = DecodedCache.keyOf(sid ?? '', value);
  const known = decodedGpp.get(key);
  if (known) return { signal: known.signal, tc: known.tcAt && value.slice(known.tcAt.start, known.tcAt.end) };
  const decoded = decodeGpp(value, sid);
  const tcAt = decoded.tc === undefined ? undefined : sectionAt(value, decoded.tc);
  // The library hands the section back as it was written; one it wrote anew is not remembered.
  if (decoded.tc === undefined || tcAt !== undefined) decodedGpp.set(key, { signal: decoded.signal, tcAt });
  return decoded;
}

/** Where `section` sits in `text`; undefined when it does not. */
function sectionAt(text: string, section: string): GppReading['tcAt'] {
  const start = text.indexOf(section);
  return start === -1 ? undefined : { start, end: start + section.length };
}

function decodeGpp(value: string, sid: string | undefined): { signal: GppSignal; tc: string | undefined } {
  // Walked first in bounded time: the library would expand the header's section ranges into a list.
  if (!gppStringInBounds(value)) return { signal: INVALID, tc: undefined };
  if (decoding.hasSubscribers) decoding.publish({ library: 'gpp' });
  try {
    const model = new GppModel(value);
    const present: number[] = model.getSectionIds();
    const sections = (applicableSections(sid) ?? present).filter((id) => present.includes(id));
    const us = sections.filter((id) => id === USP_V1_SECTION || id >= FIRST_US_SECTION);
    const tcfEu = sections.includes(TCF_EU_SECTION);
    return {
      signal: {
        state: 'valid',
        usOptOut: us.some((id) => usSectionOptedOut(model, id)),
        gpc: us.some(
          (id) => model.hasFieldBySectionId(id, 'Gpc') && model.getFieldValueBySectionId(id, 'Gpc') === true,
        ),
        tcfEu,
      },
      // Typed as a string, null when the section is missing (never here: it is among the present ones).
      tc: tcfEu ? (model.encodeSectionById(TCF_EU_SECTION) ?? undefined) : undefined,
    };
  } catch {
    return { signal: INVALID, tc: undefined };
  }
}

const headerOf = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim();
};

/** Every query parameter that can carry a signal (each spelling, and the advertising id's `ifa`). */
const SIGNAL_PARAMS: ReadonlySet<string> = new Set([...Object.values(PRIVACY_QUERY).flat(), 'ifa']);
const ABSENT = { state: 'absent' } as const;

/** Whether a request carries any privacy signal at all: most carry none, and are read without decoding. */
function carriesSignals({ query, headers }: ConsentInput): boolean {
  for (const name in query) if (SIGNAL_PARAMS.has(name)) return true;
  return headers['sec-gpc'] !== undefined || headers.dnt !== undefined;
}

/** Every privacy signal of one request, decoded (docs/privacy.md, "How the signals reach the ad server"). */
function readPrivacySignals(input: ConsentInput, vendorId: number): PrivacySignals {
  if (!carriesSignals(input))
    return {
      gdpr: undefined,
      tc: ABSENT,
      usPrivacy: ABSENT,
      gpp: ABSENT,
      gpc: false,
      dnt: false,
      limitedAdTracking: false,
      country: input.country(),
    };
  const { query, headers } = input;
  const regulations = privacyParam(query, 'regulations')?.toLowerCase().split(',');
  const gdprFlag = flagOf(privacyParam(query, 'gdpr'));
  const gpp = readGpp(privacyParam(query, 'gpp'), privacyParam(query, 'gppSid'));
  const ifa = typeof query.ifa === 'string' ? query.ifa : undefined;
  let country: string | undefined;
  return {
    gdpr: gdprFlag ?? (regulations?.includes('gdpr') ? true : undefined),
    tc: readTcString(privacyParam(query, 'gdprConsent') ?? gpp.tc, vendorId),
    usPrivacy: readUsPrivacy(privacyParam(query, 'usPrivacy')),
    gpp: gpp.signal,
    gpc: headerOf(headers, 'sec-gpc') === '1',
    dnt: headerOf(headers, 'dnt') === '1',
    limitedAdTracking: flagOf(privacyParam(query, 'lat')) === true || deviceIdOf(ifa).kind === 'limited',
    get country() {
      country ??= input.country();
      return country;
    },
  };
}

/** One request's consent, worked out when first asked and then remembered. */
export interface RequestConsent {
  /** May the request store or read device state (the cap cookie, a device's history)? */
  deviceState(): DeviceStateDecision;
  /** May an EU creative serve it (a valid TC string where GDPR applies)? */
  euCreativeServes(): boolean;
}

export function requestConsent(settings: PrivacySettings, input: ConsentInput): RequestConsent {
  let signals: PrivacySignals | undefined;
  let decision: DeviceStateDecision | undefined;
  const read = () => {
    signals ??= readPrivacySignals(input, settings.tcfVendorId);
    return signals;
  };
  return {
    deviceState: () => {
      decision ??= deviceStateDecision(read(), settings);
      return decision;
    },
    euCreativeServes: () => euCreativeServes(read(), settings),
  };
}

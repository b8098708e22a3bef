// Whether an ad request may store or read state on the device (docs/privacy.md, "What each signal
// changes"): the frequency-cap cookie, a device's cap history. Decided once per request from the privacy
// signals it carries, as the API's reader (services/serving/consent.ts) parsed them with the IAB's own
// libraries, and the deployment's settings. A pure function, so the table of docs/privacy.md is its test
// (device-consent.test.ts), row by row.
//
// Storing or reading a cap history on a device is "storage of, or access to, information on a device"
// (ePrivacy art. 5(3); TCF purpose 1, "Store and/or access information on a device"), so where GDPR
// applies it needs purpose 1's consent and our vendor's. In the US the signals are opt-outs (of sale,
// sharing, targeted advertising); a cap history kept for ads is read as falling under them. A bad
// string is never trusted: it counts as no consent.

/** What a TC string (gdpr_consent, or the GPP string's EU TCF section) says for our vendor. */
export type TcSignal =
  | { state: 'absent' }
  /** Truncated, garbage, not TCF v2.2 (version 2, policy version 4 or later): nothing it says is believed. */
  | { state: 'invalid' }
  | {
      state: 'valid';
      /** Purpose 1 ("Store and/or access information on a device") consented. */
      purposeOne: boolean;
      /** Our vendor id (TCF_VENDOR_ID) consented. */
      vendor: boolean;
      /** Purpose 1 was not disclosed to the user (PurposeOneTreatment): no consent to it was asked. */
      purposeOneTreatment: boolean;
      /** The publisher restricts purpose 1 for our vendor (a publisher restriction "not allowed"). */
      restricted: boolean;
    };

/** The IAB US privacy string (`us_privacy`, CCPA): version 1, notice, opt-out of sale, LSPA. */
export type UsPrivacySignal =
  | { state: 'absent' }
  | { state: 'invalid' }
  | { state: 'valid'; optOutOfSale: boolean };

/** A GPP string (`gpp`, `gpp_sid`) as the IAB's GPP library decoded its applicable sections. */
export type GppSignal =
  | { state: 'absent' }
  | { state: 'invalid' }
  | {
      state: 'valid';
      /** An applicable US section (national, a state's, or uspv1) says opted out of sale, sharing or targeted ads. */
      usOptOut: boolean;
      /** An applicable US section carries the GPC flag. */
      gpc: boolean;
      /** The EU TCF section applies (`gpp_sid` names section 2): GDPR applies. */
      tcfEu: boolean;
    };

/** What one ad request says about privacy, read once (services/serving/consent.ts). */
export interface PrivacySignals {
  /** `gdpr=1` or `0` (or `regs=` naming gdpr); undefined when the request does not say. */
  gdpr: boolean | undefined;
  tc: TcSignal;
  usPrivacy: UsPrivacySignal;
  gpp: GppSignal;
  /** The `Sec-GPC: 1` header (Global Privacy Control). */
  gpc: boolean;
  /** The `DNT: 1` header (Do Not Track). */
  dnt: boolean;
  /** `lat=1` (the VAST [LIMITADTRACKING] macro), or an advertising id of zeros (or of f's). */
  limitedAdTracking: boolean;
  /** The request's country as the serving edge derives it (ISO 3166-1 alpha-2), '' when unknown. */
  country: string;
}

/** The deployment's choices (docs/privacy.md, "Settings"). */
export interface PrivacySettings {
  /** Our IAB TCF vendor id (TCF_VENDOR_ID): whose consent a TC string must carry. */
  tcfVendorId: number;
  /** `Sec-GPC: 1` is an opt-out everywhere (true), or only for a request from the US or of no known country. */
  gpcEverywhere: boolean;
  /** `DNT: 1` is an opt-out (true), or is ignored. */
  dnt: boolean;
  /**
   * A request from the EEA, the UK or Switzerland that says nothing of GDPR and carries no TC string:
   * no consent (true: GDPR is taken to apply), or read as GDPR not applying.
   */
  eeaWithoutSignalIsNoConsent: boolean;
}

/**
 * The defaults (docs/privacy.md, "Settings"): GPC and DNT are opt-outs everywhere; a request from the
 * EEA, the UK or Switzerland that carries no GDPR signal at all is taken to be under GDPR without
 * consent (as Google Ad Manager reads a request without `gdpr=` from the EEA): nothing is stored on
 * its device unless a signal allows it. A deployment whose every tag passes `gdpr=` may set
 * PRIVACY_EEA_WITHOUT_SIGNAL=allow to judge such a request by its signals alone.
 */
export const DEFAULT_PRIVACY_SETTINGS: Omit<PrivacySettings, 'tcfVendorId'> = {
  gpcEverywhere: true,
  dnt: true,
  eeaWithoutSignalIsNoConsent: true,
};

/** Why a request may not store or read device state: each row of docs/privacy.md's table. */
export const NO_CONSENT_CAUSES = [
  'limitedAdTracking',
  'noTcString',
  'badTcString',
  'noPurposeOne',
  'noVendorConsent',
  'eeaWithoutSignal',
  'badUsPrivacy',
  'usOptOut',
  'badGpp',
  'gppOptOut',
  'gpc',
  'dnt',
] as const;
export type NoConsentCause = (typeof NO_CONSENT_CAUSES)[number];

/** May this request store or read device state, and if not, why. */
export type DeviceStateDecision = { allowed: true } | { allowed: false; cause: NoConsentCause };

/**
 * The EEA (the EU's 27, Iceland, Liechtenstein, Norway), the United Kingdom and Switzerland: where a
 * request without any GDPR signal is taken to be under GDPR (or its UK and Swiss equivalents).
 */
export const GDPR_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB CH'.split(
    ' ',
  ),
);

/** Whether GDPR applies to the request, and whether that was only inferred from its country. */
export function gdprApplies(
  signals: PrivacySignals,
  settings: Pick<PrivacySettings, 'eeaWithoutSignalIsNoConsent'>,
): { applies: boolean; inferred: boolean } {
  if (signals.gdpr !== undefined) return { applies: signals.gdpr, inferred: false };
  if (signals.gpp.state === 'valid' && signals.gpp.tcfEu) return { applies: true, inferred: false };
  // A CMP writes a TC string only where GDPR applies: one present is read as GDPR applying.
  if (signals.tc.state !== 'absent') return { applies: true, inferred: false };
  const inferred = settings.eeaWithoutSignalIsNoConsent && GDPR_COUNTRIES.has(signals.country);
  return { applies: inferred, inferred };
}

const denied = (cause: NoConsentCause): DeviceStateDecision => ({ allowed: false, cause });
const ALLOWED: DeviceStateDecision = { allowed: true };

/** Why GDPR's side refuses device state (null: it allows it), for a request where GDPR applies. */
function gdprRefusal(tc: TcSignal, inferred: boolean): NoConsentCause | null {
  if (tc.state === 'absent') return inferred ? 'eeaWithoutSignal' : 'noTcString';
  if (tc.state === 'invalid') return 'badTcString';
  if (!tc.purposeOne || tc.purposeOneTreatment || tc.restricted) return 'noPurposeOne';
  return tc.vendor ? null : 'noVendorConsent';
}

/**
 * May this request store or read device state (the cap cookie, a device's history)? The signals are
 * read in the order of docs/privacy.md's table; the first that refuses is the cause.
 */
export function deviceStateDecision(signals: PrivacySignals, settings: PrivacySettings): DeviceStateDecision {
  if (signals.limitedAdTracking) return denied('limitedAdTracking');
  const gdpr = gdprApplies(signals, settings);
  if (gdpr.applies) {
    const refused = gdprRefusal(signals.tc, gdpr.inferred);
    if (refused !== null) return denied(refused);
  }
  if (signals.usPrivacy.state === 'invalid') return denied('badUsPrivacy');
  if (signals.usPrivacy.state === 'valid' && signals.usPrivacy.optOutOfSale) return denied('usOptOut');
  if (signals.gpp.state === 'invalid') return denied('badGpp');
  if (signals.gpp.state === 'valid' && signals.gpp.usOptOut) return denied('gppOptOut');
  const gpcCounts = settings.gpcEverywhere || signals.country === 'US' || signals.country === '';
  if (gpcCounts && (signals.gpc || (signals.gpp.state === 'valid' && signals.gpp.gpc))) return denied('gpc');
  if (settings.dnt && signals.dnt) return denied('dnt');
  return ALLOWED;
}

/**
 * Whether an "EU creative" (docs/product.md §3, the creative setting `euCreative`) may serve this
 * request: only with a valid TC string where GDPR applies (its consent is what the creative's own
 * trackers are handed); anywhere else, always.
 */
export function euCreativeServes(
  signals: PrivacySignals,
  settings: Pick<PrivacySettings, 'eeaWithoutSignalIsNoConsent'>,
): boolean {
  return !gdprApplies(signals, settings).applies || signals.tc.state === 'valid';
}

// How a request carries its privacy signals as text (docs/privacy.md, "How the signals reach the ad server"):
// the query parameters our tags name (docs/tags.md: `gdpr`, `gdpr_consent`, `us_privacy`, `gpp`,
// `gpp_sid`, `lat`, `regs`) and the other spellings players and platforms append on their own, and
// which values are no value at all (a macro nobody expanded). The strings themselves are decoded by the
// IAB's libraries in the API (services/serving/consent.ts); the US privacy string is four characters
// and read here.
import type { UsPrivacySignal } from './device-consent';

/**
 * Each signal's query parameters, ours first: the first one a request carries with a value wins. The
 * others are the spellings seen in players' and platforms' own URLs (docs/privacy.md lists where).
 */
export const PRIVACY_QUERY = {
  gdpr: ['gdpr', 'gdpr_applies'],
  gdprConsent: ['gdpr_consent', 'gdpr_consent_string', 'consent_string'],
  usPrivacy: ['us_privacy', 'usp'],
  gpp: ['gpp', 'gpp_string'],
  gppSid: ['gpp_sid'],
  /** Limited ad tracking: the VAST [LIMITADTRACKING] macro, OpenRTB's `lmt`. */
  lat: ['lat', 'lmt'],
  /** The VAST [REGULATIONS] macro: `gdpr`, `coppa`... comma-separated. */
  regulations: ['regs'],
} as const satisfies Record<string, readonly string[]>;
export type PrivacyQueryName = keyof typeof PRIVACY_QUERY;

/**
 * A macro left as written: `${GDPR}`, `%%TTD_GDPR_APPLIES%%`, `[GDPRCONSENT]`, `__ADFREFERER__`, and
 * the same once URL-encoded (`%25%25TTD_DEVICEID%25%25` too). The tag ran where nothing expands it (a
 * preview, a direct tag without a player that fills it in): it is no value.
 */
const UNEXPANDED =
  /^(\$\{[^}]*\}|%%[^%]*%%|\[[A-Z_]+\]|__[A-Z_]+__|%24%7B.*%7D|%5B[A-Z_]+%5D|%25%25[\w:]*%25%25)$/i;

/** The value of a signal as sent: trimmed, undefined when empty or an unexpanded macro. */
export function expandedValue(value: unknown): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  return trimmed === '' || UNEXPANDED.test(trimmed) ? undefined : trimmed;
}

/** A signal's value from a query: the first of its spellings that carries one. */
export function privacyParam(
  query: Readonly<Record<string, unknown>>,
  name: PrivacyQueryName,
): string | undefined {
  for (const key of PRIVACY_QUERY[name]) {
    const value = expandedValue(query[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** A 1/0 flag (`gdpr=1`, `lat=1`; `true`/`false` as some players write them); undefined otherwise. */
export function flagOf(value: string | undefined): boolean | undefined {
  if (value === '1' || value?.toLowerCase() === 'true') return true;
  if (value === '0' || value?.toLowerCase() === 'false') return false;
  return undefined;
}

/**
 * The IAB US privacy string: `1` (its version), then notice given, opted out of sale and covered by
 * the LSPA, each `Y`, `N` or `-` (not applicable). `1YYN` opted out; `1---` says the law does not apply.
 */
export function readUsPrivacy(value: string | undefined): UsPrivacySignal {
  if (value === undefined) return { state: 'absent' };
  const text = value.toUpperCase();
  if (!/^1[YN-]{3}$/.test(text)) return { state: 'invalid' };
  return { state: 'valid', optOutOfSale: text[2] === 'Y' };
}

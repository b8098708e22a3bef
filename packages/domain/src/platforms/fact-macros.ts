// The request facts a tag asks each platform to fill in (docs/tags.md, "Request facts, platform by
// platform"): the device's language, its connection type and its advertising id, as the query
// parameters the serving edge reads (`lang=`, `conn=`, `ifa=`). Each platform's macro is the one its
// own documentation spells, or, where its pages are behind a login, the one real tags and macro lists in
// public repositories carry; where none was found, none is written. Video tags fall back on the IAB VAST
// 4.x macros the player expands. Banners carry none: the ad runtime's request already carries the
// browser's own language (Accept-Language), and a banner's frequency history is its cookie's.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${USER_LOCALE} are literal text the ad server replaces.
import type { PlatformId } from './platforms';

/** Each fact with the query parameter that carries it (the serving edge reads exactly these). */
export const TAG_FACT_PARAMS = {
  /** The device's language: a BCP 47 tag or its ISO 639-1 code; the server keeps the primary subtag. */
  language: 'lang',
  /** OpenRTB's device.connectiontype, 0-7. */
  connectionType: 'conn',
  /** The device's advertising id (IDFA, AAID, RIDA...): frequency caps per device in apps and on TV. */
  deviceId: 'ifa',
} as const;
export type TagFact = keyof typeof TAG_FACT_PARAMS;
export const TAG_FACTS = Object.keys(TAG_FACT_PARAMS) as TagFact[];

/**
 * The IAB VAST 4.x macros a player expands, by fact. The IAB's list (VAST 4.1 and later) has `[IFA]`
 * (with `[IFATYPE]` and `[LIMITADTRACKING]`) but no macro for the device's language or its connection
 * type, so those have none.
 */
export const VAST_FACT_MACROS: Readonly<Partial<Record<TagFact, string>>> = { deviceId: '[IFA]' };

/**
 * Each platform's own macros for the facts, by fact. An absent fact is one the platform documents no
 * macro for (docs/tags.md says where each was looked for); no connection-type macro was found for any.
 */
export const FACT_MACROS: Readonly<Record<PlatformId, Readonly<Partial<Record<TagFact, string>>>>> = {
  direct: {},
  // Ad Manager's macro list: the advertising id as it is (the AAID or the IDFA).
  'google-ad-manager': { deviceId: '%%ADVERTISING_IDENTIFIER_PLAIN%%' },
  'google-campaign-manager': {},
  'google-dv360': {},
  quantcast: {},
  cognitiv: {},
  // Behind TTD's partner login: read in real tags and a TTD macro map of public repositories.
  'the-trade-desk': { language: '%%TTD_LANGUAGE%%', deviceId: '%%TTD_DEVICEID%%' },
  mediamath: {},
  adroll: {},
  // Microsoft Invest's "Supported creative macros": the device's locale (`en-ZA`) and its id, whatever
  // its type (recommended there over the one-per-OS `${DEVICE_AAID}` and `${DEVICE_APPLE_IDA}`).
  xandr: { language: '${USER_LOCALE}', deviceId: '${DEVICE_IFA}' },
  'yahoo-dsp': {},
  adform: {},
};

/**
 * The fact parameters of a VAST or VPAID tag for the platform, in the order of TAG_FACT_PARAMS: the
 * platform's own macro, else the player's IAB VAST macro, else none (one parameter, one macro).
 */
export function videoFactParams(platform: PlatformId): [param: string, macro: string][] {
  const own = FACT_MACROS[platform];
  return TAG_FACTS.flatMap((fact) => {
    const macro = own[fact] ?? VAST_FACT_MACROS[fact];
    return macro === undefined ? [] : [[TAG_FACT_PARAMS[fact], macro] as [string, string]];
  });
}

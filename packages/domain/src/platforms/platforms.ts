// The traffic platforms of spec section 3 with the macros their ad servers fill in.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${CLICK_URL} are literal text the ad server replaces.

export const PLATFORM_IDS = [
  'google-ad-manager',
  'google-campaign-manager',
  'google-dv360',
  'quantcast',
  'cognitiv',
  'the-trade-desk',
  'mediamath',
  'adroll',
  'xandr',
  'yahoo-dsp',
  'adform',
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

export interface Platform {
  id: PlatformId;
  name: string;
  /** The macro the platform replaces with its click-tracking URL; absent when none is published. */
  clickMacro?: string;
  /** The URL-encoded variant, used where the click URL travels inside another URL. */
  clickMacroEscaped?: string;
  /** The macro the platform replaces with a random number. */
  cacheBuster?: string;
  /** Attributes every tag on this platform carries (privacy-consent macros). */
  extraAttributes: Readonly<Record<string, string>>;
  /** Attributes that let the ad report back to the platform's own counters (third-party tracking). */
  thirdPartyAttributes: Readonly<Record<string, string>>;
  /**
   * Attribute names of the deal-ID / fallback-ID pair: added only when the creative's settings ask for
   * them (dealIDRequired, fallbackCreative).
   */
  dealAttributes?: { dealID: string; fallbackID: string };
}

const dealPair = { dealID: 'data-deal-id', fallbackID: 'data-fallback-id' } as const;

export const platforms: readonly Platform[] = [
  {
    id: 'google-ad-manager',
    name: 'Google Ad Manager',
    clickMacro: '%%CLICK_URL_UNESC%%',
    clickMacroEscaped: '%%CLICK_URL_ESC%%',
    cacheBuster: '%%CACHEBUSTER%%',
    extraAttributes: { 'data-gdpr': '${GDPR}', 'data-gdpr-consent': '${GDPR_CONSENT_755}' },
    thirdPartyAttributes: { 'data-view-url': '%%VIEW_URL_UNESC%%' },
    dealAttributes: dealPair,
  },
  {
    id: 'google-campaign-manager',
    name: 'Google Campaign Manager',
    clickMacro: '%c',
    cacheBuster: '%n',
    extraAttributes: { 'data-gdpr': '${GDPR}', 'data-gdpr-consent': '${GDPR_CONSENT_755}' },
    thirdPartyAttributes: {},
  },
  {
    id: 'google-dv360',
    name: 'Google DV360',
    clickMacro: '${CLICK_URL}',
    clickMacroEscaped: '${CLICK_URL_ENC}',
    cacheBuster: '${CACHEBUSTER}',
    extraAttributes: { 'data-gdpr': '${GDPR}', 'data-gdpr-consent': '${GDPR_CONSENT_755}' },
    thirdPartyAttributes: {},
    dealAttributes: dealPair,
  },
  {
    id: 'quantcast',
    name: 'Quantcast',
    clickMacro: '${CLICK}',
    extraAttributes: {},
    thirdPartyAttributes: {},
  },
  {
    id: 'cognitiv',
    name: 'Cognitiv',
    extraAttributes: {},
    thirdPartyAttributes: {},
  },
  {
    id: 'the-trade-desk',
    name: 'The Trade Desk',
    clickMacro: '%%TTD_CLK%%',
    clickMacroEscaped: '%%TTD_CLK_ESC%%',
    cacheBuster: '%%TTD_CACHEBUSTER%%',
    extraAttributes: {},
    thirdPartyAttributes: {},
    dealAttributes: dealPair,
  },
  {
    id: 'mediamath',
    name: 'MediaMath',
    clickMacro: '[UNENCODED_CLICK_REDIRECT]',
    clickMacroEscaped: '[ENCODED_CLICK_REDIRECT]',
    cacheBuster: '[RANDOM_NUMBER]',
    extraAttributes: {},
    thirdPartyAttributes: {},
  },
  {
    id: 'adroll',
    name: 'AdRoll',
    extraAttributes: {},
    thirdPartyAttributes: {},
  },
  {
    id: 'xandr',
    name: 'Xandr',
    clickMacro: '${CLICK_URL}',
    clickMacroEscaped: '${CLICK_URL_ENC}',
    cacheBuster: '${CACHEBUSTER}',
    extraAttributes: { 'data-gdpr': '${GDPR_APPLIES}', 'data-gdpr-consent': '${GDPR_CONSENT_STRING}' },
    thirdPartyAttributes: {},
    dealAttributes: dealPair,
  },
  {
    id: 'yahoo-dsp',
    name: 'Yahoo DSP',
    clickMacro: '${CLICKURL}',
    clickMacroEscaped: '${CLICKURLENC}',
    extraAttributes: {},
    thirdPartyAttributes: {},
    dealAttributes: dealPair,
  },
  {
    id: 'adform',
    name: 'Adform',
    clickMacro: '%%c1;cpdir=',
    extraAttributes: {},
    thirdPartyAttributes: {},
  },
];

export const isPlatformId = (value: unknown): value is PlatformId =>
  typeof value === 'string' && (PLATFORM_IDS as readonly string[]).includes(value);

/** A platform by id or by display name. */
export const findPlatform = (idOrName: string | null | undefined): Platform | undefined =>
  platforms.find((platform) => platform.id === idOrName || platform.name === idOrName);

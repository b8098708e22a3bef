// The traffic platforms of docs/product.md §3 with the macros their ad servers fill in. Each row follows
// the platform's own macro documentation; docs/tags.md names the page behind every macro and says
// what could not be verified.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${CLICK_URL} are literal text the ad server replaces.

export const PLATFORM_IDS = [
  'direct',
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

/**
 * The privacy signals a tag forwards, as banner data attributes; a VAST/VPAID URL carries each as the
 * query parameter of the same name without `data-` and with `_` for `-` (`data-gdpr-consent` is
 * `gdpr_consent`). The serving side reads exactly these names.
 */
export const PRIVACY_ATTRIBUTES = {
  gdpr: 'data-gdpr',
  gdprConsent: 'data-gdpr-consent',
  addtlConsent: 'data-addtl-consent',
  usPrivacy: 'data-us-privacy',
  gpp: 'data-gpp',
  gppSid: 'data-gpp-sid',
} as const;

/** Stands for the TCF vendor id in macros such as `${GDPR_CONSENT_<id>}` (TCF_VENDOR_ID, default 755). */
export const TCF_VENDOR_ID_TOKEN = '{TCF_VENDOR_ID}';
export const DEFAULT_TCF_VENDOR_ID = 755;

export interface Platform {
  id: PlatformId;
  name: string;
  /**
   * The macro the platform replaces with its click-tracking URL, unescaped: the banner's `data-click`
   * (the ad runtime encodes it). Absent when the platform publishes none (the user enters it).
   */
  clickMacro?: string;
  /**
   * The URL-encoded variant: the VAST/VPAID URL's `click=` parameter, where an unescaped click URL's own
   * `&` would split our query. A platform without one gets no click macro in its VAST URL.
   */
  clickMacroEscaped?: string;
  /** The macro the platform replaces with a random number. */
  cacheBuster?: string;
  /**
   * The platform wraps a third-party VAST in its own VAST with its own `ClickTracking`: prefixing its
   * click URL to our `ClickThrough` as well would count each click twice on its side, so its VAST URL
   * carries no click macro and the click-through goes straight to the landing page.
   */
  vastWrapperTracksClicks: boolean;
  /**
   * The hosts of the platform's click trackers (each also covers its subdomains). A click prefix the
   * platform's macro expanded to is honoured only when its host is one of these (or one the deployment
   * adds with CLICK_PREFIX_HOSTS): anything else is dropped, so our click redirect never sends a browser
   * to a host a stranger put in `?click=` (clickPrefixAllowed).
   */
  clickTrackerHosts: readonly string[];
  /**
   * Privacy signals (PRIVACY_ATTRIBUTES) the platform expands, with their macros; TCF_VENDOR_ID_TOKEN
   * stands for the configured TCF vendor id.
   */
  extraAttributes: Readonly<Record<string, string>>;
  /**
   * Consent macros a banner carries besides `extraAttributes`, where the platform documents none of its
   * own: the IAB TCF's URL macros. Its VAST and VPAID URLs carry the player's IAB VAST macros instead
   * (`[GDPRCONSENT]`...), which every VAST 4.1 player fills, so they do not take these.
   */
  bannerPrivacyAttributes?: Readonly<Record<string, string>>;
  /**
   * Attributes that let a banner report back to the platform's own counters (third-party tracking).
   * Banners only: in video the platform's VAST wrapper does its own counting.
   */
  thirdPartyAttributes: Readonly<Record<string, string>>;
  /**
   * Attribute names of the deal-ID / fallback-ID pair: added only when the creative's settings ask for
   * them (dealIDRequired, fallbackCreative).
   */
  dealAttributes?: { dealID: string; fallbackID: string };
  /**
   * The macro the platform expands to the site the ad runs on, for the report's site breakdown: the
   * banner's `data-site` and the VAST/VPAID URL's `site=`. `expandsTo` says what it writes: the site's
   * domain, or the page's URL URL-encoded (safe inside our query; the ad runtime decodes it and sends
   * only its origin). Absent where the platform documents none: the site then comes from the page.
   */
  siteMacro?: { macro: string; expandsTo: 'domain' | 'encoded-url' };
  /** The macro the platform expands to the app's bundle or store id in-app (`data-bundle`, `bundle=`). */
  bundleMacro?: string;
  /**
   * No trading platform (docs/tags.md, "Direct tags"): the tag goes straight onto a publisher's page or
   * player, so it carries no macro at all and asks for no click macro; nothing expands one.
   */
  direct?: true;
}

const dealPair = { dealID: 'data-deal-id', fallbackID: 'data-fallback-id' } as const;

/** Google's ad servers expand the IAB TCF and GPP macros for the vendor id in their name. */
const googlePrivacy = {
  'data-gdpr': '${GDPR}',
  'data-gdpr-consent': '${GDPR_CONSENT_{TCF_VENDOR_ID}}',
  'data-addtl-consent': '${ADDTL_CONSENT}',
  'data-us-privacy': '${US_PRIVACY}',
  'data-gpp': '${GPP_STRING_{TCF_VENDOR_ID}}',
  'data-gpp-sid': '${GPP_SID}',
} as const;

/**
 * The IAB TCF's own URL macros (the TCF's "URL-based services" convention: `${GDPR}` and
 * `${GDPR_CONSENT_<vendor id>}`), for a platform whose pages document no consent macro of its own: a
 * platform that follows the TCF expands them, and one that does not leaves them as written, which the ad
 * runtime and the server read as no value (the runtime then asks the page's CMP). docs/tags.md,
 * "Consent signals, platform by platform".
 */
const iabTcfPrivacy = {
  'data-gdpr': '${GDPR}',
  'data-gdpr-consent': '${GDPR_CONSENT_{TCF_VENDOR_ID}}',
} as const;

export const platforms: readonly Platform[] = [
  {
    // A tag for a publisher's own page or player: no click, cache-buster, privacy or site macro. The
    // serving answers are never cached (no-store), so no cache-buster is needed; clicks go straight
    // through our redirect to the landing page; the site is the page's (docs/tags.md, "Direct tags").
    id: 'direct',
    name: 'Direct (no platform)',
    direct: true,
    vastWrapperTracksClicks: false,
    clickTrackerHosts: [],
    extraAttributes: {},
    thirdPartyAttributes: {},
  },
  {
    id: 'google-ad-manager',
    name: 'Google Ad Manager',
    clickMacro: '%%CLICK_URL_UNESC%%',
    clickMacroEscaped: '%%CLICK_URL_ESC%%',
    cacheBuster: '%%CACHEBUSTER%%',
    vastWrapperTracksClicks: false,
    clickTrackerHosts: ['doubleclick.net', 'googleadservices.com', 'googlesyndication.com'],
    extraAttributes: googlePrivacy,
    thirdPartyAttributes: { 'data-view-url': '%%VIEW_URL_UNESC%%' },
    dealAttributes: dealPair,
    siteMacro: { macro: '%%REFERRER_URL_ESC%%', expandsTo: 'encoded-url' },
  },
  {
    id: 'google-campaign-manager',
    name: 'Google Campaign Manager',
    // %c expands in creative code only, never in a redirect URL: the banner has it, VAST does not.
    clickMacro: '%c',
    cacheBuster: '%n',
    vastWrapperTracksClicks: true,
    clickTrackerHosts: ['doubleclick.net', 'googleadservices.com'],
    extraAttributes: googlePrivacy,
    thirdPartyAttributes: {},
  },
  {
    id: 'google-dv360',
    name: 'Google DV360',
    clickMacro: '${CLICK_URL}',
    clickMacroEscaped: '${CLICK_URL_ENC}',
    cacheBuster: '${CACHEBUSTER}',
    vastWrapperTracksClicks: false,
    clickTrackerHosts: ['doubleclick.net', 'googleadservices.com', 'googlesyndication.com'],
    extraAttributes: googlePrivacy,
    thirdPartyAttributes: {},
    dealAttributes: dealPair,
    siteMacro: { macro: '${SOURCE_URL_ENC}', expandsTo: 'encoded-url' },
    bundleMacro: '${BUNDLE_ID}',
  },
  {
    id: 'quantcast',
    name: 'Quantcast',
    clickMacro: '${CLICK}',
    clickMacroEscaped: '${CLICKESC}',
    cacheBuster: '${CACHEBUSTER}',
    vastWrapperTracksClicks: false,
    clickTrackerHosts: ['quantserve.com', 'quantcast.com'],
    extraAttributes: {},
    bannerPrivacyAttributes: iabTcfPrivacy,
    thirdPartyAttributes: {},
    siteMacro: { macro: '${DOMAIN}', expandsTo: 'domain' },
    bundleMacro: '${BUNDLE_ID}',
  },
  {
    id: 'cognitiv',
    name: 'Cognitiv',
    vastWrapperTracksClicks: false,
    clickTrackerHosts: ['cognitiv.ai'],
    extraAttributes: {},
    bannerPrivacyAttributes: iabTcfPrivacy,
    thirdPartyAttributes: {},
  },
  {
    id: 'the-trade-desk',
    name: 'The Trade Desk',
    clickMacro: '%%TTD_CLK%%',
    clickMacroEscaped: '%%TTD_CLK_ESC%%',
    cacheBuster: '%%TTD_CACHEBUSTER%%',
    vastWrapperTracksClicks: false,
    clickTrackerHosts: ['adsrvr.org'],
    extraAttributes: {
      'data-gdpr': '%%TTD_GDPR_APPLIES%%',
      'data-gdpr-consent': '%%TTD_GDPR_CONSENT_STRING%%',
    },
    thirdPartyAttributes: {},
    dealAttributes: dealPair,
    // In-app TTD writes the app's bundle here: it is then counted as a site of that name.
    siteMacro: { macro: '%%TTD_SITE%%', expandsTo: 'domain' },
  },
  {
    id: 'mediamath',
    name: 'MediaMath',
    clickMacro: '[UNENCODED_CLICK_REDIRECT]',
    clickMacroEscaped: '[ENCODED_CLICK_REDIRECT]',
    cacheBuster: '[RANDOM_NUMBER]',
    vastWrapperTracksClicks: false,
    clickTrackerHosts: ['mathtag.com'],
    extraAttributes: {},
    bannerPrivacyAttributes: iabTcfPrivacy,
    thirdPartyAttributes: {},
    siteMacro: { macro: '[BID_ATTR.site]', expandsTo: 'domain' },
    bundleMacro: '[BID_ATTR.app_id]',
  },
  {
    id: 'adroll',
    name: 'AdRoll',
    vastWrapperTracksClicks: false,
    clickTrackerHosts: ['adroll.com'],
    extraAttributes: {},
    bannerPrivacyAttributes: iabTcfPrivacy,
    thirdPartyAttributes: {},
  },
  {
    id: 'xandr',
    name: 'Xandr',
    clickMacro: '${CLICK_URL}',
    clickMacroEscaped: '${CLICK_URL_ENC}',
    cacheBuster: '${CACHEBUSTER}',
    vastWrapperTracksClicks: true,
    clickTrackerHosts: ['adnxs.com', 'adnxs-simple.com'],
    extraAttributes: {
      'data-gdpr': '${GDPR_APPLIES}',
      'data-gdpr-consent': '${GDPR_CONSENT_STRING}',
      'data-gpp': '${GPP_STRING_{TCF_VENDOR_ID}}',
      'data-gpp-sid': '${GPP_SID}',
    },
    thirdPartyAttributes: {},
    dealAttributes: dealPair,
    siteMacro: { macro: '${REFERER_URL_ENC}', expandsTo: 'encoded-url' },
    bundleMacro: '${EXT_APP_ID}',
  },
  {
    id: 'yahoo-dsp',
    name: 'Yahoo DSP',
    clickMacro: '${CLICKURL}',
    clickMacroEscaped: '${CLICKURLENC}',
    cacheBuster: '${REQUESTID}',
    vastWrapperTracksClicks: false,
    clickTrackerHosts: ['ads.yahoo.com', 'advertising.com', 'yahoo.net'],
    extraAttributes: {},
    bannerPrivacyAttributes: iabTcfPrivacy,
    thirdPartyAttributes: {},
    dealAttributes: dealPair,
  },
  {
    id: 'adform',
    name: 'Adform',
    // Open-ended: Adform's tracker takes the landing page appended, as the runtime does for banners.
    // Adform documents no escaped form for a URL parameter: its VAST URL carries no click macro and
    // Adform's own VAST tracking counts the click.
    clickMacro: '%%c1;cpdir=',
    cacheBuster: '__ADFRND__',
    vastWrapperTracksClicks: true,
    clickTrackerHosts: ['adform.net'],
    extraAttributes: {
      'data-gdpr': '${GDPR}',
      'data-gdpr-consent': '${GDPR_CONSENT_{TCF_VENDOR_ID}}',
    },
    thirdPartyAttributes: {},
    siteMacro: { macro: '__ADFREFERER__', expandsTo: 'encoded-url' },
  },
];

export const isPlatformId = (value: unknown): value is PlatformId =>
  typeof value === 'string' && (PLATFORM_IDS as readonly string[]).includes(value);

/** A platform by id or by display name. */
/** `host` is `allowed` or one of its subdomains (hosts compare without case and trailing dot). */
const hostMatches = (host: string, allowed: string) => {
  const h = host.toLowerCase().replace(/\.$/, '');
  const a = allowed
    .toLowerCase()
    .replace(/^\*?\./, '')
    .replace(/\.$/, '');
  return a !== '' && (h === a || h.endsWith(`.${a}`));
};

/**
 * A second URL inside a click prefix, raw or percent-encoded (once or twice), or a scheme-relative one
 * in a query value: a click tracker's prefix ends with the parameter our landing page is appended to, so
 * a URL already there is a redirector's (`google.com/url?q=https://evil.example/&x=`).
 */
const EMBEDDED_URL = /:\/\/|%3a%2f%2f|%253a%252f%252f|[?&=;]\/\/|[?&=;]%2f%2f/i;

/**
 * Whether a click prefix may be honoured: an http(s) URL whose host is one of the platform's click-tracker
 * hosts or of `extraHosts` (CLICK_PREFIX_HOSTS), with no credentials, no fragment (which would drop the
 * landing page appended after it) and no URL of its own in its path or query (a redirect chain through
 * an allowed host to any site). Without a known platform only `extraHosts` count.
 */
export function clickPrefixAllowed(
  prefix: string,
  platform: Platform | undefined,
  extraHosts: readonly string[] = [],
): boolean {
  let host: string;
  try {
    const url = new URL(prefix);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    if (url.username || url.password) return false;
    if (prefix.includes('#') || EMBEDDED_URL.test(prefix.slice(url.protocol.length + 2))) return false;
    host = url.hostname;
  } catch {
    return false;
  }
  return [...(platform?.clickTrackerHosts ?? []), ...extraHosts].some((allowed) =>
    hostMatches(host, allowed),
  );
}

export const findPlatform = (idOrName: string | null | undefined): Platform | undefined =>
  platforms.find((platform) => platform.id === idOrName || platform.name === idOrName);

/**
 * The platform's privacy attributes with the TCF vendor id filled into macros that name it: a banner's
 * (`extraAttributes` and `bannerPrivacyAttributes`) or a VAST or VPAID URL's (`extraAttributes`).
 */
export function privacyMacros(
  platform: Platform,
  tcfVendorID = DEFAULT_TCF_VENDOR_ID,
  tag: 'banner' | 'video' = 'video',
): [string, string][] {
  const attributes = {
    ...platform.extraAttributes,
    ...(tag === 'banner' ? platform.bannerPrivacyAttributes : undefined),
  };
  return Object.entries(attributes).map(([name, macro]) => [
    name,
    macro.split(TCF_VENDOR_ID_TOKEN).join(String(tcfVendorID)),
  ]);
}

// What a report breakdown reads of a user agent (docs/product.md §7, "Breakdowns"): the device type
// (desktop, mobile, tablet, connected TV, other), the operating system and the browser, each as family
// and major version. The server parses the user agent once, in the serving edge's classification, with
// a maintained parser (ua-parser-js 1.x, MIT); this module maps the parser's answer to the breakdown's
// values, so the rule is the same wherever it runs and is tested without a server.

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'ctv', 'other'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const DEVICE_TYPE_LABELS: Readonly<Record<DeviceType, string>> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
  ctv: 'Connected TV',
  other: 'Other devices',
};

/**
 * A common user agent of each device type the tag tester can test as (a desk testing a mobile campaign):
 * Chrome on Windows, Chrome on Android, Safari on an iPad, a Roku player.
 */
export const TEST_USER_AGENTS: Readonly<Record<Exclude<DeviceType, 'other'>, string>> = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  mobile:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  tablet:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ctv: 'Roku/DVP-12.5 (12.5.0.4174-AE)',
};

/** The part of a user-agent parser's answer the mapping reads (ua-parser-js 1.x's `IResult`). */
export interface ParsedUserAgent {
  device?: { type?: string | undefined } | undefined;
  os?: { name?: string | undefined; version?: string | undefined } | undefined;
  browser?:
    | { name?: string | undefined; version?: string | undefined; major?: string | undefined }
    | undefined;
}

/** The breakdown values of one user agent; '' where it tells nothing (reported as "Unknown"). */
export interface UserAgentDimensions {
  device: DeviceType | '';
  os: string;
  browser: string;
}

/**
 * Operating systems that run on desktop and laptop computers: a user agent of one of them that names no
 * device type is a desktop (browsers on computers do not say so).
 */
const DESKTOP_SYSTEMS = new Set([
  'windows',
  'mac os',
  'macos',
  'linux',
  'ubuntu',
  'debian',
  'fedora',
  'mint',
  'arch',
  'gentoo',
  'suse',
  'red hat',
  'centos',
  'chromium os',
  'chrome os',
  'freebsd',
  'openbsd',
  'netbsd',
  'solaris',
  'unix',
]);

/** Devices that are a television or play on one (set-top boxes, game consoles, streaming sticks). */
const CTV_SYSTEMS = new Set([
  'tizen',
  'webos',
  'netcast',
  'tvos',
  'roku',
  'fire os',
  'android tv',
  'playstation',
]);

/**
 * The device type of a parsed user agent:
 * - the parser's own type: mobile, tablet; smarttv and console are connected TV; wearable and embedded
 *   are other devices;
 * - no type: a television system (Tizen, webOS, tvOS, Roku ...) is connected TV, a desktop system
 *   (Windows, macOS, Linux, ChromeOS, BSD) is desktop, anything else other;
 * - nothing parsed at all: '' (unknown).
 */
export function deviceTypeOf(parsed: ParsedUserAgent): DeviceType | '' {
  const type = parsed.device?.type?.toLowerCase();
  if (type === 'mobile') return 'mobile';
  if (type === 'tablet') return 'tablet';
  if (type === 'smarttv' || type === 'console') return 'ctv';
  if (type === 'wearable' || type === 'embedded' || type === 'xr') return 'other';
  const os = parsed.os?.name?.toLowerCase();
  if (os === undefined || os === '') return parsed.browser?.name ? 'other' : '';
  if (CTV_SYSTEMS.has(os)) return 'ctv';
  if (DESKTOP_SYSTEMS.has(os)) return 'desktop';
  return 'other';
}

/** A family name as a breakdown keeps it: printable, single spaces, at most 40 characters. */
const family = (name: string | undefined): string =>
  (name ?? '')
    .replace(/[^\p{L}\p{N} ._+\-/()]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);

/** The major version: the leading number of a version, at most 4 digits ('' when there is none). */
export function majorVersion(version: string | undefined): string {
  const major = /^\s*(\d{1,4})(?!\d)/.exec(version ?? '')?.[1];
  return major === undefined ? '' : String(Number(major));
}

/** 'Family major' ('Chrome 126', 'iOS 17'), the family alone without a version, '' without a family. */
export const familyAndMajor = (name: string | undefined, version: string | undefined): string => {
  const name_ = family(name);
  if (name_ === '') return '';
  const major = majorVersion(version);
  return major === '' ? name_ : `${name_} ${major}`;
};

/** The device type, OS and browser values of a parsed user agent. */
export function userAgentDimensions(parsed: ParsedUserAgent): UserAgentDimensions {
  return {
    device: deviceTypeOf(parsed),
    os: familyAndMajor(parsed.os?.name, parsed.os?.version),
    browser: familyAndMajor(parsed.browser?.name, parsed.browser?.major ?? parsed.browser?.version),
  };
}

/**
 * The family of an OS or browser value as a breakdown keeps it ('Chrome 126' is Chrome, 'Mac OS 10' is
 * Mac OS, 'Linux' is Linux): what a delivery rule names (docs/serving.md, "Delivery rules").
 */
export function familyOf(value: string): string {
  const space = value.lastIndexOf(' ');
  if (space <= 0) return value;
  const tail = value.slice(space + 1);
  return tail.length <= 4 && /^\d+$/.test(tail) ? value.slice(0, space) : value;
}

/**
 * The operating systems and browsers the rules editor offers (ua-parser-js 1.x's names, as the
 * breakdowns report them); a rule may name any other family a breakdown shows.
 */
export const COMMON_OS_FAMILIES = [
  'Android',
  'iOS',
  'Windows',
  'Mac OS',
  'Linux',
  'Chromium OS',
  'Ubuntu',
  'Tizen',
  'webOS',
  'HarmonyOS',
] as const;
export const COMMON_BROWSER_FAMILIES = [
  'Chrome',
  'Mobile Safari',
  'Safari',
  'Edge',
  'Firefox',
  'Samsung Internet',
  'Opera',
  'Chrome WebView',
  'Android Browser',
  'Yandex',
  'Facebook',
  'Instagram',
] as const;

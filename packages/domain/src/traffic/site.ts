// The site of an ad request (docs/product.md §7, "Breakdowns"): the page's host name, lower case, without
// `www.`, or the app's bundle in-app. Where it comes from, first found wins: the platform's site or app
// macro where the tag carries one, else the page the ad runtime sees (the top frame's origin, or the
// frame's referrer), else the request's Referer header. Only the host is kept, never a path or query.

/** How an app bundle is kept in the site breakdown: `app:<bundle>` (a host can never start so). */
export const APP_SITE_PREFIX = 'app:';
const MAX_HOST_LENGTH = 253;

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The host of an http(s) URL or a bare host in the plain form most pages have: ASCII letters, digits,
 * dots and dashes, the last label starting with a letter (a host ending in a number is an IPv4 address
 * to the URL parser), no `xn--` label (the parser checks its Punycode), then nothing, or a path, query
 * or fragment. Read without the URL parser, whose answer for these is the same text (a test compares
 * them); undefined for anything else (a port, user info, other characters), which the parser reads.
 */
const PLAIN_HOST = /^(?:https?:\/\/)?((?:[a-z0-9-]*\.)*[a-z][a-z0-9-]*\.?)(?:[/?#]|$)/i;
const plainHost = (text: string): string | undefined => {
  const host = PLAIN_HOST.exec(text)?.[1];
  return host === undefined || /xn--/i.test(host) ? undefined : host;
};

/**
 * A host name as the site breakdown keeps it: from a URL, an origin or a bare host; lower case, the
 * port and a trailing dot dropped, a leading `www.` removed, international names in their ASCII
 * (punycode) form. '' when it is not a host name (an unexpanded macro, an opaque origin, garbage).
 */
export function normalizeSite(input: string | null | undefined): string {
  let text = (input ?? '').trim();
  if (text === '' || text.length > 2048) return '';
  // A page URL a platform's site macro wrote URL-encoded (`https%3A%2F%2F...`) and nobody decoded.
  if (/^[a-z][a-z0-9+.-]*%3a/i.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return '';
    }
  }
  const plain = plainHost(text);
  if (plain !== undefined) {
    // The same hosts come again and again: each plain one is checked once (a bounded memo).
    let kept = plainHosts.get(plain);
    if (kept === undefined) {
      if (plainHosts.size >= PLAIN_HOSTS_KEPT) plainHosts.clear();
      kept = checkedHost(plain);
      plainHosts.set(plain, kept);
    }
    return kept;
  }
  try {
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? new URL(text) : new URL(`http://${text}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return checkedHost(url.hostname);
  } catch {
    return '';
  }
}

const PLAIN_HOSTS_KEPT = 4096;
const plainHosts = new Map<string, string>();

/** A host as kept: lower case, without a trailing dot or a leading `www.`; '' when it is not a name. */
function checkedHost(hostname: string): string {
  let host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return ''; // an IPv6 literal: not a site
  if (host.startsWith('www.')) host = host.slice(4);
  if (host === '' || host.length > MAX_HOST_LENGTH) return '';
  if (IPV4.test(host)) return host;
  const labels = host.split('.');
  return labels.every((label) => HOST_LABEL.test(label)) ? host : '';
}

/**
 * An app's bundle (Android package `com.example.game`, an App Store id `1234567890` or `id1234567890`)
 * as the site breakdown keeps it: `app:` and the bundle in lower case; '' when it is not one.
 */
export function normalizeAppBundle(input: string | null | undefined): string {
  const text = (input ?? '').trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9._-]{0,149}$/.test(text)) return '';
  const bundle = /^id\d+$/.test(text) ? text.slice(2) : text;
  return `${APP_SITE_PREFIX}${bundle}`;
}

/** Where a site can come from, in the order they are believed. */
export interface SiteSources {
  /** The platform's app-bundle macro, expanded (in-app inventory). */
  appBundle?: string | null | undefined;
  /** The platform's site or domain macro, expanded. */
  siteMacro?: string | null | undefined;
  /** The page the ad runtime sees: the top frame's origin or the frame's referrer. */
  page?: string | null | undefined;
  /** The ad request's Referer header. */
  referer?: string | null | undefined;
}

/** The site of an ad request: the first source that is a bundle or host; '' (unknown) when none is. */
export function siteOf(sources: SiteSources): string {
  return (
    normalizeAppBundle(sources.appBundle) ||
    normalizeSite(sources.siteMacro) ||
    normalizeSite(sources.page) ||
    normalizeSite(sources.referer)
  );
}

/** A site value's label: the host itself, or the bundle followed by "(app)". */
export const siteLabel = (value: string): string =>
  value.startsWith(APP_SITE_PREFIX) ? `${value.slice(APP_SITE_PREFIX.length)} (app)` : value;

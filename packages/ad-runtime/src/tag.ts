// Reading an ad tag (`<ins class="adconsole-ad" data-live-id ...>`, built by the domain's buildTag)
// and the serving origin of the script.
import type { PageConsent } from './consent';
import {
  DEAL_ATTRIBUTES,
  PLACEMENT_ATTRIBUTE,
  PRIVACY_PARAMS,
  SERVE_AD_QUERY,
  SERVE_INIT_PATH,
  serveAdPath,
  servePlacementAdPath,
} from './contract';

/** The placement a tag names (`data-placement-id`, docs/serving.md "Placements"), or null for a single creative's tag. */
export const placementOf = (tag: Pick<Element, 'getAttribute'>): string | null =>
  tag.getAttribute('data-live-id') ? null : tag.getAttribute(PLACEMENT_ATTRIBUTE) || null;

/**
 * A privacy signal's value as a platform or a CMP writes it (a flag, a base64url string with its `.`
 * and `~`, section ids): a macro left as written (`${GDPR}`, `[GDPRCONSENT]`) matches none.
 */
const PRIVACY_VALUE = /^[\w.~,-]+$/;
/** A privacy signal's attribute: `gdpr_consent` is `data-gdpr-consent`. */
const privacyAttribute = (param: string) => `data-${param.replace(/_/g, '-')}`;

/** Whether the tag carries a consent string of its own (a TC string or a GPP string): then no CMP is asked. */
export const tagCarriesConsent = (tag: Pick<Element, 'getAttribute'>): boolean =>
  ['gdpr_consent', 'gpp'].some((param) =>
    PRIVACY_VALUE.test(tag.getAttribute(privacyAttribute(param)) ?? ''),
  );

/**
 * The ad request of a tag: `<origin>/serve/ad/{liveID}.json` (a placement's tag:
 * `/serve/ad/p/{placementID}.json` with `pos=`, the position this page showed last of it) with the
 * platform's expanded click prefix, its cache-buster, the deal ids and the privacy signals (the tag's
 * own, else the page's CMP's: `consent`, docs/privacy.md). A macro the platform left unexpanded (the tag
 * on a page that is not served by the platform, e.g. a preview) is not sent: it is not a click URL or a
 * random number.
 */
export function adRequestUrl(
  tag: Pick<Element, 'getAttribute'>,
  origin: string,
  page?: string | undefined,
  position?: number | undefined,
  cookies = true,
  consent: PageConsent = {},
): string | null {
  const liveID = tag.getAttribute('data-live-id');
  const placement = placementOf(tag);
  if (!liveID && !placement) return null;
  const query: string[] = [];
  const add = (name: string, value: string | null, expanded: RegExp) => {
    if (value && expanded.test(value)) query.push(`${name}=${encodeURIComponent(value)}`);
  };
  add(SERVE_AD_QUERY.click, tag.getAttribute('data-click'), /^https?:\/\//i);
  add(SERVE_AD_QUERY.cacheBuster, tag.getAttribute('data-cb'), /^[\w.-]+$/);
  add(SERVE_AD_QUERY.dealID, tag.getAttribute(DEAL_ATTRIBUTES.dealID), /\S/);
  add(SERVE_AD_QUERY.fallbackID, tag.getAttribute(DEAL_ATTRIBUTES.fallbackID), /\S/);
  // The report's site breakdown: the platform's site / app macros when expanded, and the page.
  add(SERVE_AD_QUERY.site, expandedSite(tag.getAttribute('data-site')), /^[\w.:/-]+$/);
  add(SERVE_AD_QUERY.bundle, tag.getAttribute('data-bundle'), /^[\w.-]+$/);
  add(SERVE_AD_QUERY.page, page ?? null, /^https?:\/\/[^\s/]+$/i);
  add(SERVE_AD_QUERY.position, position === undefined ? null : String(position), /^\d+$/);
  const own = tagCarriesConsent(tag);
  for (const param of PRIVACY_PARAMS)
    add(param, (own ? null : consent[param]) ?? tag.getAttribute(privacyAttribute(param)), PRIVACY_VALUE);
  // A browser that keeps no cookies says so: the server cannot cap it (docs/serving.md, "Frequency caps").
  add(SERVE_AD_QUERY.noCookie, cookies ? null : '1', /^1$/);
  const path = liveID ? serveAdPath(liveID) : servePlacementAdPath(placement ?? '');
  return `${origin}${path}${query.length ? `?${query.join('&')}` : ''}`;
}

/**
 * A platform's expanded site macro as the ad request carries it: a domain as it is; a page URL (as
 * Google Ad Manager, DV360, Xandr and Adform write it: URL-encoded) decoded and cut to its origin, so no
 * path or query of the publisher's page leaves the frame. null when unexpanded or unreadable.
 */
function expandedSite(value: string | null): string | null {
  let text = value?.trim() ?? '';
  if (/^[a-z][a-z0-9+.-]*%3a/i.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  if (!/^https?:\/\//i.test(text)) return text || null;
  try {
    return new URL(text).origin;
  } catch {
    return null;
  }
}

/**
 * The origin of the page the ad is on, as far as the frame can tell: the top frame's origin from
 * `location.ancestorOrigins` (Chromium, Safari), else the referrer's origin inside a frame, else its own
 * origin. Only the origin is sent, never a path.
 */
export function pageOrigin(win: Window): string {
  try {
    const ancestors = win.location.ancestorOrigins;
    if (ancestors && ancestors.length > 0) return ancestors[ancestors.length - 1] ?? '';
  } catch {
    // No access: fall through.
  }
  try {
    if (win.top !== win && win.document.referrer) return new URL(win.document.referrer).origin;
    return win.location.origin;
  } catch {
    return '';
  }
}

/** The runtime's own script tag: the one running, else the last init.js script of the page. */
function ownScript(document: Document): HTMLScriptElement | undefined {
  const current = document.currentScript;
  const scripts = document.querySelectorAll<HTMLScriptElement>(`script[src*="${SERVE_INIT_PATH}"]`);
  return current instanceof HTMLScriptElement && current.src ? current : scripts[scripts.length - 1];
}

/**
 * The CSP nonce of the runtime's own script tag ('' without one): the frames it writes inherit the
 * page's policy, so their scripts need it, and so does video.js. Read while the script runs
 * (`currentScript`), else from the last init.js tag of the page.
 */
export const scriptNonce = (document: Document): string => ownScript(document)?.nonce ?? '';

/** The origin the runtime was loaded from: its own script, else the last init.js script of the page. */
export function scriptOrigin(document: Document): string | null {
  const script = ownScript(document);
  try {
    return script ? new URL(script.src, document.baseURI).origin : null;
  } catch {
    return null;
  }
}

// Ad tags (docs/product.md §7): VAST/VPAID as an XML URL, banners as an <ins> tag plus the init script.
import {
  type Creative,
  creativeSetting,
  isVideoCreativeType,
  type LiveCreative,
} from '../campaigns/creative';
import {
  insecureServingUrlMessage,
  MESSAGES,
  missingClickMacroMessage,
  missingEscapedClickMacroMessage,
  unknownPlatformMessage,
} from '../validation/messages';
import { videoFactParams } from './fact-macros';
import {
  DEFAULT_TCF_VENDOR_ID,
  findPlatform,
  type Platform,
  type PlatformId,
  privacyMacros,
} from './platforms';

/** Paths of the ad-serving endpoints under the serving host; the API serves exactly these. */
export const TAG_PATHS = {
  vast: (liveCreativeID: string) => `/serve/vast/${encodeURIComponent(liveCreativeID)}.xml`,
  vpaid: (liveCreativeID: string) => `/serve/vpaid/${encodeURIComponent(liveCreativeID)}.xml`,
  /** A placement's VAST and VPAID tags (docs/serving.md, "Placements"): each request gets one of its creatives. */
  vastPlacement: (placementID: string) => `/serve/vast/p/${encodeURIComponent(placementID)}.xml`,
  vpaidPlacement: (placementID: string) => `/serve/vpaid/p/${encodeURIComponent(placementID)}.xml`,
  initScript: '/serve/init.js',
} as const;

/** Query parameters of a VAST/VPAID URL and data attributes of a banner tag that carry the macros. */
export const TAG_PARAMS = {
  click: 'click',
  cacheBuster: 'cb',
  dealID: 'deal_id',
  fallbackID: 'fallback_id',
  apiFrameworks: 'apiframeworks',
  site: 'site',
  bundle: 'bundle',
} as const;

/** The banner's data attributes of the site breakdown (the runtime sends them as `site`, `bundle`). */
export const SITE_ATTRIBUTES = { site: 'data-site', bundle: 'data-bundle' } as const;

/**
 * The IAB VAST macro a player expands to the API frameworks it supports ('2' is VPAID 2.0): on the
 * VPAID tag, so a player without VPAID gets the plain video MediaFile alone (`playerTakesVpaid`).
 */
export const APIFRAMEWORKS_MACRO = '[APIFRAMEWORKS]';

/**
 * The IAB VAST macros of privacy signals (VAST 4.1 and later), by the query parameter that carries each:
 * the player expands them, whatever platform bought the impression. A VAST or VPAID tag carries each
 * one the platform does not fill with a macro of its own (docs/tags.md, "Privacy signals in VAST"), and
 * every tracking URL of our VAST documents carries them all; the serving side reads them
 * (docs/privacy.md).
 */
export const VAST_PRIVACY_MACROS = {
  gdpr_consent: '[GDPRCONSENT]',
  regs: '[REGULATIONS]',
  lat: '[LIMITADTRACKING]',
  gpp: '[GPPSTRING]',
  gpp_sid: '[GPPSECTIONID]',
} as const;

/** The IAB VAST privacy macros a VAST tag adds: those whose signal the platform's own macros leave out. */
export function vastPrivacyParams(
  platformPrivacy: readonly (readonly [string, string])[],
): [string, string][] {
  const filled = new Set(platformPrivacy.map(([attribute]) => tagParamOf(attribute)));
  // `regs=[REGULATIONS]` says whether GDPR applies where the platform's own `gdpr=` does not.
  if (filled.has('gdpr')) filled.add('regs');
  return Object.entries(VAST_PRIVACY_MACROS).filter(([param]) => !filled.has(param));
}
export const INS_TAG_CLASS = 'adconsole-ad';
/** A placement's banner tag names the placement here instead of `data-live-id` (docs/serving.md, "Placements"). */
export const PLACEMENT_ATTRIBUTE = 'data-placement-id';

export interface BuildTagInput {
  creative: Pick<Creative, 'id' | 'type' | 'width' | 'height' | 'settings'> &
    Partial<Pick<Creative, 'fluid'>>;
  liveCreative: Pick<LiveCreative, 'id'>;
  platform: Platform | PlatformId | string;
  /** Host (or origin) that serves ads, e.g. 'ads.example.com' or 'https://ads.example.com'. */
  servingHost: string;
  dealID?: string | undefined;
  fallbackID?: string | undefined;
  /** The user's click macro; a Banner needs it on platforms without a default (Cognitiv, AdRoll). */
  clickMacro?: string | undefined;
  /** The URL-encoded variant of the user's click macro; VAST and VPAID need it on those platforms. */
  clickMacroEscaped?: string | undefined;
  /** The TCF vendor id in `${GDPR_CONSENT_<id>}` and `${GPP_STRING_<id>}` (TCF_VENDOR_ID, default 755). */
  tcfVendorID?: number | undefined;
}

export type TagResult = { ok: true; kind: 'vast-url' | 'ins'; tag: string } | { ok: false; error: string };

/** 'ads.example.com', 'https://ads.example.com/' -> 'https://ads.example.com'. */
export function servingOrigin(servingHost: string): string {
  const trimmed = servingHost.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A VAST/VPAID query parameter of a banner data attribute: `data-gdpr-consent` is `gdpr_consent`. */
export const tagParamOf = (attribute: string): string => attribute.replace(/^data-/, '').replace(/-/g, '_');

/**
 * The click macro the user must enter for a tag of this type, where the platform publishes none
 * (Cognitiv, AdRoll): banners take the macro as it is, VAST/VPAID URLs its URL-encoded variant.
 */
export function userClickMacroNeeded(
  platform: Platform,
  type: BuildTagInput['creative']['type'],
): 'clickMacro' | 'clickMacroEscaped' | undefined {
  if (platform.clickMacro !== undefined || platform.direct) return undefined;
  if (!isVideoCreativeType(type)) return 'clickMacro';
  return platform.vastWrapperTracksClicks ? undefined : 'clickMacroEscaped';
}

/**
 * The click macro a tag carries, or an error: banners take the unescaped macro (the runtime encodes it),
 * VAST/VPAID URLs the escaped one, since an expanded URL's own `&` would split our query. A VAST URL
 * carries none where the platform's wrapper tracks clicks itself.
 */
function clickMacroOf(
  input: BuildTagInput,
  platform: Platform,
): { ok: true; macro: string | undefined } | { ok: false; error: string } {
  const user = input.clickMacro?.trim() || undefined;
  const userEscaped = input.clickMacroEscaped?.trim() || undefined;
  const needed = userClickMacroNeeded(platform, input.creative.type);
  if (needed === 'clickMacro' && !user) {
    return { ok: false, error: missingClickMacroMessage(platform.name) };
  }
  if (needed === 'clickMacroEscaped' && !userEscaped) {
    return { ok: false, error: missingEscapedClickMacroMessage(platform.name) };
  }
  if (!isVideoCreativeType(input.creative.type)) return { ok: true, macro: user ?? platform.clickMacro };
  if (platform.vastWrapperTracksClicks) return { ok: true, macro: undefined };
  return { ok: true, macro: userEscaped ?? platform.clickMacroEscaped };
}

/**
 * A placement's tag (docs/serving.md, "Placements": one tag, several creatives), with the platform's macros as a single
 * creative's tag has them: `/serve/vast/p/{id}.xml` (or vpaid) for video, `<ins data-placement-id>` for
 * banners. A placement has no settings of its own: `settings` are those its tag should follow (deal
 * and fallback ids, EU, in-app), e.g. its first creative's; none by default.
 */
export interface BuildPlacementTagInput extends Omit<BuildTagInput, 'creative' | 'liveCreative'> {
  placement: { id: string; kind: Creative['type']; width: number; height: number };
  settings?: Creative['settings'] | undefined;
  fluid?: boolean | undefined;
}

export function buildPlacementTag(input: BuildPlacementTagInput): TagResult {
  const { placement, settings, fluid, ...rest } = input;
  return buildTagOf(
    {
      ...rest,
      creative: {
        id: placement.id,
        type: placement.kind,
        width: placement.width,
        height: placement.height,
        settings: settings ?? [],
        fluid: fluid ?? false,
      },
      liveCreative: { id: placement.id },
    },
    'placement',
  );
}

export function buildTag(input: BuildTagInput): TagResult {
  return buildTagOf(input, 'live');
}

function buildTagOf(input: BuildTagInput, target: 'live' | 'placement'): TagResult {
  const platform = typeof input.platform === 'string' ? findPlatform(input.platform) : input.platform;
  if (!platform) return { ok: false, error: unknownPlatformMessage(String(input.platform)) };

  const click = clickMacroOf(input, platform);
  if (!click.ok) return click;

  const dealRequired = creativeSetting(input.creative, 'dealIDRequired') === true;
  const fallbackWanted = creativeSetting(input.creative, 'fallbackCreative') === true;
  const deal: [string, string][] = [];
  if (platform.dealAttributes) {
    if (dealRequired) {
      if (!input.dealID?.trim()) return { ok: false, error: MESSAGES.tagDealIdMissing };
      deal.push([platform.dealAttributes.dealID, input.dealID.trim()]);
    }
    if (fallbackWanted) {
      if (!input.fallbackID?.trim()) return { ok: false, error: MESSAGES.tagFallbackIdMissing };
      deal.push([platform.dealAttributes.fallbackID, input.fallbackID.trim()]);
    }
  }

  const origin = servingOrigin(input.servingHost);
  const liveID = String(input.liveCreative.id);
  const vendor = input.tcfVendorID ?? DEFAULT_TCF_VENDOR_ID;
  const privacy = privacyMacros(platform, vendor);

  if (isVideoCreativeType(input.creative.type)) {
    // Macros stay literal so the platform can find and replace them; our own values are encoded.
    const params: string[] = [];
    if (click.macro) params.push(`${TAG_PARAMS.click}=${click.macro}`);
    if (platform.cacheBuster) params.push(`${TAG_PARAMS.cacheBuster}=${platform.cacheBuster}`);
    if (platform.siteMacro) params.push(`${TAG_PARAMS.site}=${platform.siteMacro.macro}`);
    if (platform.bundleMacro) params.push(`${TAG_PARAMS.bundle}=${platform.bundleMacro}`);
    for (const [name, macro] of privacy) params.push(`${tagParamOf(name)}=${macro}`);
    for (const [param, macro] of vastPrivacyParams(privacy)) params.push(`${param}=${macro}`);
    // Language, connection type, device id: the platform's macro, else the player's (docs/tags.md,
    // "Request facts, platform by platform"). A banner carries none.
    for (const [param, macro] of videoFactParams(platform.id)) params.push(`${param}=${macro}`);
    for (const [name, value] of deal) {
      const param = name === platform.dealAttributes?.dealID ? TAG_PARAMS.dealID : TAG_PARAMS.fallbackID;
      params.push(`${param}=${encodeURIComponent(value)}`);
    }
    if (input.creative.type === 'VPAID') params.push(`${TAG_PARAMS.apiFrameworks}=${APIFRAMEWORKS_MACRO}`);
    const path =
      target === 'placement'
        ? input.creative.type === 'VAST'
          ? TAG_PATHS.vastPlacement(liveID)
          : TAG_PATHS.vpaidPlacement(liveID)
        : input.creative.type === 'VAST'
          ? TAG_PATHS.vast(liveID)
          : TAG_PATHS.vpaid(liveID);
    return {
      ok: true,
      kind: 'vast-url',
      tag: `${origin}${path}${params.length > 0 ? `?${params.join('&')}` : ''}`,
    };
  }

  const fluid = input.creative.fluid === true;
  const attributes: [string, string][] = [
    ['class', INS_TAG_CLASS],
    [target === 'placement' ? PLACEMENT_ATTRIBUTE : 'data-live-id', liveID],
    ['data-width', String(input.creative.width)],
    ['data-height', String(input.creative.height)],
    ['data-platform', platform.id],
    // A direct tag has no click macro to carry: the runtime sends none (docs/tags.md, "Direct tags").
    ...(platform.direct ? [] : [['data-click', click.macro ?? ''] as [string, string]]),
  ];
  if (platform.cacheBuster) attributes.push(['data-cb', platform.cacheBuster]);
  if (platform.siteMacro) attributes.push([SITE_ATTRIBUTES.site, platform.siteMacro.macro]);
  if (platform.bundleMacro) attributes.push([SITE_ATTRIBUTES.bundle, platform.bundleMacro]);
  if (creativeSetting(input.creative, 'euCreative') === true) attributes.push(['data-eu', '1']);
  if (creativeSetting(input.creative, 'inAppSupport') === true) attributes.push(['data-in-app', '1']);
  attributes.push(
    ...privacyMacros(platform, vendor, 'banner'),
    ...Object.entries(platform.thirdPartyAttributes),
    ...deal,
  );
  const style = fluid
    ? 'display:block;width:100%'
    : `display:inline-block;width:${input.creative.width}px;height:${input.creative.height}px`;
  attributes.push(['style', style]);
  const ins = `<ins ${attributes.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ')}></ins>`;
  const script = `<script async src="${escapeAttribute(`${origin}${TAG_PATHS.initScript}`)}"></script>`;
  return { ok: true, kind: 'ins', tag: `${ins}${script}` };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why tags served from this origin will be refused, or undefined: Xandr requires https for every URL of
 * a VAST document and most exchanges refuse non-secure creatives. A local origin (development) is fine.
 */
export function servingUrlWarning(servingHost: string): string | undefined {
  let url: URL;
  try {
    url = new URL(servingOrigin(servingHost));
  } catch {
    return undefined;
  }
  if (url.protocol === 'https:') return undefined;
  if (LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost')) return undefined;
  return insecureServingUrlMessage(url.origin);
}

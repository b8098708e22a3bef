// Ad tags (spec section 7): VAST/VPAID as an XML URL, banners as an <ins> tag plus the init script.
import { type Creative, creativeSetting, type LiveCreative } from '../entities/creative';
import { findPlatform, type Platform, type PlatformId } from './platforms';

/** Paths of the ad-serving endpoints under the serving host; the API serves exactly these. */
export const TAG_PATHS = {
  vast: (liveCreativeID: string) => `/serve/vast/${encodeURIComponent(liveCreativeID)}.xml`,
  vpaid: (liveCreativeID: string) => `/serve/vpaid/${encodeURIComponent(liveCreativeID)}.xml`,
  initScript: '/serve/init.js',
} as const;

/** Query parameters of a VAST/VPAID URL and data attributes of a banner tag that carry the macros. */
export const TAG_PARAMS = {
  click: 'click',
  cacheBuster: 'cb',
  dealID: 'deal_id',
  fallbackID: 'fallback_id',
} as const;
export const INS_TAG_CLASS = 'adconsole-ad';

export const TAG_MESSAGES = {
  missingClickMacro: (platformName: string) =>
    `Click macro missing: ${platformName} has no default, enter its click macro`,
  unknownPlatform: (platform: string) => `Unknown platform: ${platform}`,
  missingDealID: 'Deal ID missing: this creative requires a deal ID',
  missingFallbackID: 'Fallback ID missing: this creative requires a fallback creative ID',
  notPublished: 'Publish the creative first: it has no live creative',
} as const;

export interface BuildTagInput {
  creative: Pick<Creative, 'id' | 'type' | 'width' | 'height' | 'settings'> &
    Partial<Pick<Creative, 'fluid'>>;
  liveCreative: Pick<LiveCreative, 'id'>;
  platform: Platform | PlatformId | string;
  /** Host (or origin) that serves ads, e.g. 'ads.example.com' or 'https://ads.example.com'. */
  servingHost: string;
  dealID?: string | undefined;
  fallbackID?: string | undefined;
  /** The user's click macro; required for platforms without a default (Cognitiv, AdRoll). */
  clickMacro?: string | undefined;
}

export type TagResult = { ok: true; kind: 'vast-url' | 'ins'; tag: string } | { ok: false; error: string };

/** 'ads.example.com', 'https://ads.example.com/' -> 'https://ads.example.com'. */
export function servingOrigin(servingHost: string): string {
  const trimmed = servingHost.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Macros stay literal so the platform can find and replace them; everything else is encoded. */
const queryValue = (value: string, isMacro: boolean): string => (isMacro ? value : encodeURIComponent(value));

export function buildTag(input: BuildTagInput): TagResult {
  const platform = typeof input.platform === 'string' ? findPlatform(input.platform) : input.platform;
  if (!platform) return { ok: false, error: TAG_MESSAGES.unknownPlatform(String(input.platform)) };

  const userMacro = input.clickMacro?.trim();
  const clickMacro = userMacro || platform.clickMacro;
  if (!clickMacro) return { ok: false, error: TAG_MESSAGES.missingClickMacro(platform.name) };

  const dealRequired = creativeSetting(input.creative, 'dealIDRequired') === true;
  const fallbackWanted = creativeSetting(input.creative, 'fallbackCreative') === true;
  const deal: [string, string][] = [];
  if (platform.dealAttributes) {
    if (dealRequired) {
      if (!input.dealID?.trim()) return { ok: false, error: TAG_MESSAGES.missingDealID };
      deal.push([platform.dealAttributes.dealID, input.dealID.trim()]);
    }
    if (fallbackWanted) {
      if (!input.fallbackID?.trim()) return { ok: false, error: TAG_MESSAGES.missingFallbackID };
      deal.push([platform.dealAttributes.fallbackID, input.fallbackID.trim()]);
    }
  }

  const origin = servingOrigin(input.servingHost);
  const liveID = String(input.liveCreative.id);

  if (input.creative.type === 'VAST' || input.creative.type === 'VPAID') {
    // Inside a URL the click URL must arrive encoded, so the escaped macro wins when there is one.
    const click = userMacro || platform.clickMacroEscaped || clickMacro;
    const params: string[] = [`${TAG_PARAMS.click}=${queryValue(click, true)}`];
    if (platform.cacheBuster) params.push(`${TAG_PARAMS.cacheBuster}=${platform.cacheBuster}`);
    for (const [name, value] of Object.entries({
      ...platform.extraAttributes,
      ...platform.thirdPartyAttributes,
    })) {
      params.push(`${name.replace(/^data-/, '').replace(/-/g, '_')}=${value}`);
    }
    for (const [name, value] of deal) {
      const param = name === platform.dealAttributes?.dealID ? TAG_PARAMS.dealID : TAG_PARAMS.fallbackID;
      params.push(`${param}=${queryValue(value, false)}`);
    }
    const path = input.creative.type === 'VAST' ? TAG_PATHS.vast(liveID) : TAG_PATHS.vpaid(liveID);
    return { ok: true, kind: 'vast-url', tag: `${origin}${path}?${params.join('&')}` };
  }

  const fluid = input.creative.fluid === true;
  const attributes: [string, string][] = [
    ['class', INS_TAG_CLASS],
    ['data-live-id', liveID],
    ['data-width', String(input.creative.width)],
    ['data-height', String(input.creative.height)],
    ['data-platform', platform.id],
    ['data-click', clickMacro],
  ];
  if (platform.cacheBuster) attributes.push(['data-cb', platform.cacheBuster]);
  if (creativeSetting(input.creative, 'euCreative') === true) attributes.push(['data-eu', '1']);
  if (creativeSetting(input.creative, 'inAppSupport') === true) attributes.push(['data-in-app', '1']);
  attributes.push(
    ...Object.entries(platform.extraAttributes),
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

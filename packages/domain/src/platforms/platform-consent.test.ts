// Each platform's tags carry its consent macros as its own documentation spells them (docs/tags.md,
// "Consent signals, platform by platform", which quotes each page), and every VAST tag the IAB VAST
// macros for the signals the platform leaves out (the player expands those). One test per platform.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${GDPR} are literal text.
import { describe, expect, it } from 'vitest';
import type { CreativeSetting } from '../campaigns/creative';
import { type PlatformId, platforms } from './platforms';
import { buildTag } from './tags';

const VENDOR = 755;
const GOOGLE = {
  gdpr: '${GDPR}',
  gdpr_consent: '${GDPR_CONSENT_755}',
  addtl_consent: '${ADDTL_CONSENT}',
  us_privacy: '${US_PRIVACY}',
  gpp: '${GPP_STRING_755}',
  gpp_sid: '${GPP_SID}',
};
/** The IAB TCF's URL macros, in the banner of a platform that documents none of its own. */
const IAB_TCF = { gdpr: '${GDPR}', gdpr_consent: '${GDPR_CONSENT_755}' };
const IAB_VAST = {
  gdpr_consent: '[GDPRCONSENT]',
  regs: '[REGULATIONS]',
  lat: '[LIMITADTRACKING]',
  gpp: '[GPPSTRING]',
  gpp_sid: '[GPPSECTIONID]',
};

/**
 * What each platform's tags carry, by query parameter: the banner's data attributes (as parameters) and
 * the VAST URL's. A platform whose pages document no consent macro carries the IAB TCF's URL macros
 * (`${GDPR}`, `${GDPR_CONSENT_<id>}`) in its banner (left unexpanded, the ad runtime asks the page's CMP
 * instead: docs/privacy.md) and the player's IAB VAST macros in its VAST tag.
 */
const CONSENT: Record<PlatformId, { banner: Record<string, string>; vast: Record<string, string> }> = {
  direct: { banner: {}, vast: IAB_VAST },
  'google-ad-manager': { banner: GOOGLE, vast: { ...GOOGLE, lat: '[LIMITADTRACKING]' } },
  'google-campaign-manager': { banner: GOOGLE, vast: { ...GOOGLE, lat: '[LIMITADTRACKING]' } },
  'google-dv360': { banner: GOOGLE, vast: { ...GOOGLE, lat: '[LIMITADTRACKING]' } },
  quantcast: { banner: IAB_TCF, vast: IAB_VAST },
  cognitiv: { banner: IAB_TCF, vast: IAB_VAST },
  'the-trade-desk': {
    banner: { gdpr: '%%TTD_GDPR_APPLIES%%', gdpr_consent: '%%TTD_GDPR_CONSENT_STRING%%' },
    vast: {
      gdpr: '%%TTD_GDPR_APPLIES%%',
      gdpr_consent: '%%TTD_GDPR_CONSENT_STRING%%',
      lat: '[LIMITADTRACKING]',
      gpp: '[GPPSTRING]',
      gpp_sid: '[GPPSECTIONID]',
    },
  },
  mediamath: { banner: IAB_TCF, vast: IAB_VAST },
  adroll: { banner: IAB_TCF, vast: IAB_VAST },
  xandr: {
    banner: {
      gdpr: '${GDPR_APPLIES}',
      gdpr_consent: '${GDPR_CONSENT_STRING}',
      gpp: '${GPP_STRING_755}',
      gpp_sid: '${GPP_SID}',
    },
    vast: {
      gdpr: '${GDPR_APPLIES}',
      gdpr_consent: '${GDPR_CONSENT_STRING}',
      gpp: '${GPP_STRING_755}',
      gpp_sid: '${GPP_SID}',
      lat: '[LIMITADTRACKING]',
    },
  },
  'yahoo-dsp': { banner: IAB_TCF, vast: IAB_VAST },
  adform: {
    banner: { gdpr: '${GDPR}', gdpr_consent: '${GDPR_CONSENT_755}' },
    vast: {
      gdpr: '${GDPR}',
      gdpr_consent: '${GDPR_CONSENT_755}',
      lat: '[LIMITADTRACKING]',
      gpp: '[GPPSTRING]',
      gpp_sid: '[GPPSECTIONID]',
    },
  },
};

const PRIVACY_PARAMS = new Set([
  'gdpr',
  'gdpr_consent',
  'addtl_consent',
  'us_privacy',
  'gpp',
  'gpp_sid',
  'regs',
  'lat',
]);
const user = { clickMacro: '{{CLICK}}', clickMacroEscaped: '{{CLICK_ENC}}' };
const creative = (type: 'Banner' | 'VAST') => ({
  id: 'c1',
  type,
  width: type === 'Banner' ? 300 : 640,
  height: type === 'Banner' ? 250 : 360,
  settings: [] as CreativeSetting[],
});

/** The privacy signals a built tag carries, by query parameter. */
function privacyOf(platform: PlatformId, type: 'Banner' | 'VAST'): Record<string, string> {
  const built = buildTag({
    creative: creative(type),
    liveCreative: { id: 'L1' },
    platform,
    servingHost: 'https://ads.example.com',
    tcfVendorID: VENDOR,
    ...user,
  });
  if (!built.ok) throw new Error(built.error);
  if (type === 'VAST') {
    // Read as written: a macro stays literal text (URLSearchParams would decode `%%`).
    const query = built.tag.split('?')[1] ?? '';
    return Object.fromEntries(
      query
        .split('&')
        .map((pair) => pair.split('=') as [string, string])
        .filter(([name]) => PRIVACY_PARAMS.has(name)),
    );
  }
  return Object.fromEntries(
    [...built.tag.matchAll(/ data-([\w-]+)="([^"]*)"/g)]
      .map(([, name, value]) => [(name as string).replace(/-/g, '_'), value as string] as const)
      .filter(([name]) => PRIVACY_PARAMS.has(name)),
  );
}

describe('each platform carries its consent macros as its documentation spells them', () => {
  it('the table names every platform of the product, the direct tag included', () => {
    expect(Object.keys(CONSENT).sort()).toEqual(platforms.map((platform) => platform.id).sort());
  });

  it.each(platforms.map((platform) => [platform.name, platform.id] as const))(
    '%s: its banner and its VAST tag carry exactly its documented consent macros, and the player its IAB VAST macros',
    (_name, id) => {
      expect(privacyOf(id, 'Banner')).toEqual(CONSENT[id].banner);
      expect(privacyOf(id, 'VAST')).toEqual(CONSENT[id].vast);
    },
  );
});

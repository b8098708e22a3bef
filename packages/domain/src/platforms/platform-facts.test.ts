// Each platform's tags carry the request facts it can fill (the device's language, connection type and
// advertising id) as its own documentation spells the macros, and otherwise the player's IAB VAST macro
// (docs/tags.md, "Request facts, platform by platform", which says where each was read). One test per
// platform, as platform-consent.test.ts does for consent.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${USER_LOCALE} are literal text.
import { describe, expect, it } from 'vitest';
import type { CreativeSetting } from '../campaigns/creative';
import { deviceIdOf } from '../delivery/device-id';
import { expandedValue } from '../privacy/signal-text';
import { requestLanguage } from '../traffic/languages';
import { FACT_MACROS, TAG_FACT_PARAMS, VAST_FACT_MACROS } from './fact-macros';
import { type PlatformId, platforms } from './platforms';
import { buildTag } from './tags';

/** The player's IAB VAST macro for the device id: the only fact the IAB's VAST 4.x macro list has. */
const PLAYER = { ifa: '[IFA]' };

/**
 * What each platform's VAST and VPAID tags carry for the facts, by query parameter. No platform and no
 * IAB VAST macro was found for the connection type, so no tag carries `conn=` yet.
 */
const FACTS: Record<PlatformId, Record<string, string>> = {
  direct: PLAYER,
  'google-ad-manager': { ifa: '%%ADVERTISING_IDENTIFIER_PLAIN%%' },
  'google-campaign-manager': PLAYER,
  'google-dv360': PLAYER,
  quantcast: PLAYER,
  cognitiv: PLAYER,
  'the-trade-desk': { lang: '%%TTD_LANGUAGE%%', ifa: '%%TTD_DEVICEID%%' },
  mediamath: PLAYER,
  adroll: PLAYER,
  xandr: { lang: '${USER_LOCALE}', ifa: '${DEVICE_IFA}' },
  'yahoo-dsp': PLAYER,
  adform: PLAYER,
};

const FACT_PARAMS = new Set<string>(Object.values(TAG_FACT_PARAMS));
const user = { clickMacro: '{{CLICK}}', clickMacroEscaped: '{{CLICK_ENC}}' };
const creative = (type: 'Banner' | 'VAST' | 'VPAID') => ({
  id: 'c1',
  type,
  width: type === 'Banner' ? 300 : 640,
  height: type === 'Banner' ? 250 : 360,
  settings: [{ key: 'inAppSupport', value: true }] as CreativeSetting[],
});

function built(platform: PlatformId, type: 'Banner' | 'VAST' | 'VPAID'): string {
  const result = buildTag({
    creative: creative(type),
    liveCreative: { id: 'L1' },
    platform,
    servingHost: 'https://ads.example.com',
    ...user,
  });
  if (!result.ok) throw new Error(result.error);
  return result.tag;
}

/** The fact parameters of a built VAST or VPAID URL, read as written (a macro stays literal text). */
function factsOf(tag: string): Record<string, string> {
  const query = tag.split('?')[1] ?? '';
  return Object.fromEntries(
    query
      .split('&')
      .map((pair) => pair.split('=') as [string, string])
      .filter(([name]) => FACT_PARAMS.has(name)),
  );
}

describe('each platform carries the request facts it can fill, as its documentation spells the macros', () => {
  it('the table names every platform of the product, the direct tag included', () => {
    expect(Object.keys(FACTS).sort()).toEqual(platforms.map((platform) => platform.id).sort());
    expect(Object.keys(FACT_MACROS).sort()).toEqual(platforms.map((platform) => platform.id).sort());
    expect(TAG_FACT_PARAMS).toEqual({ language: 'lang', connectionType: 'conn', deviceId: 'ifa' });
    expect(VAST_FACT_MACROS).toEqual({ deviceId: '[IFA]' });
  });

  it.each(platforms.map((platform) => [platform.name, platform.id] as const))(
    '%s: its VAST and VPAID URLs carry exactly its fact macros (else the player’s [IFA]), its banner none',
    (_name, id) => {
      expect(factsOf(built(id, 'VAST'))).toEqual(FACTS[id]);
      expect(factsOf(built(id, 'VPAID'))).toEqual(FACTS[id]);
      // A banner's ad request carries the browser's own Accept-Language, and the ad runtime forwards no
      // fact attribute: the banner tag asks for none, even in-app.
      expect(built(id, 'Banner')).not.toMatch(/data-(lang|conn|ifa)\b/);
    },
  );

  it('no tag carries conn= yet: no platform and no IAB VAST macro fills the connection type', () => {
    for (const platform of platforms) expect(built(platform.id, 'VAST')).not.toContain('conn=');
  });

  it('every fact macro left as written is no value on the server: no language, no device, no connection type', () => {
    const macros = [
      ...new Set([
        ...platforms.flatMap((p) => Object.values(FACT_MACROS[p.id])),
        ...Object.values(VAST_FACT_MACROS),
      ]),
    ];
    expect(macros.length).toBeGreaterThan(3);
    for (const macro of macros) {
      // The language falls back on the browser's Accept-Language, as if no lang= came.
      expect(requestLanguage(macro, 'de-AT,de;q=0.9'), macro).toBe('de');
      expect(requestLanguage(macro, undefined), macro).toBe('');
      // A device id that is a macro names no device (counted "device id not usable").
      expect(deviceIdOf(macro), macro).toEqual({ kind: 'unusable' });
      // Any signal read through expandedValue (conn= among them) takes it for no value.
      expect(expandedValue(macro), macro).toBeUndefined();
      expect(expandedValue(encodeURIComponent(macro)), macro).toBeUndefined();
    }
  });
});

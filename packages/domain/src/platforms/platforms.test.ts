// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${CLICK_URL} are literal text.
import { describe, expect, it } from 'vitest';
import {
  clickPrefixAllowed,
  findPlatform,
  isPlatformId,
  PLATFORM_IDS,
  PRIVACY_ATTRIBUTES,
  platforms,
  privacyMacros,
} from './platforms';

const macros = (name: string) => {
  const platform = platforms.find((candidate) => candidate.name === name);
  return [platform?.clickMacro, platform?.clickMacroEscaped, platform?.cacheBuster];
};

describe('platform table (docs/product.md §3)', () => {
  it('lists the direct tag, then the eleven platforms', () => {
    expect(platforms.map((platform) => platform.name)).toEqual([
      'Direct (no platform)',
      'Google Ad Manager',
      'Google Campaign Manager',
      'Google DV360',
      'Quantcast',
      'Cognitiv',
      'The Trade Desk',
      'MediaMath',
      'AdRoll',
      'Xandr',
      'Yahoo DSP',
      'Adform',
    ]);
    expect(platforms.map((platform) => platform.id)).toEqual([...PLATFORM_IDS]);
  });

  it('knows each click macro, its escaped variant and cache-buster where the platform has them', () => {
    expect(macros('Google Ad Manager')).toEqual([
      '%%CLICK_URL_UNESC%%',
      '%%CLICK_URL_ESC%%',
      '%%CACHEBUSTER%%',
    ]);
    expect(macros('Google Campaign Manager')).toEqual(['%c', undefined, '%n']);
    expect(macros('Google DV360')).toEqual(['${CLICK_URL}', '${CLICK_URL_ENC}', '${CACHEBUSTER}']);
    expect(macros('Xandr')).toEqual(['${CLICK_URL}', '${CLICK_URL_ENC}', '${CACHEBUSTER}']);
    expect(macros('Yahoo DSP')).toEqual(['${CLICKURL}', '${CLICKURLENC}', '${REQUESTID}']);
    expect(macros('The Trade Desk')).toEqual(['%%TTD_CLK%%', '%%TTD_CLK_ESC%%', '%%TTD_CACHEBUSTER%%']);
    expect(macros('MediaMath')).toEqual([
      '[UNENCODED_CLICK_REDIRECT]',
      '[ENCODED_CLICK_REDIRECT]',
      '[RANDOM_NUMBER]',
    ]);
    expect(macros('Quantcast')).toEqual(['${CLICK}', '${CLICKESC}', '${CACHEBUSTER}']);
    expect(macros('Adform')).toEqual(['%%c1;cpdir=', undefined, '__ADFRND__']);
  });

  it('invents no click macro for Cognitiv and AdRoll', () => {
    expect(macros('Cognitiv')).toEqual([undefined, undefined, undefined]);
    expect(macros('AdRoll')).toEqual([undefined, undefined, undefined]);
  });

  it('gives some platforms privacy attributes, third-party attributes, or the conditional deal-ID / fallback-ID pair', () => {
    expect(findPlatform('google-dv360')?.extraAttributes).toEqual({
      'data-gdpr': '${GDPR}',
      'data-gdpr-consent': '${GDPR_CONSENT_{TCF_VENDOR_ID}}',
      'data-addtl-consent': '${ADDTL_CONSENT}',
      'data-us-privacy': '${US_PRIVACY}',
      'data-gpp': '${GPP_STRING_{TCF_VENDOR_ID}}',
      'data-gpp-sid': '${GPP_SID}',
    });
    expect(findPlatform('the-trade-desk')?.extraAttributes).toEqual({
      'data-gdpr': '%%TTD_GDPR_APPLIES%%',
      'data-gdpr-consent': '%%TTD_GDPR_CONSENT_STRING%%',
    });
    expect(findPlatform('adform')?.extraAttributes).toEqual({
      'data-gdpr': '${GDPR}',
      'data-gdpr-consent': '${GDPR_CONSENT_{TCF_VENDOR_ID}}',
    });
    expect(findPlatform('Google Ad Manager')?.thirdPartyAttributes).toEqual({
      'data-view-url': '%%VIEW_URL_UNESC%%',
    });
    expect(platforms.filter((platform) => platform.dealAttributes).map((platform) => platform.id)).toEqual([
      'google-ad-manager',
      'google-dv360',
      'the-trade-desk',
      'xandr',
      'yahoo-dsp',
    ]);
    expect(findPlatform('xandr')?.dealAttributes).toEqual({
      dealID: 'data-deal-id',
      fallbackID: 'data-fallback-id',
    });
  });

  it('names privacy attributes only from the agreed list the serving side reads', () => {
    const agreed: string[] = Object.values(PRIVACY_ATTRIBUTES);
    expect(agreed).toEqual([
      'data-gdpr',
      'data-gdpr-consent',
      'data-addtl-consent',
      'data-us-privacy',
      'data-gpp',
      'data-gpp-sid',
    ]);
    for (const platform of platforms) {
      for (const name of Object.keys(platform.extraAttributes)) expect(agreed, platform.id).toContain(name);
    }
  });

  it('fills the configured TCF vendor id into the consent macros that name it', () => {
    const google = findPlatform('google-ad-manager');
    if (!google) throw new Error('no Google Ad Manager');
    expect(Object.fromEntries(privacyMacros(google))).toMatchObject({
      'data-gdpr-consent': '${GDPR_CONSENT_755}',
      'data-gpp': '${GPP_STRING_755}',
    });
    expect(Object.fromEntries(privacyMacros(google, 1234))).toMatchObject({
      'data-gdpr-consent': '${GDPR_CONSENT_1234}',
      'data-gpp': '${GPP_STRING_1234}',
      'data-gdpr': '${GDPR}',
    });
  });

  it("says which platforms' VAST wrappers track clicks themselves (Xandr, Campaign Manager, Adform)", () => {
    expect(platforms.filter((platform) => platform.vastWrapperTracksClicks).map((p) => p.id)).toEqual([
      'google-campaign-manager',
      'xandr',
      'adform',
    ]);
  });

  it('gives every other platform with a click macro its escaped variant for the VAST URL', () => {
    for (const platform of platforms) {
      if (platform.clickMacro && !platform.vastWrapperTracksClicks) {
        expect(platform.clickMacroEscaped, platform.id).toBeDefined();
      }
    }
  });

  it('finds platforms by id or name', () => {
    expect(findPlatform('adform')?.name).toBe('Adform');
    expect(findPlatform('MySpace')).toBeUndefined();
    expect(isPlatformId('xandr')).toBe(true);
    expect(isPlatformId('Xandr')).toBe(false);
  });
});

describe('clickPrefixAllowed (the platform click-tracker hosts)', () => {
  const gam = findPlatform('google-ad-manager');
  it("allows the platform's click-tracker hosts and their subdomains, and the deployment's extra hosts", () => {
    expect(clickPrefixAllowed('https://adclick.g.doubleclick.net/pcs/click?adurl=', gam)).toBe(true);
    expect(clickPrefixAllowed('https://doubleclick.net/c?adurl=', gam)).toBe(true);
    expect(clickPrefixAllowed('https://clicks.agency.example/c?to=', gam, ['agency.example'])).toBe(true);
  });
  it('refuses any other host, look-alikes, credentials and other schemes', () => {
    expect(clickPrefixAllowed('https://evil.example/?u=', gam)).toBe(false);
    expect(clickPrefixAllowed('https://doubleclick.net.evil.example/?u=', gam)).toBe(false);
    expect(clickPrefixAllowed('https://evildoubleclick.net/?u=', gam)).toBe(false);
    expect(clickPrefixAllowed('https://x@evil.example/?u=', gam, ['evil.example'])).toBe(false);
    expect(clickPrefixAllowed('ftp://doubleclick.net/', gam)).toBe(false);
    expect(clickPrefixAllowed('https://adclick.g.doubleclick.net/', undefined)).toBe(false);
  });
  it('refuses a prefix that already carries a URL (a redirect chain) or a fragment, raw or encoded', () => {
    for (const prefix of [
      'https://adclick.g.doubleclick.net/pcs/click?adurl=https://evil.example/#',
      'https://adclick.g.doubleclick.net/pcs/click?adurl=https%3A%2F%2Fevil.example%2F&x=',
      'https://adclick.g.doubleclick.net/pcs/click?adurl=https%253A%252F%252Fevil.example&x=',
      'https://adclick.g.doubleclick.net/pcs/click?adurl=//evil.example/&x=',
      'https://adclick.g.doubleclick.net/pcs/click?adurl=%2F%2Fevil.example&x=',
      'https://adclick.g.doubleclick.net/redirect/https://evil.example/?adurl=',
      'https://adclick.g.doubleclick.net/pcs/click?xai=A#adurl=',
    ])
      expect(clickPrefixAllowed(prefix, gam), prefix).toBe(false);
  });
  it('google.com is no click tracker: its /url redirector is refused even with its query empty', () => {
    expect(clickPrefixAllowed('https://www.google.com/url?q=', gam)).toBe(false);
  });
  it('gives every platform at least one click-tracker host; the direct tag none (it carries no click macro)', () => {
    for (const platform of platforms)
      if (!platform.direct) expect(platform.clickTrackerHosts.length, platform.id).toBeGreaterThan(0);
    const direct = findPlatform('direct');
    expect(direct?.clickTrackerHosts).toEqual([]);
    expect(clickPrefixAllowed('https://adclick.g.doubleclick.net/pcs/click?x=1', direct, [])).toBe(false);
  });
});

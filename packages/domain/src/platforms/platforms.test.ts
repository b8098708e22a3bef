// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${CLICK_URL} are literal text.
import { describe, expect, it } from 'vitest';
import { findPlatform, isPlatformId, PLATFORM_IDS, platforms } from './platforms';

const macros = (name: string) => {
  const platform = platforms.find((candidate) => candidate.name === name);
  return [platform?.clickMacro, platform?.clickMacroEscaped, platform?.cacheBuster];
};

describe('platform table (spec section 3)', () => {
  it('lists the eleven platforms', () => {
    expect(platforms.map((platform) => platform.name)).toEqual([
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
    expect(macros('Yahoo DSP')).toEqual(['${CLICKURL}', '${CLICKURLENC}', undefined]);
    expect(macros('The Trade Desk')).toEqual(['%%TTD_CLK%%', '%%TTD_CLK_ESC%%', '%%TTD_CACHEBUSTER%%']);
    expect(macros('MediaMath')).toEqual([
      '[UNENCODED_CLICK_REDIRECT]',
      '[ENCODED_CLICK_REDIRECT]',
      '[RANDOM_NUMBER]',
    ]);
    expect(macros('Quantcast')).toEqual(['${CLICK}', undefined, undefined]);
    expect(macros('Adform')).toEqual(['%%c1;cpdir=', undefined, undefined]);
  });

  it('invents no click macro for Cognitiv and AdRoll', () => {
    expect(macros('Cognitiv')).toEqual([undefined, undefined, undefined]);
    expect(macros('AdRoll')).toEqual([undefined, undefined, undefined]);
  });

  it('gives some platforms extra attributes, third-party attributes, or the conditional deal-ID / fallback-ID pair', () => {
    expect(findPlatform('google-dv360')?.extraAttributes).toEqual({
      'data-gdpr': '${GDPR}',
      'data-gdpr-consent': '${GDPR_CONSENT_755}',
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

  it('finds platforms by id or name', () => {
    expect(findPlatform('adform')?.name).toBe('Adform');
    expect(findPlatform('MySpace')).toBeUndefined();
    expect(isPlatformId('xandr')).toBe(true);
    expect(isPlatformId('Xandr')).toBe(false);
  });
});

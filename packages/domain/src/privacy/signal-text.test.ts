import { describe, expect, it } from 'vitest';
import { expandedValue, flagOf, privacyParam, readUsPrivacy } from './signal-text';

describe('privacy signals as text', () => {
  it('a macro nobody expanded is no value, in every platform spelling and URL-encoded', () => {
    for (const macro of [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a platform macro, literal text.
      '${GDPR}',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a platform macro, literal text.
      '${GDPR_CONSENT_755}',
      '%%TTD_GDPR_CONSENT_STRING%%',
      '[GDPRCONSENT]',
      '[LIMITADTRACKING]',
      '__ADFGDPR__',
      '%24%7BGDPR%7D',
      '%5BGDPRCONSENT%5D',
      '%25%25TTD_GDPR_CONSENT_STRING%25%25',
      '',
      '  ',
    ])
      expect(expandedValue(macro), macro).toBeUndefined();
    expect(expandedValue(' CQuV9AAQuV9AA ')).toBe('CQuV9AAQuV9AA');
    expect(expandedValue(['1', '0'])).toBe('1');
  });

  it('the first spelling that carries a value wins, ours first', () => {
    expect(privacyParam({ gdpr_consent: 'A', consent_string: 'B' }, 'gdprConsent')).toBe('A');
    expect(privacyParam({ gdpr_consent: '[GDPRCONSENT]', consent_string: 'B' }, 'gdprConsent')).toBe('B');
    expect(privacyParam({ lmt: '1' }, 'lat')).toBe('1');
    expect(privacyParam({}, 'gpp')).toBeUndefined();
  });

  it('flags are 1/0 or true/false, anything else unsaid', () => {
    expect([
      flagOf('1'),
      flagOf('true'),
      flagOf('0'),
      flagOf('FALSE'),
      flagOf('2'),
      flagOf(undefined),
    ]).toEqual([true, true, false, false, undefined, undefined]);
  });

  it('us_privacy: 1YYN opted out of sale, 1YNN and 1--- not, anything else unreadable', () => {
    expect(readUsPrivacy('1YYN')).toEqual({ state: 'valid', optOutOfSale: true });
    expect(readUsPrivacy('1ynn')).toEqual({ state: 'valid', optOutOfSale: false });
    expect(readUsPrivacy('1---')).toEqual({ state: 'valid', optOutOfSale: false });
    expect(readUsPrivacy(undefined)).toEqual({ state: 'absent' });
    for (const bad of ['2YYN', '1YY', '1YYNN', 'YYYY', '1XYZ'])
      expect(readUsPrivacy(bad), bad).toEqual({ state: 'invalid' });
  });
});

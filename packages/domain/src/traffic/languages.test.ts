// A request's language (docs/serving.md, "Delivery rules"): the primary subtag of the language the
// browser prefers most, or the platform's lang=; only ISO 639-1 codes are languages.
import { describe, expect, it } from 'vitest';
import {
  acceptLanguageOf,
  LANGUAGE_CODES,
  languageLabel,
  preferredLanguage,
  primaryLanguage,
  requestLanguage,
} from './languages';

describe('the language of a request', () => {
  it("is the primary subtag of the browser's most preferred language: the highest weight, the first among equals", () => {
    expect(preferredLanguage('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('de');
    expect(preferredLanguage('en-US;q=0.5, fr-CA;q=0.9, de')).toBe('de');
    expect(preferredLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toBe('fr');
    expect(preferredLanguage('pt-BR;q=0.8,es;q=0.8')).toBe('pt');
  });

  it("weight 0 is 'not this one', a wildcard or a private tag is no language, garbage is unknown", () => {
    expect(preferredLanguage('de;q=0, en;q=0.3')).toBe('en');
    expect(preferredLanguage('*')).toBe('');
    expect(preferredLanguage('x-klingon, i-default')).toBe('');
    expect(preferredLanguage('de;q=banana')).toBe('');
    expect(preferredLanguage(undefined)).toBe('');
  });

  it('withdrawn codes still sent by old systems are read as today’s (iw Hebrew, in Indonesian, ji Yiddish)', () => {
    expect(primaryLanguage('iw-IL')).toBe('he');
    expect(primaryLanguage('in')).toBe('id');
    expect(primaryLanguage('ji')).toBe('yi');
  });

  it("the platform's lang= wins over Accept-Language when it names a language (OpenRTB's device.language)", () => {
    expect(requestLanguage('de', 'en-US,en;q=0.9')).toBe('de');
    expect(requestLanguage('pt_BR', undefined)).toBe('pt');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a platform's macro left unexpanded, as a tag carries it
    expect(requestLanguage('${LANG}', 'en-US')).toBe('en');
    expect(requestLanguage(undefined, undefined)).toBe('');
  });

  it('the 183 ISO 639-1 codes, each with an English name', () => {
    expect(LANGUAGE_CODES).toHaveLength(183);
    expect(languageLabel('de')).toBe('German');
    expect(languageLabel('ja')).toBe('Japanese');
  });
});

describe("a browser's languages as its Accept-Language (the tag tester's own languages)", () => {
  it('weighs each next language 0.1 lower, as Chromium sends them, and reads back as the first', () => {
    expect(acceptLanguageOf(['en-US', 'en'])).toBe('en-US,en;q=0.9');
    expect(acceptLanguageOf(['de-DE', 'de', 'en-US', 'en'])).toBe('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7');
    expect(preferredLanguage(acceptLanguageOf(['en-US', 'en']))).toBe('en');
    expect(preferredLanguage(acceptLanguageOf(['pt-BR', 'en']))).toBe('pt');
  });

  it('leaves out blanks, repeats and what is no tag; none is empty; never under 0.1', () => {
    expect(acceptLanguageOf([' fr ', '', 'fr', 'en;q=1', 'it'])).toBe('fr,it;q=0.9');
    expect(acceptLanguageOf([])).toBe('');
    expect(acceptLanguageOf(undefined)).toBe('');
    const many = acceptLanguageOf([
      'a1',
      'a2',
      'a3',
      'a4',
      'a5',
      'a6',
      'a7',
      'a8',
      'a9',
      'a10',
      'a11',
      'a12',
    ]);
    expect(many.split(',')).toHaveLength(10);
    expect(many.endsWith('a10;q=0.1')).toBe(true);
  });
});

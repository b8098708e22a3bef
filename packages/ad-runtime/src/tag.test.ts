// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${APP_BUNDLE} are literal text.
import { buildPlacementTag, buildTag, type PlatformId, SERVE_PATHS } from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import { adRequestUrl, tagCarriesConsent } from './tag';

const origin = 'https://ads.example.test';

/** The tag the console builds, as an element (its attributes) after the platform expanded `macros`. */
function tag(
  platform: PlatformId,
  macros: Record<string, string> = {},
  deal?: { dealID: string; fallbackID: string },
) {
  const result = buildTag({
    creative: {
      id: 'c1',
      type: 'Banner',
      width: 300,
      height: 250,
      settings: [
        { key: 'dealIDRequired', value: deal !== undefined },
        { key: 'fallbackCreative', value: deal !== undefined },
      ],
    },
    liveCreative: { id: 'live/1' },
    platform,
    servingHost: origin,
    ...deal,
  });
  if (!result.ok) throw new Error(result.error);
  const html = Object.entries(macros).reduce(
    (text, [macro, value]) => text.split(macro).join(value),
    result.tag,
  );
  const attributes = new Map(
    [...html.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
      name as string,
      (value as string).replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
    ]),
  );
  return { getAttribute: (name: string) => attributes.get(name) ?? null };
}

describe('adRequestUrl', () => {
  it('asks the serving origin for the live creative at the domain’s ad path', () => {
    expect(adRequestUrl(tag('google-ad-manager'), origin)).toBe(`${origin}${SERVE_PATHS.ad('live/1')}`);
  });

  it('sends the expanded click prefix, the cache-buster and the deal ids (SERVE_AD_QUERY)', () => {
    const url = new URL(
      adRequestUrl(
        tag(
          'google-ad-manager',
          { '%%CLICK_URL_UNESC%%': 'https://adclick.example/pcs/click?x=1&adurl=', '%%CACHEBUSTER%%': '123' },
          { dealID: 'deal 42', fallbackID: 'fb-7' },
        ),
        origin,
      ) ?? '',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      click: 'https://adclick.example/pcs/click?x=1&adurl=',
      cb: '123',
      deal_id: 'deal 42',
      fallback_id: 'fb-7',
    });
  });

  it('leaves out macros the platform did not expand', () => {
    expect(adRequestUrl(tag('the-trade-desk'), origin)).toBe(`${origin}/serve/ad/live%2F1.json`);
    expect(adRequestUrl(tag('google-campaign-manager'), origin)).toBe(`${origin}/serve/ad/live%2F1.json`);
  });

  it("forwards the tag's expanded privacy signals (docs/privacy.md), and no macro left unexpanded", () => {
    const expanded = tag('google-ad-manager', {
      '${GDPR}': '1',
      '${GDPR_CONSENT_755}': 'CQuV9AAQuV9AA.IAAA',
      '${US_PRIVACY}': '1YYN',
      '${GPP_STRING_755}': 'DBABLA~CAARAAAAAABA.QA',
      '${GPP_SID}': '7',
    });
    expect(Object.fromEntries(new URL(adRequestUrl(expanded, origin) ?? '').searchParams)).toEqual({
      gdpr: '1',
      gdpr_consent: 'CQuV9AAQuV9AA.IAAA',
      us_privacy: '1YYN',
      gpp: 'DBABLA~CAARAAAAAABA.QA',
      gpp_sid: '7',
    });
    expect(tagCarriesConsent(expanded)).toBe(true);
    expect(tagCarriesConsent(tag('google-ad-manager'))).toBe(false);
  });

  it("a platform that documents no consent macro: the IAB TCF's, sent once expanded, else the page's CMP is asked", () => {
    expect(tag('quantcast').getAttribute('data-gdpr-consent')).toBe('${GDPR_CONSENT_755}');
    expect(tagCarriesConsent(tag('quantcast'))).toBe(false);
    expect(adRequestUrl(tag('quantcast'), origin)).not.toContain('gdpr');
    const expanded = tag('quantcast', { '${GDPR}': '1', '${GDPR_CONSENT_755}': 'CQuV9AAQuV9AA.IAAA' });
    expect(tagCarriesConsent(expanded)).toBe(true);
    expect(new URL(adRequestUrl(expanded, origin) ?? '').searchParams.get('gdpr_consent')).toBe(
      'CQuV9AAQuV9AA.IAAA',
    );
  });

  it("carries the page CMP's consent when the tag has no consent string of its own, and the tag's when it has", () => {
    const page = { gdpr: '1', gdpr_consent: 'CPAGE', gpp: 'DBPAGE', gpp_sid: '2' };
    const direct = new URL(adRequestUrl(tag('direct'), origin, undefined, undefined, true, page) ?? '');
    expect(Object.fromEntries(direct.searchParams)).toEqual(page);
    const own = tag('google-ad-manager', { '${GDPR}': '1', '${GDPR_CONSENT_755}': 'COWN' });
    const url = new URL(adRequestUrl(own, origin, undefined, undefined, true, {}) ?? '');
    expect(url.searchParams.get('gdpr_consent')).toBe('COWN');
  });

  it('says when the browser keeps no cookies (nocookie=1): it cannot be frequency capped', () => {
    const attributes = new Map([['data-live-id', 'live/1']]);
    const read = { getAttribute: (name: string) => attributes.get(name) ?? null };
    expect(adRequestUrl(read, origin, undefined, undefined, false)).toBe(
      `${origin}/serve/ad/live%2F1.json?nocookie=1`,
    );
    expect(adRequestUrl(read, origin, undefined, undefined, true)).toBe(`${origin}/serve/ad/live%2F1.json`);
  });

  it('sends the site breakdown’s sources: the page’s origin, and the site and app macros when expanded', () => {
    const attributes = new Map([
      ['data-live-id', 'live/1'],
      ['data-site', 'news.example'],
      ['data-bundle', 'com.example.game'],
    ]);
    const url = new URL(
      adRequestUrl(
        { getAttribute: (name) => attributes.get(name) ?? null },
        origin,
        'https://www.news.example',
      ) ?? '',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      site: 'news.example',
      bundle: 'com.example.game',
      page: 'https://www.news.example',
    });
    const unexpanded = new Map([
      ['data-live-id', 'live/1'],
      ['data-site', '%%SITE%%'],
      ['data-bundle', '${APP_BUNDLE}'],
    ]);
    expect(adRequestUrl({ getAttribute: (name) => unexpanded.get(name) ?? null }, origin, 'null')).toBe(
      `${origin}/serve/ad/live%2F1.json`,
    );
  });

  it.each([
    ['google-ad-manager', '%%REFERRER_URL_ESC%%'],
    ['google-dv360', '${SOURCE_URL_ENC}'],
    ['xandr', '${REFERER_URL_ENC}'],
    ['adform', '__ADFREFERER__'],
  ] as const)(
    '%s: its URL-encoded page URL (%s) is sent as the page’s origin, never its path or query',
    (platform, macro) => {
      const page = 'https://www.News.example/story/7?id=7&user=42';
      const url = new URL(adRequestUrl(tag(platform, { [macro]: encodeURIComponent(page) }), origin) ?? '');
      expect(url.searchParams.get('site')).toBe('https://www.news.example');
    },
  );

  it.each([
    ['quantcast', '${DOMAIN}', '${BUNDLE_ID}'],
    ['mediamath', '[BID_ATTR.site]', '[BID_ATTR.app_id]'],
  ] as const)(
    '%s: its domain (%s) and app bundle (%s) macros are sent as written',
    (platform, site, bundle) => {
      const url = new URL(
        adRequestUrl(tag(platform, { [site]: 'news.example', [bundle]: 'com.example.game' }), origin) ?? '',
      );
      expect(url.searchParams.get('site')).toBe('news.example');
      expect(url.searchParams.get('bundle')).toBe('com.example.game');
      // Left as written (a preview outside the platform): neither is sent.
      const raw = new URL(adRequestUrl(tag(platform), origin) ?? '');
      expect(raw.searchParams.has('site') || raw.searchParams.has('bundle')).toBe(false);
    },
  );

  it('asks nothing for a tag without a live id', () => {
    expect(adRequestUrl({ getAttribute: () => null }, origin)).toBeNull();
  });

  it("asks a placement's tag (data-placement-id) for one of its creatives, with the position the page showed last", () => {
    const result = buildPlacementTag({
      placement: { id: 'P1', kind: 'Banner', width: 300, height: 250 },
      platform: 'google-ad-manager',
      servingHost: origin,
    });
    if (!result.ok) throw new Error(result.error);
    const attributes = new Map(
      [...result.tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
        name as string,
        value as string,
      ]),
    );
    const placementTag = { getAttribute: (name: string) => attributes.get(name) ?? null };
    expect(adRequestUrl(placementTag, origin)).toBe(`${origin}${SERVE_PATHS.adPlacement('P1')}`);
    expect(new URL(adRequestUrl(placementTag, origin, undefined, 2) ?? '').searchParams.get('pos')).toBe('2');
  });
});

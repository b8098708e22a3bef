// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${CLICK_URL} are literal text.
import { describe, expect, it } from 'vitest';
import type { CreativeSetting } from '../campaigns/creative';
import { platforms } from './platforms';
import { buildTag, servingOrigin, servingUrlWarning, TAG_PARAMS, TAG_PATHS, tagParamOf } from './tags';

const banner = {
  id: 'c1',
  type: 'Banner' as const,
  width: 300,
  height: 250,
  settings: [] as CreativeSetting[],
};
const vast = { ...banner, type: 'VAST' as const, width: 640, height: 360 };
const base = { liveCreative: { id: 'L9' }, servingHost: 'ads.example.com' };

const tagOf = (result: ReturnType<typeof buildTag>): string => {
  if (!result.ok) throw new Error(result.error);
  return result.tag;
};

/** The IAB VAST privacy macros a player expands, on a VAST tag whose platform fills none of them. */
const PLAYER_PRIVACY =
  '&gdpr_consent=[GDPRCONSENT]&regs=[REGULATIONS]&lat=[LIMITADTRACKING]&gpp=[GPPSTRING]&gpp_sid=[GPPSECTIONID]';
/** The device id as the player's IAB VAST macro, on a VAST tag whose platform has no macro of its own. */
const PLAYER_IFA = '&ifa=[IFA]';

describe('ad tags (docs/product.md §7)', () => {
  it("gives VAST a VAST XML URL with the platform's escaped click macro, cache-buster and privacy macros as parameters", () => {
    const result = buildTag({ ...base, creative: vast, platform: 'google-ad-manager' });
    expect(result).toEqual({
      ok: true,
      kind: 'vast-url',
      tag:
        'https://ads.example.com/serve/vast/L9.xml?click=%%CLICK_URL_ESC%%&cb=%%CACHEBUSTER%%' +
        '&site=%%REFERRER_URL_ESC%%&gdpr=${GDPR}&gdpr_consent=${GDPR_CONSENT_755}&addtl_consent=${ADDTL_CONSENT}' +
        '&us_privacy=${US_PRIVACY}&gpp=${GPP_STRING_755}&gpp_sid=${GPP_SID}' +
        // The IAB VAST macro the player expands for the one signal Google's macros leave out.
        '&lat=[LIMITADTRACKING]' +
        // Ad Manager's own macro for the device's advertising id (docs/tags.md, "Request facts").
        '&ifa=%%ADVERTISING_IDENTIFIER_PLAIN%%',
    });
  });

  it('leaves the banner-only view URL out of VAST: the VAST wrapper of Google Ad Manager counts its own impressions', () => {
    expect(tagOf(buildTag({ ...base, creative: vast, platform: 'google-ad-manager' }))).not.toMatch(
      /VIEW_URL/,
    );
    expect(tagOf(buildTag({ ...base, creative: banner, platform: 'google-ad-manager' }))).toContain(
      'data-view-url="%%VIEW_URL_UNESC%%"',
    );
  });

  it('appends apiframeworks=[APIFRAMEWORKS] to the VPAID tag alone, for the player to expand', () => {
    const vpaid = { ...vast, type: 'VPAID' as const };
    for (const platform of ['quantcast', 'adform', 'google-campaign-manager'] as const) {
      const tag = tagOf(buildTag({ ...base, creative: vpaid, platform }));
      expect(tag).toMatch(/[?&]apiframeworks=\[APIFRAMEWORKS\]$/);
      expect(new URL(tag).searchParams.get('apiframeworks')).toBe('[APIFRAMEWORKS]');
      expect(tagOf(buildTag({ ...base, creative: vast, platform }))).not.toContain('apiframeworks');
    }
  });

  it('gives VPAID its own XML URL, and no click macro where the platform has no escaped one or its wrapper tracks clicks', () => {
    // Campaign Manager's %c expands in creative code only, and its VAST wrapper tracks the click.
    expect(
      tagOf(buildTag({ ...base, creative: { ...vast, type: 'VPAID' }, platform: 'google-campaign-manager' })),
    ).toBe(
      'https://ads.example.com/serve/vpaid/L9.xml?cb=%n&gdpr=${GDPR}&gdpr_consent=${GDPR_CONSENT_755}' +
        '&addtl_consent=${ADDTL_CONSENT}&us_privacy=${US_PRIVACY}&gpp=${GPP_STRING_755}&gpp_sid=${GPP_SID}' +
        '&lat=[LIMITADTRACKING]&ifa=[IFA]&apiframeworks=[APIFRAMEWORKS]',
    );
    expect(tagOf(buildTag({ ...base, creative: vast, platform: 'xandr' }))).not.toContain('click=');
    // Adform documents no escaped click macro; its own VAST tracking counts the click.
    expect(tagOf(buildTag({ ...base, creative: vast, platform: 'adform' }))).toBe(
      'https://ads.example.com/serve/vast/L9.xml?cb=__ADFRND__&site=__ADFREFERER__&gdpr=${GDPR}' +
        '&gdpr_consent=${GDPR_CONSENT_755}&lat=[LIMITADTRACKING]&gpp=[GPPSTRING]&gpp_sid=[GPPSECTIONID]' +
        PLAYER_IFA,
    );
    expect(tagOf(buildTag({ ...base, creative: vast, platform: 'quantcast' }))).toBe(
      'https://ads.example.com/serve/vast/L9.xml?click=${CLICKESC}&cb=${CACHEBUSTER}&site=${DOMAIN}' +
        '&bundle=${BUNDLE_ID}&gdpr_consent=[GDPRCONSENT]&regs=[REGULATIONS]&lat=[LIMITADTRACKING]&gpp=[GPPSTRING]&gpp_sid=[GPPSECTIONID]' +
        PLAYER_IFA,
    );
  });

  it("carries the platform's site and app-bundle macros where it documents them (the report's site breakdown), and none it does not", () => {
    const withSite = platforms.filter((platform) => platform.siteMacro);
    expect(withSite.map((platform) => platform.id)).toEqual([
      'google-ad-manager',
      'google-dv360',
      'quantcast',
      'the-trade-desk',
      'mediamath',
      'xandr',
      'adform',
    ]);
    // Cognitiv and AdRoll publish no macros: the user's click macros let their tags be built.
    const user = { clickMacro: '{{CLICK}}', clickMacroEscaped: '{{CLICK_ENC}}' };
    for (const platform of platforms) {
      const video = new URL(tagOf(buildTag({ ...base, ...user, creative: vast, platform: platform.id })));
      const html = tagOf(buildTag({ ...base, ...user, creative: banner, platform: platform.id }));
      expect(video.searchParams.get(TAG_PARAMS.site), platform.id).toBe(platform.siteMacro?.macro ?? null);
      expect(video.searchParams.get(TAG_PARAMS.bundle), platform.id).toBe(platform.bundleMacro ?? null);
      expect(html.includes('data-site='), platform.id).toBe(platform.siteMacro !== undefined);
      expect(html.includes('data-bundle='), platform.id).toBe(platform.bundleMacro !== undefined);
    }
  });

  it('puts the configured TCF vendor id into the consent macros', () => {
    const url = tagOf(buildTag({ ...base, creative: vast, platform: 'google-dv360', tcfVendorID: 1234 }));
    expect(url).toContain('&gdpr_consent=${GDPR_CONSENT_1234}&');
    expect(url).toContain('&gpp=${GPP_STRING_1234}&');
    expect(url).not.toContain('755');
    expect(tagOf(buildTag({ ...base, creative: banner, platform: 'adform', tcfVendorID: 99 }))).toContain(
      'data-gdpr-consent="${GDPR_CONSENT_99}"',
    );
  });

  it('turns data attribute data-x-y into query parameter x_y', () => {
    expect(tagParamOf('data-gdpr-consent')).toBe('gdpr_consent');
    expect(tagParamOf('data-gpp-sid')).toBe('gpp_sid');
  });

  it('gives a Banner an <ins> tag with data attributes plus the init script', () => {
    const tag = tagOf(
      buildTag({ ...base, creative: banner, platform: 'xandr', servingHost: 'https://ads.example.com/' }),
    );
    expect(tag).toBe(
      '<ins class="adconsole-ad" data-live-id="L9" data-width="300" data-height="250" data-platform="xandr" ' +
        'data-click="${CLICK_URL}" data-cb="${CACHEBUSTER}" data-site="${REFERER_URL_ENC}" ' +
        'data-bundle="${EXT_APP_ID}" data-gdpr="${GDPR_APPLIES}" ' +
        'data-gdpr-consent="${GDPR_CONSENT_STRING}" data-gpp="${GPP_STRING_755}" data-gpp-sid="${GPP_SID}" ' +
        'style="display:inline-block;width:300px;height:250px"></ins>' +
        '<script async src="https://ads.example.com/serve/init.js"></script>',
    );
  });

  it('marks EU, in-app and fluid banners in the tag', () => {
    const settings: CreativeSetting[] = [
      { key: 'euCreative', value: true },
      { key: 'inAppSupport', value: true },
    ];
    const tag = tagOf(
      buildTag({ ...base, creative: { ...banner, settings, fluid: true }, platform: 'adform' }),
    );
    expect(tag).toContain('data-click="%%c1;cpdir="');
    expect(tag).toContain('data-eu="1" data-in-app="1"');
    expect(tag).toContain('style="display:block;width:100%"');
  });

  it('says the click macro is missing for Cognitiv and AdRoll until the user supplies one, escaped for video', () => {
    expect(buildTag({ ...base, creative: banner, platform: 'cognitiv' })).toEqual({
      ok: false,
      error: 'Click macro missing: Cognitiv has no default, enter its click macro',
    });
    expect(buildTag({ ...base, creative: banner, platform: 'adroll', clickMacro: '  ' })).toMatchObject({
      ok: false,
    });
    // The user's unescaped macro never goes raw into click=: once expanded its own & would split our query.
    expect(buildTag({ ...base, creative: vast, platform: 'adroll', clickMacro: '__ADROLL_CLICK__' })).toEqual(
      {
        ok: false,
        error:
          "Escaped click macro missing: a video tag carries the click URL inside its query, enter AdRoll's URL-encoded click macro",
      },
    );
    expect(
      tagOf(
        buildTag({
          ...base,
          creative: vast,
          platform: 'adroll',
          clickMacro: '__ADROLL_CLICK__',
          clickMacroEscaped: '__ADROLL_CLICK_ENC__',
        }),
      ),
    ).toBe(
      `https://ads.example.com/serve/vast/L9.xml?click=__ADROLL_CLICK_ENC__${PLAYER_PRIVACY}${PLAYER_IFA}`,
    );
    expect(
      tagOf(buildTag({ ...base, creative: banner, platform: 'cognitiv', clickMacro: '{{CLICK}}' })),
    ).toContain('data-click="{{CLICK}}"');
  });

  it('adds the deal-ID / fallback-ID pair only when the creative asks for it, and says when an id is missing', () => {
    const dealSettings: CreativeSetting[] = [
      { key: 'dealIDRequired', value: true },
      { key: 'fallbackCreative', value: true },
    ];
    const creative = { ...banner, settings: dealSettings };
    expect(
      tagOf(buildTag({ ...base, creative: banner, platform: 'the-trade-desk', dealID: 'D1' })),
    ).not.toContain('data-deal-id');
    expect(buildTag({ ...base, creative, platform: 'the-trade-desk' })).toEqual({
      ok: false,
      error: 'Deal ID missing: this creative requires a deal ID',
    });
    expect(buildTag({ ...base, creative, platform: 'the-trade-desk', dealID: 'D1' })).toEqual({
      ok: false,
      error: 'Fallback ID missing: this creative requires a fallback creative ID',
    });
    const tag = tagOf(
      buildTag({ ...base, creative, platform: 'the-trade-desk', dealID: 'D1', fallbackID: 'F&2' }),
    );
    expect(tag).toContain('data-deal-id="D1" data-fallback-id="F&amp;2"');
    const url = tagOf(
      buildTag({
        ...base,
        creative: { ...vast, settings: dealSettings },
        platform: 'xandr',
        dealID: 'D 1',
        fallbackID: 'F2',
      }),
    );
    expect(url).toContain('&deal_id=D%201&fallback_id=F2');
    // Platforms without the pair ignore the settings.
    expect(buildTag({ ...base, creative, platform: 'mediamath' }).ok).toBe(true);
  });

  it('escapes attribute values so a macro or id cannot break out of the tag', () => {
    const tag = tagOf(
      buildTag({ ...base, liveCreative: { id: '"><script>' }, creative: banner, platform: 'xandr' }),
    );
    expect(tag).toContain('data-live-id="&quot;&gt;&lt;script&gt;"');
    expect(TAG_PATHS.vast('a/b')).toBe('/serve/vast/a%2Fb.xml');
  });

  it('refuses unknown platforms', () => {
    expect(buildTag({ ...base, creative: banner, platform: 'myspace' })).toEqual({
      ok: false,
      error: 'Unknown platform: myspace',
    });
  });

  it('warns when ads are not served over https, except from a local address', () => {
    expect(servingUrlWarning('http://ads.example.com')).toBe(
      'Ads are served from http://ads.example.com, which is not https: trading platforms such as Xandr refuse ' +
        'non-secure VAST and most exchanges refuse non-secure creatives. Set AD_SERVING_URL to an https address.',
    );
    expect(servingUrlWarning('http://10.0.0.5:4000')).toMatch(/not https/);
    for (const ok of [
      'https://ads.example.com',
      'ads.example.com',
      'http://localhost:4000',
      'http://127.0.0.1:4000',
      'http://[::1]:4000',
      'http://console.localhost',
    ]) {
      expect(servingUrlWarning(ok), ok).toBeUndefined();
    }
  });

  it('serves from https unless the serving host names its scheme', () => {
    expect(servingOrigin('ads.example.com')).toBe('https://ads.example.com');
    expect(servingOrigin('http://localhost:3000/')).toBe('http://localhost:3000');
  });
});

describe('direct tags (docs/tags.md, "Direct tags"): no trading platform, no macro', () => {
  it('a direct banner is the <ins> tag and the init script with no click, cache-buster, privacy or site macro', () => {
    expect(tagOf(buildTag({ ...base, creative: banner, platform: 'direct' }))).toBe(
      '<ins class="adconsole-ad" data-live-id="L9" data-width="300" data-height="250" data-platform="direct" ' +
        'style="display:inline-block;width:300px;height:250px"></ins>' +
        '<script async src="https://ads.example.com/serve/init.js"></script>',
    );
  });

  it("a direct VAST or VPAID tag is the URL with the player's own IAB macros alone: privacy (docs/privacy.md), the device id and VPAID's [APIFRAMEWORKS]", () => {
    expect(tagOf(buildTag({ ...base, creative: vast, platform: 'direct' }))).toBe(
      `https://ads.example.com/serve/vast/L9.xml?${PLAYER_PRIVACY.slice(1)}${PLAYER_IFA}`,
    );
    expect(tagOf(buildTag({ ...base, creative: { ...vast, type: 'VPAID' }, platform: 'direct' }))).toBe(
      `https://ads.example.com/serve/vpaid/L9.xml?${PLAYER_PRIVACY.slice(1)}${PLAYER_IFA}&apiframeworks=[APIFRAMEWORKS]`,
    );
  });

  it('asks for no click macro and carries no deal or fallback id, whatever the settings say', () => {
    const dealt = {
      ...banner,
      settings: [
        { key: 'dealIDRequired', value: true },
        { key: 'fallbackCreative', value: true },
      ] as CreativeSetting[],
    };
    const tag = tagOf(buildTag({ ...base, creative: dealt, platform: 'Direct (no platform)' }));
    expect(tag).not.toMatch(/data-(click|cb|deal-id|fallback-id|gdpr)/);
    // Nothing in it for a platform to expand: no %%, ${...}, [..] or %c macro.
    expect(tag).not.toMatch(/%%|\$\{|\[[A-Z_]+\]|%[a-z]\b/);
  });
});

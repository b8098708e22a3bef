// Each platform's tags held to its own macro documentation (docs/tags.md): the banner tag and the VAST
// and VPAID URLs built for it, expanded the way that platform's ad server expands them, still carry every
// one of our parameters intact. The click chain through the real API is apps/api/src/platform-clicks.test.ts.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${CLICK_URL} are literal text.
import { describe, expect, it } from 'vitest';
import type { CreativeSetting } from '../campaigns/creative';
import { type ExpandedMacros, expandTagAs } from './expansion';
import { FACT_MACROS, TAG_FACT_PARAMS, TAG_FACTS, type TagFact, videoFactParams } from './fact-macros';
import {
  type Platform,
  type PlatformId,
  PRIVACY_ATTRIBUTES,
  platforms,
  privacyMacros,
  TCF_VENDOR_ID_TOKEN,
} from './platforms';
import { APIFRAMEWORKS_MACRO, buildTag, TAG_PARAMS, tagParamOf, vastPrivacyParams } from './tags';

const TCF_VENDOR_ID = 812;

/**
 * What each platform's ad server writes for its click macro: its click tracker, whose own query string
 * has `&` and whose last parameter takes the landing page appended. Cognitiv and AdRoll publish no
 * macro; their rows use the macros a user would enter.
 */
const CLICK_TRACKERS: Record<PlatformId, string> = {
  // The direct tag carries no click macro: nothing expands it (tags.test.ts, "direct tags").
  direct: '',
  'google-ad-manager': 'https://adclick.g.doubleclick.net/pcs/click?xai=AKAOjsu&sig=Cg0ArKJSzA&adurl=',
  'google-campaign-manager':
    'https://ad.doubleclick.net/ddm/trackclk/N1234.5678/B9;dc_trk_aid=5;dc_trk_cid=6?x=1&_dc_ck=',
  'google-dv360': 'https://adclick.g.doubleclick.net/aclk?sa=L&ai=CmT0x&num=1&adurl=',
  quantcast: 'https://pixel.quantserve.com/clk?cid=9000049&crid=10010448&r=',
  cognitiv: 'https://clk.cognitiv.example/c?imp=ab12&bid=9&r=',
  'the-trade-desk': 'https://insight.adsrvr.org/track/clk?imp=7e0f&ag=q1x&crid=x9&r=',
  mediamath: 'https://tags.mathtag.com/click/?mt_aid=12&mt_id=34&mt_uuid=5-6&redirect=',
  adroll: 'https://d.adroll.com/click?adv=AB12&cmp=CD34&r=',
  xandr: 'https://ib.adnxs.com/click?AAAAAAAA8D8&cnd=%21xQ&clickenc=',
  'yahoo-dsp': 'https://ads.yahoo.com/clk?3,eJxVj8&d=1&r=',
  adform: 'https://track.adform.net/C/?bn=43547&C=1&cpdir=',
};

/** The user's click macros on the platforms that publish none (the override form's two fields). */
const USER_MACROS: Partial<Record<PlatformId, { clickMacro: string; clickMacroEscaped: string }>> = {
  cognitiv: { clickMacro: '{{COGNITIV_CLICK}}', clickMacroEscaped: '{{COGNITIV_CLICK_ENC}}' },
  adroll: { clickMacro: '__ADROLL_CLICK__', clickMacroEscaped: '__ADROLL_CLICK_ENC__' },
};

/** Real-looking expanded privacy signals: a TCF v2.2 string, Google's additional consent, GPP. */
const PRIVACY_VALUES: Record<string, string> = {
  [PRIVACY_ATTRIBUTES.gdpr]: '1',
  [PRIVACY_ATTRIBUTES.gdprConsent]: 'CQH4k2AQH4k2AAGABBENBbFgAP_gAAAAAAAAKcNV_G__bWlr8X73aftkeY1P9_h77sQ',
  [PRIVACY_ATTRIBUTES.addtlConsent]: '1~1.35.41.101',
  [PRIVACY_ATTRIBUTES.usPrivacy]: '1YNN',
  [PRIVACY_ATTRIBUTES.gpp]: 'DBABMA~CQH4k2AQH4k2AAGABBENBbFgAP_gAAAAAAAAKcNV',
  [PRIVACY_ATTRIBUTES.gppSid]: '2,7',
};
const VIEW_URL = 'https://securepubads.g.doubleclick.net/pcs/view?xai=AKAOjsu&sai=AMfl-YT&sig=Cg0&adurl=';
/** The page the ad runs on: its own query has `&`, which an URL site macro must not let into ours. */
const PAGE = 'https://www.news.example/story?id=7&click=https%3A%2F%2Fevil.example';
const BUNDLE = 'com.example.trailmaps';
/** What a platform writes for its fact macros: a locale, an OpenRTB connection type, an IDFA. */
const FACTS: Record<TagFact, string> = {
  language: 'de-AT',
  connectionType: '2',
  deviceId: '6d92078a-8246-4ba4-ae5b-76104861e7dc',
};

const expandedFor = (platform: Platform): ExpandedMacros => ({
  click: CLICK_TRACKERS[platform.id],
  cacheBuster: '4829135770',
  attributes: { ...PRIVACY_VALUES, 'data-view-url': VIEW_URL },
  page: PAGE,
  bundle: BUNDLE,
  facts: FACTS,
});

/** What the platform writes for its site macro: the page's host, or the page's URL encoded. */
const expandedSite = (platform: Platform) =>
  platform.siteMacro?.expandsTo === 'domain' ? new URL(PAGE).hostname : encodeURIComponent(PAGE);

/** Every macro of every platform in the table (the TCF vendor id filled in), and the users' ones. */
const ALL_MACROS = [
  ...new Set(
    platforms.flatMap((platform) => [
      platform.clickMacro,
      platform.clickMacroEscaped,
      platform.cacheBuster,
      ...privacyMacros(platform, TCF_VENDOR_ID).map(([, macro]) => macro),
      ...Object.values(platform.thirdPartyAttributes),
      ...Object.values(USER_MACROS[platform.id] ?? {}),
      platform.siteMacro?.macro,
      platform.bundleMacro,
      ...Object.values(FACT_MACROS[platform.id]),
    ]),
  ),
].filter((macro): macro is string => macro !== undefined);

/** A macro left as written, of this platform or any other (and the shapes macros take). */
function unexpandedMacros(text: string): string[] {
  const left = ALL_MACROS.filter((macro) => text.includes(macro));
  for (const pattern of [
    /\$\{[A-Z_0-9]+\}/g,
    /%%[A-Z_0-9]+%%/g,
    /__ADF[A-Z]+__/g,
    /\{TCF_VENDOR_ID\}/g,
    /\[BID_ATTR\.[a-z_]+\]/g,
  ]) {
    left.push(...(text.match(pattern) ?? []));
  }
  return left;
}

/** The <ins> tag's attributes as a browser reads them (the four entities the builder writes decoded). */
function insAttributes(html: string): Record<string, string> {
  const ins = /^<ins((?: [\w-]+="[^"]*")*)><\/ins><script async src="[^"]*"><\/script>$/.exec(html);
  if (!ins) throw new Error(`Not a well-formed tag: ${html}`);
  return Object.fromEntries(
    [...(ins[1] ?? '').matchAll(/ ([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
      name as string,
      (value as string)
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ]),
  );
}

/** The privacy signals the platform expands, with the values it wrote, by attribute. */
/** The privacy signals a tag for `platform` carries, as expanded: a banner's also its IAB TCF macros. */
const expectedPrivacy = (platform: Platform, tag: 'banner' | 'video' = 'video') =>
  Object.fromEntries(
    privacyMacros(platform, TCF_VENDOR_ID, tag).map(([name]) => [name, PRIVACY_VALUES[name]]),
  );

/** The fact parameters of a VAST URL as the platform serves it: its own macros expanded, the player's raw. */
const expectedFacts = (platform: Platform) =>
  Object.fromEntries(
    TAG_FACTS.flatMap((fact) => {
      const own = FACT_MACROS[platform.id][fact];
      const param = TAG_FACT_PARAMS[fact];
      if (own !== undefined) return [[param, FACTS[fact]]];
      const player = videoFactParams('direct').find(([name]) => name === param);
      return player ? [player] : [];
    }),
  );

const creative = (type: 'Banner' | 'VAST' | 'VPAID') => ({
  id: 'c1',
  type,
  width: type === 'Banner' ? 300 : 640,
  height: type === 'Banner' ? 250 : 360,
  settings: [] as CreativeSetting[],
});

/** The tag built for the platform, and as the platform's ad server serves it. */
function served(platform: Platform, type: 'Banner' | 'VAST' | 'VPAID') {
  const input = { ...USER_MACROS[platform.id], tcfVendorID: TCF_VENDOR_ID };
  const built = buildTag({
    creative: creative(type),
    liveCreative: { id: 'live 1' },
    platform,
    servingHost: 'https://ads.example.com',
    ...input,
  });
  if (!built.ok) throw new Error(built.error);
  return { tag: built.tag, expanded: expandTagAs(platform, built.tag, expandedFor(platform), input) };
}

describe('every platform expands its tags as its documentation says, and our query survives', () => {
  // The trading platforms: the direct tag has no macro to expand (tags.test.ts, "direct tags").
  const trading = platforms.filter((platform) => !platform.direct);
  describe.each(trading.map((platform) => [platform.name, platform] as const))('%s', (_name, platform) => {
    it('banner: the expanded tag still parses, data-click is the unescaped click URL, the cache-buster a number, every signal intact', () => {
      const { tag, expanded } = served(platform, 'Banner');
      const attributes = insAttributes(expanded);
      expect(attributes).toEqual({
        class: 'adconsole-ad',
        'data-live-id': 'live 1',
        'data-width': '300',
        'data-height': '250',
        'data-platform': platform.id,
        'data-click': CLICK_TRACKERS[platform.id],
        ...(platform.cacheBuster ? { 'data-cb': '4829135770' } : {}),
        ...(platform.siteMacro ? { 'data-site': expandedSite(platform) } : {}),
        ...(platform.bundleMacro ? { 'data-bundle': BUNDLE } : {}),
        ...expectedPrivacy(platform, 'banner'),
        ...(platform.thirdPartyAttributes['data-view-url'] ? { 'data-view-url': VIEW_URL } : {}),
        style: 'display:inline-block;width:300px;height:250px',
      });
      expect(unexpandedMacros(expanded)).toEqual([]);
      // The tag as built carried each macro once, where the platform will find it.
      expect(unexpandedMacros(tag).length).toBeGreaterThan(0);
    });

    it.each(['VAST', 'VPAID'] as const)('%s: the expanded URL keeps every query parameter intact', (type) => {
      const { expanded } = served(platform, type);
      const url = new URL(expanded);
      const keys = [...url.searchParams.keys()];
      expect(new Set(keys).size, `a parameter repeats in ${expanded}`).toBe(keys.length);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        // Where the platform's VAST wrapper tracks the click, the click-through goes straight to the page.
        ...(platform.vastWrapperTracksClicks ? {} : { [TAG_PARAMS.click]: CLICK_TRACKERS[platform.id] }),
        ...(platform.cacheBuster ? { [TAG_PARAMS.cacheBuster]: '4829135770' } : {}),
        // The site as one parameter: a domain, or the whole page URL (its own & and = stay inside it).
        ...(platform.siteMacro
          ? { [TAG_PARAMS.site]: platform.siteMacro.expandsTo === 'domain' ? new URL(PAGE).hostname : PAGE }
          : {}),
        ...(platform.bundleMacro ? { [TAG_PARAMS.bundle]: BUNDLE } : {}),
        ...Object.fromEntries(
          Object.entries(expectedPrivacy(platform)).map(([name, value]) => [tagParamOf(name), value]),
        ),
        // The player's macros, not the platform's: they reach the player as written, for it to expand.
        ...Object.fromEntries(vastPrivacyParams(privacyMacros(platform, TCF_VENDOR_ID))),
        // The facts: the value the platform wrote for its own macro, else the player's macro as written.
        ...expectedFacts(platform),
        ...(type === 'VPAID' ? { [TAG_PARAMS.apiFrameworks]: APIFRAMEWORKS_MACRO } : {}),
      });
      expect(url.searchParams.get(TAG_PARAMS.cacheBuster) ?? '0').toMatch(/^\d+$/);
      expect(url.pathname).toBe(`/serve/${type.toLowerCase()}/live%201.xml`);
      expect(unexpandedMacros(expanded)).toEqual([]);
      // The platform's banner-only view counter never rides in the VAST URL.
      expect(url.searchParams.has('view_url')).toBe(false);
    });
  });

  it('the check bites: an unescaped click macro inside click= is split by the expanded URL’s own & (the bug this fixes)', () => {
    const gam = platforms.find((platform) => platform.id === 'google-ad-manager') as Platform;
    const { tag } = served(gam, 'VAST');
    const raw = expandTagAs(
      gam,
      tag.replace(gam.clickMacroEscaped ?? '', gam.clickMacro ?? ''),
      expandedFor(gam),
    );
    const url = new URL(raw);
    expect(url.searchParams.get(TAG_PARAMS.click)).not.toBe(CLICK_TRACKERS['google-ad-manager']);
    expect(url.searchParams.has('sig')).toBe(true);
  });

  it('a user macro of Cognitiv or AdRoll goes into the VAST URL only in its escaped form', () => {
    for (const id of ['cognitiv', 'adroll'] as const) {
      const platform = platforms.find((candidate) => candidate.id === id) as Platform;
      const { tag } = served(platform, 'VAST');
      expect(tag).toContain(`click=${USER_MACROS[id]?.clickMacroEscaped}`);
      expect(tag).not.toContain(USER_MACROS[id]?.clickMacro);
    }
  });

  it('no macro still names the TCF vendor token once built', () => {
    for (const platform of platforms) {
      for (const type of ['Banner', 'VAST'] as const) {
        expect(served(platform, type).tag, platform.id).not.toContain(TCF_VENDOR_ID_TOKEN);
      }
    }
  });
});

// The request facts of every platform's VAST tag (docs/tags.md, "Request facts, platform by platform")
// read by the real server: a tag whose macros nobody expanded (a preview, a player that fills none)
// carries `lang=${USER_LOCALE}`, `ifa=[IFA]`... as written, and none of them is a value: the language is
// the browser's Accept-Language, as without `lang=`; expanded, the platform's language wins.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${USER_LOCALE} are literal text.
import {
  buildTag,
  expandTagAs,
  FREQUENCY_COOKIE,
  findPlatform,
  type Platform,
  platforms,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { BROWSER_USER_AGENT, demoAsset, publishedLive, signedInUser } from '../../test/helpers';
import { rulesWorld } from '../../test/rules-world';

/** Broadband addresses in Germany and (no consent needed for a cookie there) the United States. */
const DE = '79.192.7.7';
const US = '73.162.0.1';
const EMPTY_VAST = /<VAST version="4.2" xmlns="http:\/\/www.iab.com\/VAST"\/>/;

describe(`request facts in VAST tags, as the server reads them (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;
  let clip: Buffer;

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' });
    owner = (await signedInUser(server)).client;
    [image, clip] = await Promise.all([demoAsset('banner.png'), demoAsset('main.mp4')]);
  });
  afterAll(() => server.close());

  const { newCampaign, setRules, notServed } = rulesWorld(() => ({ server, owner, image }));

  /** Whether the VAST URL plays (an InLine ad) for a visitor whose browser prefers `acceptLanguage`. */
  const plays = async (url: string, acceptLanguage: string) => {
    const response = await fetch(url, {
      headers: {
        'User-Agent': BROWSER_USER_AGENT,
        'X-Forwarded-For': DE,
        'Accept-Language': acceptLanguage,
      },
    });
    const body = await response.text();
    expect(response.status).toBe(200);
    if (!body.includes('<InLine>')) expect(body).toMatch(EMPTY_VAST);
    return body.includes('<InLine>');
  };

  it('every platform’s VAST tag, macros unexpanded: lang= and ifa= left as written are no value', async () => {
    const campaignID = await newCampaign('Facts');
    const live = await publishedLive(
      owner,
      campaignID,
      { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: clip }],
    );
    await setRules(campaignID, { languages: { mode: 'include', values: ['de'] } });
    const tagOf = (platform: Platform) => {
      const built = buildTag({
        creative: { id: 'c', type: 'VAST', width: 640, height: 360, settings: [] },
        liveCreative: { id: live },
        platform,
        servingHost: server.url,
        clickMacro: '{{CLICK}}',
        clickMacroEscaped: '{{CLICK_ENC}}',
      });
      if (!built.ok) throw new Error(built.error);
      return built.tag;
    };
    for (const platform of platforms) {
      const tag = tagOf(platform);
      expect(tag, platform.id).toMatch(/[?&]ifa=/);
      // The macro is not a language: the browser's own decides, as if no lang= came.
      expect(await plays(tag, 'de-AT,de;q=0.9'), platform.id).toBe(true);
      expect(await plays(tag, 'en-GB,en;q=0.9'), platform.id).toBe(false);
    }
    // Expanded by the platform, its language is the request's, whatever the browser says.
    const xandr = findPlatform('xandr') as Platform;
    const expanded = (locale: string) =>
      expandTagAs(xandr, tagOf(xandr), {
        click: 'https://ib.adnxs.com/click?x=1&clickenc=',
        cacheBuster: '1',
        facts: { language: locale, deviceId: '6d92078a-8246-4ba4-ae5b-76104861e7dc' },
      });
    expect(expanded('de-AT')).toContain('lang=de-AT');
    expect(await plays(expanded('de-AT'), 'en-GB')).toBe(true);
    expect(await plays(expanded('en-ZA'), 'de-AT')).toBe(false);
  });

  it('ifa=[IFA] of a browser player that fills no device id is no id sent: its cookie caps it, no "device id not usable"', async () => {
    const campaignID = await newCampaign('Web player');
    const live = await publishedLive(
      owner,
      campaignID,
      { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: clip }],
    );
    await setRules(campaignID, { frequencyCaps: [{ count: 2, period: 'day' }], uncappable: 'skip' });
    for (const platform of ['direct', 'xandr', 'the-trade-desk'] as const) {
      const built = buildTag({
        creative: { id: 'c', type: 'VAST', width: 640, height: 360, settings: [] },
        liveCreative: { id: live },
        platform,
        servingHost: server.url,
      });
      if (!built.ok) throw new Error(built.error);
      let cookie: string | undefined;
      const played: boolean[] = [];
      for (let index = 0; index < 3; index += 1) {
        const response = await fetch(built.tag, {
          headers: {
            'User-Agent': BROWSER_USER_AGENT,
            'X-Forwarded-For': US,
            ...(cookie ? { Cookie: cookie } : {}),
          },
        });
        const set = response.headers
          .getSetCookie()
          .find((header) => header.startsWith(`${FREQUENCY_COOKIE}=`));
        if (set) cookie = set.split(';')[0];
        played.push((await response.text()).includes('<InLine>'));
      }
      expect(played, platform).toEqual([true, true, false]);
    }
    // Capped by the cookie (never "cannot be capped"), and a macro is not counted as a broken id.
    expect(await notServed(campaignID)).toMatchObject({
      adsServed: 6,
      notServedFrequency: 3,
      notServedNotCappable: 0,
      requestsDeviceIdUnusable: 0,
    });
  });
});

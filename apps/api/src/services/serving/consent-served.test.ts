// Consent at serving time (docs/privacy.md), over real HTTP with cookie jars: a TC string built with the
// IAB's library, purpose 1 and our vendor consented, keeps the cap cookie and the cap holds; without
// purpose 1 or without the vendor no cookie and no device row, the campaign's "cannot be capped" choice
// applied and counted "no consent"; the US opt-outs, GPC, DNT and limited ad tracking the same; a bad
// string of each kind is never a 5xx and is no consent; EU creatives serve only with a valid TC string
// where GDPR applies.
import { buildTag, FREQUENCY_COOKIE, type ReportData, reportDataSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gppUsNationalNoOptOut, gppUsNationalOptOut, gppWithTcString, tcString } from '../../test/consent';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import {
  BROWSER_USER_AGENT,
  daysAroundToday,
  demoAsset,
  publishedLive,
  signedInUser,
} from '../../test/helpers';
import { rulesWorld } from '../../test/rules-world';

const DE = '79.192.7.7';
const US = '73.162.0.1';

/** One browser: its cap cookie as the last answer left it, its address and headers. */
class Browser {
  cookie: string | undefined;
  setCookies: string[] = [];
  constructor(
    private readonly address = DE,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** The last answer's body. */
  body = '';

  async get(url: string): Promise<number> {
    const response = await fetch(url, {
      headers: {
        'User-Agent': BROWSER_USER_AGENT,
        'X-Forwarded-For': this.address,
        ...this.headers,
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
    });
    this.setCookies = response.headers.getSetCookie();
    const set = this.setCookies.find((header) => header.startsWith(`${FREQUENCY_COOKIE}=`));
    if (set) this.cookie = set.split(';')[0];
    this.body = await response.text();
    return response.status;
  }

  async times(url: string, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let index = 0; index < count; index += 1) statuses.push(await this.get(url));
    return statuses;
  }

  /** VAST answers 200 either way: whether each of `count` requests got an ad (an <InLine>). */
  async played(url: string, count: number): Promise<boolean[]> {
    const played: boolean[] = [];
    for (let index = 0; index < count; index += 1) {
      await this.get(url);
      played.push(this.body.includes('<InLine>'));
    }
    return played;
  }
}

describe(`consent at serving (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;
  let clip: Buffer;

  beforeAll(async () => {
    // A deployment that judges an EEA request without any GDPR signal as no consent (docs/privacy.md).
    server = await startServer({ SERVE_RATE_LIMIT: '100000', PRIVACY_EEA_WITHOUT_SIGNAL: 'no-consent' });
    owner = (await signedInUser(server)).client;
    [image, clip] = await Promise.all([demoAsset('banner.png'), demoAsset('main.mp4')]);
  });
  afterAll(() => server.close());

  const { newCampaign, banner, setRules } = rulesWorld(() => ({ server, owner, image }));
  const notServed = async (campaignID: string) => {
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday() })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data).notServed.totals;
  };
  /** A capped banner (3 a day) and its ad URL with `query`. */
  const cappedBanner = async (name: string, rules: Record<string, unknown> = {}) => {
    const campaignID = await newCampaign(name);
    const live = await banner(campaignID);
    await setRules(campaignID, { frequencyCaps: [{ count: 3, period: 'day' }], ...rules });
    return { campaignID, url: (query: string) => `${server.url}/serve/ad/${live}.json?${query}` };
  };
  const deviceRows = async () =>
    Number(
      (await server.db.query<{ count: string }>('select count(*) as count from frequency_devices'))[0]?.count,
    );

  it('purpose 1 and our vendor consented: the cap cookie is written and the cap of 3 holds', async () => {
    const { campaignID, url } = await cappedBanner('Consented');
    const browser = new Browser();
    expect(await browser.times(url(`gdpr=1&gdpr_consent=${tcString()}`), 5)).toEqual([
      200, 200, 200, 404, 404,
    ]);
    expect(browser.cookie).toMatch(new RegExp(`^${FREQUENCY_COOKIE}=`));
    expect(await notServed(campaignID)).toMatchObject({
      adsServed: 3,
      notServedFrequency: 2,
      adsServedNoConsent: 0,
    });
  });

  it('without purpose 1, or without our vendor: no cookie, served uncapped by default, counted "no consent"', async () => {
    const { campaignID, url } = await cappedBanner('No purpose 1');
    for (const query of [
      `gdpr=1&gdpr_consent=${tcString({ purposes: [2, 3] })}`,
      `gdpr=1&gdpr_consent=${tcString({ vendors: [10] })}`,
    ]) {
      const browser = new Browser();
      expect(await browser.times(url(query), 5)).toEqual([200, 200, 200, 200, 200]);
      expect(browser.cookie).toBeUndefined();
    }
    expect(await notServed(campaignID)).toMatchObject({
      adRequests: 10,
      adsServed: 0,
      adsServedNoConsent: 10,
      notServedFrequency: 0,
    });
  });

  it('the campaign that skips requests it cannot cap skips them: not served, counted "no consent"', async () => {
    const { campaignID, url } = await cappedBanner('Skips', { uncappable: 'skip' });
    const browser = new Browser();
    expect(await browser.times(url(`gdpr=1&gdpr_consent=${tcString({ vendors: [10] })}`), 2)).toEqual([
      404, 404,
    ]);
    expect(await browser.times(url('gdpr=1&gdpr_consent='), 1)).toEqual([404]);
    expect(browser.cookie).toBeUndefined();
    expect(await notServed(campaignID)).toMatchObject({ adRequests: 3, adsServed: 0, notServedNoConsent: 3 });
  });

  it('us_privacy=1YYN, a GPP US national opt-out, Sec-GPC: 1, DNT: 1 and lat=1: no cookie, counted; 1YNN and a GPP without opt-out keep it', async () => {
    const { campaignID, url } = await cappedBanner('US opt-outs');
    const refused: [string, Record<string, string>][] = [
      ['us_privacy=1YYN', {}],
      [`gpp=${gppUsNationalOptOut()}&gpp_sid=7`, {}],
      ['', { 'Sec-GPC': '1' }],
      ['', { DNT: '1' }],
      ['lat=1', {}],
    ];
    for (const [query, headers] of refused) {
      const browser = new Browser(US, headers);
      expect(await browser.times(url(query), 4), query || JSON.stringify(headers)).toEqual([
        200, 200, 200, 200,
      ]);
      expect(browser.cookie).toBeUndefined();
    }
    for (const query of ['us_privacy=1YNN', `gpp=${gppUsNationalNoOptOut()}&gpp_sid=7`]) {
      const browser = new Browser(US);
      expect(await browser.times(url(query), 4), query).toEqual([200, 200, 200, 404]);
    }
    expect(await notServed(campaignID)).toMatchObject({ adsServedNoConsent: 20, notServedFrequency: 2 });
  });

  it('bad strings (truncated, TCF v1, garbage base64, a broken GPP or US privacy string) are never a 5xx: no consent, counted', async () => {
    const { campaignID, url } = await cappedBanner('Bad strings', { uncappable: 'skip' });
    const good = tcString();
    const bad = [
      `gdpr=1&gdpr_consent=${good.slice(0, 12)}`,
      'gdpr=1&gdpr_consent=BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA',
      'gdpr=1&gdpr_consent=%21%21%21%21not-base64',
      `gdpr=1&gdpr_consent=${tcString({ policyVersion: 2 })}`,
      'gpp=DBABLA~garbage&gpp_sid=7',
      'us_privacy=1XYZ',
    ];
    for (const query of bad) {
      const browser = new Browser(US);
      expect(await browser.get(url(query)), query).toBe(404);
      expect(browser.cookie).toBeUndefined();
    }
    expect(await notServed(campaignID)).toMatchObject({
      adRequests: bad.length,
      notServedNoConsent: bad.length,
    });
  });

  it("unexpanded macros are no signal; a German address without any signal is no consent where the deployment says so, an American one keeps the cookie; the GPP string's EU section stands in for gdpr_consent", async () => {
    const { url } = await cappedBanner('Unsaid');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the platform's macro, left unexpanded.
    const macros = 'gdpr=${GDPR}&gdpr_consent=${GDPR_CONSENT_755}';
    const german = new Browser(DE);
    await german.get(url(macros));
    expect(german.cookie).toBeUndefined();
    const american = new Browser(US);
    await american.get(url(macros));
    expect(american.cookie).toMatch(new RegExp(`^${FREQUENCY_COOKIE}=`));
    const viaGpp = new Browser(DE);
    await viaGpp.get(url(`gpp=${gppWithTcString(tcString())}&gpp_sid=2`));
    expect(viaGpp.cookie).toMatch(new RegExp(`^${FREQUENCY_COOKIE}=`));
  });

  it('consent withdrawn: the history the browser still sends is removed, and not read', async () => {
    const { url } = await cappedBanner('Withdrawn');
    const browser = new Browser();
    await browser.times(url(`gdpr=1&gdpr_consent=${tcString()}`), 3);
    expect(await browser.get(url(`gdpr=1&gdpr_consent=${tcString()}`))).toBe(404);
    // The same browser refuses: served (uncapped), and its history goes.
    expect(await browser.get(url(`gdpr=1&gdpr_consent=${tcString({ purposes: [] })}`))).toBe(200);
    expect(browser.setCookies).toEqual([
      `${FREQUENCY_COOKIE}=; Max-Age=0; Path=/serve; Secure; HttpOnly; SameSite=None; Partitioned`,
    ]);
  });

  it('a VAST tag as the player expands its IAB macros: [GDPRCONSENT] and [REGULATIONS] read, [LIMITADTRACKING]=1 honoured', async () => {
    const campaignID = await newCampaign('Player macros');
    const vast = await publishedLive(
      owner,
      campaignID,
      { name: 'Roll', type: 'VAST', width: 640, height: 360, platform: 'direct' },
      [{ name: 'main.mp4', bytes: clip }],
    );
    await setRules(campaignID, { frequencyCaps: [{ count: 2, period: 'day' }] });
    const built = buildTag({
      creative: { id: 'c', type: 'VAST', width: 640, height: 360, settings: [] },
      liveCreative: { id: vast },
      platform: 'direct',
      servingHost: server.url,
    });
    if (!built.ok) throw new Error(built.error);
    const expanded = (values: Record<string, string>) =>
      Object.entries(values).reduce((url, [macro, value]) => url.split(macro).join(value), built.tag);
    const player = (values: Record<string, string>) => ({
      '[GDPRCONSENT]': '',
      '[REGULATIONS]': '',
      '[LIMITADTRACKING]': '0',
      '[GPPSTRING]': '',
      '[GPPSECTIONID]': '',
      ...values,
    });
    const refused = new Browser(US);
    const noConsent = expanded(
      player({ '[GDPRCONSENT]': tcString({ purposes: [] }), '[REGULATIONS]': 'gdpr' }),
    );
    expect(await refused.played(noConsent, 3)).toEqual([true, true, true]);
    expect(refused.cookie).toBeUndefined();
    const limited = new Browser(US);
    expect(await limited.played(expanded(player({ '[LIMITADTRACKING]': '1' })), 3)).toEqual([
      true,
      true,
      true,
    ]);
    expect(limited.cookie).toBeUndefined();
    const consented = new Browser(US);
    const withConsent = expanded(player({ '[GDPRCONSENT]': tcString(), '[REGULATIONS]': 'coppa,gdpr' }));
    expect(await consented.played(withConsent, 3)).toEqual([true, true, false]);
    expect(consented.cookie).toMatch(new RegExp(`^${FREQUENCY_COOKIE}=`));
    expect(await notServed(campaignID)).toMatchObject({
      adsServedNoConsent: 6,
      adsServed: 2,
      notServedFrequency: 1,
    });
  });

  it('a device id with lat=1 and no consent under GDPR: no device row read or written, counted', async () => {
    const campaignID = await newCampaign('In-app');
    const vast = await publishedLive(
      owner,
      campaignID,
      { name: 'In-app roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: clip }],
    );
    await setRules(campaignID, { frequencyCaps: [{ count: 2, period: 'day' }] });
    const ifa = 'bd2a4c1e-0f55-4d1c-9a57-2c3e8b7a9f10';
    const before = await deviceRows();
    const base = `${server.url}/serve/vast/${vast}.xml?nocookie=1&ifa=${ifa}`;
    for (const query of ['&lat=1&gdpr=1&gdpr_consent=', '&gdpr=1&gdpr_consent=', '&lat=1'])
      expect(await new Browser(US).played(`${base}${query}`, 3), query).toEqual([true, true, true]);
    expect(await deviceRows()).toBe(before);
    // With consent, the device is capped and its row written.
    const consented = `${base}&gdpr=1&gdpr_consent=${tcString()}`;
    expect(await new Browser(US).played(consented, 3)).toEqual([true, true, false]);
    expect(await deviceRows()).toBe(before + 1);
    expect(await notServed(campaignID)).toMatchObject({
      adsServedNoConsent: 9,
      adsServed: 2,
      notServedFrequency: 1,
    });
  });
});

describe(`EU creatives (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000', PRIVACY_EEA_WITHOUT_SIGNAL: 'no-consent' });
    owner = (await signedInUser(server)).client;
    image = await demoAsset('banner.png');
  });
  afterAll(() => server.close());

  it('serve only with a valid TC string where GDPR applies, anywhere else always; refused ones count "no consent"', async () => {
    const campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'EU' })).body.data?.id ?? '';
    const live = await publishedLive(
      owner,
      campaignID,
      { name: 'EU', type: 'Banner', width: 300, height: 250, settings: [{ key: 'euCreative', value: true }] },
      [{ name: 'banner.png', bytes: image }],
    );
    const url = (query: string) => `${server.url}/serve/ad/${live}.json?${query}`;
    expect(await new Browser(DE).get(url('gdpr=1&gdpr_consent='))).toBe(404);
    expect(await new Browser(DE).get(url('gdpr=1&gdpr_consent=garbage'))).toBe(404);
    expect(await new Browser(DE).get(url(''))).toBe(404);
    // A valid string serves, whatever it consents to (it is what the creative's trackers are handed).
    expect(await new Browser(DE).get(url(`gdpr=1&gdpr_consent=${tcString({ purposes: [] })}`))).toBe(200);
    expect(await new Browser(DE).get(url('gdpr=0'))).toBe(200);
    expect(await new Browser(US).get(url(''))).toBe(200);
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday() })}`,
    );
    expect(reportDataSchema.parse(answer.body.data).notServed.totals).toMatchObject({
      adRequests: 6,
      adsServed: 3,
      notServedNoConsent: 3,
    });
  });
});

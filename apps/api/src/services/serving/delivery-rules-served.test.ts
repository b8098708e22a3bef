// Delivery rules at serving time (docs/serving.md, "Delivery rules", "Why it did not serve"), over real
// HTTP: each rule serving and refusing requests from addresses of two countries (X-Forwarded-For through
// the harness's trusted proxy: GeoIP by the packaged open database) and several browsers' user agents, on
// the ad JSON and on VAST; a creative's rules narrowing its campaign's; a placement falling back to its
// eligible creative, or answering nothing when none is; the answer the same empty one whatever the
// reason; every ad request counted once by outcome, requests = served + each reason, by day and by hour
// in +05:45, the same counts through a share link; and a refused request naming `fallback_id` counted
// under both tags.
import { DELIVERY_RULES, type ReportData, reportDataSchema, servedAdSchema } from '@adconsole/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import {
  BROWSER_USER_AGENT,
  daysAroundToday,
  demoAsset,
  publishedLive,
  signedInUser,
} from '../../test/helpers';
import { rulesWorld } from '../../test/rules-world';
import { notServedPdfRows } from '../reports/not-served-files';

/** Broadband addresses (no hosting network) in Germany and Great Britain. */
const DE = '79.192.7.7';
const GB = '81.2.69.142';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const EMPTY_VAST = /<VAST version="4.2" xmlns="http:\/\/www.iab.com\/VAST"\/>/;
const HOUR_MS = 3_600_000;

describe(`delivery rules served (${testStoresLabel()})`, () => {
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

  const { newCampaign, banner, creativeOf, setRules, setCreativeRules } = rulesWorld(() => ({
    server,
    owner,
    image,
  }));
  /** An ad request from a visitor at `address` with `userAgent`: its status (and the ad's live id). */
  const request = async (path: string, address: string, userAgent = BROWSER_USER_AGENT) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { 'User-Agent': userAgent, 'X-Forwarded-For': address },
    });
    const body = await response.text();
    return {
      status: response.status,
      body,
      liveId:
        response.status === 200 && path.includes('/ad/')
          ? servedAdSchema.parse(JSON.parse(body)).liveID
          : null,
    };
  };
  const adStatus = async (liveId: string, address: string, userAgent?: string, query = '') =>
    (await request(`/serve/ad/${liveId}.json${query}`, address, userAgent)).status;
  const report = async (campaignID: string, query: Record<string, string> = {}): Promise<ReportData> => {
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday(), ...query })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };

  it('country include and exclude, on the ad JSON and VAST: the refused get the empty answer, whatever the reason', async () => {
    const campaignID = await newCampaign('Countries');
    const live = await banner(campaignID);
    const vast = await publishedLive(
      owner,
      campaignID,
      { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: clip }],
    );
    await setRules(campaignID, { countries: { mode: 'include', values: ['DE', 'AT'] } });
    expect(await adStatus(live, DE)).toBe(200);
    expect(await adStatus(live, GB)).toBe(404);
    expect((await request(`/serve/vast/${vast}.xml`, DE)).body).toContain('<InLine>');
    const refused = await request(`/serve/vast/${vast}.xml`, GB);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatch(EMPTY_VAST);
    // The refusal says nothing of why: the same 404 envelope as an unknown live creative's.
    const unknown = await request('/serve/ad/000000000000000000000000.json', DE);
    expect((await request(`/serve/ad/${live}.json`, GB)).body).toBe(unknown.body);

    await setRules(campaignID, { countries: { mode: 'exclude', values: ['DE'] } });
    expect(await adStatus(live, DE)).toBe(404);
    expect(await adStatus(live, GB)).toBe(200);
  });

  it('device type, OS and browser families, with several browsers', async () => {
    const campaignID = await newCampaign('Browsers');
    const live = await banner(campaignID);
    await setRules(campaignID, { devices: { mode: 'include', values: ['mobile'] } });
    expect(await adStatus(live, DE, IPHONE)).toBe(200);
    expect(await adStatus(live, DE, ANDROID)).toBe(200);
    expect(await adStatus(live, DE, BROWSER_USER_AGENT)).toBe(404);
    await setRules(campaignID, { os: { mode: 'include', values: ['Android'] } });
    expect(await adStatus(live, GB, ANDROID)).toBe(200);
    expect(await adStatus(live, GB, IPHONE)).toBe(404);
    await setRules(campaignID, { browsers: { mode: 'exclude', values: ['Firefox'] } });
    expect(await adStatus(live, GB, FIREFOX)).toBe(404);
    expect(await adStatus(live, GB, BROWSER_USER_AGENT)).toBe(200);
  });

  it("languages: the browser's preferred language, or the platform's lang=; a refused request counted under Language", async () => {
    const campaignID = await newCampaign('Languages');
    const live = await banner(campaignID);
    await setRules(campaignID, { languages: { mode: 'include', values: ['de'] } });
    const asked = async (acceptLanguage: string | undefined, query = '') =>
      (
        await fetch(`${server.url}/serve/ad/${live}.json${query}`, {
          headers: {
            'User-Agent': BROWSER_USER_AGENT,
            'X-Forwarded-For': GB,
            ...(acceptLanguage ? { 'Accept-Language': acceptLanguage } : {}),
          },
        })
      ).status;
    expect(await asked('de-AT,de;q=0.9,en;q=0.8')).toBe(200);
    expect(await asked('en-GB,en;q=0.9,de;q=0.5')).toBe(404);
    // An app's player sends no header: the platform's lang= is read (and beats the header when both come).
    expect(await asked(undefined, '?lang=de')).toBe(200);
    expect(await asked('en-GB', '?lang=de-DE')).toBe(200);
    // No language at all: an include list refuses it.
    expect(await asked(undefined)).toBe(404);
    // Bad input names the field, nothing saved.
    const refused = await owner.put('/v1/campaign/deliveryRules', {
      campaignID,
      rules: { languages: { mode: 'include', values: ['german'] } },
    });
    expect(refused.httpStatus).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('rules.languages.values.0: Unknown language');
    expect((await report(campaignID)).notServed.totals).toMatchObject({
      adRequests: 5,
      adsServed: 3,
      notServedLanguage: 2,
    });
  });

  it("connection types: the platform's conn= (OpenRTB's device.connectiontype); a refused request counted under Connection type", async () => {
    const campaignID = await newCampaign('Connection types');
    const live = await banner(campaignID);
    // Wi-Fi, by its words: kept as its code.
    const saved = await owner.put('/v1/campaign/deliveryRules', {
      campaignID,
      rules: { connectionTypes: { mode: 'include', values: ['Wi-Fi', '1'] } },
    });
    expect(saved.httpStatus, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body)).toContain('"values":["1","2"]');
    expect(await adStatus(live, GB, undefined, '?conn=2')).toBe(200);
    expect(await adStatus(live, GB, undefined, '?conn=1')).toBe(200);
    expect(await adStatus(live, GB, undefined, '?conn=6')).toBe(404);
    // 0 is OpenRTB's unknown, as is no conn= at all: an include list refuses it.
    expect(await adStatus(live, GB, undefined, '?conn=0')).toBe(404);
    expect(await adStatus(live, GB)).toBe(404);
    // Bad input names the field, nothing saved.
    const refused = await owner.put('/v1/campaign/deliveryRules', {
      campaignID,
      rules: { connectionTypes: { mode: 'include', values: ['satellite'] } },
    });
    expect(refused.httpStatus).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('rules.connectionTypes.values.0: Unknown connection type');
    expect((await report(campaignID)).notServed.totals).toMatchObject({
      adRequests: 5,
      adsServed: 2,
      notServedConnectionType: 3,
    });
  });

  it('sites: an allowed domain covers its subdomains, a blocked one is refused, an unknown site follows the choice', async () => {
    const campaignID = await newCampaign('Sites');
    const live = await banner(campaignID);
    const page = (url: string) => `?page=${encodeURIComponent(url)}`;
    await setRules(campaignID, { sites: { allow: ['example.com'], block: ['forum.example.com'] } });
    expect(await adStatus(live, DE, undefined, page('https://www.news.example.com/a'))).toBe(200);
    expect(await adStatus(live, DE, undefined, page('https://forum.example.com/t/1'))).toBe(404);
    expect(await adStatus(live, DE, undefined, page('https://other.org/'))).toBe(404);
    // No page, no referrer: the site is unknown, and serves by default.
    expect(await adStatus(live, DE)).toBe(200);
    await setRules(campaignID, {
      sites: { allow: ['example.com'], block: ['forum.example.com'] },
      unknownSite: 'skip',
    });
    expect(await adStatus(live, DE)).toBe(404);
    expect(await adStatus(live, DE, undefined, '?bundle=com.example.game')).toBe(404);
  });

  it('the daypart in the campaign zone: the hour now serves when chosen, not when left out', async () => {
    const campaignID = await newCampaign('Daypart');
    const live = await banner(campaignID);
    // Now and the hour either side, so the test never straddles an hour it did not choose.
    const hours = new Set(
      [-HOUR_MS, 0, HOUR_MS].map((shift) => {
        const at = new Date(Date.now() + shift);
        return ((at.getUTCDay() + 6) % 7) * 24 + at.getUTCHours();
      }),
    );
    const grid = (on: boolean) =>
      Array.from({ length: 7 }, (_, day) =>
        Array.from({ length: 24 }, (__, hour) => hours.has(day * 24 + hour) === on),
      );
    await setRules(campaignID, { daypart: grid(true) });
    expect(await adStatus(live, DE)).toBe(200);
    await setRules(campaignID, { daypart: grid(false) });
    expect(await adStatus(live, DE)).toBe(404);
  });

  it("a creative's own rules narrow its campaign's", async () => {
    const campaignID = await newCampaign('Narrowed');
    const live = await banner(campaignID);
    await setRules(campaignID, { countries: { mode: 'include', values: ['DE', 'GB'] } });
    await setCreativeRules(await creativeOf(live), { countries: { mode: 'include', values: ['GB'] } });
    expect(await adStatus(live, GB)).toBe(200);
    expect(await adStatus(live, DE)).toBe(404);
  });

  it('a placement draws only among the creatives eligible for the request: it falls back to the one that is, else serves nothing', async () => {
    const campaignID = await newCampaign('Placement');
    const germanOnly = await banner(campaignID, 'German only');
    const everywhere = await banner(campaignID, 'Everywhere');
    await setCreativeRules(await creativeOf(germanOnly), { countries: { mode: 'include', values: ['DE'] } });
    const made = await owner.post<{ id: string }>('/v1/campaign/placements', {
      campaignID,
      name: 'Slot',
      items: [{ creativeId: await creativeOf(germanOnly) }, { creativeId: await creativeOf(everywhere) }],
    });
    const path = `/serve/ad/p/${made.body.data?.id}.json`;
    const fromBritain = new Set<string | null>();
    const fromGermany = new Set<string | null>();
    for (let i = 0; i < 30; i += 1) {
      fromBritain.add((await request(path, GB)).liveId);
      fromGermany.add((await request(path, DE)).liveId);
    }
    expect([...fromBritain]).toEqual([everywhere]);
    expect([...fromGermany].sort()).toEqual([everywhere, germanOnly].sort());
    // Neither creative for Britain: nothing (404), counted as no eligible creative.
    await setCreativeRules(await creativeOf(everywhere), { countries: { mode: 'include', values: ['AT'] } });
    expect((await request(path, GB)).status).toBe(404);
    const { notServed } = await report(campaignID);
    expect(notServed.totals.notServedNoCreative).toBe(1);
    expect(notServed.totals.adsServed).toBe(60);
  });

  it('every ad request counts once by outcome: requests = served + each reason, by day and by hour in +05:45', async () => {
    const campaignID = await newCampaign('Counted');
    const live = await banner(campaignID);
    const archived = await newCampaign('Archived');
    const archivedLive = await banner(archived);
    await owner.post('/v1/campaign/archive', { campaignID: archived });
    expect(await adStatus(archivedLive, DE)).toBe(404);
    await setRules(campaignID, {
      countries: { mode: 'include', values: ['DE'] },
      devices: { mode: 'exclude', values: ['tablet'] },
      os: { mode: 'exclude', values: ['iOS'] },
    });
    const sent: [string, string][] = [
      [DE, BROWSER_USER_AGENT],
      [DE, BROWSER_USER_AGENT],
      [DE, ANDROID],
      [GB, BROWSER_USER_AGENT],
      [GB, ANDROID],
      [DE, IPHONE],
    ];
    for (const [address, agent] of sent) await adStatus(live, address, agent);
    // A HEAD (a link checker) is answered but not counted.
    await fetch(`${server.url}/serve/ad/${live}.json`, {
      method: 'HEAD',
      headers: { 'X-Forwarded-For': DE },
    });

    const daily = (await report(campaignID, { timezone: 'Asia/Kathmandu', tzOffset: '+05:45' })).notServed;
    expect(daily.totals).toMatchObject({ adRequests: 6, adsServed: 3, notServedCountry: 2, notServedOs: 1 });
    const hourly = (
      await report(campaignID, { granularity: 'hour', timezone: 'Asia/Kathmandu', tzOffset: '+05:45' })
    ).notServed;
    for (const { totals, series } of [daily, hourly]) {
      const reasons = Object.entries(totals).filter(([key]) => key.startsWith('notServed'));
      expect(totals.adRequests).toBe(totals.adsServed + reasons.reduce((sum, [, n]) => sum + n, 0));
      for (const point of series) {
        const { date: _date, adRequests, adsServed, ...rest } = point;
        expect(adRequests, point.date).toBe(adsServed + Object.values(rest).reduce((sum, n) => sum + n, 0));
      }
      expect(series.reduce((sum, point) => sum + point.adRequests, 0)).toBe(6);
    }
    expect((await report(archived)).notServed.totals).toMatchObject({ adRequests: 1, notServedPaused: 1 });
    // A creative's report counts that creative's requests.
    const lives = await report(campaignID, { liveIDs: live });
    expect(lives.notServed.totals.adRequests).toBe(6);
    // A share link's reader reads the same counts, which the share page's panel draws (the same ReportView
    // as the owner's: its story WithRequestsNotServed, in the share page's menu).
    const link = await owner.post<{ token: string }>('/v1/campaign/newToken', { campaignID });
    const shared = await new Client(server.url).get<ReportData>(
      `/share/reports?${new URLSearchParams({ sharedToken: link.body.data?.token ?? '', ...daysAroundToday() })}`,
    );
    expect(shared.httpStatus, JSON.stringify(shared.body)).toBe(200);
    expect(reportDataSchema.parse(shared.body.data).notServed).toEqual((await report(campaignID)).notServed);
    expect(reportDataSchema.parse(shared.body.data).notServed.totals).toMatchObject({
      adRequests: 6,
      adsServed: 3,
      notServedCountry: 2,
      notServedOs: 1,
    });

    // The files: the CSV's table, the workbook's sheet, the PDF's table, each adding up as the panel does.
    const file = async (type: string) => {
      const answer = await owner.get<{ file: string }>(
        `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday(), type })}`,
      );
      return fetch(`${server.url}/api/uploads/${answer.body.data?.file}`, {
        headers: { Cookie: owner.cookie ?? '' },
      });
    };
    const csv = await (await file('csv')).text();
    const section = csv.split('\r\n\r\n').find((part) => part.startsWith('Date,Ad requests,')) ?? '';
    const [head, ...lines] = section.trim().split('\r\n');
    // The rules' figures in serving's order between the gate's own (each rule's entry: DELIVERY_RULES).
    const columns = [
      'Ad requests',
      'Requests served',
      'Requests served: invalid traffic',
      'Served uncapped: no consent',
      'Not served: outside the flight',
      'Not served: paused or archived',
      ...DELIVERY_RULES.map((rule) => rule.figure.label),
      'Not served: no eligible creative',
      'Not served: no consent',
      'Not served: frequency cap reached',
      'Not served: cannot be capped',
      'Not served: even delivery throttle',
      'Not served: budget spent',
      'Requests with a device id that is not usable',
      'Requests whose claimed site is not their referrer',
    ];
    expect(head).toBe(['Date', ...columns].join(','));
    const counted: Record<string, number> = {
      'Ad requests': 6,
      'Requests served': 3,
      'Not served: country': 2,
      'Not served: operating system': 1,
    };
    expect(lines.at(-1)?.split(',').slice(1).map(Number)).toEqual(
      columns.map((column) => counted[column] ?? 0),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await (await file('xlsx')).arrayBuffer()) as never);
    const sheet = workbook.getWorksheet('Requests not served');
    expect(sheet?.getRow(1).getCell(2).value).toBe('Ad requests');
    expect(sheet?.getRow(sheet.rowCount).getCell(2).value).toBe(6);
    expect(notServedPdfRows(lives)).toEqual([
      ['Served', '3', '50.0 %'],
      ['Country', '2', '33.3 %'],
      ['Operating system', '1', '16.7 %'],
      ['Requests', '6', '100.0 %'],
    ]);
  });

  it('a refused request naming fallback_id counts under both tags: the requested tag\'s reason and the fallback\'s own outcome (docs/serving.md, "Why it did not serve")', async () => {
    const campaignID = await newCampaign('Fallback');
    const german = await banner(campaignID, 'German only');
    const fallback = await banner(campaignID, 'Fallback');
    const elsewhere = await newCampaign('Elsewhere');
    const outside = await banner(elsewhere, 'Elsewhere');
    await setCreativeRules(await creativeOf(german), { countries: { mode: 'include', values: ['DE'] } });
    await setCreativeRules(await creativeOf(outside), { countries: { mode: 'include', values: ['AT'] } });
    // From Britain: the German-only tag refuses (country), its fallback of the same campaign serves.
    expect((await request(`/serve/ad/${german}.json?fallback_id=${fallback}`, GB)).liveId).toBe(fallback);
    // From Britain with a fallback of another campaign, refused too: each campaign counts its own tag.
    expect(await adStatus(german, GB, undefined, `?fallback_id=${outside}`)).toBe(404);
    // From Germany: the tag serves itself, the fallback is not asked and counts nothing.
    expect((await request(`/serve/ad/${german}.json?fallback_id=${fallback}`, DE)).liveId).toBe(german);

    // Each tag counts what was asked of it: the German-only tag three requests (two refused by country,
    // one served), the fallback one (served), the other campaign's fallback one (refused by country).
    expect((await report(campaignID, { liveIDs: german })).notServed.totals).toMatchObject({
      adRequests: 3,
      adsServed: 1,
      notServedCountry: 2,
    });
    expect((await report(campaignID, { liveIDs: fallback })).notServed.totals).toMatchObject({
      adRequests: 1,
      adsServed: 1,
      notServedCountry: 0,
    });
    expect((await report(elsewhere)).notServed.totals).toMatchObject({
      adRequests: 1,
      adsServed: 0,
      notServedCountry: 1,
    });
    // Both tags in one campaign: its ad requests are one more than the three requests that reached it.
    expect((await report(campaignID)).notServed.totals).toMatchObject({
      adRequests: 4,
      adsServed: 2,
      notServedCountry: 2,
    });
  });

  it('outside the flight is its own reason', async () => {
    const campaignID = await newCampaign('Ended');
    const live = await banner(campaignID);
    await owner.put('/v1/campaign/update', {
      id: campaignID,
      name: 'Ended',
      data: { start: { date: '2020-01-01' }, end: { date: '2020-01-31' } },
    });
    expect(await adStatus(live, DE)).toBe(404);
    expect((await report(campaignID)).notServed.totals).toMatchObject({ adRequests: 1, notServedFlight: 1 });
  });
});

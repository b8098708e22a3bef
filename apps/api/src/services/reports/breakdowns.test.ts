// Report breakdowns (docs/reports.md, "Breakdowns") over real HTTP: ad requests with known
// user agents, addresses and sites give the expected rows; rows + other + unknown add up exactly to the
// report's totals for every metric in +05:45, in America/New_York across a daylight-saving change and
// by hour; "Other" appears past the 1,000-sites-a-day cap; a share link answers breakdowns of its own
// campaign only. Client addresses come through the harness's trusted proxy (X-Forwarded-For).
import {
  BREAKDOWN_DIMENSIONS,
  type Breakdown,
  type BreakdownDimension,
  buildTag,
  type EventDimensions,
  expandTagAs,
  findPlatform,
  OTHER_DIMENSION_VALUE,
  type Platform,
  type ReportData,
  reportDataSchema,
  servedAdSchema,
  UNKNOWN_DIMENSIONS,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import {
  BROWSER_USER_AGENT,
  daysAroundToday,
  demoAsset,
  publishedLive,
  signedInUser,
  visitorAddress,
} from '../../test/helpers';
import { parseAsPlayer } from '../../test/vast-check';
import type { TrackedEvent } from '../events/tracked-event';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SAMSUNG_TV =
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) 76.0.3809.146/6.0 TV Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** Broadband addresses (no hosting network) in Great Britain, Germany and Nepal. */
const GB = '81.2.69.142';
const DE = '79.192.7.7';
const NP = '110.44.112.1';

/** The metrics of a breakdown row and the report totals' name for each. */
const METRICS = [
  ['impressions', 'impressions'],
  ['viewable', 'viewable'],
  ['measurable', 'measurable'],
  ['engagement', 'engagement'],
  ['clicks', 'clicks'],
  ['videoStarts', 'videoStarts'],
  ['videoCompletes', 'videoCompletes'],
] as const;

/** Every metric of rows + other + unknown, beside the report's totals. */
function sums(report: ReportData) {
  const breakdown = report.breakdown as Breakdown;
  return METRICS.map(([metric, total]) => ({
    metric,
    breakdown:
      breakdown.rows.reduce((sum, row) => sum + row[metric], 0) +
      (breakdown.other?.[metric] ?? 0) +
      (breakdown.unknown?.[metric] ?? 0),
    totals: report.totals[total] ?? 0,
  }));
}

describe(`report breakdowns (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let banner: Buffer;
  let clip: Buffer;

  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    [banner, clip] = await Promise.all([demoAsset('banner.png'), demoAsset('main.mp4')]);
  });
  afterAll(async () => server?.close());

  const campaign = async (name: string) => {
    const id = (await owner.post<{ id: string }>('/v1/campaign/new', { name })).body.data?.id ?? '';
    const bannerLive = await publishedLive(
      owner,
      id,
      { name: 'Banner', type: 'Banner', width: 300, height: 250 },
      [{ name: 'banner.png', bytes: banner }],
    );
    return { id, banner: bannerLive };
  };
  const withVast = async (campaignId: string) =>
    publishedLive(owner, campaignId, { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 }, [
      { name: 'main.mp4', bytes: clip },
    ]);
  const report = async (
    query: Record<string, string>,
    reader: Client = owner,
    path = '/v1/campaign/reports',
  ) => {
    const answer = await reader.get<ReportData>(
      `${path}?${new URLSearchParams({ withVideoData: 'true', ...query })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };
  /** The serving origin in the answers swapped for the test server's address. */
  const local = (url: string) => `${server.url}${url.slice(new URL(url).origin.length)}`;
  /** One visitor: an address and a user agent (and a Referer, when given). */
  const visitor = (address: string, userAgent: string, referer?: string) => (url: string) =>
    fetch(local(url), {
      headers: {
        'User-Agent': userAgent,
        'X-Forwarded-For': address,
        ...(referer ? { Referer: referer } : {}),
      },
      redirect: 'manual',
    });
  /** An ad request, its impression and (when asked) its click, as the runtime sends them. */
  const serve = async (send: ReturnType<typeof visitor>, liveId: string, query = '', click = false) => {
    const ad = servedAdSchema.parse(
      await (await send(`${server.url}/serve/ad/${liveId}.json${query}`)).json(),
    );
    expect((await send(ad.events.impression ?? '')).status).toBe(200);
    if (click) await send(ad.clickUrl);
    return ad;
  };
  const store = () => server.app.adconsole.events.store;
  const write = (events: TrackedEvent[]) => store().writeBatch(events);

  it('events with known user agents, addresses and sites give the expected rows; invalid traffic is in none', async () => {
    const { id, banner: live } = await campaign('Known visitors');
    // An iPhone in Great Britain whose runtime saw the page (www. dropped), who clicks.
    await serve(visitor(GB, IPHONE), live, '?page=https%3A%2F%2Fwww.News.example', true);
    // Chrome on Windows in Germany: only the Referer tells the site.
    await serve(visitor(DE, BROWSER_USER_AGENT, 'https://blog.example/post/1?x=2'), live);
    // A Samsung TV app in Nepal: the platform's app bundle beats the page.
    await serve(visitor(NP, SAMSUNG_TV), live, '?bundle=com.example.tv&page=https%3A%2F%2Fother.example');
    // A private address and no site at all: unknown site and country.
    await serve(visitor(visitorAddress(), BROWSER_USER_AGENT), live);
    // A crawler from Germany on the same page: invalid, in no breakdown.
    await serve(visitor(DE, GOOGLEBOT, 'https://blog.example/'), live, '', true);

    const rowsOf = async (breakdown: BreakdownDimension) => {
      const answer = await report({ campaignID: id, ...daysAroundToday(), breakdown });
      expect(answer.totals.impressions).toBe(4);
      return answer.breakdown as Breakdown;
    };
    const values = (breakdown: Breakdown) =>
      Object.fromEntries(breakdown.rows.map((row) => [row.label, [row.impressions, row.clicks]]));

    const site = await rowsOf('site');
    expect(values(site)).toEqual({
      'news.example': [1, 1],
      'blog.example': [1, 0],
      'com.example.tv (app)': [1, 0],
    });
    expect(site.rows.find((row) => row.label === 'news.example')).toMatchObject({
      value: 'news.example',
      ctr: 100,
    });
    expect(site.unknown).toMatchObject({ impressions: 1, clicks: 0 });
    expect(site.other).toBeNull();
    expect(site.countryDatabase).toBeNull();

    expect(values(await rowsOf('device'))).toEqual({
      Mobile: [1, 1],
      Desktop: [2, 0],
      'Connected TV': [1, 0],
    });
    expect(values(await rowsOf('os'))).toEqual({ 'iOS 17': [1, 1], 'Windows 10': [2, 0], 'Tizen 6': [1, 0] });
    expect(values(await rowsOf('browser'))).toMatchObject({
      'Mobile Safari 17': [1, 1],
      'Chrome 126': [2, 0],
    });

    const country = await rowsOf('country');
    expect(country.rows.map((row) => [row.value, row.label, row.impressions])).toEqual([
      ['DE', 'Germany', 1],
      ['NP', 'Nepal', 1],
      ['GB', 'United Kingdom', 1],
    ]);
    expect(country.unknown?.impressions).toBe(1);
    expect(country.countryDatabase).toMatchObject({
      name: expect.stringContaining('geo-whois-asn-country'),
      version: expect.stringMatching(/^\d/),
      licence: expect.stringContaining('CC BY 4.0'),
    });
  });

  it("the platform's site and app macros, as its ad server expands them in real tags, name the site before the page", async () => {
    const { id, banner: live } = await campaign('Site macros');
    const vast = await withVast(id);
    const page = 'https://www.Video.example/watch?v=7&click=https%3A%2F%2Fevil.example';
    // A Xandr VAST URL as Xandr serves it: ${REFERER_URL_ENC} is the page URL, URL-encoded.
    const built = buildTag({
      creative: { id: 'c', type: 'VAST', width: 640, height: 360, settings: [] },
      liveCreative: { id: vast },
      platform: 'xandr',
      servingHost: server.url,
    });
    if (!built.ok) throw new Error(built.error);
    const xandr = findPlatform('xandr') as Platform;
    const served = expandTagAs(xandr, built.tag, { click: '', cacheBuster: '77', page, bundle: '' });
    const send = visitor(GB, IPHONE, 'https://player.cdn.example/');
    // Read by a player's VAST parser, its impression fired as the player fires it.
    const { response } = await parseAsPlayer(await (await send(served)).text());
    const impression = local(response.ads[0]?.impressionURLTemplates[0]?.url ?? '');
    expect(new URL(impression).searchParams.get('d')).toMatch(/^video\.example\|/);
    expect((await send(impression)).status).toBe(200);
    // A Quantcast banner in an app: ${BUNDLE_ID} beats ${DOMAIN}, which beats the page the runtime saw.
    await serve(
      visitor(DE, SAMSUNG_TV),
      live,
      '?site=quantcast.example&bundle=com.example.tv&page=https%3A%2F%2Fother.example',
    );
    await serve(
      visitor(DE, BROWSER_USER_AGENT),
      live,
      '?site=quantcast.example&page=https%3A%2F%2Fother.example',
    );
    const site = (await report({ campaignID: id, ...daysAroundToday(), breakdown: 'site' }))
      .breakdown as Breakdown;
    expect(Object.fromEntries(site.rows.map((row) => [row.label, row.impressions]))).toEqual({
      'video.example': 1,
      'com.example.tv (app)': 1,
      'quantcast.example': 1,
    });
  });

  it('the values ride signed with the impression: an event whose d= was changed does not count', async () => {
    const { id, banner: live } = await campaign('Tampered');
    const send = visitor(GB, IPHONE);
    const ad = servedAdSchema.parse(
      await (await send(`${server.url}/serve/ad/${live}.json?page=https://news.example`)).json(),
    );
    const url = new URL(ad.events.impression ?? '');
    expect(url.searchParams.get('d')).toBe('news.example|mobile|iOS 17|Mobile Safari 17|GB');
    url.searchParams.set('d', 'fake.example|mobile|iOS 17|Mobile Safari 17|GB');
    await send(url.toString());
    expect(
      (await report({ campaignID: id, ...daysAroundToday(), breakdown: 'site' })).totals.impressions,
    ).toBe(0);
    await send(ad.events.impression ?? '');
    const answer = await report({ campaignID: id, ...daysAroundToday(), breakdown: 'site' });
    expect(answer.breakdown?.rows.map((row) => row.value)).toEqual(['news.example']);
  });

  /**
   * Two weeks around New York's change to daylight saving (2026-03-08 02:00 local), an event every
   * 37 minutes on each of a banner and a VAST creative, each with values that cycle through every
   * dimension (unknown among them).
   */
  const seedAroundDst = async (liveIds: readonly string[]) => {
    const sites = ['a.example', 'b.example', 'app:com.example.game', ''];
    const devices = ['desktop', 'mobile', 'tablet', 'ctv', ''];
    const countries = ['US', 'DE', 'NP', ''];
    const types = [
      'impression',
      'viewable',
      'notViewable',
      'engagement',
      'click',
      'start',
      'complete',
    ] as const;
    const events: TrackedEvent[] = [];
    const start = Date.UTC(2026, 1, 28, 0, 0);
    const end = Date.UTC(2026, 2, 16, 0, 0);
    let index = 0;
    for (let at = start; at < end; at += 37 * 60_000) {
      for (const liveId of liveIds) {
        index += 1;
        const dims: EventDimensions = {
          site: sites[index % sites.length] ?? '',
          device: devices[index % devices.length] ?? '',
          os: index % 3 === 0 ? '' : `OS ${index % 4}`,
          browser: index % 6 === 0 ? '' : `Browser ${index % 7}`,
          country: countries[index % countries.length] ?? '',
        };
        const type = types[index % types.length] ?? 'impression';
        events.push({ liveId, type, at: new Date(at), count: 1 + (index % 3), impressionId: null, dims });
      }
    }
    for (let offset = 0; offset < events.length; offset += 1000)
      await write(events.slice(offset, offset + 1000));
  };

  it('rows + other + unknown add up exactly to the totals for every metric: +05:45, New York across DST, by hour', async () => {
    const { id, banner: live } = await campaign('Exact sums');
    const vast = await withVast(id);
    await seedAroundDst([live, vast]);
    const cases: Record<string, string>[] = [
      {
        tzOffset: '+05:45',
        granularity: 'full',
        start_dt: '2026-03-01 00:00:00',
        end_dt: '2026-03-14 23:59:59',
      },
      {
        tzOffset: '+05:45',
        granularity: 'hour',
        start_dt: '2026-03-02 00:00:00',
        end_dt: '2026-03-02 23:59:59',
      },
      {
        tzOffset: '-05:00',
        timezone: 'America/New_York',
        granularity: 'hour',
        start_dt: '2026-03-07 00:00:00',
        end_dt: '2026-03-09 23:59:59',
      },
      {
        tzOffset: '-05:00',
        timezone: 'America/New_York',
        granularity: 'day',
        start_dt: '2026-03-01 00:00:00',
        end_dt: '2026-03-14 23:59:59',
      },
      {
        tzOffset: '+00:00',
        granularity: 'full',
        start_dt: '2026-03-08 00:00:00',
        end_dt: '2026-03-08 23:59:59',
      },
    ];
    for (const query of cases) {
      for (const breakdown of BREAKDOWN_DIMENSIONS) {
        const answer = await report({ campaignID: id, ...query, breakdown });
        expect(answer.totals.impressions, JSON.stringify(query)).toBeGreaterThan(0);
        for (const { metric, breakdown: sum, totals } of sums(answer)) {
          expect(sum, `${breakdown} ${metric} ${JSON.stringify(query)}`).toBe(totals);
        }
        expect(answer.breakdown?.unknown, breakdown).not.toBeNull();
        expect(answer.breakdown?.rows.length, breakdown).toBeGreaterThan(1);
      }
    }
    // The liveIDs of a creative report narrow the breakdown as they narrow the totals.
    const one = await report({ liveIDs: live, ...cases[0], breakdown: 'device' } as Record<string, string>);
    for (const { metric, breakdown: sum, totals } of sums(one)) expect(sum, metric).toBe(totals);
    expect(one.totals.videoStarts).toBeGreaterThan(0);
  });

  it('"Other" appears past the cap: 1,000 sites a day are kept by name, later new ones are summed as Other', async () => {
    const { id, banner: live } = await campaign('Many sites');
    const at = new Date(Date.UTC(2026, 4, 5, 10, 0));
    const event = (site: string, count = 1): TrackedEvent => ({
      liveId: live,
      type: 'impression',
      at,
      count,
      impressionId: null,
      dims: { ...UNKNOWN_DIMENSIONS, site },
    });
    await write(Array.from({ length: 1000 }, (_, i) => event(`site${i}.example`)));
    // Five new sites with many impressions, and one kept site again, later that day.
    await write([
      ...Array.from({ length: 5 }, (_, i) => event(`late${i}.example`, 100)),
      event('site7.example', 200),
    ]);
    // The next UTC day keeps new sites again.
    await write([{ ...event('late0.example', 3), at: new Date(Date.UTC(2026, 4, 6, 1, 0)) }]);

    const day = await report({
      campaignID: id,
      start_dt: '2026-05-05 00:00:00',
      end_dt: '2026-05-05 23:59:59',
      breakdown: 'site',
    });
    const breakdown = day.breakdown as Breakdown;
    expect(day.totals.impressions).toBe(1000 + 500 + 200);
    expect(breakdown.rows).toHaveLength(50);
    expect(breakdown.rows[0]).toMatchObject({ value: 'site7.example', impressions: 201 });
    expect(breakdown.rows.some((row) => row.value.startsWith('late'))).toBe(false);
    // The capped 500 and the 950 kept sites past the top 50 (one impression each).
    expect(breakdown.other?.impressions).toBe(500 + 950);
    expect(day.totals.impressions).toBe(1000 + 500 + 200);
    expect(breakdown.unknown).toBeNull();

    const next = await report({
      campaignID: id,
      start_dt: '2026-05-06 00:00:00',
      end_dt: '2026-05-06 23:59:59',
      breakdown: 'site',
    });
    expect(next.breakdown?.rows).toEqual([
      expect.objectContaining({ value: 'late0.example', impressions: 3 }),
    ]);
    expect(next.breakdown?.other).toBeNull();
    expect(OTHER_DIMENSION_VALUE).toBe('~other');
  });

  it('a share link answers breakdowns of its own campaign only', async () => {
    const mine = await campaign('Shared');
    const theirs = await campaign('Not shared');
    await serve(visitor(GB, IPHONE), mine.banner, '?page=https://shared.example');
    await serve(visitor(DE, IPHONE), theirs.banner, '?page=https://secret.example');
    const token = (await owner.post<{ token: string }>('/v1/campaign/newToken', { campaignID: mine.id })).body
      .data?.token as string;
    const anonymous = new Client(server.url);
    const shared = await report(
      { sharedToken: token, ...daysAroundToday(), breakdown: 'site' },
      anonymous,
      '/share/reports',
    );
    expect(shared.breakdown?.rows.map((row) => row.value)).toEqual(['shared.example']);
    const narrowed = await report(
      { sharedToken: token, liveIDs: mine.banner, ...daysAroundToday(), breakdown: 'country' },
      anonymous,
      '/share/reports',
    );
    expect(narrowed.breakdown?.rows.map((row) => row.value)).toEqual(['GB']);
    // Another campaign's live creative through this link is not found, breakdown or not.
    const other = await anonymous.get(
      `/share/reports?${new URLSearchParams({ sharedToken: token, liveIDs: theirs.banner, ...daysAroundToday(), breakdown: 'site' })}`,
    );
    expect(other.httpStatus).toBe(404);
  });

  it('downloads: the CSV carries the breakdown asked for, the XLSX a sheet per dimension, the pivot takes the dimension as a row field', async () => {
    const { id, banner: live } = await campaign('Downloads');
    await withVast(id);
    await seedAroundDst([live]);
    const range = { start_dt: '2026-03-01 00:00:00', end_dt: '2026-03-10 23:59:59', tzOffset: '+05:45' };
    const json = await report({ campaignID: id, ...range });
    const download = async (type: string, extra: Record<string, string> = {}) => {
      const answer = await owner.get<{ file: string }>(
        `/v1/campaign/reports?${new URLSearchParams({ campaignID: id, ...range, type, ...extra })}`,
      );
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      const response = await fetch(`${server.url}/api/uploads/${answer.body.data?.file}`, {
        headers: { Cookie: owner.cookie ?? '' },
      });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    // CSV: the country table after the figures; its impressions add up to the report's.
    const csv = (await download('csv', { breakdown: 'country' })).toString('utf8').replace(/^\ufeff/, '');
    const tables = csv.trim().split('\r\n\r\n');
    const countries = tables.at(-1)?.split('\r\n') ?? [];
    expect(countries[0]).toMatch(/^Country,Country name,Impressions,Viewable impressions,/);
    const body = countries.slice(1).map((line) => line.split(','));
    expect(body.map((cells) => cells[1])).toEqual(
      expect.arrayContaining(['United States', 'Germany', 'Nepal', 'Unknown']),
    );
    expect(body.reduce((sum, cells) => sum + Number(cells[2]), 0)).toBe(json.totals.impressions);
    // XLSX without a breakdown asked: one sheet per dimension, each adding up.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download('xlsx')) as never);
    for (const name of ['By site', 'By device', 'By OS', 'By browser', 'By country']) {
      const sheet = workbook.getWorksheet(name);
      expect(sheet, name).toBeDefined();
      let impressions = 0;
      sheet?.eachRow((row, index) => {
        if (index > 1) impressions += Number(row.getCell(3).value);
      });
      expect(impressions, name).toBe(json.totals.impressions);
    }
    // XLSX with one breakdown asked: only its sheet.
    const one = new ExcelJS.Workbook();
    await one.xlsx.load((await download('xlsx', { breakdown: 'device' })) as never);
    expect(one.worksheets.map((sheet) => sheet.name).filter((name) => name.startsWith('By '))).toEqual([
      'By creative',
      'By device',
    ]);
    // The pivot with a breakdown: the Data sheet is by device and creative, the pivot's rows are the devices.
    const pivot = new ExcelJS.Workbook();
    await pivot.xlsx.load((await download('xlsx-pivot', { breakdown: 'device' })) as never);
    const data = pivot.getWorksheet('Data');
    expect(data?.getRow(1).values).toEqual([undefined, 'Device', 'Creative', 'Metric', 'Value']);
    let dataImpressions = 0;
    data?.eachRow((row, index) => {
      if (index > 1 && row.getCell(3).value === 'Impressions')
        dataImpressions += Number(row.getCell(4).value);
    });
    expect(dataImpressions).toBe(json.totals.impressions);
  });

  it('the pivot with breakdown=country takes the country as its first row field (then creative), and its records sum to the breakdown', async () => {
    const { id, banner: live } = await campaign('Pivot by country');
    const vast = await withVast(id);
    await seedAroundDst([live, vast]);
    const range = { start_dt: '2026-03-01 00:00:00', end_dt: '2026-03-10 23:59:59', tzOffset: '+05:45' };
    const answer = await owner.get<{ file: string }>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID: id, ...range, type: 'xlsx-pivot', breakdown: 'country' })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    const file = await fetch(`${server.url}/api/uploads/${answer.body.data?.file}`, {
      headers: { Cookie: owner.cookie ?? '' },
    });
    const zip = await JSZip.loadAsync(Buffer.from(await file.arrayBuffer()));
    const part = async (name: string) => (await zip.file(name)?.async('string')) ?? '';
    const table = await part('xl/pivotTables/pivotTable1.xml');
    const definition = await part('xl/pivotCache/pivotCacheDefinition1.xml');
    const records = await part('xl/pivotCache/pivotCacheRecords1.xml');
    const decodeXml = (text: string) =>
      text
        .replace(/&apos;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    // The cache's fields, each with its shared items (the values a record points at by index).
    const fields = [...definition.matchAll(/<cacheField name="([^"]*)"[^>]*>([\s\S]*?)<\/cacheField>/g)].map(
      ([, name, body]) => ({
        name: decodeXml(name ?? ''),
        items: [...(body ?? '').matchAll(/<s v="([^"]*)"/g)].map(([, value]) => decodeXml(value ?? '')),
      }),
    );
    expect(fields.map((field) => field.name)).toEqual(['Country', 'Creative', 'Metric', 'Value']);
    // rowFields point at the country's cache field first, then the creative's; the metric is the column.
    const rowFields = /<rowFields count="(\d+)">([\s\S]*?)<\/rowFields>/.exec(table);
    const rowIndexes = [...(rowFields?.[2] ?? '').matchAll(/<field x="(\d+)"/g)].map(([, x]) => Number(x));
    expect(rowFields?.[1]).toBe('2');
    expect(rowIndexes.map((index) => fields[index]?.name)).toEqual(['Country', 'Creative']);
    const colIndexes = [
      ...(/<colFields[^>]*>([\s\S]*?)<\/colFields>/.exec(table)?.[1] ?? '').matchAll(/x="(\d+)"/g),
    ];
    expect(colIndexes.map(([, x]) => fields[Number(x)]?.name)).toEqual(['Metric']);
    const pivotFields = [...table.matchAll(/<pivotField\b([^>]*)>/g)].map(
      ([, attributes]) => attributes ?? '',
    );
    expect(pivotFields[rowIndexes[0] ?? -1]).toContain('axis="axisRow"');
    expect(/<dataField[^>]*fld="(\d+)"/.exec(table)?.[1]).toBe('3');

    // The pivot's sums: each record's value under its country and creative, impressions only.
    const [country, creative, metric] = fields;
    const sums = new Map<string, number>();
    const byCreative = new Map<string, number>();
    const rows = [...records.matchAll(/<r>([\s\S]*?)<\/r>/g)];
    expect(definition).toContain(`recordCount="${rows.length}"`);
    for (const [, record] of rows) {
      const [c, k, m] = [...(record ?? '').matchAll(/<x v="(\d+)"/g)].map(([, x]) => Number(x));
      const value = Number(/<n v="([^"]+)"/.exec(record ?? '')?.[1]);
      if (metric?.items[m ?? -1] !== 'Impressions') continue;
      const label = country?.items[c ?? -1] ?? '';
      sums.set(label, (sums.get(label) ?? 0) + value);
      if (creative?.items[k ?? -1] === 'Banner') byCreative.set(label, (byCreative.get(label) ?? 0) + value);
    }
    const expected = (breakdown: Breakdown) =>
      new Map([
        ...breakdown.rows.map((row) => [row.label, row.impressions] as const),
        ...(breakdown.other ? [['Other', breakdown.other.impressions] as const] : []),
        ...(breakdown.unknown ? [['Unknown', breakdown.unknown.impressions] as const] : []),
      ]);
    const json = await report({ campaignID: id, ...range, breakdown: 'country' });
    const campaignCountries = expected(json.breakdown as Breakdown);
    expect([...campaignCountries.keys()]).toEqual(
      expect.arrayContaining(['United States', 'Germany', 'Nepal', 'Unknown']),
    );
    expect(Object.fromEntries(sums)).toEqual(Object.fromEntries(campaignCountries));
    expect([...sums.values()].reduce((sum, value) => sum + value, 0)).toBe(json.totals.impressions);
    // And a creative's part is its own breakdown (its live ids).
    const banner = await report({ liveIDs: live, ...range, breakdown: 'country' });
    expect(Object.fromEntries(byCreative)).toEqual(
      Object.fromEntries(expected(banner.breakdown as Breakdown)),
    );
  });

  it('breakdown= takes only the five dimensions; without it the answer has none', async () => {
    const { id } = await campaign('Validation');
    const bad = await owner.get(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID: id, ...daysAroundToday(), breakdown: 'city' })}`,
    );
    expect(bad.httpStatus).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(
      'breakdown must be one of: site, device, os, browser, country',
    );
    const none = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID: id, ...daysAroundToday() })}`,
    );
    expect(reportDataSchema.parse(none.body.data).breakdown).toBeNull();
  });
});

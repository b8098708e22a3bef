// The frequency report over real HTTP (docs/reports.md, "Frequency"): a campaign with a cap of 5 a day;
// three cookie jars served 3, 1 and 5 ads. By hand: ranks 1,2,3 / 1 / 1,2,3,4,5, so c(1)=3, c(2)=2,
// c(3)=2, c(4)=1, c(5)=1: one browser each with exactly 1, 3 and 5 ads, 9 ads over 3 browsers, 3.0 on
// average. The report's `frequency`, the CSV's table, the workbook's sheet and the PDF's rows say so; a
// campaign without caps, and a creative report, have none.
import { FREQUENCY_COOKIE, type ReportData, reportDataSchema } from '@adconsole/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentedQuery } from '../../test/consent';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { BROWSER_USER_AGENT, daysAroundToday, demoAsset, signedInUser } from '../../test/helpers';
import { rulesWorld } from '../../test/rules-world';
import { frequencyPdfRows } from './frequency-files';

const DE = '79.192.7.7';
const CONSENTED = consentedQuery();

/** A browser's cookie for the serving origin (the cap history), as the last answer left it. */
class Jar {
  cookie: string | undefined;
  async get(url: string): Promise<number> {
    // A German browser whose person consented to purpose 1 and our vendor (docs/privacy.md).
    const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}${CONSENTED}`, {
      headers: {
        'User-Agent': BROWSER_USER_AGENT,
        'X-Forwarded-For': DE,
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
    });
    const set = response.headers.getSetCookie().find((header) => header.startsWith(`${FREQUENCY_COOKIE}=`));
    if (set) this.cookie = set.split(';')[0];
    await response.arrayBuffer();
    return response.status;
  }
}

describe(`frequency report (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;
  const noon = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' }, { clock: () => noon });
    owner = (await signedInUser(server)).client;
    image = await demoAsset('banner.png');
  });
  afterAll(() => server.close());

  const { newCampaign, banner, setRules } = rulesWorld(() => ({ server, owner, image }));
  const report = async (campaignID: string, extra: Record<string, string> = {}): Promise<ReportData> => {
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday(), ...extra })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };
  const file = async (campaignID: string, type: string) => {
    const answer = await owner.get<{ file: string }>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday(), type })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return fetch(`${server.url}/api/uploads/${answer.body.data?.file}`, {
      headers: { Cookie: owner.cookie ?? '' },
    });
  };
  const serve = async (url: string, jar: Jar, times: number) => {
    const statuses: number[] = [];
    for (let index = 0; index < times; index += 1) statuses.push(await jar.get(url));
    return statuses;
  };

  it('a cap of 5 a day, jars served 3, 1 and 5: one browser each with 1, 3 and 5, average 3.0, in the files too', async () => {
    const campaignID = await newCampaign('Five a day');
    const live = await banner(campaignID);
    await setRules(campaignID, { frequencyCaps: [{ count: 5, period: 'day' }] });
    const url = `${server.url}/serve/ad/${live}.json`;
    expect(await serve(url, new Jar(), 3)).toEqual([200, 200, 200]);
    expect(await serve(url, new Jar(), 1)).toEqual([200]);
    // The fifth is the last under the cap; the sixth is refused and not counted as an ad.
    expect(await serve(url, new Jar(), 6)).toEqual([200, 200, 200, 200, 200, 404]);

    const { frequency, notServed } = await report(campaignID);
    expect(notServed.totals).toMatchObject({ adRequests: 10, adsServed: 9, notServedFrequency: 1 });
    expect(frequency.windows).toEqual(['day']);
    expect(frequency.browsers).toBe(3);
    expect(frequency.ads).toBe(9);
    expect(frequency.average).toBe(3);
    expect(frequency.bars.map((bar) => bar.browsers)).toEqual([1, 0, 1, 0, 1, 0, 0, 0, 0, 0]);

    const csv = await (await file(campaignID, 'csv')).text();
    const section = csv.split('\r\n\r\n').find((part) => part.startsWith('Ads per browser,Browsers')) ?? '';
    expect(section.trim().split('\r\n')).toEqual([
      'Ads per browser,Browsers',
      '1,1',
      '2,0',
      '3,1',
      '4,0',
      '5,1',
      '6,0',
      '7,0',
      '8,0',
      '9,0',
      '10+,0',
      'All browsers,3',
      'Ads,9',
      'Average ads per browser,3.0',
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await (await file(campaignID, 'xlsx')).arrayBuffer()) as never);
    const sheet = workbook.getWorksheet('Frequency');
    expect(sheet?.getRow(1).getCell(1).value).toBe('Ads per browser');
    expect(sheet?.getRow(4).values).toEqual([undefined, '3', 1]);
    expect(sheet?.getRow(sheet.rowCount).values).toEqual([undefined, 'Average ads per browser', '3.0']);
    expect(frequencyPdfRows(await report(campaignID)).slice(-3)).toEqual([
      ['All browsers', '3'],
      ['Ads', '9'],
      ['Average ads per browser', '3.0'],
    ]);

    // An API token reads the same section, which /api/openapi.json declares.
    const token = await owner.post<{ secret: string }>('/v1/tokens', {
      name: 'Reports',
      scopes: ['reports:read'],
    });
    const byToken = await fetch(
      `${server.url}/api/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday() })}`,
      { headers: { Authorization: `Bearer ${token.body.data?.secret}` } },
    );
    expect(byToken.status).toBe(200);
    const read = reportDataSchema.parse(((await byToken.json()) as { data: unknown }).data);
    expect(read.frequency).toEqual(frequency);
    const openapi = JSON.stringify(await (await fetch(`${server.url}/api/openapi.json`)).json());
    expect(openapi).toContain('"frequency"');
    expect(openapi).toContain('"orMore"');

    // A creative's report has none: a browser's window counts its campaign's ads, of any creative.
    expect((await report(campaignID, { liveIDs: live })).frequency.ads).toBe(0);
  });

  it('a campaign without caps has no frequency, and its files no section', async () => {
    const campaignID = await newCampaign('Uncapped');
    const live = await banner(campaignID);
    expect(await serve(`${server.url}/serve/ad/${live}.json`, new Jar(), 2)).toEqual([200, 200]);
    const { frequency, notServed } = await report(campaignID);
    expect(notServed.totals.adsServed).toBe(2);
    expect(frequency).toEqual({ windows: [], browsers: 0, ads: 0, average: null, bars: [] });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await (await file(campaignID, 'xlsx')).arrayBuffer()) as never);
    expect(workbook.getWorksheet('Frequency')).toBeUndefined();
    expect(await (await file(campaignID, 'csv')).text()).not.toContain('Ads per browser');
  });
});

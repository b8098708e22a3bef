// Reach over real HTTP (docs/reports.md, "Where reach shows"): a campaign without caps; three browsers
// (cookie jars that keep every cookie the serving origin sets, the reach cookie `adc_rid` among them)
// consented and were served 2, 1 and 3 ads; two more ads went to requests that keep no identity
// (`nocookie=1`). By hand: reach 3 (3 browsers, 0 devices), 6 ads with an identity of 8, 2.0 ads each on
// average, 75 % of the ads with an identity. The report's `reach`, the CSV's tables, the workbook's
// sheet, the PDF's rows and the scheduled mail ("send now", read from the outbox) say so, with "about"
// and the error; a campaign whose ads had no identity says reach cannot be told, never 0; one without
// ads has no section.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ReportData, reportDataSchema } from '@adconsole/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentedQuery } from '../../test/consent';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import {
  BROWSER_USER_AGENT,
  daysAroundToday,
  demoAsset,
  signedInUser,
  waitForMail,
} from '../../test/helpers';
import { rulesWorld } from '../../test/rules-world';
import { renderReportPdf } from './pdf';
import { reachMailLines, reachPdfRows } from './reach-files';

const DE = '79.192.7.7';

/** A PDF's text as pdftotext lays it out. */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reach-pdf-'));
  try {
    await writeFile(path.join(dir, 'report.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const CONSENTED = consentedQuery();

/** A browser's cookies for the serving origin: every one the answers set (by name), sent back. */
class Jar {
  cookies = new Map<string, string>();
  async get(url: string): Promise<number> {
    // A German browser whose person consented to purpose 1 and our vendor (docs/privacy.md).
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}${CONSENTED}`, {
      headers: {
        'User-Agent': BROWSER_USER_AGENT,
        'X-Forwarded-For': DE,
        ...(cookie ? { Cookie: cookie } : {}),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /Max-Age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    await response.arrayBuffer();
    return response.status;
  }
}

describe(`reach report (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;
  // Yesterday noon: a scheduled report's "send now" mails the last complete day, yesterday.
  const noon = Date.parse(`${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T12:00:00Z`);

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' }, { clock: () => noon });
    owner = (await signedInUser(server)).client;
    image = await demoAsset('banner.png');
  });
  afterAll(() => server.close());

  const { newCampaign, banner } = rulesWorld(() => ({ server, owner, image }));
  const report = async (campaignID: string): Promise<ReportData> => {
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday() })}`,
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
  const workbookOf = async (campaignID: string) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await (await file(campaignID, 'xlsx')).arrayBuffer()) as never);
    return workbook;
  };
  /** The CSV's table that starts with `head`, as lines. */
  const csvTable = (csv: string, head: string) =>
    (csv.split('\r\n\r\n').find((part) => part.startsWith(head)) ?? '').trim().split('\r\n');
  /** The scheduled report's mail of yesterday ("send now", to an address of the company domain). */
  const mailed = async (campaignID: string) => {
    const to = `reach-${campaignID.slice(0, 8).toLowerCase()}@adconsole.test`;
    const created = await owner.post<{ id: string }>('/v1/campaign/scheduledReport', {
      campaignID,
      name: 'Daily reach',
      frequency: 'Daily',
      reportType: 'Summary',
      format: 'csv',
      timezone: 'UTC',
      recipients: [to],
      withVideo: false,
    });
    expect(created.httpStatus, JSON.stringify(created.body)).toBe(200);
    const sent = await owner.post('/v1/campaign/scheduledReport/send', { id: created.body.data?.id });
    expect(sent.httpStatus, JSON.stringify(sent.body)).toBe(200);
    return (await waitForMail(server, to)).text;
  };
  const serve = async (url: string, jar: Jar, times: number) => {
    const statuses: number[] = [];
    for (let index = 0; index < times; index += 1) statuses.push(await jar.get(url));
    return statuses;
  };

  it('three browsers served 2, 1 and 3 ads, two ads without an identity: about 3 reached, 2.0 each, 75 %, in every file', async () => {
    const campaignID = await newCampaign('Reach three');
    const live = await banner(campaignID);
    const url = `${server.url}/serve/ad/${live}.json`;
    const first = new Jar();
    expect(await serve(url, first, 2)).toEqual([200, 200]);
    // The reach cookie, set on the first ad and sent back on the second (no new one then).
    expect(first.cookies.get('adc_rid')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await serve(url, new Jar(), 1)).toEqual([200]);
    expect(await serve(url, new Jar(), 3)).toEqual([200, 200, 200]);
    // A client that keeps no cookie (a server-side player): served, no identity.
    expect(await serve(`${url}?nocookie=1`, new Jar(), 2)).toEqual([200, 200]);

    const figures = await report(campaignID);
    const { reach } = figures;
    expect(reach).toMatchObject({ reach: 3, browsers: 3, devices: 0, identifiedAds: 6, ads: 8 });
    expect(reach.averageFrequency).toBe(2);
    expect(reach.coverage).toBe(0.75);
    const today = new Date(noon).toISOString().slice(0, 10);
    expect(reach.days.find((entry) => entry.date === today)).toEqual({
      date: today,
      reach: 3,
      new: 3,
      returning: 0,
      cumulative: 3,
    });
    const sentence =
      'About 3 browsers and devices (±0.8 %) saw 2.0 ads on average; 75 % of the ads had an identity.';

    const csv = await (await file(campaignID, 'csv')).text();
    expect(csvTable(csv, 'Reach (estimates')).toEqual([
      'Reach (estimates within ±0.8 %),Value',
      `Summary,${sentence}`,
      'Browsers and devices reached (about),3',
      'Browsers (about),3',
      'Devices (about),0',
      'Error of each estimate,±0.8 %',
      'Ads with an identity,6',
      'Ads,8',
      'Average ads per browser or device (about),2.0',
      'Share of the ads with an identity,75 %',
    ]);
    const days = csvTable(csv, 'Day,Reach that day');
    expect(days[0]).toBe('Day,Reach that day (about),New (about),Returning (about),Reached so far (about)');
    expect(days).toContain(`${today},3,3,0,3`);

    const sheet = (await workbookOf(campaignID)).getWorksheet('Reach');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Reach (estimates within ±0.8 %)', 'Value']);
    expect(sheet?.getRow(2).values).toEqual([undefined, 'Summary', sentence]);
    expect(sheet?.getRow(3).values).toEqual([undefined, 'Browsers and devices reached (about)', 3]);
    const values = sheet?.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : row)) ?? [];
    expect(values).toContainEqual([
      'Day',
      'Reach that day (about)',
      'New (about)',
      'Returning (about)',
      'Reached so far (about)',
    ]);
    expect(values).toContainEqual([today, 3, 3, 0, 3]);

    expect(reachPdfRows(figures)).toEqual([
      ['Browsers and devices reached (about)', '3'],
      ['Browsers (about)', '3'],
      ['Devices (about)', '0'],
      ['Error of each estimate', '±0.8 %'],
      ['Ads with an identity', '6'],
      ['Ads', '8'],
      ['Average ads per browser or device (about)', '2.0'],
      ['Share of the ads with an identity', '75 %'],
    ]);
    const pdf = await pdfText(await renderReportPdf(figures, { full: false, title: 'Reach three' }));
    expect(pdf).toMatch(/Reach \(estimates within ±0\.8 %\) +Value/);
    expect(pdf).toMatch(/Browsers and devices reached \(about\) +3/);
    expect(pdf).toMatch(/Share of the ads with an identity +75 %/);
    expect(reachMailLines(figures)).toEqual([`Reach: ${sentence}`]);
    expect(await mailed(campaignID)).toContain(`Reach: ${sentence}`);
  });

  it('ads without any identity: the files say reach cannot be told, never 0; no ads: no section', async () => {
    const campaignID = await newCampaign('Reach none');
    const live = await banner(campaignID);
    expect(await serve(`${server.url}/serve/ad/${live}.json?nocookie=1`, new Jar(), 3)).toEqual([
      200, 200, 200,
    ]);
    const figures = await report(campaignID);
    expect(figures.reach).toMatchObject({ reach: 0, identifiedAds: 0, ads: 3, averageFrequency: null });
    const why =
      'No ad in this range had an identity to count (no consent to keep one, no cookies, no device id): reach cannot be told.';

    const csv = await (await file(campaignID, 'csv')).text();
    expect(csvTable(csv, 'Reach (estimates')).toEqual([
      'Reach (estimates within ±0.8 %),Value',
      `Summary,"${why}"`,
      'Ads,3',
    ]);
    expect(csv).not.toContain('Reach that day');
    const sheet = (await workbookOf(campaignID)).getWorksheet('Reach');
    expect(sheet?.getRow(2).values).toEqual([undefined, 'Summary', why]);
    expect(sheet?.rowCount).toBe(3);
    expect(reachPdfRows(figures)).toEqual([['Ads', '3']]);
    expect(reachMailLines(figures)).toEqual([`Reach: ${why}`]);
    expect(await mailed(campaignID)).toContain(`Reach: ${why}`);

    // A campaign that served nothing in the range: no section, no sheet, no line.
    const quiet = await newCampaign('Reach quiet');
    await banner(quiet);
    expect((await report(quiet)).reach.ads).toBe(0);
    expect(await (await file(quiet, 'csv')).text()).not.toContain('Reach (estimates');
    expect((await workbookOf(quiet)).getWorksheet('Reach')).toBeUndefined();
    expect(reachMailLines(await report(quiet))).toEqual([]);
    expect(await mailed(quiet)).not.toContain('Reach:');
  });
});

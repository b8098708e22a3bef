// The reports API: figures in any timezone (the cases by name), creative reports, the event and
// video parts, CSV / XLSX / pivot downloads whose totals equal the JSON's, share links (anonymous,
// limited to their campaign, revocable, expiring) and e-mailed schedules (the mail and its attachment
// received by a real SMTP server; at most once per period; retried after a failed send).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Dashboard,
  dashboardSchema,
  type ReportData,
  reportDataSchema,
  reportEventsSchema,
  reportVideoDataSchema,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createPostgresDatabase } from '../../db/database';
import { Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { type SmtpPeer, startSmtpPeer } from '../../test/peers';

const LANDING = { click: [{ type: 'redirect', url: 'https://advertiser.example/' }] };
const day = (iso: string) => `${iso} 00:00:00`;
const endOf = (iso: string) => `${iso} 23:59:59`;

describe(`reports on ${testStoresLabel()}`, () => {
  let server: TestServer;
  let smtp: SmtpPeer;
  let owner: Client;
  let admin: Client;
  let other: Client;
  let campaignID: string;
  let otherCampaignID: string;
  let bannerLive: string;
  let videoLive: string;
  let otherLive: string;

  const publish = async (client: Client, campaign: string, body: Record<string, unknown>) => {
    const creative = await client.post<{ id: string }>('/v1/campaign/creatives', {
      campaignID: campaign,
      width: 300,
      height: 250,
      trackers: LANDING,
      ...body,
    });
    const published = await client.post<{ liveCreatives: { id: string }[] }>(
      '/v1/campaign/creatives/publish',
      {
        id: creative.body.data?.id,
      },
    );
    return published.body.data?.liveCreatives.at(-1)?.id ?? '';
  };
  const importEvents = (events: { liveID: string; type: string; at: string; count?: number }[]) =>
    admin.post('/v1/events/import', { events });
  const report = async (
    query: Record<string, string>,
    client: Client = owner,
    path = '/v1/campaign/reports',
  ) => {
    const answer = await client.get<ReportData>(`${path}?${new URLSearchParams(query).toString()}`);
    return answer;
  };
  const figures = async (query: Record<string, string>) => {
    const answer = await report({ campaignID, ...query });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startServer({ SMTP_URL: smtp.url });
    const adminAccount = await signedInUserOverSmtp(server, smtp);
    await server.db.query("update users set role = 'admin' where email = $1", [adminAccount.email]);
    admin = adminAccount.client;
    owner = (await signedInUserOverSmtp(server, smtp)).client;
    other = (await signedInUserOverSmtp(server, smtp)).client;
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Spring =sale' })).body.data?.id ?? '';
    otherCampaignID =
      (await other.post<{ id: string }>('/v1/campaign/new', { name: 'Secret' })).body.data?.id ?? '';
    bannerLive = await publish(owner, campaignID, { name: '=HYPERLINK("http://evil")', type: 'Banner' });
    videoLive = await publish(owner, campaignID, { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 });
    otherLive = await publish(other, otherCampaignID, { name: 'Theirs', type: 'Banner' });
    const imported = await importEvents([
      // The case: 18:20 UTC is the next local day in +05:45 and the same day in -03:30.
      { liveID: bannerLive, type: 'impression', at: '2026-03-01T18:20:00Z', count: 100 },
      { liveID: bannerLive, type: 'click', at: '2026-03-01T18:20:00Z', count: 2 },
      { liveID: bannerLive, type: 'viewable', at: '2026-03-01T18:20:00Z', count: 70 },
      { liveID: bannerLive, type: 'engagement', at: '2026-03-01T18:20:00Z', count: 9 },
      // Quarter-hour offsets at both ends of the earth.
      { liveID: bannerLive, type: 'impression', at: '2026-03-01T11:14:59Z', count: 3 },
      { liveID: bannerLive, type: 'impression', at: '2026-03-01T11:15:00Z', count: 5 },
      { liveID: bannerLive, type: 'impression', at: '2026-03-02T11:59:59Z', count: 7 },
      // New York's 23-hour day (8 March 2026) and Berlin's 25-hour day (25 October 2026).
      { liveID: videoLive, type: 'impression', at: '2026-03-08T06:30:00Z', count: 1 },
      { liveID: videoLive, type: 'impression', at: '2026-03-08T07:30:00Z', count: 2 },
      { liveID: videoLive, type: 'impression', at: '2026-03-09T03:59:00Z', count: 4 },
      { liveID: videoLive, type: 'impression', at: '2026-10-24T22:30:00Z', count: 5 },
      { liveID: videoLive, type: 'impression', at: '2026-10-24T23:30:00Z', count: 10 },
      { liveID: videoLive, type: 'impression', at: '2026-10-25T00:30:00Z', count: 20 },
      { liveID: videoLive, type: 'impression', at: '2026-10-25T01:30:00Z', count: 30 },
      { liveID: videoLive, type: 'impression', at: '2026-10-25T22:59:00Z', count: 40 },
      // Video events.
      { liveID: videoLive, type: 'start', at: '2026-03-05T12:00:00Z', count: 80 },
      { liveID: videoLive, type: 'firstQuartile', at: '2026-03-05T12:00:00Z', count: 60 },
      { liveID: videoLive, type: 'midpoint', at: '2026-03-05T12:00:00Z', count: 50 },
      { liveID: videoLive, type: 'thirdQuartile', at: '2026-03-05T12:00:00Z', count: 45 },
      { liveID: videoLive, type: 'complete', at: '2026-03-05T12:00:00Z', count: 40 },
      { liveID: videoLive, type: 'impression', at: '2026-03-05T12:00:00Z', count: 90 },
      { liveID: otherLive, type: 'impression', at: '2026-03-05T12:00:00Z', count: 999 },
    ]);
    expect(imported.httpStatus, JSON.stringify(imported.body)).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  describe('figures in any timezone', () => {
    it('an event at 18:20 UTC falls on the next local day in +05:45 and on the same day in -03:30', async () => {
      const kathmandu = await figures({
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-02'),
        tzOffset: '+05:45',
      });
      // +05:45: 2026-03-01 is [2026-02-28T18:15Z, 2026-03-01T18:15Z): 18:20 UTC is the next day.
      expect(kathmandu.series.map((point) => [point.date, point.impressions])).toEqual([
        ['2026-03-01', 3 + 5],
        ['2026-03-02', 100 + 7],
      ]);
      const newfoundland = await figures({
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-02'),
        tzOffset: '-03:30',
      });
      expect(newfoundland.series.map((point) => [point.date, point.impressions])).toEqual([
        ['2026-03-01', 3 + 5 + 100],
        ['2026-03-02', 7],
      ]);
      expect(newfoundland.timezone).toEqual({ offset: '-03:30', tzCode: '-03:30' });
    });

    it('+12:45 and +14:00 and -12:00: local days from local midnight', async () => {
      const chatham = await figures({
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-01'),
        tzOffset: '+12:45',
      });
      // 2026-03-01 in +12:45 is 2026-02-28T11:15Z to 2026-03-01T11:15Z: 11:14:59 is in, 11:15:00 is not.
      expect(chatham.totals.impressions).toBe(3);
      const kiritimati = await figures({
        start_dt: day('2026-03-02'),
        end_dt: endOf('2026-03-02'),
        tzOffset: '+14:00',
      });
      // +14:00: 2026-03-02 is [2026-03-01T10:00Z, 2026-03-02T10:00Z).
      expect(kiritimati.totals.impressions).toBe(3 + 5 + 100);
      const bakerIsland = await figures({
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-01'),
        tzOffset: '-12:00',
      });
      // -12:00: 2026-03-01 is [2026-03-01T12:00Z, 2026-03-02T12:00Z).
      expect(bakerIsland.totals.impressions).toBe(100 + 7);
    });

    it('America/New_York across 8 March 2026: a 23-hour day, hourly series without 02:00', async () => {
      const newYork = await figures({
        start_dt: day('2026-03-08'),
        end_dt: endOf('2026-03-08'),
        tzOffset: '-05:00',
        timezone: 'America/New_York',
        granularity: 'hour',
      });
      expect(newYork.series).toHaveLength(23);
      expect(newYork.series.map((point) => point.date)).not.toContain('2026-03-08T02:00');
      expect(newYork.series.find((point) => point.date === '2026-03-08T01:00')?.impressions).toBe(1);
      expect(newYork.series.find((point) => point.date === '2026-03-08T03:00')?.impressions).toBe(2);
      expect(newYork.series.find((point) => point.date === '2026-03-08T23:00')?.impressions).toBe(4);
      expect(newYork.timezone).toEqual({ offset: '-05:00', tzCode: 'America/New_York' });
    });

    it('Europe/Berlin across 25 October 2026: a 25-hour day; its repeated hour is one period', async () => {
      const berlin = await figures({
        start_dt: day('2026-10-25'),
        end_dt: endOf('2026-10-25'),
        tzOffset: '+01:00',
        timezone: 'Europe/Berlin',
        granularity: 'hour',
      });
      // 25 hours: from 22:00 UTC the day before (CEST) to 23:00 UTC (CET).
      expect(berlin.totals.impressions).toBe(5 + 10 + 20 + 30 + 40);
      expect(berlin.series).toHaveLength(24);
      expect(berlin.series.find((point) => point.date === '2026-10-25T00:00')?.impressions).toBe(5);
      expect(berlin.series.find((point) => point.date === '2026-10-25T02:00')?.impressions).toBe(20 + 30);
      expect(berlin.timezone).toEqual({ offset: '+02:00', tzCode: 'Europe/Berlin' });
      // Without the zone +01:00 is fixed: 22:30 UTC is still the day before.
      const fixed = await figures({
        start_dt: day('2026-10-25'),
        end_dt: endOf('2026-10-25'),
        tzOffset: '+01:00',
      });
      expect(fixed.totals.impressions).toBe(10 + 20 + 30 + 40);
    });

    it('a range of one day has every hour, zeros included; weekday-hour cells are all 168', async () => {
      const oneDay = await figures({
        start_dt: day('2026-03-03'),
        end_dt: endOf('2026-03-03'),
        granularity: 'hour',
      });
      expect(oneDay.series).toHaveLength(24);
      expect(oneDay.series.every((point) => point.impressions === 0 && point.ctr === 0)).toBe(true);
      expect(oneDay.weekHours).toHaveLength(168);
      const march = await figures({ start_dt: day('2026-03-01'), end_dt: endOf('2026-03-31') });
      expect(march.series).toHaveLength(31);
      // Sunday 1 March 2026, 18:00 UTC.
      expect(march.weekHours.find((cell) => cell.weekday === 6 && cell.hour === 18)?.impressions).toBe(100);
    });

    it('hourly figures are refused for more than 31 days', async () => {
      const answer = await report({
        campaignID,
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-04-01'),
        granularity: 'hour',
      });
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.message).toMatch(/Hourly figures cover at most 31 days/);
    });

    it('totals, rates and each creative; video figures on request; the events and videoData parts', async () => {
      const march = await figures({
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-10'),
        withVideoData: 'true',
      });
      expect(march.totals).toMatchObject({
        impressions: 115 + 7 + 90,
        clicks: 2,
        videoStarts: 80,
        videoCompletes: 40,
        completionRate: 50,
      });
      expect(march.totals.ctr).toBeCloseTo((2 / 212) * 100, 6);
      expect(march.creatives.map((creative) => [creative.name, creative.totals.impressions])).toEqual([
        ['=HYPERLINK("http://evil")', 115],
        ['Pre-roll', 97],
      ]);
      expect(march.creatives[1]?.liveIDs).toEqual([videoLive]);
      const events = reportEventsSchema.parse(
        (
          await owner.get(
            `/v1/campaign/events?campaignID=${campaignID}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
          )
        ).body.data,
      );
      expect(events.totals.impressions).toBe(212);
      expect(events.totals.videoStarts).toBeUndefined();
      const video = reportVideoDataSchema.parse(
        (
          await owner.get(
            `/v1/campaign/videoData?campaignID=${campaignID}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
          )
        ).body.data,
      );
      expect(video.totals).toEqual({
        videoStarts: 80,
        firstQuartile: 60,
        midpoint: 50,
        thirdQuartile: 45,
        videoCompletes: 40,
        completionRate: 50,
      });
    });

    it("a creative report covers only its live ids; empty ones read 'No live ids set'; another owner's are 404", async () => {
      const creative = reportDataSchema.parse(
        (await report({ liveIDs: videoLive, start_dt: day('2026-03-01'), end_dt: endOf('2026-03-10') })).body
          .data,
      );
      expect(creative.totals.impressions).toBe(97);
      expect(creative.campaignID).toBe(campaignID);
      const empty = await report({ liveIDs: '', start_dt: day('2026-03-01'), end_dt: endOf('2026-03-10') });
      expect(empty.httpStatus).toBe(400);
      expect(empty.body.message).toMatch(/No live ids set/);
      expect(
        (await report({ liveIDs: otherLive, start_dt: day('2026-03-01'), end_dt: endOf('2026-03-10') }))
          .httpStatus,
      ).toBe(404);
      expect(
        (
          await report({
            campaignID: otherCampaignID,
            start_dt: day('2026-03-01'),
            end_dt: endOf('2026-03-10'),
          })
        ).httpStatus,
      ).toBe(404);
    });
  });

  describe('the dashboard', () => {
    const dashboard = async (client: Client, query: Record<string, string>) => {
      const answer = await client.get<Dashboard>(`/v1/dashboard?${new URLSearchParams(query).toString()}`);
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      return dashboardSchema.parse(answer.body.data);
    };

    it("sums all of the user's campaigns on the server, by local day, with the period before and the top campaigns", async () => {
      const second =
        (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Second campaign' })).body.data?.id ??
        '';
      const secondLive = await publish(owner, second, { name: 'Small banner', type: 'Banner' });
      await importEvents([
        { liveID: secondLive, type: 'impression', at: '2026-03-03T10:00:00Z', count: 50 },
        { liveID: secondLive, type: 'click', at: '2026-03-03T10:00:00Z', count: 5 },
        // The period before: 20 to 28 February.
        { liveID: secondLive, type: 'impression', at: '2026-02-27T10:00:00Z', count: 11 },
      ]);
      const board = await dashboard(owner, { start_dt: day('2026-03-01'), end_dt: endOf('2026-03-09') });
      expect(board.campaignCount).toBe(2);
      expect(board.series).toHaveLength(9);
      // 100 + 3 + 5 + 7 (banner), 1 + 2 + 4 + 90 (pre-roll), 50 (second); never the other user's 999.
      expect(board.totals.impressions).toBe(115 + 97 + 50);
      expect(board.totals.clicks).toBe(2 + 5);
      expect(board.totals.ctr).toBeCloseTo((7 / 262) * 100, 10);
      expect(board.series.reduce((sum, point) => sum + point.impressions, 0)).toBe(262);
      expect(board.previousTotals.impressions).toBe(11);
      expect(board.topCampaigns.map((campaign) => [campaign.name, campaign.totals.impressions])).toEqual([
        ['Spring =sale', 212],
        ['Second campaign', 50],
      ]);

      // The same days in +05:45: 18:20 UTC on 1 March belongs to 2 March there.
      const kathmandu = await dashboard(owner, {
        start_dt: day('2026-03-01'),
        end_dt: endOf('2026-03-02'),
        tzOffset: '+05:45',
      });
      expect(kathmandu.series.map((point) => [point.date, point.impressions])).toEqual([
        ['2026-03-01', 8],
        ['2026-03-02', 107],
      ]);

      const theirs = await dashboard(other, { start_dt: day('2026-03-01'), end_dt: endOf('2026-03-09') });
      expect(theirs.totals.impressions).toBe(999);
      expect(theirs.topCampaigns.map((campaign) => campaign.name)).toEqual(['Secret']);
    });

    it('lists the recently updated campaigns by updatedAt, newest first', async () => {
      const before = await dashboard(owner, { start_dt: day('2026-03-01'), end_dt: endOf('2026-03-09') });
      const oldest = before.recentCampaigns.at(-1);
      expect(oldest).toBeDefined();
      const renamed = await owner.put('/v1/campaign/update', {
        id: oldest?.id,
        name: `${oldest?.name} (renamed)`,
      });
      expect(renamed.httpStatus, JSON.stringify(renamed.body)).toBe(200);
      const after = await dashboard(owner, { start_dt: day('2026-03-01'), end_dt: endOf('2026-03-09') });
      expect(after.recentCampaigns[0]?.id).toBe(oldest?.id);
      const times = after.recentCampaigns.map((campaign) => campaign.updatedAt ?? '');
      expect(times).toEqual([...times].sort().reverse());
      // The later tests name their files after the campaign: give it its name back.
      const restored = await owner.put('/v1/campaign/update', { id: oldest?.id, name: oldest?.name });
      expect(restored.httpStatus, JSON.stringify(restored.body)).toBe(200);
    });

    it('refuses a range in the wrong order and needs a session', async () => {
      const backwards = await owner.get(
        `/v1/dashboard?${new URLSearchParams({ start_dt: day('2026-03-09'), end_dt: endOf('2026-03-01') })}`,
      );
      expect(backwards.httpStatus).toBe(400);
      expect(JSON.stringify(backwards.body)).toContain('start_dt must not be after end_dt');
      const anonymous = await new Client(server.url).get(
        `/v1/dashboard?${new URLSearchParams({ start_dt: day('2026-03-01'), end_dt: endOf('2026-03-09') })}`,
      );
      expect(anonymous.httpStatus).toBe(401);
    });
  });

  describe('downloads', () => {
    const query = {
      campaignID,
      start_dt: day('2026-03-01'),
      end_dt: endOf('2026-03-10'),
      withVideoData: 'true',
    };
    const download = async (type: string, client: Client = owner, extra: Record<string, string> = {}) => {
      const answer = await report({ ...query, campaignID, type, ...extra }, client);
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.data as unknown as { file: string }).file;
    };
    const fetchFile = (file: string, client: Client = owner, suffix = '') =>
      fetch(`${server.url}/api/uploads/${file}${suffix}`, { headers: { Cookie: client.cookie ?? '' } });

    it('CSV: UTF-8, a header row, one row per local day per creative, totals equal to the JSON; formulas neutralised', async () => {
      const json = await figures({ start_dt: query.start_dt, end_dt: query.end_dt, withVideoData: 'true' });
      const file = await download('csv');
      expect(file).toMatch(/^reports\/[0-9a-f]{32}\/Spring_sale_2026-03-01_2026-03-10_UTC\.csv$/);
      const response = await fetchFile(file);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
      const text = (await response.text()).replace(/^\ufeff/, '');
      const [head, ...rows] = text.trim().split('\r\n');
      expect(head).toBe(
        'Date,Creative ID,Creative,Impressions,Viewable impressions,Measurable impressions,Engagements,Clicks,CTR (%),Engagement rate (%),Viewability (%),Video starts,First quartile,Midpoint,Third quartile,Video completes,Completion rate (%),Creative views,Media loaded,Skips,Closes,Filtered impressions (invalid traffic),Filtered clicks (invalid traffic)',
      );
      expect(rows).toHaveLength(10 * 2);
      expect(rows[0]).toContain(`"'=HYPERLINK(""http://evil"")"`);
      const impressions = rows.reduce((sum, row) => sum + Number(row.split(',').at(-20)), 0);
      expect(impressions).toBe(json.totals.impressions);
      // Another user cannot fetch it; nor can anyone without a session (404, as for a file that does not exist: issue 21).
      expect((await fetchFile(file, other)).status).toBe(404);
      expect((await fetch(`${server.url}/api/uploads/${file}`)).status).toBe(404);
    });

    it('XLSX: Summary, Daily, By creative, Video, Invalid traffic and one sheet per breakdown, typed numbers and dates, frozen filtered headers', async () => {
      const json = await figures({ start_dt: query.start_dt, end_dt: query.end_dt, withVideoData: 'true' });
      const file = await download('xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await (await fetchFile(file)).arrayBuffer()) as never);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
        'Summary',
        'Daily',
        'By creative',
        'Video',
        'Invalid traffic',
        'By site',
        'By device',
        'By OS',
        'By browser',
        'By country',
      ]);
      const daily = workbook.getWorksheet('Daily');
      expect(daily?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(daily?.autoFilter).toBeTruthy();
      expect(daily?.getCell('A2').value).toBeInstanceOf(Date);
      expect(daily?.getColumn(2).numFmt).toBe('#,##0');
      const column = (daily?.getColumn(2).values ?? []) as unknown[];
      const dailyImpressions = column.slice(2).reduce((sum: number, value) => sum + Number(value ?? 0), 0);
      expect(dailyImpressions).toBe(json.totals.impressions);
      const byCreative = workbook.getWorksheet('By creative');
      expect(byCreative?.getCell('A2').value).toBe('=HYPERLINK("http://evil")');
      expect(typeof byCreative?.getCell('D2').value).toBe('number');
    });

    it('XLSX with pivot: a real pivot table (cache and table parts) over a long-form data sheet, recordCount corrected', async () => {
      const file = await download('xlsx-pivot');
      const bytes = Buffer.from(await (await fetchFile(file)).arrayBuffer());
      const zip = await JSZip.loadAsync(bytes);
      const names = Object.keys(zip.files);
      expect(names).toContain('xl/pivotTables/pivotTable1.xml');
      expect(names).toContain('xl/pivotCache/pivotCacheDefinition1.xml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as never);
      expect(workbook.worksheets[0]?.name).toBe('Summary');
      const data = workbook.getWorksheet('Data');
      expect(data?.getRow(1).values).toEqual([undefined, 'Date', 'Creative', 'Metric', 'Value']);
      const records = (data?.rowCount ?? 1) - 1;
      const definition = await zip.file('xl/pivotCache/pivotCacheDefinition1.xml')?.async('string');
      expect(definition).toContain(`recordCount="${records}"`);
      const dataImpressions = (data?.getSheetValues() ?? [])
        .slice(2)
        .filter((row) => Array.isArray(row) && row[3] === 'Impressions')
        .reduce((sum: number, row) => sum + Number((row as unknown[])[4]), 0);
      expect(dataImpressions).toBe(212);
    });

    it('a download is removed after 24 hours', async () => {
      const file = await download('csv');
      await server.db.query("update files set expires_at = now() - interval '1 minute' where name = $1", [
        file,
      ]);
      expect((await fetchFile(file)).status).toBe(404);
      const { sweepExpiredFiles } = await import('../file-rows');
      expect(await sweepExpiredFiles(server.app.adconsole)).toBeGreaterThanOrEqual(1);
    });
  });

  describe('share links', () => {
    let token: string;
    beforeAll(async () => {
      const created = await owner.post<{ url: string; token: string; createdAt: string }>(
        '/v1/campaign/newToken',
        { campaignID },
      );
      expect(created.httpStatus).toBe(200);
      token = created.body.data?.token ?? '';
      expect(created.body.data?.url).toBe(`${server.config.publicUrl}/share/${token}`);
    });

    it('is a random token of at least 128 bits, longer than 24 characters, listed in the report', async () => {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const answer = await figures({ start_dt: day('2026-03-01'), end_dt: endOf('2026-03-01') });
      expect(answer.reportToken.map((link) => link.token)).toContain(token);
    });

    it('opens anonymously, read-only, limited to its campaign, never showing the owner, links or schedules', async () => {
      const anonymous = new Client(server.url);
      const shared = await anonymous.get<ReportData>(
        `/share/reports?sharedToken=${token}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
      );
      expect(shared.httpStatus).toBe(200);
      const data = reportDataSchema.parse(shared.body.data);
      expect(data.totals.impressions).toBe(212);
      expect(data.reportToken).toEqual([]);
      expect(data.scheduledReports).toEqual([]);
      expect(JSON.stringify(shared.body)).not.toMatch(/@/);
      // Another campaign's live creative is not found through this link.
      const stranger = await anonymous.get(
        `/share/reports?sharedToken=${token}&liveIDs=${otherLive}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
      );
      expect(stranger.httpStatus).toBe(404);
      const events = await anonymous.get(
        `/share/events?sharedToken=${token}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
      );
      expect(reportEventsSchema.parse(events.body.data).totals.impressions).toBe(212);
      const video = await anonymous.get(
        `/share/videoData?sharedToken=${token}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
      );
      expect(reportVideoDataSchema.parse(video.body.data).totals.videoStarts).toBe(80);
    });

    it("a link's holder downloads a file with the link; without it, the file is not found", async () => {
      const anonymous = new Client(server.url);
      const answer = await anonymous.get<{ file: string }>(
        `/share/reports?sharedToken=${token}&type=csv&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-10')}`,
      );
      const file = answer.body.data?.file ?? '';
      expect((await fetch(`${server.url}/uploads/${file}?sharedToken=${token}`)).status).toBe(200);
      expect((await fetch(`${server.url}/uploads/${file}`)).status).toBe(404);
      expect((await fetch(`${server.url}/uploads/${file}?sharedToken=${'x'.repeat(43)}`)).status).toBe(404);
    });

    it('a revoked link and an expired link answer 404 with a clear message; an unknown one too', async () => {
      const revocable =
        (await owner.post<{ token: string }>('/v1/campaign/newToken', { campaignID })).body.data?.token ?? '';
      expect((await other.delete(`/v1/campaign/newToken?token=${revocable}`)).httpStatus).toBe(404);
      expect((await owner.delete(`/v1/campaign/newToken?token=${revocable}`)).httpStatus).toBe(200);
      const expiring = (
        await owner.post<{ token: string }>('/v1/campaign/newToken', {
          campaignID,
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        })
      ).body.data?.token;
      await server.db.query(
        "update share_tokens set expires_at = now() - interval '1 second' where token = $1",
        [expiring],
      );
      for (const dead of [revocable, expiring, 'Q'.repeat(43)]) {
        const answer = await new Client(server.url).get(
          `/share/reports?sharedToken=${dead}&start_dt=${day('2026-03-01')}&end_dt=${endOf('2026-03-01')}`,
        );
        expect(answer.httpStatus).toBe(404);
        expect(answer.body.message).toBe('This share link is invalid, expired or revoked.');
      }
      const listed = await figures({ start_dt: day('2026-03-01'), end_dt: endOf('2026-03-01') });
      expect(listed.reportToken.map((link) => link.token)).not.toContain(revocable);
    });
  });

  describe('scheduled reports, e-mailed', () => {
    /** Creates a schedule; its recipients (outside the company domain) confirm by their opt-in link. */
    const schedule = async (body: Record<string, unknown>) => {
      const recipients = (body.recipients as string[] | undefined) ?? [
        'boss@client.example',
        'analyst@client.example',
      ];
      const before = smtp.received.length;
      const created = await owner.post<{ id: string; nextRunAt: string }>('/v1/campaign/scheduledReport', {
        campaignID,
        name: 'Weekly numbers',
        frequency: 'Weekly',
        reportType: 'Full',
        format: 'pdf',
        timezone: 'Europe/Berlin',
        recipients,
        withVideo: true,
        ...body,
      });
      const optIns = (await smtp.waitFor(before + recipients.length)).slice(before);
      for (const mail of optIns) {
        const confirm = (mail.parsed.text ?? '').match(
          /https?:\/\/\S+\/api\/reportMail\/confirm\?token=\S+/,
        )?.[0];
        const page = await fetch(
          `${server.url}${new URL(confirm ?? '').pathname}${new URL(confirm ?? '').search}`,
        );
        expect(page.status).toBe(200);
      }
      return created;
    };

    it('answers the schedule with its next run (Monday 08:00 in its zone) and lists it in the report and campaign', async () => {
      const created = await schedule({});
      expect(created.httpStatus, JSON.stringify(created.body)).toBe(200);
      const next = new Date(created.body.data?.nextRunAt ?? '');
      expect(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/Berlin',
          weekday: 'long',
          hour: '2-digit',
          minute: '2-digit',
        }).format(next),
      ).toBe('Monday 08:00');
      const answer = await figures({ start_dt: day('2026-03-01'), end_dt: endOf('2026-03-01') });
      expect(answer.scheduledReports.map((s) => s.id)).toContain(created.body.data?.id);
      const campaign = await owner.get<{ scheduledReports: { id: string }[] }>(
        `/v1/campaign/get?campaignID=${campaignID}`,
      );
      expect(campaign.body.data?.scheduledReports.map((s) => s.id)).toContain(created.body.data?.id);
      expect(
        (await other.delete(`/v1/campaign/scheduledReport?id=${created.body.data?.id}`)).httpStatus,
      ).toBe(404);
      expect(
        (await owner.delete(`/v1/campaign/scheduledReport?id=${created.body.data?.id}`)).httpStatus,
      ).toBe(200);
    });

    it('send now mails the last complete period with a PDF drawn like the console report', async () => {
      const created = await schedule({ frequency: 'Monthly' });
      const before = smtp.received.length;
      const sent = await owner.post<{ start: string; end: string; recipients: string[] }>(
        '/v1/campaign/scheduledReport/send',
        {
          id: created.body.data?.id,
        },
      );
      expect(sent.httpStatus, JSON.stringify(sent.body)).toBe(200);
      const mails = (await smtp.waitFor(before + 2)).slice(before);
      expect(mails.map((mail) => mail.envelope.to[0]).sort()).toEqual([
        'analyst@client.example',
        'boss@client.example',
      ]);
      const [attachment] = mails[0]?.parsed.attachments ?? [];
      expect(attachment?.mimeType).toBe('application/pdf');
      expect(attachment?.filename).toMatch(
        /^Spring_sale_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}_Europe-Berlin\.pdf$/,
      );
      const text = await pdfText(Buffer.from(attachment?.content as ArrayBuffer));
      expect(text).toContain('Weekly numbers');
      expect(text).toContain('Impressions by day');
      expect(text).toContain('By creative');
      expect(text).toContain('Video quartiles');
    });

    it('a due schedule is delivered once per period, even with two API processes polling the same database', async () => {
      const created = await schedule({
        frequency: 'Daily',
        format: 'csv',
        reportType: 'Summary',
        withVideo: false,
      });
      const id = created.body.data?.id ?? '';
      await server.db.query(
        "update scheduled_reports set next_run_at = now() - interval '1 minute' where id = $1",
        [id],
      );
      const before = smtp.received.length;
      // A second process on the same database: its own connection pool on PostgreSQL (on PGlite both
      // share the one in-process database).
      const secondDb = server.databaseUrl ? await createPostgresDatabase(server.databaseUrl) : server.db;
      const second = await buildApp(
        loadConfig({
          DATA_DIR: server.dataDir,
          LOG_LEVEL: 'silent',
          SMTP_URL: smtp.url,
          JOB_POLL_SECONDS: '0',
        }),
        { db: secondDb, logger: false },
      );
      try {
        await Promise.all([
          server.app.jobs.runOnce(),
          second.jobs.runOnce(),
          server.app.jobs.runOnce(),
          second.jobs.runOnce(),
        ]);
        await server.app.jobs.runOnce();
      } finally {
        await second.close();
        if (secondDb !== server.db) await secondDb.close();
      }
      // Every runner's runOnce() resolved after its sends were accepted, and the peer accepts a message
      // only once it is in `received`: nothing more is on its way, the count is final.
      const mails = smtp.received.slice(before);
      expect(mails).toHaveLength(2);
      expect(mails.map((mail) => mail.parsed.attachments[0]?.mimeType)).toEqual(['text/csv', 'text/csv']);
      const [job] = await server.db.query<{ state: string; key: string }>(
        'select state, key from jobs where key like $1',
        [`report:${id}:%`],
      );
      expect(job?.state).toBe('done');
      const [after] = await server.db.query<{ next_run_at: Date }>(
        'select next_run_at from scheduled_reports where id = $1',
        [id],
      );
      expect(new Date(after?.next_run_at ?? 0).getTime()).toBeGreaterThan(Date.now());
    });

    it('a failed send is retried with back-off, to the recipients who did not get it, then recorded', async () => {
      const created = await schedule({
        frequency: 'Daily',
        format: 'xlsx',
        recipients: ['ok@client.example', 'bounce@client.example'],
      });
      const id = created.body.data?.id ?? '';
      await server.db.query(
        "update scheduled_reports set next_run_at = now() - interval '1 minute' where id = $1",
        [id],
      );
      smtp.reject('bounce@client.example');
      const before = smtp.received.length;
      await server.app.jobs.runOnce();
      const [failed] = await server.db.query<{
        state: string;
        attempts: number;
        last_error: string;
        run_at: Date;
      }>('select state, attempts, last_error, run_at from jobs where key like $1', [`report:${id}:%`]);
      expect(failed).toMatchObject({ state: 'pending', attempts: 1 });
      expect(failed?.last_error).toMatch(/bounce@client\.example/);
      expect(new Date(failed?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 50_000);
      smtp.accept('bounce@client.example');
      await server.db.query('update jobs set run_at = now() where key like $1', [`report:${id}:%`]);
      await server.app.jobs.runOnce();
      const received = (await smtp.waitFor(before + 2)).slice(before).map((mail) => mail.envelope.to[0]);
      expect(received).toEqual(['ok@client.example', 'bounce@client.example']);
      const [done] = await server.db.query<{ state: string }>('select state from jobs where key like $1', [
        `report:${id}:%`,
      ]);
      expect(done?.state).toBe('done');
    });
  });
});

/** Signs a user up and in when mail goes over SMTP (the verification link is read from the SMTP peer). */
async function signedInUserOverSmtp(server: TestServer, smtp: SmtpPeer) {
  const before = smtp.received.length;
  const email = `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@adconsole.test`;
  const client = new Client(server.url);
  await client.post('/signup', {
    firstName: 'Rita',
    lastName: 'Report',
    email,
    password: 'correct horse 1',
    confirmPassword: 'correct horse 1',
    termsChecked: true,
  });
  const mail = (await smtp.waitFor(before + 1)).slice(before).find((m) => m.envelope.to[0] === email);
  const link = new URL((mail?.parsed.text ?? '').match(/https?:\/\/\S+verifyCode\S+/)?.[0] ?? '');
  await client.post('/verify', {
    code: link.searchParams.get('verifyCode'),
    verifyToken: link.searchParams.get('code'),
    email,
  });
  await client.post('/login', {
    method: 'password',
    username: email,
    password: 'correct horse 1',
    remember: false,
  });
  return { client, email };
}

/** The text of a PDF, as pdftotext (poppler) reads it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    await writeFile(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../../test/local-server';
import { reportErrorNotification } from '../../app/notification';
import { reportRates, videoTotalsOf, zeroReportCounters } from '../../reports/report-data';
import { findTimezone } from '../../timezones/timezones';
import { createApiClient, downloadUrl } from '../client';
import { errorMessage } from '../errors';
import { reportQuery } from './client';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
/** Figures as the API answers them, per path: the report, its event part or its video part. */
const totals = reportRates(zeroReportCounters(true));
const figures = {
  campaignID: '7',
  start: '2026-01-01',
  end: '2026-01-07',
  timezone: { offset: '+00:00', tzCode: 'UTC' },
  granularity: 'full',
  withVideoData: false,
  totals,
  series: [],
  creatives: [],
  weekHours: [],
  dataPulledAt: '2026-01-08T00:00:00.000Z',
};
const answerFor = (path: string) => {
  if (path.endsWith('/videoData')) {
    const { weekHours: _w, withVideoData: _v, ...rest } = figures;
    return { ...rest, totals: videoTotalsOf(totals) };
  }
  if (path.endsWith('/events')) return figures;
  return { ...figures, reportToken: [{ url: 'https://x/share/t' }], scheduledReports: [] };
};

beforeEach(() => {
  server.requests.length = 0;
  server.respond((request) => ({ body: { status: 200, data: answerFor(request.path) } }));
});

const dates = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-01-07T23:59:59Z') };
const shareToken = 'S'.repeat(32);
const caught = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
const query = (index: number) => Object.fromEntries(server.requests[index]?.query ?? []);

describe('report calls (docs/product.md §7 and §8)', () => {
  it("GETs /v1/campaign/reports with campaignID, UTC 'YYYY-MM-DD HH:mm:ss' dates, tzOffset, type json, granularity full", async () => {
    const report = await createApiClient({ baseUrl: server.url }).getReport({ campaignID: '7', dates });
    expect(report.reportToken[0]?.url).toBe('https://x/share/t');
    expect(server.requests[0]?.path).toBe('/v1/campaign/reports');
    expect(query(0)).toEqual({
      campaignID: '7',
      start_dt: '2026-01-01 00:00:00',
      end_dt: '2026-01-07 23:59:59',
      tzOffset: '+00:00',
      timezone: 'UTC',
      type: 'json',
      granularity: 'full',
      withVideoData: 'false',
    });
  });

  it('sends the chosen timezone as offset and IANA zone, and video data on request', async () => {
    const kathmandu = findTimezone('Asia/Kathmandu');
    await createApiClient({ baseUrl: server.url }).getReport({
      campaignID: '7',
      dates,
      timezone: kathmandu,
      withVideoData: true,
    });
    expect(query(0)).toMatchObject({ tzOffset: '+05:45', timezone: 'Asia/Kathmandu', withVideoData: 'true' });
  });

  it("reports by creative with its live ids, and needs at least one: 'No live ids set'", async () => {
    const client = createApiClient({ baseUrl: server.url });
    await client.getReport({ campaignID: '7', liveIDs: ['L1', 'L2'], dates });
    expect(query(0)).toMatchObject({ liveIDs: 'L1,L2' });
    expect(query(0).campaignID).toBeUndefined();
    expect(await caught(client.getReport({ campaignID: '7', liveIDs: [], dates }))).toMatchObject({
      messages: ['No live ids set'],
    });
    expect(server.requests).toHaveLength(1);
  });

  it('GETs /v1/campaign/events and /v1/campaign/videoData with the same date parameters', async () => {
    const client = createApiClient({ baseUrl: server.url });
    await client.getEvents({ campaignID: '7', dates });
    await client.getVideoData({ campaignID: '7', dates });
    expect(server.requests.map((request) => request.path)).toEqual([
      '/v1/campaign/events',
      '/v1/campaign/videoData',
    ]);
    expect(query(1)).toEqual(query(0));
  });

  it('uses /share/reports, /share/events and /share/videoData with sharedToken when the id is a share token', async () => {
    const client = createApiClient({ baseUrl: server.url });
    await client.getReport({ campaignID: shareToken, liveIDs: ['L1'], dates });
    await client.getEvents({ campaignID: shareToken, dates });
    await client.getVideoData({ campaignID: shareToken, dates });
    expect(server.requests.map((request) => request.path)).toEqual([
      '/share/reports',
      '/share/events',
      '/share/videoData',
    ]);
    expect(query(0)).toMatchObject({
      sharedToken: shareToken,
      liveIDs: 'L1',
      start_dt: '2026-01-01 00:00:00',
    });
    expect(query(0).campaignID).toBeUndefined();
  });

  it('asks one breakdown with breakdown= on the campaign, the creative (live ids) and the share report, and its downloads', async () => {
    const client = createApiClient({ baseUrl: server.url });
    await client.getReport({ campaignID: '7', dates, breakdown: 'country' });
    await client.getReport({ campaignID: '7', liveIDs: ['L1'], dates, breakdown: 'device' });
    await client.getReport({ campaignID: shareToken, dates, breakdown: 'site' });
    expect(query(0)).toMatchObject({ campaignID: '7', breakdown: 'country' });
    expect(query(1)).toMatchObject({ liveIDs: 'L1', breakdown: 'device' });
    expect(server.requests[2]?.path).toBe('/share/reports');
    expect(query(2)).toMatchObject({ sharedToken: shareToken, breakdown: 'site' });
    // Without one the query names none.
    await client.getReport({ campaignID: '7', dates });
    expect(query(3).breakdown).toBeUndefined();
    server.respond(() => ({ body: { status: 200, data: { file: 'reports/r1/x.csv' } } }));
    await client.downloadReport({ campaignID: '7', dates, format: 'csv', breakdown: 'country' });
    expect(query(4)).toMatchObject({ type: 'csv', breakdown: 'country' });
  });

  it("gives 'Request timed out' when a report, event or video request times out or is cancelled", async () => {
    server.respond(() => ({ delayMs: 400, body: { status: 200, data: {} } }));
    const slow = createApiClient({ baseUrl: server.url, timeoutMs: 30 });
    expect(await caught(slow.getReport({ campaignID: '7', dates }))).toMatchObject({
      message: 'Request timed out',
    });
    const cancel = new AbortController();
    const pending = createApiClient({ baseUrl: server.url }).getVideoData({
      campaignID: '7',
      dates,
      signal: cancel.signal,
    });
    cancel.abort();
    expect(await caught(pending)).toMatchObject({ message: 'Request timed out' });
    expect(
      await caught(
        createApiClient({ baseUrl: server.url }).getEvents({
          campaignID: '7',
          dates,
          signal: AbortSignal.abort(),
        }),
      ),
    ).toMatchObject({
      message: 'Request timed out',
    });
  });

  it('passes on the error message of other failures', async () => {
    server.respond(() => ({ status: 500, body: { status: 500, message: 'Report store down' } }));
    expect(
      errorMessage(
        await caught(createApiClient({ baseUrl: server.url }).getReport({ campaignID: '7', dates })),
        'x',
      ),
    ).toBe('Report store down');
  });

  it('downloads csv, xlsx or xlsx-pivot reports and gives the file URL under /uploads/ on the API host', async () => {
    server.respond(() => ({ body: { status: 200, data: { file: 'report-7.xlsx' } } }));
    const client = createApiClient({ baseUrl: server.url });
    expect(
      await client.downloadReport({ campaignID: '7', dates, format: 'xlsx-pivot', withVideoData: true }),
    ).toBe(`${server.url}/uploads/report-7.xlsx`);
    expect(query(0)).toMatchObject({ campaignID: '7', type: 'xlsx-pivot', withVideoData: 'true' });
    await client.downloadReport({ campaignID: shareToken, liveIDs: ['L1'], dates, format: 'csv' });
    expect(server.requests[1]?.path).toBe('/share/reports');
    expect(query(1)).toMatchObject({ sharedToken: shareToken, type: 'csv', liveIDs: 'L1' });
    expect(downloadUrl('https://api.example.com/', '/uploads/a b.csv')).toBe(
      'https://api.example.com/uploads/a%20b.csv',
    );
    expect(downloadUrl('/api', 'https://files.example.com/r.csv?sig=1')).toBe(
      'https://files.example.com/r.csv?sig=1',
    );
  });

  it("shows failed downloads and share links as the 'Error!' notification for 10000 ms", async () => {
    server.respond(() => ({ status: 500 }));
    const failure = await caught(
      createApiClient({ baseUrl: server.url }).downloadReport({ campaignID: '7', dates, format: 'csv' }),
    );
    expect(failure).toBeDefined();
    expect(reportErrorNotification()).toMatchObject({ title: 'Error!', delay: 10_000 });
  });

  it('POSTs /v1/campaign/newToken with campaignID and returns data.url, the public share link', async () => {
    server.respond(() => ({ body: { status: 200, data: { url: 'https://console.example/share/abc' } } }));
    const client = createApiClient({ baseUrl: server.url });
    expect((await client.newToken({ campaignID: '7' })).url).toBe('https://console.example/share/abc');
    expect(server.requests[0]?.json()).toEqual({ campaignID: '7' });
    expect(await caught(client.newToken(undefined))).toMatchObject({ messages: ['No data'] });
    await client.revokeToken('T'.repeat(43));
    expect(server.requests[1]).toMatchObject({ method: 'DELETE', path: '/v1/campaign/newToken' });
    expect(server.requests[1]?.query.get('token')).toBe('T'.repeat(43));
  });

  it('a share link holder downloads with the link: the file URL carries the share token', async () => {
    server.respond(() => ({ body: { status: 200, data: { file: 'reports/r1/x.csv' } } }));
    const url = await createApiClient({ baseUrl: server.url }).downloadReport({
      campaignID: shareToken,
      dates,
      format: 'csv',
    });
    expect(url).toBe(`${server.url}/uploads/reports/r1/x.csv?sharedToken=${shareToken}`);
  });

  it('POSTs and DELETEs /v1/campaign/scheduledReport; no payload gives No data', async () => {
    server.respond(() => ({ body: { status: 200, data: { id: 's1', campaignID: '7' } } }));
    const client = createApiClient({ baseUrl: server.url });
    const definition = {
      campaignID: '7',
      name: 'Weekly summary',
      frequency: 'Weekly' as const,
      reportType: 'Summary' as const,
      format: 'pdf' as const,
      timezone: 'Europe/Berlin',
      recipients: ['ada@example.com'],
    };
    expect((await client.createScheduledReport(definition)).id).toBe('s1');
    expect(server.requests[0]?.json()).toEqual({ ...definition, withVideo: false });
    await client.deleteScheduledReport('s1');
    expect(server.requests[1]).toMatchObject({ method: 'DELETE', path: '/v1/campaign/scheduledReport' });
    expect(server.requests[1]?.query.get('id')).toBe('s1');
    expect(await caught(client.createScheduledReport(null))).toMatchObject({ messages: ['No data'] });
    expect(await caught(client.createScheduledReport({ ...definition, recipients: [] }))).toMatchObject({
      messages: ['recipients: Add at least one recipient'],
    });
    expect(server.requests).toHaveLength(2);
  });

  it('builds the same query the server validates (reportQuery)', () => {
    expect(reportQuery({ campaignID: '7', dates }, 'csv')).toMatchObject({ type: 'csv', tzOffset: '+00:00' });
  });
});

// Conversion reports (docs/conversions.md, "Reports"): three conversions of three creatives over two
// local days in America/New_York across the end of daylight saving time (1 November 2026, 02:00 EDT
// becomes 01:00 EST), each reported at its own local time; the value exact (1,999 + 1 + 123,456 cents =
// USD 1,254.56); the rate per click; cost per conversion and ROAS at USD 2.50 CPM; breakdowns adding up
// to the totals; invalid conversions by reason and the lag from the ledger; the dashboard, a share link;
// the CSV, the workbooks, the pivot, the PDF and the mail. Every figure below is computed by hand.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BREAKDOWN_DIMENSIONS,
  type Breakdown,
  dashboardSchema,
  type EventDimensions,
  type ReportData,
  reportDataSchema,
  UNKNOWN_DIMENSIONS,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRow } from '../../db/queries/campaigns';
import type { ScheduleRow } from '../../db/queries/schedules';
import { Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { signedInUser } from '../../test/helpers';
import { publish } from '../../test/reports-world';
import type { TrackedEvent } from '../events/tracked-event';
import { scheduledReportMail } from './deliver';
import { reportFileBytes } from './downloads';
import { reportFiguresWithRows } from './figures';
import { renderReportPdf } from './pdf';
import { campaignScope } from './scope';

const ZONE = { tzOffset: '-04:00', timezone: 'America/New_York' };
const RANGE = { start_dt: '2026-10-31 00:00:00', end_dt: '2026-11-01 23:59:59', ...ZONE };
const SITE_A: EventDimensions = {
  site: 'a.example',
  device: 'desktop',
  os: 'Windows 10',
  browser: 'Chrome 126',
  country: 'DE',
};
const SITE_B: EventDimensions = {
  site: 'b.example',
  device: 'mobile',
  os: 'iOS 17',
  browser: 'Safari 17',
  country: 'US',
};

let server: TestServer;
let owner: Client;
let campaignID: string;
const lives: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };

const reportOf = async (query: Record<string, string>, path = '/v1/campaign/reports', client = owner) => {
  const answer = await client.get<ReportData>(`${path}?${new URLSearchParams(query).toString()}`);
  expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  return reportDataSchema.parse(answer.body.data);
};
const rowOf = async () =>
  (
    await server.db.query<CampaignRow>('select * from campaigns where id = $1', [campaignID])
  )[0] as CampaignRow;
const filesOf = async (format: 'csv' | 'xlsx' | 'xlsx-pivot', breakdown?: 'site') =>
  reportFiguresWithRows(
    server.app.adconsole,
    await campaignScope(server.db, await rowOf()),
    { ...RANGE, granularity: 'day', withVideoData: false, ...(breakdown ? { breakdown } : {}) },
    format,
  );

/**
 * A counted conversion as the postback writes it: the ledger's row and its events (count, value, and
 * whether it was signed with the action's key).
 */
async function convert(
  id: string,
  live: string,
  dims: EventDimensions,
  clickedAt: string,
  convertedAt: string,
  minor: number,
  signed = false,
) {
  await server.db.query(
    `insert into conversions (id, action_id, campaign_id, live_id, clicked_at, converted_at, value_minor, currency, source)
     values ($1, 'action-1', $2, $3, $4, $5, $6, 'USD', 'postback')`,
    [id, campaignID, live, clickedAt, convertedAt, minor],
  );
  const at = new Date(convertedAt);
  const event = (type: TrackedEvent['type'], count: number): TrackedEvent => ({
    liveId: live,
    type,
    at,
    count,
    impressionId: id,
    dims,
  });
  await server.app.adconsole.events.store.writeBatch([
    event('conversion', 1),
    event('conversionValue', minor),
    event(signed ? 'conversionSigned' : 'conversionUnsigned', 1),
  ]);
}

/**
 * A conversion received and not counted: its ledger row and, for one of this campaign's clicks, its
 * refused event (as the ledger writes them).
 */
async function refuse(id: string, reason: string, convertedAt: string, campaign = campaignID) {
  await server.db.query(
    `insert into conversions (id, campaign_id, live_id, converted_at, reason, source)
     values ($1, $2, $3, $4, $5, 'tag')`,
    [id, campaign, campaign === campaignID ? lives.a : null, convertedAt, reason],
  );
  if (campaign !== campaignID) return;
  await server.app.adconsole.events.store.writeBatch([
    {
      liveId: lives.a,
      type: 'conversionRefused',
      at: new Date(convertedAt),
      count: 1,
      impressionId: id,
      dims: SITE_A,
    },
  ]);
}

/** Refusals counted, not stored (forged ids, a client over the rate rule): an hour's count. */
const countRefusals = (reason: string, bucket: string, count: number, campaign = campaignID) =>
  server.db.query(
    `insert into conversion_refusals (action_id, campaign_id, reason, bucket, count) values ($1, $2, $3, $4, $5)`,
    [campaign === campaignID ? 'action-1' : 'action-other', campaign, reason, bucket, count],
  );

describe(`conversion reports on ${testStoresLabel()}`, () => {
  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Conversions' })).body.data?.id ?? '';
    lives.a = await publish(owner, campaignID, { name: 'A', type: 'Banner' });
    lives.b = await publish(owner, campaignID, { name: 'B', type: 'Banner' });
    lives.c = await publish(owner, campaignID, { name: 'C', type: 'Banner' });
    const updated = await owner.put('/v1/campaign/update', {
      id: campaignID,
      name: 'Conversions',
      data: { rate: { model: 'CPM', amount: 2.5, currency: 'USD' } },
    });
    expect(updated.httpStatus, JSON.stringify(updated.body)).toBe(200);
    await server.db.query(
      `insert into conversion_actions (id, campaign_id, name, type, counting, lookback_days, currency)
       values ('action-1', $1, 'Purchase', 'purchase', 'every', 30, 'USD')`,
      [campaignID],
    );
    // 4,000 impressions (USD 10.00 at 2.50 CPM) and 50 clicks: A on 31 October, B and C on 1 November.
    const served = (live: string, dims: EventDimensions, at: string, impressions: number, clicks: number) =>
      (['impression', 'click'] as const).map(
        (type): TrackedEvent => ({
          liveId: live,
          type,
          at: new Date(at),
          count: type === 'impression' ? impressions : clicks,
          impressionId: null,
          dims,
        }),
      );
    await server.app.adconsole.events.store.writeBatch([
      ...served(lives.a, SITE_A, '2026-10-31T16:00:00Z', 1000, 20),
      ...served(lives.b, SITE_B, '2026-11-01T16:00:00Z', 1000, 20),
      ...served(lives.c, UNKNOWN_DIMENSIONS, '2026-11-01T16:00:00Z', 2000, 10),
    ]);
    // 03:30 UTC on 1 November is 23:30 EDT on 31 October (a day after its click: lag 1).
    // A is the shop's signed postback; B and C came from the tag (unsigned).
    await convert('conv-a', lives.a, SITE_A, '2026-10-31T03:00:00Z', '2026-11-01T03:30:00Z', 1999, true);
    // 05:30 UTC is 01:30 EDT, the first 01:00 of the day (within the hour of its click: lag 0).
    await convert('conv-b', lives.b, SITE_B, '2026-11-01T05:00:00Z', '2026-11-01T05:30:00Z', 1);
    // 14:00 UTC is 09:00 EST; its click was on 29 October, outside the range (3 days 4 hours: lag 3).
    await convert(
      'conv-c',
      lives.c,
      UNKNOWN_DIMENSIONS,
      '2026-10-29T10:00:00Z',
      '2026-11-01T14:00:00Z',
      123_456,
    );
    // After the range (07:00 EST on 2 November): in no figure below.
    await convert('conv-late', lives.a, SITE_A, '2026-11-02T11:00:00Z', '2026-11-02T12:00:00Z', 500);
    // Not counted: two repeated orders, an expired click, a click that was invalid traffic; one expired
    // after the range, and one of another campaign.
    await refuse('bad-1', 'duplicate-order', '2026-10-31T15:00:00Z');
    await refuse('bad-2', 'duplicate-order', '2026-11-01T15:00:00Z');
    await refuse('bad-3', 'expired', '2026-11-01T15:00:00Z');
    await refuse('bad-4', 'invalid-click', '2026-11-01T20:00:00Z');
    await refuse('bad-5', 'expired', '2026-11-02T15:00:00Z');
    await refuse('bad-6', 'expired', '2026-11-01T15:00:00Z', 'another-campaign');
    // Counted, not stored: 7 forged ids and 3 over the rate rule in the range, 50 forged after it, 9 of
    // another campaign.
    await countRefusals('forged', '2026-11-01T15:00:00Z', 7);
    await countRefusals('rate', '2026-10-31T20:00:00Z', 3);
    await countRefusals('forged', '2026-11-02T15:00:00Z', 50);
    await countRefusals('forged', '2026-11-01T15:00:00Z', 9, 'another-campaign');
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('figures', () => {
    it('totals: 3 conversions worth 1,999 + 1 + 123,456 cents = USD 1,254.56; 6 % of 50 clicks; USD 10.00 spent: 3.33 per conversion, ROAS 125.456', async () => {
      const data = await reportOf({ campaignID, ...RANGE });
      expect(data.conversionCurrency).toBe('USD');
      expect(data.totals).toMatchObject({
        impressions: 4000,
        clicks: 50,
        conversions: 3,
        conversionValueMinor: 125_456,
        conversionValue: 1254.56,
        conversionRate: 6,
        spend: 10,
        // How they came: one signed postback, two from the tag; four refused through A's clicks.
        conversionsSigned: 1,
        conversionsUnsigned: 2,
        conversionsRefused: 4,
      });
      expect(data.totals.costPerConversion).toBeCloseTo(10 / 3, 12);
      expect(data.totals.roas).toBeCloseTo(125.456, 12);
    });

    it('a conversion is reported at its own local day, not its click’s: 31 October holds A’s (23:30 EDT), 1 November B’s and C’s', async () => {
      const data = await reportOf({ campaignID, ...RANGE, granularity: 'day' });
      expect(
        data.series.map((point) => [
          point.date,
          point.conversions,
          point.conversionValueMinor,
          point.conversionValue,
        ]),
      ).toEqual([
        ['2026-10-31', 1, 1999, 19.99],
        ['2026-11-01', 2, 123_457, 1234.57],
      ]);
      // 1 of A's 20 clicks; 2 of B's and C's 30.
      expect(data.series.map((point) => point.conversionRate)).toEqual([5, (2 / 30) * 100]);
    });

    it('by hour across the change: 23:00 EDT on 31 October, 01:00 EDT and 09:00 EST on 1 November', async () => {
      const data = await reportOf({ campaignID, ...RANGE, granularity: 'hour' });
      // 1 November has 25 local hours, but its repeated 01:00 is one key: 24 + 24 keys.
      expect(data.series).toHaveLength(48);
      const converted = data.series
        .filter((point) => (point.conversions ?? 0) > 0)
        .map((point) => [point.date, point.conversions, point.conversionValueMinor]);
      expect(converted).toEqual([
        ['2026-10-31T23:00', 1, 1999],
        ['2026-11-01T01:00', 1, 1],
        ['2026-11-01T09:00', 1, 123_456],
      ]);
    });

    it('each creative: its conversions, exact value, rate per click, cost per conversion and ROAS at USD 2.50 CPM', async () => {
      const data = await reportOf({ campaignID, ...RANGE });
      const byName = new Map(data.creatives.map((creative) => [creative.name, creative.totals]));
      // A: 1,000 impressions = USD 2.50; 1 of 20 clicks; USD 19.99 / 2.50 = 7.996.
      expect(byName.get('A')).toMatchObject({
        conversions: 1,
        conversionValue: 19.99,
        conversionRate: 5,
        spend: 2.5,
      });
      expect(byName.get('A')?.costPerConversion).toBe(2.5);
      expect(byName.get('A')?.roas).toBeCloseTo(7.996, 12);
      // B: USD 0.01 / 2.50 = 0.004.
      expect(byName.get('B')).toMatchObject({ conversions: 1, conversionValue: 0.01, conversionRate: 5 });
      expect(byName.get('B')?.roas).toBeCloseTo(0.004, 12);
      // C: 2,000 impressions = USD 5.00; 1 of 10 clicks; USD 1,234.56 / 5 = 246.912.
      expect(byName.get('C')).toMatchObject({
        conversions: 1,
        conversionValue: 1234.56,
        conversionRate: 10,
        spend: 5,
      });
      expect(byName.get('C')?.costPerConversion).toBe(5);
      expect(byName.get('C')?.roas).toBeCloseTo(246.912, 12);
    });

    it('a breakdown by the click’s site, device, OS, browser and country: rows, Other and Unknown add up to the totals’ conversions and value exactly', async () => {
      for (const dimension of BREAKDOWN_DIMENSIONS) {
        const data = await reportOf({ campaignID, ...RANGE, breakdown: dimension });
        const breakdown = data.breakdown as Breakdown;
        const parts = [
          ...breakdown.rows,
          ...(breakdown.other ? [breakdown.other] : []),
          ...(breakdown.unknown ? [breakdown.unknown] : []),
        ];
        const sum = (key: 'conversions' | 'conversionValueMinor' | 'clicks') =>
          parts.reduce((total, part) => total + (part[key] ?? 0), 0);
        expect([sum('conversions'), sum('conversionValueMinor'), sum('clicks')], dimension).toEqual([
          3, 125_456, 50,
        ]);
        // C's clicks had nothing to tell: its conversion is Unknown's.
        expect(breakdown.unknown, dimension).toMatchObject({
          conversions: 1,
          conversionValue: 1234.56,
          conversionRate: 10,
        });
      }
      const bySite = (await reportOf({ campaignID, ...RANGE, breakdown: 'site' })).breakdown as Breakdown;
      const row = bySite.rows.find((each) => each.value === 'a.example');
      expect(row).toMatchObject({
        conversions: 1,
        conversionValueMinor: 1999,
        conversionValue: 19.99,
        conversionRate: 5,
      });
      expect(row?.roas).toBeCloseTo(7.996, 12);
    });

    it('invalid conversions of the range by reason (most first), the counted refusals with the stored ones (attack: forged conversions fill the database: the panel reads the counts), never in the figures; the lag by whole days from click', async () => {
      const data = await reportOf({ campaignID, ...RANGE });
      expect(data.invalidConversions).toEqual({
        total: 14,
        byReason: [
          { reason: 'forged', label: 'Click id forged or tampered with', conversions: 7 },
          { reason: 'rate', label: 'Too many conversions from one client', conversions: 3 },
          { reason: 'duplicate-order', label: 'Order already counted for this action', conversions: 2 },
          { reason: 'expired', label: 'Click older than the lookback window', conversions: 1 },
          { reason: 'invalid-click', label: 'Click was invalid traffic', conversions: 1 },
        ],
      });
      expect(data.conversionLag).toEqual([
        { days: 0, conversions: 1 },
        { days: 1, conversions: 1 },
        { days: 3, conversions: 1 },
      ]);
      // A creative report (A alone): its own conversions and the ledger rows attributed to it.
      const creative = await reportOf({ liveIDs: lives.a, ...RANGE });
      expect(creative.totals).toMatchObject({ conversions: 1, conversionValue: 19.99 });
      expect(creative.conversionLag).toEqual([{ days: 1, conversions: 1 }]);
      expect(creative.invalidConversions.total).toBe(4);
    });

    it('a share link made with costs answers the same conversion figures; the dashboard each campaign’s in its own currency, never summed', async () => {
      const created = await owner.post<{ token: string }>('/v1/campaign/newToken', {
        campaignID,
        includeCosts: true,
      });
      const token = created.body.data?.token ?? '';
      const shared = await reportOf(
        { sharedToken: token, ...RANGE },
        '/share/reports',
        new Client(server.url),
      );
      const own = await reportOf({ campaignID, ...RANGE });
      expect(shared.totals).toEqual(own.totals);
      expect(shared.invalidConversions).toEqual(own.invalidConversions);
      expect(shared.conversionLag).toEqual(own.conversionLag);

      const answer = await owner.get(`/v1/dashboard?${new URLSearchParams(RANGE).toString()}`);
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      const dashboard = dashboardSchema.parse(answer.body.data);
      const entry = dashboard.topCampaigns.find((each) => each.id === campaignID);
      expect(entry?.conversionCurrency).toBe('USD');
      expect(entry?.totals).toMatchObject({ conversions: 3, conversionValue: 1254.56, conversionRate: 6 });
      expect(entry?.totals.roas).toBeCloseTo(125.456, 12);
      expect(dashboard.totals).toMatchObject({ conversions: 3, conversionRate: 6 });
      expect(dashboard.totals).not.toHaveProperty('conversionValue');
    });
  });

  describe('files and mail', () => {
    it('CSV: Conversions, Conversion rate, Conversion value (exact), Cost per conversion and ROAS per creative and day; signed, unsigned and refused; invalid conversions by reason', async () => {
      const text = (await reportFileBytes(await filesOf('csv'), 'csv', 'full'))
        .toString('utf8')
        .replace(/^\ufeff/, '');
      const [head, ...lines] = text.trim().split('\r\n');
      const headers = (head ?? '').split(',');
      const at = (name: string) => headers.indexOf(name);
      expect(headers.slice(-10, -2)).toEqual([
        'Conversions',
        'Conversion rate (%)',
        'Signed conversions',
        'Unsigned conversions (tag)',
        'Refused conversions',
        'Conversion value (USD)',
        'Cost per conversion (USD)',
        'ROAS (x)',
      ]);
      const rows = lines.slice(0, 6).map((line) => line.split(','));
      expect(
        rows.map((cells) => [
          cells[0],
          cells[2],
          cells[at('Conversions')],
          cells[at('Conversion rate (%)')],
          cells[at('Conversion value (USD)')],
          cells[at('Cost per conversion (USD)')],
          cells[at('ROAS (x)')],
          cells[at('Signed conversions')],
          cells[at('Unsigned conversions (tag)')],
          cells[at('Refused conversions')],
        ]),
      ).toEqual([
        ['2026-10-31', 'A', '1', '5', '19.99', '2.5', '7.996', '1', '0', '1'],
        ['2026-11-01', 'A', '0', '0', '0', '', '', '0', '0', '3'],
        ['2026-10-31', 'B', '0', '0', '0', '', '', '0', '0', '0'],
        ['2026-11-01', 'B', '1', '5', '0.01', '2.5', '0.004', '0', '1', '0'],
        ['2026-10-31', 'C', '0', '0', '0', '', '', '0', '0', '0'],
        ['2026-11-01', 'C', '1', '10', '1234.56', '5', '246.912', '0', '1', '0'],
      ]);
      // The value column sums exactly to the totals' cents.
      const cents = rows.reduce(
        (sum, cells) => sum + Math.round(Number(cells[at('Conversion value (USD)')]) * 100),
        0,
      );
      expect(cents).toBe(125_456);
      expect(text).toContain(
        'Invalid conversion (not counted),Code,Conversions\r\nClick id forged or tampered with,forged,7\r\nToo many conversions from one client,rate,3\r\nOrder already counted for this action,duplicate-order,2\r\nClick older than the lookback window,expired,1\r\nClick was invalid traffic,invalid-click,1',
      );
    });

    it('XLSX: the conversion columns as numbers in the currency format (By creative, Daily, Summary, By site); Invalid conversions sheet; the pivot sums count and value', async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(
        (await reportFileBytes(await filesOf('xlsx'), 'xlsx', 'full')) as unknown as ArrayBuffer,
      );
      const columnOf = (sheet: string, header: string) =>
        ((workbook.getWorksheet(sheet)?.getRow(1).values ?? []) as unknown[]).map(String).indexOf(header);
      const byCreative = workbook.getWorksheet('By creative');
      const value = columnOf('By creative', 'Conversion value (USD)');
      expect([2, 3, 4].map((row) => byCreative?.getRow(row).getCell(value).value)).toEqual([
        19.99, 0.01, 1234.56,
      ]);
      expect(byCreative?.getRow(2).getCell(value).numFmt).toBe('"USD "#,##0.00');
      // The ratio stays a plain number in the sheet, shown '246.91x' by its format.
      const roas = byCreative?.getRow(4).getCell(columnOf('By creative', 'ROAS'));
      expect([roas?.value, roas?.numFmt]).toEqual([246.912, '#,##0.00"x"']);
      expect(byCreative?.getRow(4).getCell(columnOf('By creative', 'Conversion rate')).value).toBe(0.1);
      const daily = workbook.getWorksheet('Daily');
      expect(daily?.getRow(3).getCell(columnOf('Daily', 'Conversions')).value).toBe(2);
      const summary = new Map<string, unknown>();
      workbook
        .getWorksheet('Summary')
        ?.eachRow((row) => summary.set(String(row.getCell(1).value), row.getCell(2).value));
      expect(summary.get('Conversions')).toBe(3);
      expect(summary.get('Conversion value (USD)')).toBe(1254.56);
      expect(summary.get('Invalid conversions (not counted)')).toBe(14);
      expect(summary.get('Signed conversions')).toBe(1);
      expect(summary.get('Refused conversions')).toBe(4);
      const invalid = workbook.getWorksheet('Invalid conversions');
      expect(invalid?.getRow(2).values).toEqual([undefined, 'Click id forged or tampered with', 'forged', 7]);
      const bySite = workbook.getWorksheet('By site');
      const siteValue = columnOf('By site', 'Conversion value (USD)');
      let siteCents = 0;
      bySite?.eachRow((row, index) => {
        if (index > 1) siteCents += Math.round(Number(row.getCell(siteValue).value) * 100);
      });
      expect(siteCents).toBe(125_456);

      for (const breakdown of [undefined, 'site'] as const) {
        const pivot = new ExcelJS.Workbook();
        await pivot.xlsx.load(
          (await reportFileBytes(
            await filesOf('xlsx-pivot', breakdown),
            'xlsx-pivot',
            'full',
          )) as unknown as ArrayBuffer,
        );
        const sums = new Map<string, number>();
        pivot.getWorksheet('Data')?.eachRow((row, index) => {
          if (index === 1) return;
          const metric = String(row.getCell(3).value);
          const amount = Number(row.getCell(4).value);
          sums.set(
            metric,
            (sums.get(metric) ?? 0) +
              (metric.startsWith('Conversion value') ? Math.round(amount * 100) : amount),
          );
        });
        expect([sums.get('Conversions'), sums.get('Conversion value (USD)')], breakdown ?? 'by date').toEqual(
          [3, 125_456],
        );
      }
    });

    it('PDF and mail: conversions, their value, cost per conversion and ROAS; the invalid conversions', async () => {
      const { figures } = await filesOf('csv');
      const text = (await pdfText(await renderReportPdf(figures, { full: true, title: 'Weekly' }))).replace(
        /\s+/g,
        ' ',
      );
      expect(text).toContain('Conversions');
      expect(text).toContain('$1,254.56');
      expect(text).toContain('$3.33');
      // 1,254.56 / 10.00 = 125.456: from 10 up a ratio reads whole.
      expect(text).toContain('125x');
      expect(text).toContain('Invalid conversions (not counted)');
      expect(text).toContain('Order already counted for this action');
      expect(text).toContain('Click id forged or tampered with');
      expect(text).toContain('Signed');
      expect(text).toContain('Refused');
      const mail = await scheduledReportMail(
        server.app.adconsole,
        {
          id: 'schedule',
          campaign_id: campaignID,
          name: 'Weekly',
          frequency: 'Weekly',
          report_type: 'Summary',
          format: 'pdf',
          timezone: 'America/New_York',
          with_video: false,
          recipients: [],
          next_run_at: null,
          last_run_at: null,
          created_at: new Date(),
        } satisfies ScheduleRow,
        await rowOf(),
        { start: '2026-10-31', end: '2026-11-01' },
      );
      expect(mail.text).toContain('Conversions: 3\n');
      expect(mail.text).toContain('Conversion rate: 6.00 %');
      expect(mail.text).toContain('Conversion value: $1,254.56');
      expect(mail.text).toContain('Cost per conversion: $3.33');
      expect(mail.text).toContain('ROAS: 125x');
      expect(mail.text).toContain('Signed conversions: 1\n');
      expect(mail.text).toContain('Unsigned conversions (tag): 2\n');
      expect(mail.text).toContain('Refused conversions: 4\n');
      expect(mail.text).toContain('Conversions not counted (not in these figures): 14.');
    });
  });
});

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

// Goals, booked rates, spend and pacing everywhere figures go (docs/reports.md, "Goals, rates and spend"
// and "Pacing"): the report's JSON, its rows adding up, breakdowns, the dashboard, the campaign answers,
// the CSV, the workbooks, the PDF and the mail. Every amount below is computed by hand.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Campaign,
  dashboardSchema,
  type ReportData,
  reportDataSchema,
  spendUnits,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRow } from '../../db/queries/campaigns';
import type { ScheduleRow } from '../../db/queries/schedules';
import { Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { signedInAdmin, signedInUser } from '../../test/helpers';
import { publish } from '../../test/reports-world';
import { scheduledReportMail } from './deliver';
import { reportFileBytes } from './downloads';
import { reportFiguresWithRows } from './figures';
import { renderReportPdf } from './pdf';
import { campaignScope } from './scope';
import { spendUnitsOf } from './spend-files';

/** The day 10: 00:00 in Berlin on 11 March 2026, ten local days into a 30-day flight. */
const NOW = Date.parse('2026-03-10T23:00:00Z');

let server: TestServer;
let owner: Client;
let admin: Client;
/** The pacing fixture: 300,000 impressions over 1-30 March in Berlin, USD 2.50 CPM. */
let paced: string;
/** 1,234,567 impressions at USD 2.50 CPM (no goal). */
let priced: string;
/** 333 completed views at EUR 0.05 CPCV, and nothing booked on a fourth campaign. */
let perView: string;
let plain: string;

const update = (id: string, name: string, data: Record<string, unknown>) =>
  owner.put<Campaign>('/v1/campaign/update', { id, name, data });
const campaign = async (name: string) =>
  (await owner.post<{ id: string }>('/v1/campaign/new', { name })).body.data?.id ?? '';
const reportOf = async (campaignID: string, query: Record<string, string> = {}) => {
  const answer = await owner.get<ReportData>(
    `/v1/campaign/reports?${new URLSearchParams({
      campaignID,
      start_dt: '2026-03-01 00:00:00',
      end_dt: '2026-03-10 23:59:59',
      tzOffset: '+00:00',
      ...query,
    }).toString()}`,
  );
  expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  return reportDataSchema.parse(answer.body.data);
};
const rowOf = async (id: string) =>
  (await server.db.query<CampaignRow>('select * from campaigns where id = $1', [id]))[0] as CampaignRow;
const filesOf = async (
  id: string,
  format: 'csv' | 'xlsx' | 'xlsx-pivot',
  timezone?: string,
  breakdown?: 'country',
) =>
  reportFiguresWithRows(
    server.app.adconsole,
    await campaignScope(server.db, await rowOf(id)),
    {
      start_dt: '2026-03-01 00:00:00',
      end_dt: '2026-03-10 23:59:59',
      tzOffset: '+00:00',
      ...(timezone ? { timezone } : {}),
      granularity: 'day',
      withVideoData: false,
      ...(breakdown ? { breakdown } : {}),
    },
    format,
  );

describe(`goals, rates, spend and pacing on ${testStoresLabel()}`, () => {
  beforeAll(async () => {
    server = await startServer({}, { clock: () => NOW });
    owner = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
    paced = await campaign('Paced');
    priced = await campaign('Priced');
    perView = await campaign('Per view');
    plain = await campaign('Plain');
    const pacedLive = await publish(owner, paced, { name: 'Paced banner', type: 'Banner' });
    const pricedLive = await publish(owner, priced, { name: 'Priced banner', type: 'Banner' });
    const videoLive = await publish(owner, perView, {
      name: 'Pre-roll',
      type: 'VAST',
      width: 640,
      height: 360,
    });
    const plainLive = await publish(owner, plain, { name: 'Plain banner', type: 'Banner' });
    const events = [
      // 8,000 a local day in Berlin from 1 to 10 March: the first day's 1,000 at 00:30 local (23:30 UTC the
      // day before); 5,000 at 23:30 local on 28 February, before the flight; 9,999 after `now`.
      { liveID: pacedLive, type: 'impression', at: '2026-02-28T22:30:00Z', count: 5_000 },
      { liveID: pacedLive, type: 'impression', at: '2026-02-28T23:30:00Z', count: 1_000 },
      { liveID: pacedLive, type: 'impression', at: '2026-03-01T12:00:00Z', count: 7_000 },
      ...Array.from({ length: 9 }, (_, index) => ({
        liveID: pacedLive,
        type: 'impression',
        at: `2026-03-${String(index + 2).padStart(2, '0')}T12:00:00Z`,
        count: 8_000,
      })),
      { liveID: pacedLive, type: 'impression', at: '2026-03-10T23:30:00Z', count: 9_999 },
      // 1,234,567 impressions over three UTC days, and 1,111 clicks.
      { liveID: pricedLive, type: 'impression', at: '2026-03-02T10:00:00Z', count: 400_001 },
      { liveID: pricedLive, type: 'impression', at: '2026-03-03T10:00:00Z', count: 400_003 },
      { liveID: pricedLive, type: 'impression', at: '2026-03-04T10:00:00Z', count: 434_563 },
      { liveID: pricedLive, type: 'click', at: '2026-03-04T10:00:00Z', count: 1_111 },
      { liveID: videoLive, type: 'impression', at: '2026-03-05T10:00:00Z', count: 500 },
      { liveID: videoLive, type: 'start', at: '2026-03-05T10:00:00Z', count: 400 },
      { liveID: videoLive, type: 'complete', at: '2026-03-05T10:00:00Z', count: 333 },
      { liveID: plainLive, type: 'impression', at: '2026-03-05T10:00:00Z', count: 42 },
    ];
    const imported = await admin.post('/v1/events/import', { events });
    expect(imported.httpStatus, JSON.stringify(imported.body)).toBe(200);
    const flight = { start: { date: '2026-03-01' }, end: { date: '2026-03-30' }, timezone: 'Europe/Berlin' };
    const usdCpm = { model: 'CPM', amount: 2.5, currency: 'USD' };
    for (const [id, name, data] of [
      [paced, 'Paced', { ...flight, goal: { metric: 'impressions', amount: 300_000 }, rate: usdCpm }],
      [priced, 'Priced', { rate: usdCpm }],
      [perView, 'Per view', { rate: { model: 'CPCV', amount: 0.05, currency: 'EUR' } }],
    ] as const) {
      const answer = await update(id, name, data);
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('spend in the report', () => {
    it('1,234,567 impressions at USD 2.50 CPM spend USD 3,086.4175; eCPM 2.50, eCPC 3086.4175 / 1,111', async () => {
      const data = await reportOf(priced);
      expect(data.rate).toEqual({ model: 'CPM', amount: 2.5, currency: 'USD' });
      expect(data.goal ?? null).toBeNull();
      expect(data.pacing ?? null).toBeNull();
      expect(data.totals.impressions).toBe(1_234_567);
      expect(data.totals.spend).toBe(3086.4175);
      expect(data.totals.ecpm).toBeCloseTo(2.5, 10);
      expect(data.totals.ecpc).toBeCloseTo(3086.4175 / 1111, 10);
      expect(data.totals.cpcv).toBeNull();
      // 400,001 × 0.25 cents, 400,003 × 0.25 cents, 434,563 × 0.25 cents.
      expect(data.series.map((point) => [point.date, point.spend])).toEqual([
        ['2026-03-01', 0],
        ['2026-03-02', 1000.0025],
        ['2026-03-03', 1000.0075],
        ['2026-03-04', 1086.4075],
        ...['05', '06', '07', '08', '09', '10'].map((day) => [`2026-03-${day}`, 0]),
      ]);
      expect(data.creatives.map((creative) => creative.totals.spend)).toEqual([3086.4175]);
    });

    it('rows add up to the totals exactly: series, creatives and breakdown rows, in spend units, hourly in +05:45 too', async () => {
      const rate = { model: 'CPM' as const, amount: 2.5, currency: 'USD' };
      for (const query of [
        { breakdown: 'country' } as Record<string, string>,
        { granularity: 'hour', tzOffset: '+05:45', end_dt: '2026-03-05 23:59:59', breakdown: 'site' },
      ]) {
        const data = await reportOf(priced, query);
        const units = (amount: number | undefined) => spendUnitsOf(amount ?? Number.NaN, 'USD');
        const total = units(data.totals.spend);
        expect(total).toBe(spendUnits(rate, data.totals));
        expect(data.series.reduce((sum, point) => sum + units(point.spend), 0)).toBe(total);
        expect(data.creatives.reduce((sum, creative) => sum + units(creative.totals.spend), 0)).toBe(total);
        const breakdown = data.breakdown;
        const parts = [...(breakdown?.rows ?? []), breakdown?.other, breakdown?.unknown].filter(
          (part) => part !== null && part !== undefined,
        );
        expect(parts.reduce((sum, part) => sum + units(part.spend), 0)).toBe(total);
      }
    });

    it('a CPCV prices completed views even when the report shows no video counters: 333 × EUR 0.05 = EUR 16.65', async () => {
      for (const withVideoData of ['false', 'true']) {
        const data = await reportOf(perView, { withVideoData });
        expect(data.totals.spend).toBe(16.65);
        expect(data.totals.cpcv).toBeCloseTo(0.05, 12);
        expect(data.totals.ecpm).toBeCloseTo(16.65 / 0.5, 10);
        expect(data.totals.videoCompletes).toBe(withVideoData === 'true' ? 333 : undefined);
      }
    });

    it('a share link made with costs carries the same spend, rate and pacing', async () => {
      const token =
        (
          await owner.post<{ token: string }>('/v1/campaign/newToken', {
            campaignID: paced,
            includeCosts: true,
          })
        ).body.data?.token ?? '';
      // Anyone with the link: no session.
      const shared = await new Client(server.url).get<ReportData>(
        `/share/reports?${new URLSearchParams({
          sharedToken: token,
          start_dt: '2026-03-01 00:00:00',
          end_dt: '2026-03-10 23:59:59',
          tzOffset: '+00:00',
          timezone: 'Europe/Berlin',
        }).toString()}`,
      );
      expect(shared.httpStatus, JSON.stringify(shared.body)).toBe(200);
      const data = reportDataSchema.parse(shared.body.data);
      expect(data.totals.spend).toBe(200);
      expect(data.rate?.currency).toBe('USD');
      expect(data.pacing?.status).toBe('at-risk');
    });

    it('no rate, no spend: a campaign without a booked rate answers no spend figures', async () => {
      const data = await reportOf(plain);
      expect(data.rate ?? null).toBeNull();
      expect(data.totals.impressions).toBe(42);
      expect('spend' in data.totals).toBe(false);
      expect(data.series.some((point) => 'spend' in point)).toBe(false);
    });

    it('the dashboard: each campaign spends in its own currency; its totals never sum spend', async () => {
      const answer = await owner.get(
        `/v1/dashboard?${new URLSearchParams({ start_dt: '2026-03-01 00:00:00', end_dt: '2026-03-10 23:59:59', tzOffset: '+00:00' })}`,
      );
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      const board = dashboardSchema.parse(answer.body.data);
      expect('spend' in board.totals).toBe(false);
      const byName = new Map(board.recentCampaigns.map((entry) => [entry.name, entry]));
      expect(byName.get('Priced')?.totals.spend).toBe(3086.4175);
      expect(byName.get('Priced')?.rate?.currency).toBe('USD');
      expect(byName.get('Per view')?.totals.spend).toBe(16.65);
      expect(byName.get('Per view')?.rate?.currency).toBe('EUR');
      expect(byName.get('Plain')?.totals.spend).toBeUndefined();
      expect(byName.get('Paced')?.pacing?.status).toBe('at-risk');
    });
  });

  describe('pacing', () => {
    it("the issue's example: day 10 of 30 with 80,000 of 300,000 delivered is 20 % behind a plan of 100,000, projected 240,000: at risk", async () => {
      const data = await reportOf(paced, { timezone: 'Europe/Berlin' });
      expect(data.goal).toEqual({ metric: 'impressions', amount: 300_000 });
      const pacing = data.pacing;
      expect(pacing?.delivered).toBe(80_000);
      expect(pacing?.plan).toBeCloseTo(100_000, 6);
      expect(pacing?.deviation).toBeCloseTo(-0.2, 10);
      expect(pacing?.dailyRate).toBeCloseTo(8_000, 6);
      expect(pacing?.projected).toBeCloseTo(240_000, 6);
      expect(pacing?.status).toBe('at-risk');
      expect(pacing?.flightDays).toBeCloseTo(30, 10);
      // Local days in Berlin: 1 March holds its 00:30 (23:30 UTC the day before), not 28 February's 23:30.
      expect(pacing?.days.slice(0, 2).map((day) => [day.date, day.delivered])).toEqual([
        ['2026-03-01', 8_000],
        ['2026-03-02', 16_000],
      ]);
      expect(pacing?.days[10]?.delivered).toBe(80_000);
      expect(pacing?.days[11]?.delivered).toBeNull();
    });

    it('campaign answers carry pacing (get, mine), null without a goal', async () => {
      const one = await owner.get<Campaign>(`/v1/campaign/get?campaignID=${paced}`);
      expect(one.httpStatus).toBe(200);
      expect(one.body.data?.pacing?.status).toBe('at-risk');
      expect(one.body.data?.pacing?.delivered).toBe(80_000);
      expect(one.body.data?.data.goal).toEqual({ metric: 'impressions', amount: 300_000 });
      const mine = await owner.get<Campaign[]>('/v1/campaign/mine');
      expect(mine.httpStatus, JSON.stringify(mine.body)).toBe(200);
      const list = mine.body.data ?? [];
      const byName = new Map(list.map((entry) => [entry.name, entry]));
      expect(byName.get('Paced')?.pacing?.projected).toBeCloseTo(240_000, 6);
      expect(byName.get('Priced')?.pacing).toBeNull();
      // A filtered list loads every campaign to filter it, and reads pacing for its page.
      const found = await owner.get<Campaign[]>('/v1/campaign/mine?q=Paced&sort=name');
      expect(found.httpStatus, JSON.stringify(found.body)).toBe(200);
      expect(found.body.data?.map((entry) => [entry.name, entry.pacing?.status])).toEqual([
        ['Paced', 'at-risk'],
      ]);
    });
  });

  describe('files and mail', () => {
    it('CSV: Spend, eCPM, eCPC and CPCV in USD, the spend exact per row (1000.0025, 1000.0075, 1086.4075)', async () => {
      const rows = await filesOf(priced, 'csv');
      const text = (await reportFileBytes(rows, 'csv', 'full')).toString('utf8').replace(/^\ufeff/, '');
      const [head, ...lines] = text.trim().split('\r\n');
      const headers = (head ?? '').split(',');
      // The spend columns, the conversions' (a booked rate: value, cost per conversion and ROAS in USD).
      expect(headers.slice(-14)).toEqual([
        'Spend (USD)',
        'eCPM (USD)',
        'eCPC (USD)',
        'CPCV (USD)',
        'Conversions',
        'Conversion rate (%)',
        'Signed conversions',
        'Unsigned conversions (tag)',
        'Refused conversions',
        'Conversion value (USD)',
        'Cost per conversion (USD)',
        'ROAS (x)',
        'Filtered impressions (invalid traffic)',
        'Filtered clicks (invalid traffic)',
      ]);
      const spend = headers.indexOf('Spend (USD)');
      const cells = lines.map((line) => line.split(','));
      expect(cells.map((cell) => [cell[0], cell[spend]])).toEqual([
        ['2026-03-01', '0'],
        ['2026-03-02', '1000.0025'],
        ['2026-03-03', '1000.0075'],
        ['2026-03-04', '1086.4075'],
        ...['05', '06', '07', '08', '09', '10'].map((day) => [`2026-03-${day}`, '0']),
      ]);
      // eCPM of a day with impressions: 2.5 exactly; none without impressions (an empty cell).
      expect(cells[1]?.[spend + 1]).toBe('2.5');
      expect(cells[0]?.[spend + 1]).toBe('');
      // 1086.4075 / 1,111 clicks = 0.977864... rounded to a thousandth of a cent.
      expect(cells[3]?.[spend + 2]).toBe('0.97786');
    });

    it('XLSX: spend as numbers with the currency format in By creative, Daily and Summary; the pivot Data sums to the spend', async () => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(
        (await reportFileBytes(await filesOf(priced, 'xlsx'), 'xlsx', 'full')) as unknown as ArrayBuffer,
      );
      const byCreative = workbook.getWorksheet('By creative');
      const head = ((byCreative?.getRow(1).values ?? []) as unknown[]).map(String);
      const column = head.indexOf('Spend (USD)');
      expect(column).toBeGreaterThan(0);
      expect(byCreative?.getRow(2).getCell(column).value).toBe(3086.4175);
      expect(byCreative?.getRow(2).getCell(column).numFmt).toBe('"USD "#,##0.00');
      const daily = workbook.getWorksheet('Daily');
      const dailyColumn = ((daily?.getRow(1).values ?? []) as unknown[]).map(String).indexOf('Spend (USD)');
      expect(daily?.getRow(3).getCell(dailyColumn).value).toBe(1000.0025);
      const summary = workbook.getWorksheet('Summary');
      const labels = new Map<string, unknown>();
      summary?.eachRow((row) => labels.set(String(row.getCell(1).value), row.getCell(2).value));
      expect(labels.get('Rate')).toBe('USD 2.50 CPM');
      expect(labels.get('Spend (USD)')).toBe(3086.4175);

      // The pivot's Data sheet, by date or by the breakdown asked for: Spend (USD) sums to the total's.
      for (const breakdown of [undefined, 'country'] as const) {
        const pivot = new ExcelJS.Workbook();
        await pivot.xlsx.load(
          (await reportFileBytes(
            await filesOf(priced, 'xlsx-pivot', undefined, breakdown),
            'xlsx-pivot',
            'full',
          )) as unknown as ArrayBuffer,
        );
        let units = 0;
        pivot.getWorksheet('Data')?.eachRow((row) => {
          if (row.getCell(3).value === 'Spend (USD)')
            units += spendUnitsOf(Number(row.getCell(4).value), 'USD');
        });
        expect(units).toBe(308_641_750);
      }
    });

    it('PDF and mail: the rate, the goal, the pacing status line and the spend rounded to the currency', async () => {
      // Berlin's 1 to 10 March: the 80,000 impressions of the flight so far, at USD 2.50 CPM: USD 200.
      const { figures } = await filesOf(paced, 'csv', 'Europe/Berlin');
      expect(figures.totals.impressions).toBe(80_000);
      expect(figures.totals.spend).toBe(200);
      const text = (await pdfText(await renderReportPdf(figures, { full: true, title: 'Weekly' }))).replace(
        /\s+/g,
        ' ',
      );
      expect(text).toContain('Rate: USD 2.50 CPM');
      expect(text).toContain('Goal: 300,000 impressions');
      expect(text).toContain(
        'Pacing: At risk: 80,000 of 300,000 impressions delivered, plan 100,000 (20.0 % behind), projected 240,000 by the end of the flight.',
      );
      expect(text).toContain('$200.00');
      const mail = await scheduledReportMail(
        server.app.adconsole,
        {
          id: 'schedule',
          campaign_id: priced,
          name: 'Weekly',
          frequency: 'Weekly',
          report_type: 'Summary',
          format: 'csv',
          timezone: 'UTC',
          with_video: false,
          recipients: [],
          next_run_at: null,
          last_run_at: null,
          created_at: new Date(NOW),
        } satisfies ScheduleRow,
        await rowOf(priced),
        { start: '2026-03-01', end: '2026-03-10' },
      );
      expect(mail.text).toContain('Spend: $3,086.42');
      expect(mail.text).toContain('Rate: USD 2.50 CPM');
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

// The billing statement over HTTP (docs/reports.md, "Billing statement"): a month's statement equals, to
// the cent, each campaign report's spend of the same month in the same zone (events on both sides of a
// month boundary that the zone moves), invalid traffic counted apart, the PDF, CSV and XLSX carry the same
// total, a running month is marked, and another owner's advertiser is not found. Amounts computed by hand.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ADVERTISER_MESSAGES,
  type BillingStatement,
  billingStatementSchema,
  type ReportData,
  reportDataSchema,
  STATEMENT_MESSAGES,
  statementNotInTotalNote,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { signedInAdmin, signedInUser } from '../../test/helpers';
import { publish } from '../../test/reports-world';

/** 20 March 2026, noon UTC: March is running, February is complete. */
const NOW = Date.parse('2026-03-20T12:00:00Z');

let server: TestServer;
let owner: Client;
let other: Client;
let advertiserId: string;
let alpha: string;
let beta: string;
let gamma: string;

const ok = <T>(answer: { httpStatus: number; body: { data?: T } }): T => {
  expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
};
const statementOf = async (month: string, timezone?: string, client = owner) =>
  client.get<BillingStatement>(
    `/v1/advertiser/statement?${new URLSearchParams({ id: advertiserId, month, ...(timezone ? { timezone } : {}) })}`,
  );
const reportOf = async (campaignID: string, timezone: string): Promise<ReportData> =>
  reportDataSchema.parse(
    ok(
      await owner.get<ReportData>(
        `/v1/campaign/reports?${new URLSearchParams({
          campaignID,
          start_dt: '2026-02-01 00:00:00',
          end_dt: '2026-02-28 23:59:59',
          tzOffset: '+00:00',
          timezone,
        })}`,
      ),
    ),
  );
const fileOf = async (format: 'pdf' | 'csv' | 'xlsx', timezone: string): Promise<Buffer> => {
  const { file } = ok(
    await owner.get<{ file: string }>(
      `/v1/advertiser/statement?${new URLSearchParams({ id: advertiserId, month: '2026-02', timezone, format })}`,
    ),
  );
  expect(file).toMatch(
    new RegExp(
      `^statements/[0-9a-f]{32}/Northwind_statement_2026-02_${timezone.replace('/', '-')}\\.${format}$`,
    ),
  );
  const answer = await fetch(`${server.url}/api/uploads/${file}`, {
    headers: { Cookie: owner.cookie ?? '' },
  });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-disposition')).toContain(
    `attachment; filename="Northwind_statement_2026-02_`,
  );
  return Buffer.from(await answer.arrayBuffer());
};

describe(`the billing statement on ${testStoresLabel()}`, () => {
  beforeAll(async () => {
    server = await startServer({}, { clock: () => NOW });
    owner = (await signedInUser(server)).client;
    other = (await signedInUser(server)).client;
    const admin = (await signedInAdmin(server)).client;
    advertiserId = ok(
      await owner.post<{ id: string }>('/v1/advertiser/create', { name: 'Northwind', currency: 'USD' }),
    ).id;
    const campaign = async (name: string, rate?: Record<string, unknown>) => {
      const id = ok(await owner.post<{ id: string }>('/v1/campaign/new', { name, advertiserId })).id;
      if (rate) ok(await owner.put('/v1/campaign/update', { id, name, data: { rate } }));
      return id;
    };
    alpha = await campaign('Alpha', { model: 'CPM', amount: 2.35, currency: 'USD' });
    beta = await campaign('Beta', { model: 'CPC', amount: 0.45, currency: 'USD' });
    gamma = await campaign('Gamma');
    ok(
      await owner.post('/v1/insertion-order/create', {
        advertiserId,
        poNumber: 'PO-1001',
        name: 'Spring',
        budget: 10_000,
        campaignIds: [alpha],
      }),
    );
    const [alphaLive, betaLive, gammaLive] = await Promise.all(
      [alpha, beta, gamma].map((id, index) =>
        publish(owner, id, { name: `Banner ${index}`, type: 'Banner' }),
      ),
    );
    ok(
      await admin.post('/v1/events/import', {
        events: [
          // In February in UTC and in Berlin (an import row counts at most 1,000,000).
          { liveID: alphaLive, type: 'impression', at: '2026-02-10T10:00:00Z', count: 1_000_000 },
          { liveID: alphaLive, type: 'impression', at: '2026-02-11T10:00:00Z', count: 234_000 },
          // 28 February in UTC, 1 March in Berlin (UTC+1).
          { liveID: alphaLive, type: 'impression', at: '2026-02-28T23:30:00Z', count: 567 },
          // 31 January in UTC, 1 February in Berlin.
          { liveID: alphaLive, type: 'impression', at: '2026-01-31T23:30:00Z', count: 1_000 },
          { liveID: betaLive, type: 'impression', at: '2026-02-15T12:00:00Z', count: 10_000 },
          { liveID: betaLive, type: 'click', at: '2026-02-15T12:00:00Z', count: 321 },
          { liveID: gammaLive, type: 'impression', at: '2026-02-20T12:00:00Z', count: 500 },
          { liveID: alphaLive, type: 'impression', at: '2026-03-05T12:00:00Z', count: 2_000 },
        ],
      }),
    );
    // Seven invalid clicks of Beta (a bot): stored apart, never billed.
    await server.app.adconsole.events.store.writeBatch([
      {
        liveId: betaLive ?? '',
        type: 'click',
        at: new Date('2026-02-15T13:00:00Z'),
        count: 7,
        impressionId: null,
        reason: 'bot',
      },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("equals, to the cent, the month's spend of each campaign report in the same zone: the zone moves events across the month's edge", async () => {
    const expected = {
      // 1,234,567 × USD 2.35 / 1000 = 2,901.23245 → 2,901.23; 321 × 0.45 = 144.45.
      UTC: { alpha: 2901.23, units: 1_234_567, total: 3045.68 },
      // 1,235,000 × USD 2.35 / 1000 = 2,902.25.
      'Europe/Berlin': { alpha: 2902.25, units: 1_235_000, total: 3046.7 },
    };
    for (const [timezone, hand] of Object.entries(expected)) {
      const statement = billingStatementSchema.parse(ok(await statementOf('2026-02', timezone)));
      expect(statement.running).toBe(false);
      const line = (id: string) => statement.lines.find((entry) => entry.campaignId === id);
      expect(line(alpha)).toMatchObject({ model: 'CPM', units: hand.units, rate: 2.35, amount: hand.alpha });
      expect(line(beta)).toMatchObject({ model: 'CPC', units: 321, amount: 144.45, invalidUnits: 7 });
      expect(line(gamma)).toMatchObject({ units: null, amount: null, note: STATEMENT_MESSAGES.noRate });
      expect(statement.total).toBe(hand.total);
      expect(statement.byOrder.map((order) => [order.name, order.poNumber, order.amount])).toEqual([
        ['Spring', 'PO-1001', hand.alpha],
        ['No insertion order', null, 144.45],
      ]);
      // Each line is its campaign report's spend of the month in the zone, rounded to the cent.
      let reportCents = 0;
      for (const id of [alpha, beta]) {
        const spend = (await reportOf(id, timezone)).totals.spend ?? Number.NaN;
        expect(line(id)?.amount).toBe(Math.round(spend * 100) / 100);
        reportCents += Math.round(spend * 100);
      }
      expect(Math.round(statement.total * 100)).toBe(reportCents);
      expect((await reportOf(gamma, timezone)).totals.spend).toBeUndefined();
    }
  });

  it('the PDF, the CSV and the XLSX carry the same lines, subtotals and total', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'statement-'));
    try {
      const pdf = path.join(dir, 'statement.pdf');
      await writeFile(pdf, await fileOf('pdf', 'UTC'));
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      for (const figure of [
        'Billing statement',
        'Northwind',
        '$2,901.23',
        '$144.45',
        '$3,045.68',
        'PO-1001',
        '1,234,567',
        'No rate booked',
      ])
        expect(text).toContain(figure);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const csv = (await fileOf('csv', 'UTC'))
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(csv[0]).toBe(
      'Row,Insertion order,PO number,Campaign ID,Campaign,Rate model,Units,Rate,Currency,Amount,Invalid units (not billed),Note',
    );
    expect(csv).toContain(`Line,Spring,PO-1001,${alpha},Alpha,CPM,1234567,2.35,USD,2901.23,0,`);
    expect(csv).toContain(`Line,No insertion order,,${beta},Beta,CPC,321,0.45,USD,144.45,7,`);
    expect(csv).toContain(`Total,,,,,,,,USD,3045.68,7,${statementNotInTotalNote(1, 'USD')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await fileOf('xlsx', 'Europe/Berlin')) as unknown as ArrayBuffer);
    // Rows and cells from 1 (the sheet's values are sparse arrays).
    const rows = Array.from(workbook.getWorksheet('Statement')?.getSheetValues() ?? [], (row) =>
      Array.isArray(row) ? row.slice(1) : [],
    );
    const total = rows.find((row) => row[0] === 'Total');
    expect(total?.[9]).toBe(3046.7);
    expect(rows.find((row) => row[0] === 'Line' && row[4] === 'Alpha')?.[9]).toBe(2902.25);
  });

  it('a running month is marked; a month to come or more than ten years back is refused', async () => {
    const march = billingStatementSchema.parse(ok(await statementOf('2026-03')));
    expect(march.running).toBe(true);
    // 2,000 × USD 2.35 / 1000 = 4.70.
    expect(march.total).toBe(4.7);
    const future = await statementOf('2026-04');
    expect(future.httpStatus).toBe(400);
    expect(JSON.stringify(future.body)).toContain(STATEMENT_MESSAGES.monthInFuture);
    expect((await statementOf('2016-03')).httpStatus).toBe(400);
    expect((await statementOf('2026-3')).httpStatus).toBe(400);
  });

  it("another user's advertiser is not found; an API token reads a statement with reports:read only", async () => {
    const answer = await statementOf('2026-02', 'UTC', other);
    expect(answer.httpStatus).toBe(404);
    expect(JSON.stringify(answer.body)).toContain(ADVERTISER_MESSAGES.advertiserNotFound);
    const withToken = async (scopes: string[]) => {
      const { secret } = ok(
        await owner.post<{ secret: string }>('/v1/tokens', { name: scopes.join(' '), scopes }),
      );
      return fetch(`${server.url}/api/v1/advertiser/statement?id=${advertiserId}&month=2026-02`, {
        headers: { Authorization: `Bearer ${secret}` },
      });
    };
    expect((await withToken(['reports:read'])).status).toBe(200);
    expect((await withToken(['campaigns:read'])).status).toBe(403);
  });
});

// Share links with and without costs (docs/reports.md, "Share links"): a campaign at USD 2.50 CPM with
// conversions worth USD 200.00; a link made without costs (the default) answers no spend, effective cost,
// conversion value, cost per conversion, ROAS or rate, in the JSON (totals, series, creatives, the
// breakdown), the events call and every download (CSV, XLSX, the pivot); a link made with costs answers
// them as the owner sees them. The link says which it is; a wrong value is refused naming the field.
import { COST_FIGURE_KEYS, type ReportData, type ReportToken, reportDataSchema } from '@adconsole/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { signedInUser } from '../../test/helpers';
import { publish } from '../../test/reports-world';
import type { TrackedEvent } from '../events/tracked-event';

const RANGE = { start_dt: '2026-03-02 00:00:00', end_dt: '2026-03-03 23:59:59', tzOffset: '+00:00' };
const SITE = { site: 'a.example', device: 'desktop', os: 'Windows 10', browser: 'Chrome 126', country: 'DE' };

let server: TestServer;
let owner: Client;
let campaignID: string;

/** The words a cost shows under in files and on screen, and the keys of the JSON. */
const COST_WORDS = /Spend|eCPM|eCPC|CPCV|Conversion value|Conv\. value|Cost per conversion|ROAS|USD/;

const shared = async (token: string, query: Record<string, string> = {}, path = '/share/reports') => {
  const answer = await new Client(server.url).get<ReportData>(
    `${path}?${new URLSearchParams({ sharedToken: token, ...RANGE, ...query }).toString()}`,
  );
  expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as ReportData;
};

/** A share link's download, fetched as its holder: the file's bytes. */
const download = async (token: string, type: 'csv' | 'xlsx' | 'xlsx-pivot', breakdown?: string) => {
  const answer = await shared(token, { type, ...(breakdown ? { breakdown } : {}) });
  const file = (answer as unknown as { file: string }).file;
  const response = await fetch(`${server.url}/uploads/${file}?sharedToken=${token}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

/** Every cell of every sheet of a workbook, as text. */
const workbookText = async (bytes: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => {
    cells.push(sheet.name);
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.text));
      });
    });
  });
  return cells.join('\n');
};

const newLink = (body: Record<string, unknown>) =>
  owner.post<ReportToken>('/v1/campaign/newToken', { campaignID, ...body });

describe(`share links with and without costs on ${testStoresLabel()}`, () => {
  let without: string;
  let withCosts: string;

  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Costs' })).body.data?.id ?? '';
    const live = await publish(owner, campaignID, { name: 'Costly banner', type: 'Banner' });
    const updated = await owner.put('/v1/campaign/update', {
      id: campaignID,
      name: 'Costs',
      data: { rate: { model: 'CPM', amount: 2.5, currency: 'USD' } },
    });
    expect(updated.httpStatus, JSON.stringify(updated.body)).toBe(200);
    await server.db.query(
      `insert into conversion_actions (id, campaign_id, name, type, counting, lookback_days, currency)
       values ('costs-action', $1, 'Purchase', 'purchase', 'every', 30, 'USD')`,
      [campaignID],
    );
    // 4,000 impressions (USD 10.00 at 2.50 CPM), 40 clicks and 2 conversions worth 20,000 cents.
    const at = new Date('2026-03-02T12:00:00Z');
    const event = (type: TrackedEvent['type'], count: number): TrackedEvent => ({
      liveId: live,
      type,
      at,
      count,
      impressionId: null,
      dims: SITE,
    });
    await server.app.adconsole.events.store.writeBatch([
      event('impression', 4_000),
      event('click', 40),
      event('conversion', 2),
      event('conversionValue', 20_000),
      event('conversionUnsigned', 2),
    ]);
    const made = await newLink({});
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data?.includeCosts).toBe(false);
    without = made.body.data?.token ?? '';
    const costly = await newLink({ includeCosts: true });
    expect(costly.body.data?.includeCosts).toBe(true);
    withCosts = costly.body.data?.token ?? '';
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the owner sees the costs: USD 10.00 spent, USD 200.00 of conversions, ROAS 20', async () => {
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...RANGE, breakdown: 'site' }).toString()}`,
    );
    const own = reportDataSchema.parse(answer.body.data);
    expect(own.totals).toMatchObject({ spend: 10, ecpm: 2.5, ecpc: 0.25, conversionValue: 200, roas: 20 });
    expect(own.breakdown?.rows[0]).toMatchObject({ spend: 10, conversionValue: 200 });
    // The owner's report lists both links, each saying whether it shows the costs.
    expect(own.reportToken.map((link) => [link.token, link.includeCosts])).toEqual([
      [without, false],
      [withCosts, true],
    ]);
  });

  it('a link without costs answers none: no cost figure in any row, no rate, includeCosts false', async () => {
    const data = await shared(without, { breakdown: 'site' });
    expect(data.includeCosts).toBe(false);
    expect(data.rate ?? null).toBeNull();
    const rows = [
      data.totals,
      ...data.series,
      ...data.creatives.map((creative) => creative.totals),
      ...(data.breakdown?.rows ?? []),
    ];
    for (const row of rows) for (const key of COST_FIGURE_KEYS) expect(row, key).not.toHaveProperty(key);
    // Counts and rates stay: 4,000 impressions, 40 clicks (CTR 1 %), 2 conversions (5 % of clicks).
    expect(data.totals).toMatchObject({
      impressions: 4_000,
      clicks: 40,
      ctr: 1,
      conversions: 2,
      conversionRate: 5,
    });
    const events = await shared(without, {}, '/share/events');
    for (const key of COST_FIGURE_KEYS) expect(events.totals).not.toHaveProperty(key);
  });

  it('a link with costs answers them as the owner sees them', async () => {
    const data = reportDataSchema.parse(await shared(withCosts));
    expect(data.includeCosts ?? true).toBe(true);
    expect(data.rate).toEqual({ model: 'CPM', amount: 2.5, currency: 'USD' });
    expect(data.totals).toMatchObject({ spend: 10, conversionValue: 200, roas: 20 });
  });

  it("a link without costs downloads none: the CSV's, the workbook's and the pivot's headers and cells", async () => {
    const csv = (await download(without, 'csv', 'site')).toString('utf8');
    expect(csv).toContain('Impressions');
    expect(csv).toContain('Conversions');
    expect(csv).not.toMatch(COST_WORDS);
    const xlsx = await workbookText(await download(without, 'xlsx'));
    expect(xlsx).toContain('Impressions');
    expect(xlsx).not.toMatch(COST_WORDS);
    const pivot = await workbookText(await download(without, 'xlsx-pivot', 'site'));
    expect(pivot).toContain('Impressions');
    expect(pivot).not.toMatch(COST_WORDS);
    // With costs, the same files have them.
    const costly = (await download(withCosts, 'csv')).toString('utf8');
    expect(costly).toContain('Spend (USD)');
    expect(costly).toContain('Conversion value (USD)');
    expect(costly).toContain('ROAS');
  });

  it('includeCosts must be true or false: anything else is refused naming the field', async () => {
    const bad = await newLink({ includeCosts: 'sometimes' });
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.message).toContain('includeCosts must be true or false');
  });
});

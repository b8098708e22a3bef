// The demo's conversion actions (docs/conversions.md): the demo campaign lists a "Purchase" (every conversion,
// 30 days) and a "Newsletter sign-up" (one per click, 7 days), both in the campaign's rate currency,
// made on the flight's first morning, after the campaign, with their history entries; its conversions, drawn from its clicks and
// written through the ledger, read back whole by the report.
import type { AuditEntry, ConversionAction, ReportData } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import type { TrackedEvent } from '../events/tracked-event';
import { DEMO_RATE, seedDemoData } from './demo';
import { demoConversionEntries } from './demo-conversion-ledger';

const DAY_MS = 86_400_000;
/**
 * The end of the seeded demo (real time is later): two days hold a handful of conversions, and which
 * clicks make them followed the hour the suite ran; fixed, they are the same every run.
 */
const now = new Date('2026-11-25T15:07:00Z');
const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

describe(`the demo's conversion actions on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startServer({ DEMO_PASSWORD: 'demo-password', COMPANY_DOMAIN: 'example.org' });
    await seedDemoData(server.app.adconsole, { now, days: 2 });
    client = new Client(server.url);
    await client.post('/login', {
      method: 'password',
      username: 'demo@example.org',
      password: 'demo-password',
      remember: true,
    });
  });
  afterAll(async () => server?.close());

  it('the demo campaign has a Purchase (every, 30 days) and a Newsletter sign-up (one per click, 7 days) in its rate currency', async () => {
    const [campaign] = (await client.get<{ id: string }[]>('/v1/campaign/mine')).body.data ?? [];
    const actions =
      (await client.get<ConversionAction[]>(`/v1/campaign/conversionActions?campaignID=${campaign?.id}`)).body
        .data ?? [];
    expect(
      actions.map(({ name, type, counting, lookbackDays, currency, archived }) => ({
        name,
        type,
        counting,
        lookbackDays,
        currency,
        archived,
      })),
    ).toEqual([
      {
        name: 'Purchase',
        type: 'purchase',
        counting: 'every',
        lookbackDays: 30,
        currency: DEMO_RATE.currency,
        archived: false,
      },
      {
        name: 'Newsletter sign-up',
        type: 'sign-up',
        counting: 'one-per-click',
        lookbackDays: 7,
        currency: DEMO_RATE.currency,
        archived: false,
      },
    ]);
    // Made on the flight's first morning (two days ago), each with its history entry.
    // (the flight's first morning, after the campaign and its creatives: 9 h 30 in)
    expect(new Date(actions[0]?.createdAt ?? '').getTime()).toBe(
      now.getTime() - 2 * DAY_MS + 9.5 * 3_600_000,
    );
    const history =
      (await client.get<AuditEntry[]>(`/v1/campaign/history?campaignID=${campaign?.id}`)).body.data ?? [];
    const made = history.filter((entry) => entry.entity === 'conversionAction');
    expect(made.map((entry) => entry.changes.name?.[1]).sort()).toEqual(['Newsletter sign-up', 'Purchase']);
  });

  it("the demo campaign's report shows its conversions: the ledger's counted rows, their exact value, the lag and the ones not counted", async () => {
    const [campaign] = (await client.get<{ id: string }[]>('/v1/campaign/mine')).body.data ?? [];
    const answer = await client.get<ReportData>(
      `/v1/campaign/reports?campaignID=${campaign?.id}&start_dt=${day(-3)} 00:00:00&end_dt=${day(1)} 23:59:59`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body.data as ReportData;
    // Refusals are counted per action, live creative, reason and hour, never a ledger row each.
    const [ledger] = await server.db.query<{ counted: string; minor: string; invalid: string }>(
      `select count(*) filter (where reason is null) as counted,
              coalesce(sum(value_minor) filter (where reason is null), 0) as minor,
              (select coalesce(sum(count), 0) from conversion_refusals where campaign_id = $1)
                + count(*) filter (where reason is not null) as invalid
         from conversions where campaign_id = $1`,
      [campaign?.id],
    );
    expect(Number(ledger?.counted)).toBeGreaterThan(0);
    expect(report.totals.conversions).toBe(Number(ledger?.counted));
    expect(report.totals.conversionValueMinor).toBe(Number(ledger?.minor));
    expect(report.totals.conversionValue).toBe(Number(ledger?.minor) / 100);
    expect(report.conversionCurrency).toBe(DEMO_RATE.currency);
    expect(report.conversionLag.reduce((sum, row) => sum + row.conversions, 0)).toBe(Number(ledger?.counted));
    expect(report.invalidConversions.total).toBe(Number(ledger?.invalid));
  });
});

describe("the demo's conversions, drawn from its clicks", () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const secret = Buffer.alloc(32, 7);
  const actions = {
    purchase: { id: 'purchase', currency: 'USD', lookbackDays: 30, maxValueMinor: 50_000, maxPerClick: 5 },
    signUp: { id: 'signup', lookbackDays: 7 },
  };
  const dims = { site: 'news.example', device: 'desktop', os: 'Windows', browser: 'Chrome', country: 'DE' };
  // 40 days of valid clicks, 50 a day, and a bot's 500 clicks.
  const clicks: TrackedEvent[] = [
    ...Array.from({ length: 40 }, (_, day) => ({
      liveId: 'live',
      type: 'click' as const,
      at: new Date(now.getTime() - (40 - day) * DAY_MS),
      count: 50,
      impressionId: null,
      reason: null,
      dims,
    })),
    {
      liveId: 'live',
      type: 'click',
      at: new Date(now.getTime() - 5 * DAY_MS),
      count: 500,
      impressionId: null,
      reason: 'bot',
    },
  ];
  const entries = demoConversionEntries(clicks, 'campaign', actions, secret, now);
  const counted = entries.filter((entry) => entry.row.reason === null);

  it("about 3 % of valid clicks buy and 2 % sign up, each after its click and before now, at the click's breakdown values", () => {
    const purchases = counted.filter((entry) => entry.row.action_id === 'purchase');
    const signUps = counted.filter((entry) => entry.row.action_id === 'signup');
    // 2,000 valid clicks: 60 and 40 expected; conversions later than now are left out.
    expect(purchases.length).toBeGreaterThan(35);
    expect(purchases.length).toBeLessThan(80);
    expect(signUps.length).toBeGreaterThan(20);
    expect(signUps.length).toBeLessThan(60);
    for (const { row, dims: rowDims } of counted) {
      expect(row.converted_at.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(row.converted_at.getTime()).toBeGreaterThanOrEqual(row.clicked_at?.getTime() ?? Number.NaN);
      expect(rowDims).toEqual(dims);
    }
    // A purchase has a value in cents (USD 19 to 189) and an order; a sign-up neither, one per click.
    expect(purchases.every((entry) => entry.row.value_minor >= 1900 && entry.row.order_hash !== null)).toBe(
      true,
    );
    expect(signUps.every((entry) => entry.row.value_minor === 0 && entry.row.click_key !== null)).toBe(true);
  });

  it('the ones not counted carry the reasons the panel lists; a late one is past its window, a forged one names no creative', () => {
    const reasons = new Set(entries.map((entry) => entry.row.reason));
    expect(reasons).toContain('invalid-click');
    // The postback's refusals: a value over the maximum, a click past its cap, a postback without the key;
    // the tag's: a bot's call, a value far above the baskets.
    for (const reason of [
      'over-max-value',
      'click-cap',
      'unsigned',
      'invalid-traffic',
      'implausible',
    ] as const)
      expect(reasons, reason).toContain(reason);
    for (const entry of entries.filter((each) => each.row.reason === 'over-max-value'))
      expect(entry.row.value_minor).toBeGreaterThan(50_000);
    // Signed (the shop's server) and unsigned (the tag) among the counted ones.
    expect(counted.some((entry) => entry.row.signed)).toBe(true);
    expect(counted.some((entry) => !entry.row.signed && entry.row.source === 'tag')).toBe(true);
    for (const entry of entries.filter((each) => each.row.reason === 'expired')) {
      const lag = entry.row.converted_at.getTime() - (entry.row.clicked_at?.getTime() ?? 0);
      expect(lag).toBeGreaterThan(30 * DAY_MS);
    }
    for (const entry of entries.filter((each) => each.row.reason === 'forged'))
      expect(entry.row.live_id).toBeNull();
    // The same draws every time: the demo looks the same on every first start.
    expect(
      demoConversionEntries(clicks, 'campaign', actions, secret, now).map((entry) => entry.row.value_minor),
    ).toEqual(entries.map((entry) => entry.row.value_minor));
  });
});

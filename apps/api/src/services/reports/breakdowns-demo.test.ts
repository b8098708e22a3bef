// The demo's breakdowns are full at first look (docs/reports.md, "Breakdowns"): about 30 sites with apps among them, every
// device type, several operating systems and browsers, 20 countries, and the differences an advertiser
// expects (desktop clicks more than mobile, a connected TV hardly at all); and they add up to the totals.
import {
  type Breakdown,
  type BreakdownDimension,
  type ReportData,
  reportDataSchema,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { daysAroundToday } from '../../test/helpers';
import { seedDemoData } from '../demo/demo';

describe(`the demo's breakdowns (${testStoresLabel()})`, () => {
  let server: TestServer;
  let client: Client;
  let campaignID: string;

  beforeAll(async () => {
    server = await startServer({ DEMO_PASSWORD: 'demo-password', COMPANY_DOMAIN: 'example.org' });
    // A week is enough to see every value (the product seeds 90 days).
    await seedDemoData(server.app.adconsole, { days: 7 });
    client = new Client(server.url);
    const login = await client.post('/login', {
      method: 'password',
      username: 'demo@example.org',
      password: 'demo-password',
      remember: true,
    });
    expect(login.httpStatus).toBe(200);
    campaignID = (await client.get<{ id: string }[]>('/v1/campaign/mine')).body.data?.[0]?.id ?? '';
  });
  afterAll(async () => server?.close());

  const breakdownOf = async (breakdown: BreakdownDimension) => {
    const answer = await client.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({
        campaignID,
        ...daysAroundToday(10, 1),
        breakdown,
      })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    const report = reportDataSchema.parse(answer.body.data);
    const figures = report.breakdown as Breakdown;
    const impressions =
      figures.rows.reduce((sum, row) => sum + row.impressions, 0) +
      (figures.other?.impressions ?? 0) +
      (figures.unknown?.impressions ?? 0);
    expect(impressions, breakdown).toBe(report.totals.impressions);
    return figures;
  };

  it('spreads over about 30 sites (apps among them), every device type, several OSes and browsers, 20 countries', async () => {
    const sites = await breakdownOf('site');
    expect(sites.rows.length).toBeGreaterThanOrEqual(28);
    expect(sites.rows.some((row) => row.label.endsWith('(app)'))).toBe(true);
    const devices = await breakdownOf('device');
    expect(devices.rows.map((row) => row.value).sort()).toEqual([
      'ctv',
      'desktop',
      'mobile',
      'other',
      'tablet',
    ]);
    expect((await breakdownOf('os')).rows.length).toBeGreaterThanOrEqual(8);
    expect((await breakdownOf('browser')).rows.length).toBeGreaterThanOrEqual(8);
    const countries = await breakdownOf('country');
    expect(countries.rows).toHaveLength(20);
    expect(countries.rows[0]).toMatchObject({ value: 'US', label: 'United States' });
    expect(countries.unknown?.impressions).toBeGreaterThan(0);
  });

  it('shows realistic differences: desktop clicks more than mobile, a connected TV hardly at all', async () => {
    const devices = await breakdownOf('device');
    const ctr = (value: string) => devices.rows.find((row) => row.value === value)?.ctr ?? Number.NaN;
    expect(ctr('desktop')).toBeGreaterThan(ctr('mobile'));
    expect(ctr('mobile')).toBeGreaterThan(ctr('ctv'));
  });
});

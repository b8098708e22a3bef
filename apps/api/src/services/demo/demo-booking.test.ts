// The demo's goal, rate and archived campaign (docs/reports.md, "Goals, rates and spend"): the demo campaign books an impression goal
// and a CPM rate its 90 days of events pace "Behind" on (about 11 % under the even-delivery line,
// projected over 90 % of the goal: not "At risk"), at any hour of the day; an older campaign of the demo
// account is archived (out of the default list, under the Archived filter). It also shows a share link made
// without costs and a history that reads like the forms.
import { campaignPacing } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { DEMO_GOAL, DEMO_RATE, demoEvents, seedDemoData } from './demo';

const DAY_MS = 86_400_000;

describe(`the demo's goal, rate and archived campaign on ${testDatabaseKind()}`, () => {
  it('the demo campaign paces "Behind" at every hour of the day (90 days seeded, 30 to go)', () => {
    for (let hour = 0; hour < 24; hour += 4) {
      const now = new Date(Date.UTC(2026, 10, 25, hour, 7));
      const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
      const counts = new Map<string, number>();
      for (const event of demoEvents(['a', 'b', 'c', 'd'], now, 90)) {
        if (event.type !== 'impression' || event.reason !== null) continue;
        const date = event.at.toISOString().slice(0, 10);
        counts.set(date, (counts.get(date) ?? 0) + event.count);
      }
      const pacing = campaignPacing({
        goal: DEMO_GOAL,
        flight: { start: { date: day(-90) }, end: { date: day(30) }, timezone: 'UTC' },
        delivered: [...counts].map(([date, count]) => ({ date, count })),
        now,
      });
      expect(pacing?.status, `at ${hour}:07 UTC`).toBe('behind');
    }
  });

  describe('seeded', () => {
    let server: TestServer;
    let client: Client;
    beforeAll(async () => {
      server = await startServer({ DEMO_PASSWORD: 'demo-password', COMPANY_DOMAIN: 'example.org' });
      await seedDemoData(server.app.adconsole, { days: 2 });
      client = new Client(server.url);
      await client.post('/login', {
        method: 'password',
        username: 'demo@example.org',
        password: 'demo-password',
        remember: true,
      });
    });
    afterAll(async () => server?.close());

    it('the demo campaign answers its goal and CPM rate; one archived campaign is listed under Archived only', async () => {
      const listed =
        (await client.get<{ name: string; data: object }[]>('/v1/campaign/mine')).body.data ?? [];
      expect(listed.map((campaign) => campaign.name)).toEqual(['Demo campaign', 'Morning brew launch']);
      expect(listed[0]?.data).toMatchObject({ goal: DEMO_GOAL, rate: DEMO_RATE });
      expect(DEMO_RATE.model).toBe('CPM');
      const archived =
        (await client.get<{ name: string; archivedAt: string | null }[]>('/v1/campaign/mine?status=archived'))
          .body.data ?? [];
      expect(archived.map((campaign) => campaign.name)).toEqual(['Spring preview']);
      expect(archived[0]?.archivedAt).not.toBeNull();
    });

    it("the demo's advertisers: Northwind Outdoor's campaigns, one funded by its order, and Contoso Coffee's", async () => {
      const advertisers =
        (
          await client.get<{ advertisers: { id: string; name: string; campaignCount: number }[] }>(
            '/v1/advertiser/list',
          )
        ).body.data?.advertisers ?? [];
      expect(advertisers.map((a) => [a.name, a.campaignCount])).toEqual([
        ['Contoso Coffee', 1],
        ['Northwind Outdoor', 1],
      ]);
      const northwind = await client.get<{
        insertionOrders: { poNumber: string; budget: number; campaignIds: string[] }[];
        campaigns: { name: string }[];
      }>(`/v1/advertiser/get?id=${advertisers[1]?.id}`);
      expect(northwind.body.data?.campaigns.map((c) => c.name)).toEqual(['Demo campaign', 'Spring preview']);
      expect(northwind.body.data?.insertionOrders).toEqual([
        expect.objectContaining({
          poNumber: 'PO-NW-2026-014',
          budget: 7500,
          campaignIds: [expect.any(String)],
        }),
      ]);
    });

    it('the demo shows a share link without costs and a readable history (the landing page, by its creative)', async () => {
      const [demo] = (await client.get<{ id: string }[]>('/v1/campaign/mine')).body.data ?? [];
      const range = 'start_dt=2026-01-01%2000:00:00&end_dt=2026-01-01%2023:59:59&tzOffset=%2B00:00';
      const report = await client.get<{ reportToken: { includeCosts: boolean }[] }>(
        `/v1/campaign/reports?campaignID=${demo?.id}&${range}`,
      );
      expect(report.body.data?.reportToken.map((link) => link.includeCosts)).toEqual([false]);
      const history =
        (
          await client.get<
            { entity: string; action: string; entityName?: string; changes: Record<string, unknown> }[]
          >(`/v1/campaign/history?campaignID=${demo?.id}`)
        ).body.data ?? [];
      const landing = history.find((entry) => entry.entity === 'creative' && entry.action === 'update');
      expect(landing?.entityName).toBeTruthy();
      expect(Object.keys(landing?.changes ?? {})).toEqual(['trackers']);
      expect(history.some((entry) => entry.entity === 'shareLink')).toBe(true);
    });
  });
});

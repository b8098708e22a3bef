// The demo's delivery rules and ad requests (docs/serving.md, "Delivery rules"; docs/reports.md,
// "Requests not served"): the first look shows the campaign's rules in one line and a report whose
// "Requests not served, by reason" panel adds up; the demo page's own visitor is still served.
import {
  type BillingStatement,
  deliveryRulesSummary,
  FIGURE_OF_NOTE,
  type ReportData,
  reachFrequencyProblems,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestServer } from '../../test/harness';
import { testDatabaseKind } from '../../test/harness';
import { BROWSER_USER_AGENT, seededDemo } from '../../test/helpers';
import { DEMO_ADVERTISER } from './demo-advertisers';
import { DEMO_DELIVERY_RULES } from './demo-delivery';

describe(`the demo's delivery rules on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let client: Client;
  let campaignID: string;
  beforeAll(async () => {
    ({ server, client } = await seededDemo(4));
    const listed =
      (await client.get<{ id: string; deliveryRules: object }[]>('/v1/campaign/mine')).body.data ?? [];
    campaignID = listed[0]?.id ?? '';
    expect(listed[0]?.deliveryRules).toEqual(DEMO_DELIVERY_RULES);
  });
  afterAll(async () => server?.close());

  it('the campaign answers its rules, read in one line, and its history says who set them', async () => {
    expect(deliveryRulesSummary(DEMO_DELIVERY_RULES, 'UTC')).toBe(
      'not China, Russia · not on clickfarm.example, free-streams.example',
    );
    const history = await client.get<{ entity: string }[]>(`/v1/campaign/history?campaignID=${campaignID}`);
    expect(history.body.data?.some((entry) => entry.entity === 'deliveryRules')).toBe(true);
  });

  it("the report's requests not served add up: requests = served + each reason, by day; invalid traffic served and the notes show", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await client.get<ReportData>(
      `/v1/campaign/reports?campaignID=${campaignID}&start_dt=${day(-6)}%2000:00:00&end_dt=${day(1)}%2023:59:59`,
    );
    const data = report.body.data as ReportData;
    const { totals, series } = data.notServed;
    expect(totals.adsServed).toBeGreaterThan(data.totals.impressions);
    expect(totals.notServedCountry).toBeGreaterThan(0);
    expect(totals.notServedSite).toBeGreaterThan(0);
    expect(totals.notServedFlight).toBeGreaterThan(0);
    expect(totals.adsServedInvalid).toBeGreaterThan(0);
    expect(totals.requestsSiteMismatch).toBeGreaterThan(0);
    expect(totals.requestsDeviceIdUnusable).toBeGreaterThan(0);
    const notes = new Set<string>(Object.values(FIGURE_OF_NOTE));
    for (const point of series) {
      const { date, adRequests, ...outcomes } = point;
      const sum = Object.entries(outcomes).reduce(
        (total, [key, n]) => (notes.has(key) ? total : total + n),
        0,
      );
      expect(adRequests, date).toBe(sum);
    }
    expect(series.reduce((sum, point) => sum + point.adRequests, 0)).toBe(totals.adRequests);
  });

  it("the report's Frequency card is full: ten bars, browsers = the first ads, the average = ads / browsers", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await client.get<ReportData>(
      `/v1/campaign/reports?campaignID=${campaignID}&start_dt=${day(-6)}%2000:00:00&end_dt=${day(1)}%2023:59:59`,
    );
    const { frequency } = report.body.data as ReportData;
    expect(frequency.windows).toEqual(['day']);
    expect(frequency.bars).toHaveLength(10);
    expect(frequency.bars.every((bar) => bar.browsers > 0)).toBe(true);
    // The bars add up to the browsers (c(1) - c(2) + ... + c(9) - c(10) + c(10) = c(1)).
    expect(frequency.bars.reduce((sum, bar) => sum + bar.browsers, 0)).toBe(frequency.browsers);
    expect(frequency.average).toBeCloseTo(frequency.ads / frequency.browsers, 10);
  });

  it("the report's Reach card is full: a curve that climbs, browsers and devices, ads with and without an identity", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await client.get<ReportData>(
      `/v1/campaign/reports?campaignID=${campaignID}&start_dt=${day(-3)}%2000:00:00&end_dt=${day(0)}%2023:59:59`,
    );
    const { reach } = report.body.data as ReportData;
    expect(reach.browsers).toBeGreaterThan(0);
    expect(reach.devices).toBeGreaterThan(0);
    expect(reach.ads).toBeGreaterThan(reach.identifiedAds);
    expect(reach.averageFrequency).toBeGreaterThan(1);
    expect(reach.days).toHaveLength(4);
    const curve = reach.days.map((point) => point.cumulative);
    expect(curve).toEqual([...curve].sort((a, b) => a - b));
    // The curve's end is the range's reach.
    expect(curve[3]).toBe(reach.reach);
    expect(reach.days.slice(1).every((point) => point.returning > 0 && point.new > 0)).toBe(true);
  });

  it('the Reach and Frequency cards agree: a week has fewer browsers than browser-days; one day, the same ads each', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const read = async (first: number, last: number) =>
      (
        await client.get<ReportData>(
          `/v1/campaign/reports?campaignID=${campaignID}&start_dt=${day(first)}%2000:00:00&end_dt=${day(last)}%2023:59:59`,
        )
      ).body.data as ReportData;
    const week = await read(-7, -1);
    expect(week.reach.reach).toBeGreaterThan(0);
    expect(reachFrequencyProblems(week.reach, week.frequency)).toEqual([]);
    // Browsers come back on other days: reach over the week is well below the browser-days.
    expect(week.reach.reach).toBeLessThan(week.frequency.browsers * 0.9);
    const yesterday = await read(-1, -1);
    expect(reachFrequencyProblems(yesterday.reach, yesterday.frequency, { oneWindow: true })).toEqual([]);
    expect(yesterday.frequency.average).toBeGreaterThan(1.5);
  });

  it('Northwind Outdoor\'s billing statement of this month and the last bills the campaign\'s impressions under its order (docs/reports.md, "Billing statement")', async () => {
    const advertisers =
      (await client.get<{ advertisers: { id: string; name: string }[] }>('/v1/advertiser/list')).body.data
        ?.advertisers ?? [];
    const northwind = advertisers.find((advertiser) => advertiser.name === DEMO_ADVERTISER);
    const now = new Date();
    const months = [0, 1].map((back) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
    );
    const lines = [];
    for (const month of months) {
      const answer = await client.get<BillingStatement>(
        `/v1/advertiser/statement?id=${northwind?.id}&month=${month}&timezone=UTC`,
      );
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      lines.push(...(answer.body.data?.lines ?? []));
    }
    const billed = lines.filter((line) => line.poNumber !== null && (line.amount ?? 0) > 0);
    expect(billed.length).toBeGreaterThan(0);
    expect(billed.every((line) => line.model === 'CPM' && (line.units ?? 0) > 0)).toBe(true);
  });

  it("the demo page's visitor on this machine is still served (no country, a desktop browser)", async () => {
    const page = await (await fetch(`${server.url}/serve/demo`)).text();
    const liveId = /data-live-id="([^"]+)"/.exec(page)?.[1] ?? '';
    const answer = await fetch(`${server.url}/serve/ad/${liveId}.json`, {
      headers: { 'User-Agent': BROWSER_USER_AGENT },
    });
    expect(answer.status).toBe(200);
  });
});

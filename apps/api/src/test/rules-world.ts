// What the suites serving against delivery rules, frequency caps and even delivery share
// (delivery-rules-served, frequency-caps-served, gate-integrity, rate-rule-security-6): a campaign, a
// published banner, the creative of a live id, the rules set through the API (a 200 expected), an evenly
// delivered campaign of a known budget and the report's request counts. Getters, as the suites'
// beforeAll makes the server and the owner.
import { type ReportData, reportDataSchema } from '@adconsole/domain';
import { expect } from 'vitest';
import type { Client, TestServer } from './harness';
import { daysAroundToday, publishedLive } from './helpers';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * A broadband address in the United States, a new one for each number (outside the EEA: a request of
 * it without a GDPR signal may keep device state, docs/privacy.md).
 */
export const usAddress = (index: number) => `73.100.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;

/** A fresh UUID-shaped device id (`ifa=`) for each number. */
export const deviceId = (index: number) => `6d92078a-8246-4ba4-ae5b-${String(index).padStart(12, '0')}`;

/** Runs `work` for 0..count-1, `width` at a time. */
export async function inWaves<T>(
  count: number,
  width: number,
  work: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += width)
    results.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(width, count - start) }, (_, offset) => work(start + offset)),
      )),
    );
  return results;
}

export function rulesWorld(world: () => { server: TestServer; owner: Client; image: Buffer }) {
  const setThrough = async (path: string, body: Record<string, unknown>) => {
    const answer = await world().owner.put(path, body);
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  };
  const banner = (campaignID: string, name = 'Banner') =>
    publishedLive(world().owner, campaignID, { name, type: 'Banner', width: 300, height: 250 }, [
      { name: 'banner.png', bytes: world().image },
    ]);
  /** The campaign's report of the days around today, this process's request counts written first. */
  const report = async (campaignID: string): Promise<ReportData> => {
    await world().server.app.adconsole.events.requests.flush();
    const answer = await world().owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday() })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data);
  };
  return {
    newCampaign: async (name: string) =>
      (await world().owner.post<{ id: string }>('/v1/campaign/new', { name })).body.data?.id ?? '',
    banner,
    creativeOf: async (liveId: string) =>
      (
        await world().server.db.query<{ creative_id: string }>(
          'select creative_id from live_creatives where id = $1',
          [liveId],
        )
      )[0]?.creative_id ?? '',
    setRules: (campaignID: string, rules: Record<string, unknown>) =>
      setThrough('/v1/campaign/deliveryRules', { campaignID, rules }),
    setCreativeRules: (creativeID: string, rules: Record<string, unknown>) =>
      setThrough('/v1/campaign/creatives/deliveryRules', { creativeID, rules }),
    /**
     * An evenly delivered campaign with a banner, whose first period's budget is 23 ads when the clock
     * reads today: 9,936 impressions over a 72-hour flight are 138 an hour; behind the plan (a day in,
     * none delivered) it catches up at twice that, 276 an hour, 23 in the 5-minute period. One client's
     * share of it: ceil(23 × 5 %) = 2.
     */
    evenCampaign: async (name: string) => {
      const made = await world().owner.post<{ id: string }>('/v1/campaign/new', {
        name,
        data: {
          start: { date: day(-1) },
          end: { date: day(1) },
          timezone: 'UTC',
          goal: { metric: 'impressions', amount: 9936 },
          deliveryMode: 'even',
        },
      });
      expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
      const campaignID = made.body.data?.id ?? '';
      return { campaignID, live: await banner(campaignID) };
    },
    report,
    /** The campaign's ad requests by outcome (the report's not-served totals). */
    notServed: async (campaignID: string) => (await report(campaignID)).notServed.totals,
  };
}

// Even delivery through the API (docs/serving.md, "Even delivery"): the delivery mode beside the goal
// (400 naming the field without one), and a throttled ad request answering no ad, counted `throttled`
// in the report's not-served panel; once the goal is reached, nothing more served. The server's clock
// is pinned (the throttle's period walks with it) and its random source seeded.
import { type ReportData, reportDataSchema, servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import {
  BROWSER_USER_AGENT,
  daysAroundToday,
  demoAsset,
  publishedLive,
  signedInUser,
} from '../../test/helpers';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** A 3-day flight (72 hours) around today, UTC. */
const flight = { start: { date: day(-1) }, end: { date: day(1) }, timezone: 'UTC' };

describe(`even delivery (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;
  let now = Date.now();

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' }, { clock: () => now, random: () => 0.5 });
    owner = (await signedInUser(server)).client;
    image = await demoAsset('banner.png');
  });
  afterAll(() => server.close());

  const campaign = async (data: Record<string, unknown>) => {
    const made = await owner.post<{ id: string; data: { deliveryMode: string } }>('/v1/campaign/new', {
      name: 'Evenly',
      data: { ...flight, ...data },
    });
    return made;
  };
  const banner = (campaignID: string) =>
    publishedLive(owner, campaignID, { name: 'Banner', type: 'Banner', width: 300, height: 250 }, [
      { name: 'banner.png', bytes: image },
    ]);
  const ad = async (liveId: string) => {
    const response = await fetch(`${server.url}/serve/ad/${liveId}.json`, {
      headers: { 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': '79.192.7.7' },
    });
    const body = await response.text();
    return {
      status: response.status,
      ad: response.status === 200 ? servedAdSchema.parse(JSON.parse(body)) : null,
    };
  };
  const notServed = async (campaignID: string) => {
    const answer = await owner.get<ReportData>(
      `/v1/campaign/reports?${new URLSearchParams({ campaignID, ...daysAroundToday() })}`,
    );
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return reportDataSchema.parse(answer.body.data).notServed.totals;
  };

  it('even delivery needs a goal: 400 naming data.deliveryMode; cleared with the goal', async () => {
    const refused = await campaign({ deliveryMode: 'even' });
    expect(refused.httpStatus).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(
      'data.deliveryMode: Even delivery follows the goal: book a goal or a lifetime budget to deliver evenly',
    );
    const made = await campaign({ deliveryMode: 'even', goal: { metric: 'impressions', amount: 72 } });
    expect(made.httpStatus).toBe(200);
    expect(made.body.data?.data.deliveryMode).toBe('even');
    const id = made.body.data?.id ?? '';
    // Clearing the goal while asking for even delivery is refused; clearing it alone delivers asap.
    const both = await owner.put('/v1/campaign/update', {
      id,
      name: 'Evenly',
      data: { goal: null, deliveryMode: 'even' },
    });
    expect(both.httpStatus).toBe(400);
    const cleared = await owner.put<{ data: { deliveryMode: string } }>('/v1/campaign/update', {
      id,
      name: 'Evenly',
      data: { goal: null },
    });
    expect(cleared.body.data?.data.deliveryMode).toBe('asap');
  });

  it('a throttled request answers no ad and is counted throttled: 72 impressions over 72 hours allow one ad in the first 5 minutes', async () => {
    // The plan is 1 an hour; catching up is limited to 2 an hour: a budget of 1 for the period.
    const made = await campaign({ deliveryMode: 'even', goal: { metric: 'impressions', amount: 72 } });
    const campaignID = made.body.data?.id ?? '';
    const live = await banner(campaignID);
    expect((await ad(live)).status).toBe(200);
    expect((await ad(live)).status).toBe(404);
    expect((await ad(live)).status).toBe(404);
    expect(await notServed(campaignID)).toMatchObject({ adRequests: 3, adsServed: 1, notServedThrottled: 2 });
    // The pacing answer carries the mode and the throttle's current rate (the start rate: 1).
    const answer = await owner.get<{ pacing: { deliveryMode?: string; throttleRate?: number | null } }>(
      `/v1/campaign/get?campaignID=${campaignID}`,
    );
    expect(answer.body.data?.pacing).toMatchObject({ deliveryMode: 'even', throttleRate: 1 });
  });

  it("a placement's request is throttled alike, counted under the creative its rotation chose", async () => {
    const made = await campaign({ deliveryMode: 'even', goal: { metric: 'impressions', amount: 72 } });
    const campaignID = made.body.data?.id ?? '';
    const live = await banner(campaignID);
    const [row] = await server.db.query<{ creative_id: string }>(
      'select creative_id from live_creatives where id = $1',
      [live],
    );
    const placement = await owner.post<{ id: string }>('/v1/campaign/placements', {
      campaignID,
      name: 'Slot',
      items: [{ creativeId: row?.creative_id }],
    });
    const path = `/serve/ad/p/${placement.body.data?.id}.json`;
    const status = async () =>
      (
        await fetch(`${server.url}${path}`, {
          headers: { 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': '79.192.7.7' },
        })
      ).status;
    expect(await status()).toBe(200);
    expect(await status()).toBe(404);
    expect(await notServed(campaignID)).toMatchObject({ adRequests: 2, adsServed: 1, notServedThrottled: 1 });
  });

  it('the goal reached: nothing more served', async () => {
    const made = await campaign({ deliveryMode: 'even', goal: { metric: 'impressions', amount: 1 } });
    const campaignID = made.body.data?.id ?? '';
    const live = await banner(campaignID);
    const first = await ad(live);
    expect(first.status).toBe(200);
    // Its impression is counted: the goal is reached.
    const beacon = new URL(first.ad?.events.impression ?? '');
    const counted = await fetch(`${server.url}${beacon.pathname}${beacon.search}`, {
      headers: { 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': '79.192.7.7' },
    });
    expect(counted.status).toBeLessThan(300);
    const throttles = server.app.adconsole.throttles;
    // The next period: its first request starts the recompute, which finds the goal reached.
    now += 5 * 60_000;
    expect((await ad(live)).status).toBe(404);
    await expect.poll(() => throttles.current(campaignID)?.basis).toBe('goal-reached');
    now += 5 * 60_000;
    for (let i = 0; i < 3; i += 1) expect((await ad(live)).status).toBe(404);
    expect(throttles.current(campaignID)).toMatchObject({ rate: 0, budget: 0 });
    expect(await notServed(campaignID)).toMatchObject({ adsServed: 1, notServedThrottled: 4 });
    // A goal raised in this process takes effect at its next request: a new throttle that serves again
    // (2 an hour of the 5 requests counted in the last hour: a rate above 0, a budget of 1).
    const raised = await owner.put('/v1/campaign/update', {
      id: campaignID,
      name: 'Evenly',
      data: { goal: { metric: 'impressions', amount: 72 } },
    });
    expect(raised.httpStatus).toBe(200);
    await ad(live);
    expect(throttles.current(campaignID)).toMatchObject({ basis: 'planned', budget: 1 });
    expect(throttles.current(campaignID)?.rate).toBeGreaterThan(0);
  });

  it('a campaign delivered as fast as possible is never throttled', async () => {
    const made = await campaign({ goal: { metric: 'impressions', amount: 1 } });
    const campaignID = made.body.data?.id ?? '';
    expect(made.body.data?.data.deliveryMode).toBe('asap');
    const pacing = (await owner.get<{ pacing: object }>(`/v1/campaign/get?campaignID=${campaignID}`)).body
      .data?.pacing;
    expect(pacing).not.toHaveProperty('throttleRate');
    const live = await banner(campaignID);
    for (let i = 0; i < 3; i += 1) expect((await ad(live)).status).toBe(200);
    expect(await notServed(campaignID)).toMatchObject({ adsServed: 3, notServedThrottled: 0 });
  });
});

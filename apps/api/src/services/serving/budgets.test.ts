// Budgets in money through the API and the ad server (docs/serving.md, "Budgets in money"): the budget
// beside the rate (400 without one, or finer than the currency), its changes in the history, spent and
// left in the campaign's answer; a lifetime budget of USD 10.00 at a USD 5.00 CPM serves 2,000 counted
// impressions and then refuses, counted "budget spent"; a daily budget stops the day and serves again the
// next. The server's clock is pinned (the budget's reads and its day walk with it).
import { type DeliveryTest, servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { BROWSER_USER_AGENT, demoAsset, publishedLive, signedInUser } from '../../test/helpers';
import { inWaves, rulesWorld, usAddress } from '../../test/rules-world';

const DAY_MS = 86_400_000;
const usdCpm = { model: 'CPM', amount: 5, currency: 'USD' };

interface BudgetAnswer {
  id: string;
  data: { budget?: { lifetime?: number; daily?: number } | null };
  budgetStatus: {
    currency: string;
    lifetime: { budget: number; spent: number; left: number; state: string } | null;
    daily: { budget: number; spent: number; left: number; state: string } | null;
    state: string;
  } | null;
}

describe(`budgets in money (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;
  let now = Date.now();

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' }, { clock: () => now });
    owner = (await signedInUser(server)).client;
    image = await demoAsset('banner.png');
  });
  afterAll(() => server.close());

  const { report } = rulesWorld(() => ({ server, owner, image }));
  const campaign = (data: Record<string, unknown>) =>
    owner.post<BudgetAnswer>('/v1/campaign/new', { name: 'Budgeted', data });
  const banner = (campaignID: string) =>
    publishedLive(owner, campaignID, { name: 'Banner', type: 'Banner', width: 300, height: 250 }, [
      { name: 'banner.png', bytes: image },
    ]);
  /** An ad request from a new US address; its impression beacon's path when served. */
  const ad = async (liveId: string, index: number) => {
    const response = await fetch(`${server.url}/serve/ad/${liveId}.json`, {
      headers: { 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': usAddress(index) },
    });
    const body = await response.text();
    if (response.status !== 200) return null;
    const beacon = new URL(servedAdSchema.parse(JSON.parse(body)).events.impression ?? '');
    return `${beacon.pathname}${beacon.search}`;
  };
  /** The impression beacons of served ads, sent as the page sends them (each counted once). */
  const beacons = (paths: readonly (string | null)[]) =>
    inWaves(paths.length, 25, async (index) => {
      const path = paths[index];
      if (!path) return;
      const sent = await fetch(`${server.url}${path}`, {
        headers: { 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': usAddress(index) },
      });
      expect(sent.status).toBeLessThan(300);
    });
  const status = async (campaignID: string) =>
    (await owner.get<BudgetAnswer>(`/v1/campaign/get?campaignID=${campaignID}`)).body.data?.budgetStatus;
  const gates = () => server.app.adconsole.budgets;

  /**
   * Ad requests in waves of `width` from new addresses, each served ad's impression beacon sent, the
   * clock a second on after each wave (the allowance is read again as it runs out), until `wanted` are
   * served: the ads served, and the next address's number.
   */
  const serveUntilRefused = async (liveId: string, first: number, wanted: number, width: number) => {
    let served = 0;
    let next = first;
    for (let wave = 0; wave < 60 && served < wanted; wave += 1) {
      const start = next;
      const paths = await inWaves(width, 25, (index) => ad(liveId, start + index));
      next += width;
      await beacons(paths);
      // Counted in the store before the clock moves on (a second of it is a few milliseconds here).
      await server.app.adconsole.events.writer.flush();
      served += paths.filter(Boolean).length;
      now += 1000;
    }
    return { served, next };
  };

  it("a budget needs a rate and the currency's decimals; daily not above lifetime; changes are in the history", async () => {
    const noRate = await campaign({ budget: { lifetime: 10 } });
    expect(noRate.httpStatus).toBe(400);
    expect(noRate.body.message).toBe(
      'data.budget: Set a rate before a budget: spend is the counted events times the rate',
    );
    const fine = await campaign({ rate: usdCpm, budget: { lifetime: 10.005 } });
    expect(fine.body.message).toBe('data.budget.lifetime: A USD budget has at most 2 decimals');
    const daily = await campaign({ rate: usdCpm, budget: { lifetime: 10, daily: 11 } });
    expect(daily.httpStatus).toBe(400);
    expect(JSON.stringify(daily.body)).toContain('The daily budget cannot be more than the lifetime budget');
    // Money pacing: even delivery with a lifetime budget and a rate paces to what the budget buys, no goal needed.
    const paced = await campaign({ rate: usdCpm, budget: { lifetime: 10 }, deliveryMode: 'even' });
    expect(paced.httpStatus, JSON.stringify(paced.body)).toBe(200);
    expect((await campaign({ rate: usdCpm, budget: { daily: 2 }, deliveryMode: 'even' })).httpStatus).toBe(
      400,
    );
    const made = await campaign({ rate: usdCpm, budget: { lifetime: 10, daily: 2 } });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data?.id ?? '';
    expect(made.body.data?.data.budget).toEqual({ lifetime: 10, daily: 2 });
    expect(made.body.data?.budgetStatus).toMatchObject({
      currency: 'USD',
      lifetime: { budget: 10, spent: 0, left: 10, state: 'under' },
      daily: { budget: 2, spent: 0, left: 2, state: 'under' },
    });
    // Clearing the rate while the budget stays is refused; clearing both is not.
    const rateGone = await owner.put('/v1/campaign/update', { id, name: 'Budgeted', data: { rate: null } });
    expect(rateGone.httpStatus).toBe(400);
    const raised = await owner.put('/v1/campaign/update', {
      id,
      name: 'Budgeted',
      data: { budget: { lifetime: 25 } },
    });
    expect(raised.httpStatus, JSON.stringify(raised.body)).toBe(200);
    const history = await owner.get<{ changes: Record<string, [unknown, unknown]> }[]>(
      `/v1/campaign/history?campaignID=${id}`,
    );
    expect(history.body.data?.[0]?.changes.budget).toEqual([
      'USD 10.00 lifetime · USD 2.00 a day',
      'USD 25.00 lifetime',
    ]);
  });

  it('a lifetime budget of USD 10.00 at a USD 5.00 CPM serves 2,000 counted impressions, then refuses: "budget spent"', async () => {
    const made = await campaign({ rate: usdCpm, budget: { lifetime: 10 } });
    const campaignID = made.body.data?.id ?? '';
    const live = await banner(campaignID);
    // The first read allows a tenth; alone, each read after allows what is left less the ads in flight.
    const { served, next } = await serveUntilRefused(live, 0, 2000, 250);
    expect(served).toBe(2000);
    // Every read now counts the 2,000 impressions: USD 10.00 spent, nothing left, nothing served.
    await expect
      .poll(async () => {
        now += 5000;
        expect(await ad(live, next)).toBeNull();
        return gates().current(campaignID)?.figures.lifetime?.spent;
      })
      .toBe(10);
    expect(gates().current(campaignID)).toMatchObject({ left: 0, allowance: 0, figures: { state: 'spent' } });
    expect(await status(campaignID)).toMatchObject({
      lifetime: { budget: 10, spent: 10, left: 0, state: 'spent' },
      state: 'spent',
    });
    const reported = await report(campaignID);
    // The report's summary carries the budget now: spent and left (docs/reports.md).
    expect(reported.budget?.lifetime).toMatchObject({ budget: 10, spent: 10, left: 0, state: 'spent' });
    const counted = reported.notServed.totals;
    expect(counted.adsServed).toBe(2000);
    expect(counted.notServedBudget).toBe(counted.adRequests - 2000);
    expect(counted.notServedBudget).toBeGreaterThanOrEqual(2);
    // The tag tester judges the gate's budget step too (gate-dry-run.ts): not served, "Budget spent".
    const tested = await owner.post<DeliveryTest>('/v1/campaign/deliveryRules/test', {
      campaignID,
      liveID: live,
      address: usAddress(next + 1),
      userAgent: BROWSER_USER_AGENT,
    });
    expect(tested.body.data).toMatchObject({
      served: false,
      reason: 'budget',
      reasonLabel: 'Budget spent',
      reasons: [{ reason: 'budget', label: 'Budget spent' }],
    });
    expect(tested.body.data?.steps?.find((step) => step.step === 'budget')).toMatchObject({
      verdict: 'refused',
      reasons: [{ reason: 'budget' }],
    });
  });

  it("a daily budget stops the day (the flight zone's) and serves again the next", async () => {
    // USD 0.10 a day at a USD 5.00 CPM: 20 impressions a day.
    const made = await campaign({ rate: usdCpm, budget: { daily: 0.1 }, timezone: 'UTC' });
    const campaignID = made.body.data?.id ?? '';
    const live = await banner(campaignID);
    const { served, next } = await serveUntilRefused(live, 3000, 20, 10);
    expect(served).toBe(20);
    await expect
      .poll(async () => {
        now += 5000;
        expect(await ad(live, next)).toBeNull();
        return gates().current(campaignID)?.figures.daily?.state;
      })
      .toBe('spent');
    // The next local day: the day's spend starts again from nothing.
    now += DAY_MS;
    await expect.poll(async () => (await ad(live, next + 1)) !== null).toBe(true);
    expect(gates().current(campaignID)?.figures.daily).toMatchObject({ spent: 0, left: 0.1, state: 'under' });
  });
});

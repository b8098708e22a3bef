// The fleet suite's budget check (fleet-checks.ts, both shapes): a lifetime budget across the processes
// stops within the documented overshoot (docs/serving.md, "Budgets in money": at most one priced event
// per process past the cap while every event lands within 2 s of its ad), with the figures
// it prints.
import type { ReportData } from '@adconsole/domain';
import { expect } from 'vitest';
import { send, usResidentialAddress } from './fleet-load';
import type { Client } from './harness';
import { BROWSER_USER_AGENT } from './helpers';

/** USD 1.00 at a USD 5.00 CPM: 200 impressions. */
const BUDGET = { lifetime: 1 };
const RATE = { model: 'CPM', amount: 5, currency: 'USD' };
const CAP = 200;
/**
 * Ads asked for as a page's traffic comes, not in one burst: 12 clients at a time, each asking every
 * 250 ms (about 48 a second over the processes in turn) until the cap is reached and for 3 s after it
 * (the fleet trying to pass it), at most 60 s. Each process renews its allowance from the store every
 * second near the cap, so the campaign reaches its cap in seconds (docs/serving.md, "Budgets in money").
 */
const CONCURRENCY = 12;
const PACE_MS = 250;
const AFTER_CAP_MS = 3_000;
const AT_MOST_MS = 60_000;

interface Under {
  url: string;
  processes: { url: string }[];
}

/**
 * A campaign with a lifetime budget of 200 impressions, its banner asked for through the processes in turn
 * (each request from a new address: the rate rule counts none twice) and every ad served's impression
 * beacon sent at once: the impressions counted reach the cap and stop at most one per process past it,
 * and the rest is refused "budget spent".
 */
export async function budgetHoldsAcross(
  fleet: Under,
  admin: Client,
  helpers: {
    campaignWithBanner: (name: string) => Promise<{ id: string; live: string }>;
    report: (campaignID: string) => Promise<ReportData>;
  },
  print: (line: string) => void,
) {
  const campaign = await helpers.campaignWithBanner('Budget across the fleet');
  const booked = await admin.put('/v1/campaign/update', {
    id: campaign.id,
    name: 'Budget across the fleet',
    data: { rate: RATE, budget: BUDGET },
  });
  expect(booked.httpStatus, JSON.stringify(booked.body)).toBe(200);
  const origins = fleet.processes.map((fleetProcess) => fleetProcess.url);
  let next = 0;
  let served = 0;
  let acknowledged = 0;
  const started = Date.now();
  let capReachedAt: number | undefined;
  const going = () => {
    if (capReachedAt === undefined && acknowledged >= CAP) capReachedAt = Date.now();
    const now = Date.now();
    return now - started < AT_MOST_MS && (capReachedAt === undefined || now - capReachedAt < AFTER_CAP_MS);
  };
  const worker = async () => {
    while (going()) {
      const index = next;
      next += 1;
      await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      const origin = origins[index % origins.length] as string;
      const headers = { 'user-agent': BROWSER_USER_AGENT, 'x-forwarded-for': usResidentialAddress() };
      const ad = await send(`${origin}/serve/ad/${campaign.live}.json`, 'GET', headers);
      if (ad.status !== 200) continue;
      served += 1;
      const beacon = new URL((JSON.parse(ad.body) as { events: { impression: string } }).events.impression);
      const sent = await send(`${origin}${beacon.pathname}${beacon.search}`, 'POST', headers);
      if (sent.status === 204) acknowledged += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  // Every acknowledged beacon lands in the store within a few seconds; the report reads it there.
  let data = await helpers.report(campaign.id);
  for (let wait = 0; wait < 30 && data.totals.impressions < acknowledged; wait += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    data = await helpers.report(campaign.id);
  }
  const bound = CAP + origins.length;
  print(
    `Budget across ${origins.length} processes: ${next} ad requests in ${seconds.toFixed(1)} s (the cap's ${CAP}th impression acknowledged after ${capReachedAt === undefined ? 'never' : `${((capReachedAt - started) / 1000).toFixed(1)} s`}), ${served} served, ${acknowledged} impressions acknowledged, ${data.totals.impressions} counted against a cap of ${CAP} (bound ${bound}), refused "budget spent" ${data.notServed.totals.notServedBudget ?? 0}`,
  );
  expect(data.totals.impressions).toBe(acknowledged);
  expect(data.totals.impressions).toBeGreaterThanOrEqual(CAP);
  expect(data.totals.impressions).toBeLessThanOrEqual(bound);
  expect(data.notServed.totals.notServedBudget ?? 0).toBeGreaterThan(0);
}

// A simulated day of even delivery (docs/serving.md, "Even delivery"): an injected clock walks a one-day
// flight of 24,000 impressions (the plan: 1,000 an hour) while ad requests arrive at ten times that,
// 10,000 an hour; every 5 minutes each process recomputes the throttle from the counted figures (served
// so far, requests of the last hour), and each request is one draw of a seeded random source.
import { describe, expect, it } from 'vitest';
import { seededUniform } from '../ab-tests/rotation';
import { evenThrottle, processBudget, THROTTLE_PERIOD_MS, ThrottleGate } from './even-delivery';

const HOUR_MS = 3_600_000;
const START = Date.parse('2026-11-02T00:00:00Z');
const flight = { start: { date: '2026-11-02' }, end: { date: '2026-11-02' }, timezone: 'UTC' };
const goal = { metric: 'impressions' as const, amount: 24_000 };

/**
 * The day, requests every 360 ms (10,000 an hour), each reaching process i with probability shares[i].
 * Answers the impressions delivered in each hour and in all.
 */
function simulateDay(shares: readonly number[], seed: number) {
  const random = seededUniform(seed);
  const gates = shares.map(() => new ThrottleGate());
  const perHour = Array.from({ length: 24 }, () => 0);
  // Requests that reached the throttle, by 5-minute period (the store's counted figures).
  const periods: number[] = [];
  let delivered = 0;
  let periodRequests = 0;
  const recompute = (now: number) => {
    const recent = periods.slice(-12);
    const counted = recent.reduce((sum, count) => sum + count, 0);
    const throttle = evenThrottle({
      goal,
      flight,
      delivered,
      impressions: delivered,
      requestsPerHour: counted > 0 ? counted / ((recent.length * THROTTLE_PERIOD_MS) / HOUR_MS) : null,
      now: new Date(now),
    });
    const fleet = periods.at(-1) ?? 0;
    for (const gate of gates) gate.reset(throttle.rate, processBudget(throttle.budget, gate.requests, fleet));
  };
  recompute(START);
  let due = START + THROTTLE_PERIOD_MS;
  for (let now = START; now < START + 24 * HOUR_MS; now += 360) {
    if (now >= due) {
      periods.push(periodRequests);
      periodRequests = 0;
      recompute(now);
      due += THROTTLE_PERIOD_MS;
    }
    const pick = random();
    let index = 0;
    for (let sum = shares[0] ?? 1; pick >= sum && index < shares.length - 1; sum += shares[index] ?? 0)
      index += 1;
    const gate = gates[index] as ThrottleGate;
    periodRequests += 1;
    if (gate.admit(random())) {
      delivered += 1;
      const hour = Math.floor((now - START) / HOUR_MS);
      perHour[hour] = (perHour[hour] ?? 0) + 1;
    }
  }
  return { perHour, delivered };
}

describe('even delivery: a simulated day at ten times the plan’s hourly requests', () => {
  it.each([
    ['one process', [1]],
    ['a fleet of two taking equal shares', [0.5, 0.5]],
    ['a fleet of three with uneven traffic (60/30/10 %)', [0.6, 0.3, 0.1]],
  ] as const)('%s: every hour within 10 % of the plan’s 1,000, none past the goal', (_label, shares) => {
    const { perHour, delivered } = simulateDay(shares, 60);
    for (const [hour, count] of perHour.entries())
      expect(Math.abs(count - 1_000), `hour ${hour}: ${count}`).toBeLessThanOrEqual(100);
    expect(delivered).toBeLessThanOrEqual(24_000);
    expect(delivered).toBeGreaterThanOrEqual(24_000 * 0.97);
  });
});

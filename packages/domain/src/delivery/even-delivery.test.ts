import { describe, expect, it } from 'vitest';
import {
  clientBudget,
  evenDeliveryText,
  evenThrottle,
  flightStartText,
  processBudget,
  THROTTLE_START_RATE,
  ThrottleGate,
} from './even-delivery';

// A 30-day flight (720 hours) of 720,000 impressions: the plan is 1,000 an hour; 10,000 requests an hour.
const november = { start: { date: '2026-11-01' }, end: { date: '2026-11-30' }, timezone: 'UTC' };
const goal = { metric: 'impressions' as const, amount: 720_000 };
const at = (iso: string) => new Date(iso);

describe('even delivery: the throttle rate from the plan line and the delivery so far', () => {
  // Each row: now, delivered, requests an hour; the rate, the 5-minute budget and needed per hour, by hand.
  it.each([
    // Day 11 at 00:00: the plan stands at 240,000 and is 241,000 an hour later: 1,000 needed of 10,000.
    ['on plan', '2026-11-11T00:00:00Z', 240_000, 10_000, 0.1, 84, 1_000, 'planned'],
    // 500 behind: 1,500 needed in the hour; budget 1,500 × 5/60 = 125.
    ['behind: the rate rises', '2026-11-11T00:00:00Z', 239_500, 10_000, 0.15, 125, 1_500, 'planned'],
    // 41,000 behind: catching up is limited to twice the plan's pace, 2,000 an hour (166.7: 167).
    [
      'far behind: catch-up limited to 2× the pace',
      '2026-11-11T00:00:00Z',
      200_000,
      10_000,
      0.2,
      167,
      2_000,
      'planned',
    ],
    // 2,000 needed of 1,500 requests: every request (capped at 1).
    [
      'behind with few requests: the rate is capped at 1',
      '2026-11-11T00:00:00Z',
      200_000,
      1_500,
      1,
      167,
      2_000,
      'planned',
    ],
    // 400 ahead: 600 needed in the hour (600 × 5/60 = 50).
    ['ahead: the rate falls', '2026-11-11T00:00:00Z', 240_400, 10_000, 0.06, 50, 600, 'planned'],
    // 9,000 ahead of the plan an hour later: nothing needed, not below 0.
    ['far ahead: the rate is 0, not below', '2026-11-11T00:00:00Z', 250_000, 10_000, 0, 0, 0, 'planned'],
    // The last day, 23:30: half an hour left, 500 to go on plan: 1,000 an hour.
    ['the last day, on plan', '2026-11-30T23:30:00Z', 719_500, 10_000, 0.1, 84, 1_000, 'planned'],
    // 23:58, 100 to go in 2 minutes (3,000 an hour) is limited to 2,000 an hour; the budget to the 100 left.
    [
      'the last minutes: never more than the goal leaves',
      '2026-11-30T23:58:00Z',
      719_900,
      10_000,
      0.2,
      100,
      2_000,
      'planned',
    ],
    [
      'the goal reached: nothing more served',
      '2026-11-20T12:00:00Z',
      720_000,
      10_000,
      0,
      0,
      0,
      'goal-reached',
    ],
    ['before the flight', '2026-10-31T23:00:00Z', 0, 10_000, 0, 0, 0, 'before-flight'],
    ['after the flight', '2026-12-01T00:00:00Z', 700_000, 10_000, 0, 0, 0, 'ended'],
    // No request counted yet: the start rate; the budget still holds the first period to the plan.
    [
      'no requests yet: the start rate, the plan’s budget',
      '2026-11-01T00:00:00Z',
      0,
      null,
      THROTTLE_START_RATE,
      84,
      1_000,
      'no-requests',
    ],
  ] as const)('%s', (_label, now, delivered, requestsPerHour, rate, budget, neededPerHour, basis) => {
    const throttle = evenThrottle({
      goal,
      flight: november,
      delivered,
      impressions: delivered,
      requestsPerHour,
      now: at(now),
    });
    expect(throttle.rate).toBeCloseTo(rate, 12);
    expect(throttle.budget).toBe(budget);
    expect(throttle.neededPerHour).toBeCloseTo(neededPerHour, 9);
    expect(throttle.basis).toBe(basis);
  });

  it('a click goal serves ads by the clicks an impression has yielded: 1,000 clicks an hour at 2 % are 50,000 ads', () => {
    // 720,000 clicks over 720 hours; day 11 on plan with 240,000 clicks of 12,000,000 impressions (2 %).
    const throttle = evenThrottle({
      goal: { metric: 'clicks', amount: 720_000 },
      flight: november,
      delivered: 240_000,
      impressions: 12_000_000,
      requestsPerHour: 100_000,
      now: at('2026-11-11T00:00:00Z'),
    });
    expect(throttle.rate).toBeCloseTo(0.5, 12);
    // 50,000 ads an hour: 4,166.7 in 5 minutes.
    expect(throttle.budget).toBe(4_167);
  });

  it('a click goal before its first click has no yield to plan by: not throttled yet', () => {
    const throttle = evenThrottle({
      goal: { metric: 'clicks', amount: 720_000 },
      flight: november,
      delivered: 0,
      impressions: 500,
      requestsPerHour: 100_000,
      now: at('2026-11-01T01:00:00Z'),
    });
    expect(throttle).toMatchObject({
      rate: THROTTLE_START_RATE,
      budget: Number.POSITIVE_INFINITY,
      basis: 'no-yield',
    });
  });

  it("the plan is in the campaign's local wall-clock time: New York's 1 November 2026 lasts 25 hours, each local day a 30th", () => {
    // The flight starts at 04:00Z (00:00 EDT); at 07:00Z (02:00 EST, three real hours in) two local hours
    // have elapsed: the plan is 2,000 and 3,000 at 03:00 local, so 2,000 delivered needs 1,000 an hour.
    const throttle = evenThrottle({
      goal,
      flight: { ...november, timezone: 'America/New_York' },
      delivered: 2_000,
      impressions: 2_000,
      requestsPerHour: 10_000,
      now: at('2026-11-01T07:00:00Z'),
    });
    expect(throttle.neededPerHour).toBeCloseTo(1_000, 9);
    expect(throttle.rate).toBeCloseTo(0.1, 12);
  });

  it('without both flight dates there is no plan line: nothing is throttled', () => {
    const throttle = evenThrottle({
      goal,
      flight: { start: { date: '2026-11-01' }, timezone: 'UTC' },
      delivered: 0,
      impressions: 0,
      requestsPerHour: 10_000,
      now: at('2026-11-02T00:00:00Z'),
    });
    expect(throttle).toMatchObject({ rate: 1, basis: 'no-plan' });
  });
});

describe('even delivery: each process takes its share of the budget', () => {
  it.each([
    ['alone', 84, 600, 600, 84],
    ['a quarter of the fleet’s requests: a quarter of 84, rounded up', 84, 150, 600, 21],
    ['a third of 100: 33.3, rounded up', 100, 200, 600, 34],
    ['the fleet counted nothing yet: the whole budget', 84, 0, 0, 84],
    ['a process that has seen no request yet: the whole budget', 84, 0, 600, 84],
    ['no budget stays none', 0, 150, 600, 0],
  ] as const)('%s', (_label, budget, own, fleet, share) => {
    expect(processBudget(budget, own, fleet)).toBe(share);
  });
});

describe('even delivery: the gate (the hot path)', () => {
  it('serves a draw under the rate while the budget lasts, and counts what it saw', () => {
    const gate = new ThrottleGate();
    gate.reset(0.25, 2);
    expect([0.1, 0.3, 0.24, 0.0].map((draw) => gate.admit(draw))).toEqual([true, false, true, false]);
    expect(gate.served).toBe(2);
    expect(gate.requests).toBe(4);
  });

  it('a rate of 0 serves nothing, whatever the draw', () => {
    const gate = new ThrottleGate();
    gate.reset(0, 100);
    expect(gate.admit(0)).toBe(false);
  });

  it("one client takes at most 5 % of a period's budget (at least one ad): a flood from one address cannot take it", () => {
    // A period of 23 ads (the budget the review's bot took): one client gets ceil(23 × 0.05) = 2.
    expect(clientBudget(23)).toBe(2);
    expect(clientBudget(10)).toBe(1);
    expect(clientBudget(1000)).toBe(50);
    expect(clientBudget(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    const gate = new ThrottleGate();
    gate.reset(1, 23);
    const flood = Array.from({ length: 300 }, () => gate.admit(0, ['bot-address']));
    expect(flood.filter(Boolean)).toHaveLength(2);
    // 20 browsers after it: each served, the budget left intact by the flood (21 left).
    const browsers = Array.from({ length: 20 }, (_, index) => gate.admit(0, [`browser-${index}`]));
    expect(browsers.every(Boolean)).toBe(true);
    expect(gate.served).toBe(22);
    // A new period forgets what each client took.
    gate.reset(1, 23);
    expect(gate.admit(0, ['bot-address'])).toBe(true);
  });

  it('an address and a device each take at most their share: a new device id a request from one address is no new client', () => {
    const gate = new ThrottleGate();
    gate.reset(1, 23);
    // One address, a made-up device id each request: the address's share (2 of 23) holds.
    const flood = Array.from({ length: 100 }, (_, index) =>
      gate.admit(0, ['one-address', `device-${index}`]),
    );
    expect(flood.filter(Boolean)).toHaveLength(2);
    // One device from many addresses: the device's share holds.
    const roaming = Array.from({ length: 100 }, (_, index) =>
      gate.admit(0, [`address-${index}`, 'one-device']),
    );
    expect(roaming.filter(Boolean)).toHaveLength(2);
    // A refused request takes nothing from its other keys: device-2 (refused above, with one-address) still serves.
    expect(gate.admit(0, ['address-x', 'device-2'])).toBe(true);
    expect(gate.served).toBe(5);
  });
});

describe('even delivery: what the pacing card says', () => {
  it.each([
    [{ deliveryMode: 'even', throttleRate: 0.3412 }, 'Delivering evenly · serving 34 % of requests'],
    [{ deliveryMode: 'even', throttleRate: 1 }, 'Delivering evenly · serving 100 % of requests'],
    [{ deliveryMode: 'even', throttleRate: 0 }, 'Delivering evenly · serving 0 % of requests'],
    [{ deliveryMode: 'even', throttleRate: null }, 'Delivering evenly'],
    [{ deliveryMode: 'asap' }, null],
    [{}, null],
    // Before the flight: no rate at all (the start line says when it starts).
    [{ deliveryMode: 'even', throttleRate: 0, status: 'not-started', elapsedDays: 0 }, null],
  ] as const)('%j: %s', (pacing, text) => {
    expect(evenDeliveryText(pacing)).toBe(text);
  });
});

describe('a campaign before its flight says when it starts and what it will serve a day', () => {
  // 7-24 December in Berlin: 18 days; 250,000 / 18 = 13,888.9, about 13,889 a day.
  const december = { start: { date: '2026-12-07' }, end: { date: '2026-12-24' }, timezone: 'Europe/Berlin' };
  it.each([
    [
      'impressions',
      { metric: 'impressions', amount: 250_000 },
      'Starts 7 Dec 00:00 Berlin time; needs about 13,889 a day (the inventory forecast says what is available)',
    ],
    [
      'clicks',
      { metric: 'clicks', amount: 1_800 },
      'Starts 7 Dec 00:00 Berlin time; needs about 100 clicks a day (the inventory forecast says what is available)',
    ],
    ['no goal', null, 'Starts 7 Dec 00:00 Berlin time'],
  ] as const)('%s', (_case, goal, text) => {
    expect(flightStartText({ flight: december, now: at('2026-11-27T20:00:00Z'), goal, flightDays: 18 })).toBe(
      text,
    );
  });
  it('a start hour in New York; nothing once the flight has started', () => {
    const flight = {
      start: { date: '2026-12-01 06:30' },
      end: { date: '2026-12-31' },
      timezone: 'America/New_York',
    };
    expect(flightStartText({ flight, now: at('2026-11-27T20:00:00Z') })).toBe(
      'Starts 1 Dec 06:30 New York time',
    );
    expect(flightStartText({ flight, now: at('2026-12-01T11:31:00Z') })).toBeNull();
  });
});

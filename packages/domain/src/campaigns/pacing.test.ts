import { describe, expect, it } from 'vitest';
import { campaignPacing, type PacingDelivery } from './pacing';

/** `perDay` delivered on each local day from `first` for `days` days. */
const even = (first: string, days: number, perDay: number): PacingDelivery[] =>
  Array.from({ length: days }, (_, index) => ({
    date: new Date(Date.parse(`${first}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
    count: perDay,
  }));

const november = { start: { date: '2026-11-01' }, end: { date: '2026-11-30' }, timezone: 'UTC' };
const goal = { metric: 'impressions' as const, amount: 300_000 };

describe('pacing: delivery against the even-delivery line of the goal over the flight', () => {
  it("the issue's fixture: a 30-day flight, 300,000 impressions booked, day 10 with 80,000 delivered is 20 % behind the plan of 100,000, projected 240,000: at risk", () => {
    const pacing = campaignPacing({
      goal,
      flight: november,
      delivered: even('2026-11-01', 10, 8_000),
      now: new Date('2026-11-11T00:00:00Z'),
    });
    expect(pacing).not.toBeNull();
    expect(pacing?.plan).toBe(100_000);
    expect(pacing?.delivered).toBe(80_000);
    expect(pacing?.deviation).toBeCloseTo(-0.2, 12);
    expect(pacing?.dailyRate).toBe(8_000);
    expect(pacing?.projected).toBe(240_000);
    expect(pacing?.status).toBe('at-risk');
    // 220,000 left over 20 days.
    expect(pacing?.neededDailyRate).toBe(11_000);
    expect(pacing?.elapsedDays).toBe(10);
    expect(pacing?.flightDays).toBe(30);
    expect(pacing?.days).toHaveLength(30);
    expect(pacing?.days[9]).toEqual({
      date: '2026-11-10',
      delivered: 80_000,
      plan: 100_000,
      projected: null,
    });
    // Today (day 11) has nothing yet; its end is projected at the daily rate.
    expect(pacing?.days[10]).toEqual({
      date: '2026-11-11',
      delivered: 80_000,
      plan: 110_000,
      projected: 88_000,
    });
    expect(pacing?.days[29]).toEqual({
      date: '2026-11-30',
      delivered: null,
      plan: 300_000,
      projected: 240_000,
    });
  });

  // Each row: delivered per day over the first 10 days (day 10 complete), the status, the deviation.
  it.each([
    ['on plan', 10_000, 'on-track', 0],
    ['9 % under the plan, projected 273,000 (over 90 % of the goal)', 9_100, 'on-track', -0.09],
    ['15 % over the plan', 11_500, 'ahead', 0.15],
  ] as const)('%s: %s', (_label, perDay, status, deviation) => {
    const pacing = campaignPacing({
      goal,
      flight: november,
      delivered: even('2026-11-01', 10, perDay),
      now: new Date('2026-11-11T00:00:00Z'),
    });
    expect(pacing?.status).toBe(status);
    expect(pacing?.deviation).toBeCloseTo(deviation, 12);
  });

  it('behind, not at risk, when the last week runs fast enough to reach 90 % of the goal', () => {
    // Days 1-3: nothing; days 4-10: 12,000 a day = 84,000 (16 % under the plan of 100,000). The recent
    // rate is 12,000, so 84,000 + 20 × 12,000 = 324,000 is projected.
    const delivered = even('2026-11-04', 7, 12_000);
    const pacing = campaignPacing({
      goal,
      flight: november,
      delivered,
      now: new Date('2026-11-11T00:00:00Z'),
    });
    expect(pacing?.deviation).toBeCloseTo(-0.16, 12);
    expect(pacing?.projected).toBe(324_000);
    expect(pacing?.status).toBe('behind');
  });

  it('at risk when ahead of the plan but the last week delivered nothing', () => {
    const delivered = even('2026-11-01', 3, 50_000);
    const pacing = campaignPacing({
      goal,
      flight: november,
      delivered,
      now: new Date('2026-11-11T00:00:00Z'),
    });
    expect(pacing?.deviation).toBeCloseTo(0.5, 12);
    expect(pacing?.dailyRate).toBe(0);
    expect(pacing?.status).toBe('at-risk');
  });

  it('not started before the start, delivered once the goal is reached, missed after the end', () => {
    const before = campaignPacing({
      goal,
      flight: november,
      delivered: [],
      now: new Date('2026-10-31T23:00:00Z'),
    });
    expect(before?.status).toBe('not-started');
    expect(before?.plan).toBe(0);
    expect(before?.deviation).toBeNull();
    expect(before?.days.every((day) => day.delivered === null && day.projected === null)).toBe(true);
    const reached = campaignPacing({
      goal,
      flight: november,
      delivered: even('2026-11-01', 20, 15_000),
      now: new Date('2026-11-21T00:00:00Z'),
    });
    expect(reached?.status).toBe('delivered');
    expect(reached?.neededDailyRate).toBe(0);
    const over = campaignPacing({
      goal,
      flight: november,
      delivered: even('2026-11-01', 30, 9_000),
      now: new Date('2026-12-05T00:00:00Z'),
    });
    expect(over?.status).toBe('missed');
    expect(over?.delivered).toBe(270_000);
    expect(over?.plan).toBe(300_000);
  });

  it('has no pacing without both flight dates', () => {
    const now = new Date('2026-11-11T00:00:00Z');
    expect(
      campaignPacing({ goal, flight: { start: { date: '2026-11-01' } }, delivered: [], now }),
    ).toBeNull();
    expect(campaignPacing({ goal, flight: { end: { date: '2026-11-30' } }, delivered: [], now })).toBeNull();
  });

  it('gives each local day the same share across a daylight-saving change (New York, 1 November 2026 is 25 hours)', () => {
    // 10 days from 29 October, 1,000 impressions booked: 100 a local day, 2 November included.
    const flight = {
      start: { date: '2026-10-29' },
      end: { date: '2026-11-07' },
      timezone: 'America/New_York',
    };
    // The end of 1 November local (00:00 EST on 2 November) is 05:00 UTC: four local days are over.
    const pacing = campaignPacing({
      goal: { metric: 'clicks', amount: 1_000 },
      flight,
      delivered: even('2026-10-29', 4, 100),
      now: new Date('2026-11-02T05:00:00Z'),
    });
    expect(pacing?.flightDays).toBe(10);
    expect(pacing?.elapsedDays).toBe(4);
    expect(pacing?.plan).toBe(400);
    expect(pacing?.status).toBe('on-track');
    expect(pacing?.days.map((day) => day.plan)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    // Counted by local day: 04:30 UTC on 2 November is still 1 November (23:30 EST) in New York.
    const late = campaignPacing({
      goal: { metric: 'clicks', amount: 1_000 },
      flight,
      delivered: even('2026-10-29', 4, 100),
      now: new Date('2026-11-02T04:30:00Z'),
    });
    expect(late?.days[3]?.date).toBe('2026-11-01');
    expect(late?.elapsedDays).toBeCloseTo(4 - 0.5 / 24, 12);
  });

  it('paces a flight that starts and ends at a time of day by its share of each local day', () => {
    // 12:00 on 1 Nov to 12:00 on 3 Nov (UTC): two local days long, half of 1 Nov and half of 3 Nov.
    const flight = {
      start: { date: '2026-11-01 12:00' },
      end: { date: '2026-11-03 12:00' },
      timezone: 'UTC',
    };
    const pacing = campaignPacing({
      goal: { metric: 'impressions', amount: 2_000 },
      flight,
      delivered: [
        { date: '2026-11-01', count: 500 },
        { date: '2026-10-31', count: 999 },
      ],
      now: new Date('2026-11-02T00:00:00Z'),
    });
    // Only flight days count; the half day of 1 Nov delivered 500, a rate of 1,000 a day.
    expect(pacing?.delivered).toBe(500);
    expect(pacing?.plan).toBe(500);
    expect(pacing?.dailyRate).toBe(1_000);
    expect(pacing?.projected).toBe(2_000);
    expect(pacing?.days.map((day) => [day.date, day.plan])).toEqual([
      ['2026-11-01', 500],
      ['2026-11-02', 1_500],
      ['2026-11-03', 2_000],
    ]);
  });
});

describe("pacing: not started until the first impression or the end of the flight's first whole day", () => {
  it('a campaign one minute into its flight with nothing served is not started, not at risk', () => {
    // 1 November 00:01 UTC of a 30-day flight: plan 300,000 x 1 min / 43,200 min = 6.94, delivered 0.
    const pacing = campaignPacing({
      goal,
      flight: november,
      delivered: [],
      now: new Date('2026-11-01T00:01:00Z'),
    });
    expect(pacing?.status).toBe('not-started');
    expect(pacing?.plan).toBeCloseTo(300_000 / 43_200, 9);
    expect(pacing?.delivered).toBe(0);
  });

  it('the first impression starts it: one impression at 00:05 is judged by the normal rule (at risk)', () => {
    // Delivered 1 over 5 minutes is a rate of 288 a day: projected 1 + 288 x (30 days - 5 min) = 8,639, at risk.
    const pacing = campaignPacing({
      goal,
      flight: november,
      delivered: [{ date: '2026-11-01', count: 1 }],
      now: new Date('2026-11-01T00:05:00Z'),
    });
    expect(pacing?.status).toBe('at-risk');
    expect(pacing?.projected).toBeCloseTo(1 + 288 * (30 - 5 / 1440), 6);
  });

  it('a click goal starts at the first impression, before its first click', () => {
    const pacing = campaignPacing({
      goal: { metric: 'clicks', amount: 3_000 },
      flight: november,
      delivered: [{ date: '2026-11-01', count: 0, impressions: 40 }],
      now: new Date('2026-11-01T06:00:00Z'),
    });
    expect(pacing?.status).toBe('at-risk');
  });

  it('with nothing served, the normal rule applies once the first whole local day has ended', () => {
    const at = (now: string) =>
      campaignPacing({ goal, flight: november, delivered: [], now: new Date(now) })?.status;
    expect(at('2026-11-01T23:59:59Z')).toBe('not-started');
    // 2 November 00:00: one day elapsed, plan 10,000, projected 0: at risk.
    expect(at('2026-11-02T00:00:00Z')).toBe('at-risk');
  });

  it("a flight starting at a time of day waits for the next whole local day, in the campaign's zone", () => {
    // Starts 1 November 15:00 in New York (EDT until 1 November 02:00, EST after: 20:00 UTC). The first
    // whole local day is 2 November, ending at 3 November 00:00 EST = 05:00 UTC.
    const flight = {
      start: { date: '2026-11-01 15:00' },
      end: { date: '2026-11-30' },
      timezone: 'America/New_York',
    };
    const at = (now: string) => campaignPacing({ goal, flight, delivered: [], now: new Date(now) })?.status;
    expect(at('2026-11-01T19:59:00Z')).toBe('not-started');
    expect(at('2026-11-03T04:59:00Z')).toBe('not-started');
    expect(at('2026-11-03T05:00:00Z')).toBe('at-risk');
  });

  it('a flight shorter than a whole day is not started until its end, then missed', () => {
    const flight = {
      start: { date: '2026-11-01 08:00' },
      end: { date: '2026-11-01 20:00' },
      timezone: 'UTC',
    };
    const at = (now: string) =>
      campaignPacing({
        goal: { metric: 'impressions', amount: 100 },
        flight,
        delivered: [],
        now: new Date(now),
      })?.status;
    expect(at('2026-11-01T19:00:00Z')).toBe('not-started');
    expect(at('2026-11-01T20:00:00Z')).toBe('missed');
  });
});

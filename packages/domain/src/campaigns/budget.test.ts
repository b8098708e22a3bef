import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { budgetAlert } from '../alerts/alerts';
import {
  budgetDay,
  budgetFigures,
  budgetProblem,
  budgetState,
  campaignBudgetSchema,
  deliveryTarget,
  eventsLeft,
  formatBudget,
  processAllowance,
} from './budget';

const cpm = { model: 'CPM' as const, amount: 5, currency: 'USD' };
const cpc = { model: 'CPC' as const, amount: 0.4, currency: 'USD' };
const none = { impressions: 0, clicks: 0, videoCompletes: 0 };
const counted = (impressions: number, clicks = 0) => ({ impressions, clicks, videoCompletes: 0 });

describe('budgets in money', () => {
  it('a budget sets a lifetime amount, a daily one or both, each above 0 and at most 1e9, the daily not above the lifetime', () => {
    const ok = (value: unknown) => z.safeParse(campaignBudgetSchema, value).success;
    expect(ok({ lifetime: 10 })).toBe(true);
    expect(ok({ daily: 2 })).toBe(true);
    expect(ok({ lifetime: 10, daily: 10 })).toBe(true);
    expect(ok({})).toBe(false);
    expect(ok({ lifetime: 0 })).toBe(false);
    expect(ok({ lifetime: 1_000_000_001 })).toBe(false);
    expect(ok({ lifetime: 10, daily: 10.01 })).toBe(false);
    expect(ok({ lifetime: 10, monthly: 3 })).toBe(false);
  });

  it('a budget needs a rate, and no finer decimals than its currency has (JPY none, USD two)', () => {
    expect(budgetProblem({ lifetime: 10 }, null)).toBe(
      'data.budget: Set a rate before a budget: spend is the counted events times the rate',
    );
    expect(budgetProblem({ lifetime: 10.005 }, cpm)).toBe(
      'data.budget.lifetime: A USD budget has at most 2 decimals',
    );
    expect(budgetProblem({ daily: 100.5 }, { ...cpm, currency: 'JPY', amount: 500 })).toBe(
      'data.budget.daily: A JPY budget is a whole number (the currency has no minor unit)',
    );
    expect(budgetProblem({ lifetime: 10.05, daily: 2 }, cpm)).toBeUndefined();
    expect(budgetProblem(null, null)).toBeUndefined();
  });

  it('spent and left at the rate as the reports spend: 1,234 impressions at USD 5.00 CPM are USD 6.17 of USD 10.00', () => {
    // 1,234 × 500 thousandths of a cent = 617,000 thousandths = USD 6.17; left 3.83.
    const figures = budgetFigures({ lifetime: 10, daily: 4 }, cpm, {
      lifetime: counted(1234),
      today: counted(700),
    });
    expect(figures.lifetime).toEqual({ budget: 10, spent: 6.17, left: 3.83, share: 0.617, state: 'under' });
    // Today 700 × 0.005 = USD 3.50 of 4.00: 87.5 %, under; 720 would be 90 %: nearly spent.
    expect(figures.daily).toMatchObject({ spent: 3.5, left: 0.5, state: 'under' });
    expect(budgetFigures({ daily: 4 }, cpm, { lifetime: none, today: counted(720) }).state).toBe(
      'nearly-spent',
    );
    expect(formatBudget({ lifetime: 1500, daily: 2 }, 'USD')).toBe('USD 1,500.00 lifetime · USD 2.00 a day');
  });

  it("the budget's state: under, nearly spent from 90 %, spent at 100 %", () => {
    expect(budgetState(899, 1000)).toBe('under');
    expect(budgetState(900, 1000)).toBe('nearly-spent');
    expect(budgetState(1000, 1000)).toBe('spent');
    expect(budgetState(1001, 1000)).toBe('spent');
  });

  it('events left: the smaller of the lifetime and the day, rounded down; USD 10.00 at USD 5.00 CPM buys 2,000 impressions', () => {
    const both = { lifetime: 10, daily: 3 };
    expect(eventsLeft({ lifetime: 10 }, cpm, { lifetime: none, today: none })).toBe(2000);
    expect(eventsLeft(both, cpm, { lifetime: counted(1000), today: counted(100) })).toBe(500);
    expect(eventsLeft(both, cpm, { lifetime: counted(1900), today: counted(100) })).toBe(100);
    // USD 1.00 at USD 0.40 CPC: 2 clicks (the third only 0.20 paid).
    expect(eventsLeft({ lifetime: 1 }, cpc, { lifetime: none, today: none })).toBe(2);
    expect(eventsLeft({ lifetime: 10 }, cpm, { lifetime: counted(2001), today: none })).toBe(0);
    expect(eventsLeft(null, cpm, { lifetime: none, today: none })).toBe(Number.POSITIVE_INFINITY);
  });

  it('money pacing: without a goal, or with a tighter budget, the events the budget buys are the delivery target', () => {
    const goal = { metric: 'impressions' as const, amount: 5000 };
    expect(deliveryTarget(null, { lifetime: 10 }, cpm)).toEqual({ metric: 'impressions', amount: 2000 });
    expect(deliveryTarget(goal, { lifetime: 10 }, cpm)).toEqual({ metric: 'impressions', amount: 2000 });
    expect(deliveryTarget(goal, { lifetime: 100 }, cpm)).toBe(goal);
    // A daily budget alone has no lifetime total to pace to; a goal of another metric than the rate's stays.
    expect(deliveryTarget(null, { daily: 10 }, cpm)).toBeNull();
    expect(deliveryTarget({ metric: 'clicks', amount: 10 }, { lifetime: 10 }, cpm)).toEqual({
      metric: 'clicks',
      amount: 10,
    });
    expect(deliveryTarget(goal, null, cpm)).toBe(goal);
  });

  it("a process's allowance: alone all that is left; beside others half its share, rounded down; a tenth at first; less its ads in flight; at least one", () => {
    expect(processAllowance(2000, 10, 10)).toBe(2000);
    // A third of the requests: half of a third of 2,000 is 333.
    expect(processAllowance(2000, 1, 3)).toBe(333);
    expect(processAllowance(2000, 0, undefined)).toBe(200);
    expect(processAllowance(2000, 0, 0)).toBe(200);
    expect(processAllowance(2000, 10, 10, 150)).toBe(1850);
    expect(processAllowance(2, 1, 3)).toBe(1);
    expect(processAllowance(2, 1, 3, 1)).toBe(0);
    expect(processAllowance(0, 1, 3)).toBe(0);
    // Three processes with a third each, measured as up to twice that: at most left + 3 between them.
    const shares = [1, 1, 1].map((own) => processAllowance(30, own * 2, 3));
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeLessThanOrEqual(30 + 3);
  });

  it("a daily budget's day is the local day of the flight's zone, from its midnight to the next", () => {
    const day = budgetDay(new Date('2026-11-29T23:30:00Z'), 'Europe/Berlin');
    expect(day.date).toBe('2026-11-30');
    expect(day.from.toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(day.until.toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });

  it("the budget alert fires at 90 % of the lifetime or today's budget, the more spent one, and says when it is spent", () => {
    const settings = { enabled: true, percent: 90 };
    const figures = (today: number) =>
      budgetFigures({ lifetime: 10, daily: 2 }, cpm, { lifetime: counted(1000), today: counted(today) });
    // USD 5.00 of 10.00 lifetime (50 %), USD 1.70 of 2.00 today (85 %): holds.
    expect(budgetAlert(figures(340), settings)).toMatchObject({
      firing: false,
      value: 85,
      message: "Budget holds: $1.70 of today's budget of $2.00 (85 %) spent (the alert is at 90 %).",
    });
    expect(budgetAlert(figures(380), settings)).toMatchObject({
      firing: true,
      message:
        "Budget nearly spent: $1.90 of today's budget of $2.00 (95 %), at or over the 90 % this alert allows.",
    });
    expect(budgetAlert(figures(400), settings).message).toBe(
      "Budget spent: $2.00 of today's budget of $2.00 (100 %); nothing more is served until tomorrow.",
    );
    expect(budgetAlert(null, settings)).toMatchObject({ firing: false, value: null });
  });
});

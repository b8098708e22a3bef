// Budgets in money (docs/serving.md, "Budgets in money"; docs/product.md §3): a campaign may cap what it
// spends over its life, each day (a local day of its flight's zone), or both, in its rate's currency. Spend
// is what the reports compute (campaigns/pricing.ts: the counted, valid events the rate prices, times the
// rate), kept in the same exact units (thousandths of the currency's minor unit), so a budget is spent
// exactly when the report's spend reaches it. The ad server stops serving when it is (the gate's
// `budget` reason: delivery/outcomes.ts); these are the pure rules it and the pages read.
import { z } from 'zod/mini';
import { zonedTimeToUtc } from '../timezones/zoned-range';
import { MESSAGES } from '../validation/messages';
import {
  type CampaignGoal,
  type CampaignRate,
  currencyDigits,
  type PricedCounters,
  RATE_METRIC,
  spendUnits,
  toMinorUnits,
  unitsToAmount,
} from './pricing';

/** The largest budget (lifetime or daily), in the currency. */
export const MAX_BUDGET_AMOUNT = 1_000_000_000;
/** A budget is nearly spent from this share on (the campaign page's bar turns, an alert opens). */
export const BUDGET_NEARLY_SPENT = 0.9;

const budgetAmount = z
  .number({ error: MESSAGES.budgetAmount })
  .check(z.gt(0, MESSAGES.budgetAmount), z.lte(MAX_BUDGET_AMOUNT, MESSAGES.budgetAmount));

/**
 * A campaign's budget: at most this much spent over its life and in each local day, in its rate's
 * currency (2500.5 is USD 2,500.50). At least one is set; the daily one is not more than the lifetime one.
 * The currency's decimals are checked with the rate (budgetProblem).
 */
export const campaignBudgetSchema = z
  .strictObject({
    lifetime: z.optional(budgetAmount),
    daily: z.optional(budgetAmount),
  })
  .check(
    z.refine((budget) => budget.lifetime !== undefined || budget.daily !== undefined, MESSAGES.budgetEmpty),
    z.refine(
      (budget) =>
        budget.lifetime === undefined || budget.daily === undefined || budget.daily <= budget.lifetime,
      { message: MESSAGES.budgetDailyOverLifetime, path: ['daily'] },
    ),
  );
export type CampaignBudget = z.infer<typeof campaignBudgetSchema>;

/** A budget amount with more decimals than the currency's minor unit has. */
export const budgetDecimalsText = (currency: string, digits: number): string =>
  digits === 0
    ? `A ${currency} budget is a whole number (the currency has no minor unit)`
    : `A ${currency} budget has at most ${digits} decimal${digits === 1 ? '' : 's'}`;

/**
 * The problem of a campaign's budget with the rate it will have, as a 400's message naming the field
 * (`data.budget...`); undefined when there is none. A budget needs a rate (spend is events times the
 * rate), and its amounts are in the rate's currency, no finer than its minor unit.
 */
export function budgetProblem(
  budget: CampaignBudget | null | undefined,
  rate: CampaignRate | null | undefined,
): string | undefined {
  if (!budget) return undefined;
  if (!rate) return `data.budget: ${MESSAGES.budgetNeedsRate}`;
  for (const key of ['lifetime', 'daily'] as const) {
    const amount = budget[key];
    if (amount !== undefined && toMinorUnits(amount, rate.currency) === undefined)
      return `data.budget.${key}: ${budgetDecimalsText(rate.currency, currencyDigits(rate.currency))}`;
  }
  return undefined;
}

/** A budget amount in spend units (thousandths of the currency's minor unit: campaigns/pricing.ts). */
export const budgetUnits = (amount: number, currency: string): number =>
  Math.round(amount * 10 ** currencyDigits(currency)) * 1000;

/** What one priced event (an impression of a CPM, a click of a CPC, a completed view of a CPCV) costs, in units. */
export const unitsPerPricedEvent = (rate: CampaignRate): number =>
  spendUnits(rate, { impressions: 1, clicks: 1, videoCompletes: 1 });

export const BUDGET_STATES = ['under', 'nearly-spent', 'spent'] as const;
/** Under the budget, nearly spent (from BUDGET_NEARLY_SPENT on), or spent (nothing more is served). */
export type BudgetState = (typeof BUDGET_STATES)[number];
export const BUDGET_STATE_LABELS: Record<BudgetState, string> = {
  under: 'Under budget',
  'nearly-spent': 'Budget nearly spent',
  spent: 'Budget spent',
};

/** The state of `spent` units of a budget of `budget` units. */
export function budgetState(spent: number, budget: number): BudgetState {
  if (spent >= budget) return 'spent';
  return spent >= budget * BUDGET_NEARLY_SPENT ? 'nearly-spent' : 'under';
}

/** The more pressing of two states (spent over nearly spent over under). */
const worse = (a: BudgetState, b: BudgetState): BudgetState =>
  BUDGET_STATES.indexOf(a) >= BUDGET_STATES.indexOf(b) ? a : b;

/** One budget (lifetime or today's) against its spend, in the currency. */
const budgetLineSchema = z.object({
  budget: z.number(),
  spent: z.number(),
  /** What is left (0 once spent, never below). */
  left: z.number(),
  /** spent / budget, from 0 (can pass 1 by the fleet's bounded overshoot: docs/serving.md). */
  share: z.number(),
  state: z.enum(BUDGET_STATES),
});
export type BudgetLine = z.infer<typeof budgetLineSchema>;

/** A campaign's budget as the pages show it: each line set, and the more pressing state of the two. */
export const budgetFiguresSchema = z.object({
  currency: z.string(),
  lifetime: z.nullable(budgetLineSchema),
  /** Today's, a local day of the flight's zone. */
  daily: z.nullable(budgetLineSchema),
  state: z.enum(BUDGET_STATES),
});
export type BudgetFigures = z.infer<typeof budgetFiguresSchema>;

/** The counted figures a budget reads: the campaign's over its life, and today's (the flight's zone). */
export interface BudgetCounters {
  lifetime: PricedCounters;
  today: PricedCounters;
}

function lineOf(amount: number, spent: number, currency: string): BudgetLine {
  const budget = budgetUnits(amount, currency);
  return {
    budget: amount,
    spent: unitsToAmount(spent, currency),
    left: unitsToAmount(Math.max(0, budget - spent), currency),
    share: spent / budget,
    state: budgetState(spent, budget),
  };
}

/** A budget's spent and left, lifetime and today, from the counted figures at the rate (as the reports spend). */
export function budgetFigures(
  budget: CampaignBudget,
  rate: CampaignRate,
  counters: BudgetCounters,
): BudgetFigures {
  const { currency } = rate;
  const lifetime =
    budget.lifetime === undefined
      ? null
      : lineOf(budget.lifetime, spendUnits(rate, counters.lifetime), currency);
  const daily =
    budget.daily === undefined ? null : lineOf(budget.daily, spendUnits(rate, counters.today), currency);
  return {
    currency,
    lifetime,
    daily,
    state: worse(lifetime?.state ?? 'under', daily?.state ?? 'under'),
  };
}

/**
 * How many more priced events the budget pays for (the rate's metric: impressions of a CPM...): what is
 * left of the lifetime and of today's budget, the smaller, in whole events (rounded down: an event it can
 * pay only part of is not bought). Infinity without a budget; 0 once either is spent.
 */
export function eventsLeft(
  budget: CampaignBudget | null | undefined,
  rate: CampaignRate,
  counters: BudgetCounters,
): number {
  if (!budget) return Number.POSITIVE_INFINITY;
  const each = unitsPerPricedEvent(rate);
  const left = (amount: number | undefined, counted: PricedCounters) =>
    amount === undefined
      ? Number.POSITIVE_INFINITY
      : Math.max(0, Math.floor((budgetUnits(amount, rate.currency) - spendUnits(rate, counted)) / each));
  return Math.min(left(budget.lifetime, counters.lifetime), left(budget.daily, counters.today));
}

/** The priced events a lifetime budget buys at the rate over the campaign's life (rounded down). */
export function eventsBought(budget: CampaignBudget, rate: CampaignRate): number | null {
  if (budget.lifetime === undefined) return null;
  return Math.floor(budgetUnits(budget.lifetime, rate.currency) / unitsPerPricedEvent(rate));
}

/**
 * What even delivery paces to (money pacing, docs/serving.md "Budgets in money"): the goal, unless a
 * lifetime budget buys fewer of the goal's metric than it asks (the rate prices the same metric), or there
 * is no goal: then the events the budget buys, in the rate's metric. Null: nothing to pace to.
 */
export function deliveryTarget(
  goal: CampaignGoal | null | undefined,
  budget: CampaignBudget | null | undefined,
  rate: CampaignRate | null | undefined,
): CampaignGoal | null {
  const bought = budget && rate ? eventsBought(budget, rate) : null;
  if (bought === null || !rate) return goal ?? null;
  const metric = RATE_METRIC[rate.model];
  if (!goal) return bought > 0 ? { metric, amount: bought } : null;
  return goal.metric === metric && bought < goal.amount ? { metric, amount: Math.max(1, bought) } : goal;
}

/** How often a serving process reads a budgeted campaign's counted figures (docs/serving.md, "Budgets in money"). */
export const BUDGET_REFRESH_MS = 5_000;
/** How often once nearly spent (BUDGET_NEARLY_SPENT of a budget), or when it allows itself few events. */
export const BUDGET_NEAR_REFRESH_MS = 1_000;

/** The local day of `now` in `zone` ('YYYY-MM-DD') and its bounds as instants: a daily budget's day. */
export function budgetDay(now: Date, zone: string): { date: string; from: Date; until: Date } {
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const next = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    date,
    from: zonedTimeToUtc(date, '00:00:00', zone),
    until: zonedTimeToUtc(next, '00:00:00', zone),
  };
}

/** A process serving beside others takes at most this part of its share of what is left, each read. */
export const BUDGET_SHARE_DAMPING = 0.5;
/** A process's first read (or one after an idle interval) takes at most this part of what is left. */
export const BUDGET_FIRST_SHARE = 0.1;

/**
 * One serving process's allowance of the `left` events the budget still pays for, until its next read
 * (docs/serving.md, "Budgets in money"): `own` of the campaign's requests since its last read against the
 * fleet's `fleet` over the same interval (the store's counts, its own flushed first), less `inFlight` (its
 * ads served too lately for their events to be counted yet). Alone (the fleet's requests are its own): all
 * that is left. Beside others: half its share (shares measured a second late may add up to more than 1,
 * never to 2), rounded down. Its first read, or one after an interval without requests (`fleet`
 * undefined or 0): a tenth. At least one while any is left and none is in flight, so P processes whose
 * counts have landed allow at most left + P between them.
 */
export function processAllowance(left: number, own: number, fleet: number | undefined, inFlight = 0): number {
  if (left <= 0) return 0;
  if (!Number.isFinite(left)) return left;
  const share =
    fleet === undefined || fleet <= 0
      ? left * BUDGET_FIRST_SHARE
      : own >= fleet
        ? left
        : (left * own * BUDGET_SHARE_DAMPING) / fleet;
  return Math.max(inFlight > 0 ? 0 : 1, Math.floor(share) - inFlight);
}

/** The budget as people read it: 'USD 10.00 lifetime · USD 2.00 a day' (in its rate's currency). */
export function formatBudget(budget: CampaignBudget, currency: string): string {
  const digits = currencyDigits(currency);
  const money = (amount: number) =>
    `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
  return [
    ...(budget.lifetime !== undefined ? [`${money(budget.lifetime)} lifetime`] : []),
    ...(budget.daily !== undefined ? [`${money(budget.daily)} a day`] : []),
  ].join(' · ');
}

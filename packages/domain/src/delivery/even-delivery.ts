// Even delivery (docs/serving.md, "Even delivery"): a campaign with a goal delivers as fast as possible
// (`asap`, the default) or evenly (`even`): the server then throttles its ad requests so that delivery
// follows the goal's even plan line (campaigns/pacing.ts, in local wall-clock time of the campaign's zone),
// catching up within limits when behind, and never serving past the goal. The throttle is a rate (the
// share of the requests that reach it to serve) and a budget (how many ads the period may serve at most),
// recomputed a few times an hour from the counted figures; the hot path is one random draw against it.

import { type CampaignFlight, flightInstants, flightZone } from '../campaigns/flight';
import { evenPlanLine } from '../campaigns/pacing';
import { type CampaignGoal, GOAL_METRIC_LABELS } from '../campaigns/pricing';
import type { DELIVERY_MODES } from '../constants';
import { zoneWords } from './summary';

export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export const DELIVERY_MODE_LABELS: Record<DeliveryMode, string> = {
  asap: 'As fast as possible',
  even: 'Evenly',
};

/** The throttle aims at the plan line this far ahead (or at the flight's end when it comes sooner). */
export const THROTTLE_HORIZON_MS = 3_600_000;
/** Catching up when behind is limited to this many times the plan's own pace. */
export const THROTTLE_CATCH_UP = 2;
/** The rate before any request has been counted (the period's budget still limits what it serves). */
export const THROTTLE_START_RATE = 1;
/** How often a serving process recomputes its even campaigns' throttles, by default. */
export const THROTTLE_PERIOD_MS = 5 * 60_000;

const HOUR_MS = 3_600_000;

/** Why the throttle is what it is. */
export type ThrottleBasis =
  | 'planned'
  | 'no-requests'
  | 'no-yield'
  | 'no-plan'
  | 'before-flight'
  | 'ended'
  | 'goal-reached';

export interface Throttle {
  /** The share of the requests reaching the throttle to serve, from 0 to 1. */
  rate: number;
  /** At most this many ads served in the period, across the fleet (Infinity: no limit). */
  budget: number;
  /** The goal's metric the rest of the horizon needs, per hour (after the catch-up limit). */
  neededPerHour: number;
  basis: ThrottleBasis;
}

export interface ThrottleInput {
  goal: CampaignGoal;
  flight: CampaignFlight;
  /** The goal's metric counted from the flight's start until now. */
  delivered: number;
  /** Impressions counted from the flight's start until now (for a click or completed-view goal). */
  impressions: number;
  /** Requests that reached the throttle (served and throttled) per hour, lately; null when none counted. */
  requestsPerHour: number | null;
  now: Date;
  /** The recompute period (ms): the budget is the period's. */
  periodMs?: number;
}

const stopped = (basis: ThrottleBasis): Throttle => ({ rate: 0, budget: 0, neededPerHour: 0, basis });

/**
 * The throttle of an evenly delivered campaign at `now` (docs/serving.md, "Even delivery"):
 *
 * - h = the horizon: one hour, or what is left of the flight when less;
 * - needed per hour = (plan(now + h) - delivered) / h, at least 0, at most THROTTLE_CATCH_UP × goal /
 *   flight hours (the plan's own pace), and never more than the goal leaves;
 * - ads per hour = needed per hour / yield (the goal's metric per impression so far; 1 for impressions);
 * - rate = ads per hour / requests per hour, from 0 to 1 (THROTTLE_START_RATE before any request);
 * - budget = ads per hour × the period, rounded up, and never more ads than the goal leaves.
 *
 * Before the flight, after it, and once the goal is reached, the rate and the budget are 0. Without
 * both flight dates there is no plan line: nothing is throttled.
 */
export function evenThrottle(input: ThrottleInput): Throttle {
  const { goal, delivered, now } = input;
  const periodMs = input.periodMs ?? THROTTLE_PERIOD_MS;
  const line = evenPlanLine(goal, input.flight);
  if (!line) return { rate: 1, budget: Number.POSITIVE_INFINITY, neededPerHour: 0, basis: 'no-plan' };
  if (now < line.from) return stopped('before-flight');
  if (now >= line.until) return stopped('ended');
  const left = goal.amount - delivered;
  if (left <= 0) return stopped('goal-reached');

  const at = line.wall(now);
  const horizon = Math.min(THROTTLE_HORIZON_MS, line.end - at);
  const pace = (goal.amount * HOUR_MS) / (line.end - line.start);
  const neededPerHour = Math.min(
    Math.max(0, line.planAt(at + horizon) - delivered) / (horizon / HOUR_MS),
    THROTTLE_CATCH_UP * pace,
  );
  const yieldPerAd =
    goal.metric === 'impressions'
      ? 1
      : input.impressions > 0 && delivered > 0
        ? delivered / input.impressions
        : 0;
  if (yieldPerAd === 0)
    return { rate: THROTTLE_START_RATE, budget: Number.POSITIVE_INFINITY, neededPerHour, basis: 'no-yield' };
  const adsPerHour = neededPerHour / yieldPerAd;
  const budget = Math.min(Math.ceil((adsPerHour * periodMs) / HOUR_MS), Math.ceil(left / yieldPerAd));
  const requests = input.requestsPerHour;
  if (requests === null || requests <= 0)
    return { rate: THROTTLE_START_RATE, budget, neededPerHour, basis: 'no-requests' };
  return { rate: Math.min(1, adsPerHour / requests), budget, neededPerHour, basis: 'planned' };
}

/**
 * One process's part of the fleet's budget: its share of the requests the fleet counted lately (all of
 * it when the fleet counted none, when this process has seen none yet to share by, or when it is
 * alone), rounded up.
 */
export function processBudget(budget: number, ownRequests: number, fleetRequests: number): number {
  if (!Number.isFinite(budget) || fleetRequests <= 0 || ownRequests <= 0 || ownRequests >= fleetRequests)
    return budget;
  return Math.ceil((budget * ownRequests) / fleetRequests);
}

/**
 * A process's gate for one campaign: the throttle's rate and its budget for the period, with what the
 * process served and saw since. `admit` is the hot path: a budget comparison and one random draw.
 */
/**
 * The share of a period's budget one client (an address, and a device) may take at most: a browser-looking
 * flood from one place cannot take a period's ads from everyone else (docs/serving.md, "Even delivery").
 */
export const CLIENT_BUDGET_SHARE = 0.05;
/** Clients a gate remembers in a period; past it the period's counts per client start again. */
const CLIENTS_PER_PERIOD = 100_000;

/** Ads one client may take of a period's budget: its share, rounded up, at least one. */
export const clientBudget = (budget: number): number =>
  Number.isFinite(budget) ? Math.max(1, Math.ceil(budget * CLIENT_BUDGET_SHARE)) : Number.POSITIVE_INFINITY;

export class ThrottleGate {
  rate = THROTTLE_START_RATE;
  budget = Number.POSITIVE_INFINITY;
  /** Ads served and requests seen in this period (a new period starts at each recompute). */
  served = 0;
  requests = 0;
  /** Ads served this period by client key. */
  private byClient = new Map<string | number, number>();

  /**
   * Whether this request serves; `draw` is a uniform random number in [0, 1). A request whose client
   * keys (its address's, and its device's when it carries one) include one that has taken its share of
   * the period's budget is not served: a new device id a request from one address is no new client.
   */
  admit(draw: number, clients: ReadonlyArray<string | number> = []): boolean {
    this.requests += 1;
    if (this.served >= this.budget || draw >= this.rate) return false;
    const share = clientBudget(this.budget);
    if (clients.some((client) => (this.byClient.get(client) ?? 0) >= share)) return false;
    if (this.byClient.size + clients.length > CLIENTS_PER_PERIOD) this.byClient.clear();
    for (const client of clients) this.byClient.set(client, (this.byClient.get(client) ?? 0) + 1);
    this.served += 1;
    return true;
  }

  /** A new period: the recomputed throttle, this process's budget of it. */
  reset(rate: number, budget: number): void {
    this.rate = rate;
    this.budget = budget;
    this.served = 0;
    this.requests = 0;
    this.byClient = new Map();
  }
}

/**
 * What the campaign page's pacing card says of an evenly delivered campaign: "Delivering evenly ·
 * serving 34 % of requests" (the rate to a whole percent), or without the share before a rate is known;
 * null for a campaign delivered as fast as possible.
 */
export function evenDeliveryText(pacing: {
  deliveryMode?: DeliveryMode;
  throttleRate?: number | null;
  status?: string;
  elapsedDays?: number;
}): string | null {
  if (pacing.deliveryMode !== 'even') return null;
  // Before the flight nothing is served: flightStartText says when it starts and what it will serve.
  if (pacing.status === 'not-started' && pacing.elapsedDays === 0) return null;
  const rate = pacing.throttleRate;
  return rate === null || rate === undefined
    ? 'Delivering evenly'
    : `Delivering evenly · serving ${Math.round(rate * 100)} % of requests`;
}

/**
 * What a campaign whose flight has not started says instead of a delivery rate: "Starts 7 Dec 00:00
 * Berlin time; needs about 13,889 a day (...)": the goal over the flight's days, in its unit (a need, not a
 * promise: the forecast says what is available, docs/reports.md), or only
 * when it starts without a goal. Null once the flight has started or without a start date.
 */
export function flightStartText(input: {
  flight: CampaignFlight;
  now: Date;
  goal?: CampaignGoal | null;
  /** The flight's length in days (the pacing's `flightDays`); the goal is spread over it. */
  flightDays?: number | null;
  locale?: string;
}): string | null {
  const { from } = flightInstants(input.flight);
  if (!from || input.now >= from) return null;
  const locale = input.locale ?? 'en-GB';
  const zone = flightZone(input.flight);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(from)
      .map((part) => [part.type, part.value]),
  );
  const starts = `Starts ${parts.day} ${parts.month} ${parts.hour}:${parts.minute} ${zoneWords(zone)}`;
  const days = input.flightDays ?? 0;
  if (!input.goal || days <= 0) return starts;
  const unit =
    input.goal.metric === 'impressions' ? '' : ` ${GOAL_METRIC_LABELS[input.goal.metric].toLowerCase()}`;
  const daily = Math.round(input.goal.amount / days).toLocaleString('en-US');
  return `${starts}; needs about ${daily}${unit} a day (the inventory forecast says what is available)`;
}

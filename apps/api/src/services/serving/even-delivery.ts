// Even delivery at serving time (docs/serving.md, "Even delivery"). Each process keeps, for each evenly
// delivered campaign it serves, the domain's throttle (delivery/even-delivery.ts): a rate and this
// process's part of the period's budget, of which one client takes at most a small share. Invalid
// traffic never reaches it (the gate answers it before the throttle: gate.ts), and its requests are
// counted apart (`servedInvalid`), so it enters neither the budget nor the rate. The hot path is the gate: a budget comparison and one random draw against
// the cached rate, no read. Every period (5 minutes by default, EVEN_DELIVERY_PERIOD_MINUTES) the first
// request after it starts a recompute from the counted figures of the shared store (the goal's metric
// delivered since the flight's start, the requests that reached the throttle in the last hour), while
// the old rate keeps answering; only a campaign's first request in a process waits for one. Every process
// applies the same rate to its own requests, so the fleet together takes its share: no central counter.
import {
  type CampaignFlight,
  type CampaignGoal,
  evenThrottle,
  flightInstants,
  goalDelivered,
  processBudget,
  type RequestOutcome,
  THROTTLE_PERIOD_MS,
  type Throttle,
  ThrottleGate,
  zoneOfName,
} from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { listLiveIdsOfCampaigns } from '../../db/queries/live-creatives';
import { readCampaignDays } from '../events/queries/campaign-days';
import { readRequestPeriods } from '../events/queries/request-periods';
import type { EventStore } from '../events/store';

/** An evenly delivered campaign as serving reads it: its goal and flight as they are now. */
export interface EvenCampaign {
  id: string;
  goal: CampaignGoal;
  flight: CampaignFlight;
}

/** Where the throttle reads its counted figures: the database and the event store. */
interface EvenThrottleSource {
  db: Queryable;
  events: { store: EventStore; requests: { flush(): Promise<void> } };
  log: (line: string) => void;
}

const HOUR_MS = 3_600_000;
const BUCKET_MS = 15 * 60_000;
/**
 * The outcomes of the requests that reached the throttle (its rate is a share of them): served (capped,
 * or uncapped for want of consent: docs/privacy.md), throttled and refused after it for the budget
 * (budgets.ts); never invalid traffic.
 */
const THROTTLED_OUTCOMES = new Set<string>([
  'served',
  'servedNoConsent',
  'throttled',
  'budget',
] satisfies RequestOutcome[]);

interface State {
  campaign: EvenCampaign;
  gate: ThrottleGate;
  /** When the next recompute is due (ms), and when the current period began. */
  due: number;
  since: number;
  computing: Promise<void> | undefined;
  /** The last throttle computed; undefined before the first. */
  throttle: Throttle | undefined;
}

/** The counted figures a throttle is computed from, read from the shared store. */
async function evenFigures(source: EvenThrottleSource, campaign: EvenCampaign, now: number) {
  const { from, until } = flightInstants(campaign.flight);
  const figures = { delivered: 0, impressions: 0, requestsPerHour: null as number | null };
  if (!from || !until || now <= from.getTime() || now >= until.getTime()) return figures;
  // This process's own last second of requests is in the store too.
  await source.events.requests.flush();
  const liveIds = (await listLiveIdsOfCampaigns(source.db, [campaign.id])).map((live) => live.id);
  const zone = zoneOfName(campaign.flight.timezone ?? 'UTC', from);
  const windowStart = Math.floor(Math.max(from.getTime(), now - HOUR_MS) / BUCKET_MS) * BUCKET_MS;
  const [days, requests] = await Promise.all([
    readCampaignDays(source.events.store, [
      { campaignId: campaign.id, liveIds, from, to: new Date(now), zone },
    ]),
    readRequestPeriods(
      source.events.store,
      { campaignId: campaign.id },
      new Date(windowStart),
      new Date(now + 1),
      { offset: '+00:00' },
      'hour',
    ),
  ]);
  for (const day of days.get(campaign.id) ?? []) {
    figures.delivered += goalDelivered(campaign.goal.metric, day);
    figures.impressions += day.impressions;
  }
  const counted = requests
    .filter((row) => THROTTLED_OUTCOMES.has(row.outcome))
    .reduce((sum, row) => sum + row.requests, 0);
  if (counted > 0 && now > windowStart) figures.requestsPerHour = counted / ((now - windowStart) / HOUR_MS);
  return figures;
}

/** Each evenly delivered campaign's throttle in this process. */
export class EvenThrottles {
  private states = new Map<string, State>();

  constructor(
    private readonly source: () => EvenThrottleSource,
    private readonly periodMs = THROTTLE_PERIOD_MS,
    private readonly random: () => number = Math.random,
  ) {}

  /**
   * Whether this request of an evenly delivered campaign at `now` (ms) is served (else: throttled); each
   * of its `clients` (its address's key, its device's) takes at most its share of the period's budget.
   */
  admit(
    campaign: EvenCampaign,
    now: number,
    clients: ReadonlyArray<string | number> = [],
  ): boolean | Promise<boolean> {
    let state = this.states.get(campaign.id);
    if (!state) {
      if (this.states.size >= 10_000) this.states.clear();
      state = {
        campaign,
        gate: new ThrottleGate(),
        due: now,
        since: now,
        computing: undefined,
        throttle: undefined,
      };
      this.states.set(campaign.id, state);
    }
    state.campaign = campaign;
    if (now >= state.due) {
      const current = state;
      current.computing ??= this.recompute(current, now).finally(() => {
        current.computing = undefined;
      });
      // Only the first throttle is waited for; later ones land while the old one answers.
      if (current.throttle === undefined)
        return current.computing.then(() => current.gate.admit(this.random(), clients));
    }
    // Answered at once (no promise, no turn of the event loop): the serving path's common case.
    return state.gate.admit(this.random(), clients);
  }

  /** The campaign's throttle as this process last computed it (the pacing answer's); undefined before. */
  current(campaignId: string): Throttle | undefined {
    return this.states.get(campaignId)?.throttle;
  }

  /**
   * The campaign's throttle now, for its pacing answer: this process's own when it serves the campaign,
   * else computed from the store's figures (not kept: a process keeps the throttles it serves by).
   */
  async throttleOf(campaign: EvenCampaign, now: number): Promise<Throttle> {
    const own = this.states.get(campaign.id)?.throttle;
    if (own) return own;
    const figures = await evenFigures(this.source(), campaign, now);
    return evenThrottle({
      ...figures,
      goal: campaign.goal,
      flight: campaign.flight,
      now: new Date(now),
      periodMs: this.periodMs,
    });
  }

  /**
   * Forget a campaign's throttle (its goal, flight or mode changed in this process): its next request
   * computes a new one at once. Other processes recompute theirs within the period.
   */
  forget(campaignId: string): void {
    this.states.delete(campaignId);
  }

  private async recompute(state: State, now: number): Promise<void> {
    const { campaign } = state;
    try {
      const figures = await evenFigures(this.source(), campaign, now);
      const throttle = evenThrottle({
        ...figures,
        goal: campaign.goal,
        flight: campaign.flight,
        now: new Date(now),
        periodMs: this.periodMs,
      });
      // This process's share: its requests an hour in the period that ends, of the fleet's.
      const ownPerHour = now > state.since ? (state.gate.requests * HOUR_MS) / (now - state.since) : 0;
      state.gate.reset(
        throttle.rate,
        processBudget(throttle.budget, ownPerHour, figures.requestsPerHour ?? 0),
      );
      state.throttle = throttle;
    } catch (error) {
      // The store did not answer: the last throttle (the start rate at first) holds until the next period.
      this.source().log(`even delivery of campaign ${campaign.id}: ${(error as Error).message}`);
    }
    state.since = now;
    state.due = now + this.periodMs;
  }
}

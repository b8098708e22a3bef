// Budgets in money at serving time (docs/serving.md, "Budgets in money"). Each process keeps, for each
// campaign with a budget it serves, an allowance: how many more ads it may serve until its next read of
// the shared store. A read (every BUDGET_REFRESH_MS, 5 s; every BUDGET_NEAR_REFRESH_MS, 1 s, once the
// budget is nearly spent or the allowance is small; and at the flight zone's midnight, when a daily
// budget starts again) takes the campaign's counted, valid priced events over its life and today (what
// the reports spend: the domain's campaigns/budget.ts), the events the budget still pays for, and this process's share of
// them by its share of the campaign's requests since its last read (processAllowance: rounded down, at
// least one while any is left). Between reads the process counts what it serves against its allowance:
// the hot path is one comparison, no read; only a campaign's first request in a process waits for one.
// A request past the allowance is refused, counted `budget` ("Not served: budget spent"). Invalid
// traffic never reaches it (gate.ts): it spends no budget.
import {
  BUDGET_NEAR_REFRESH_MS,
  BUDGET_REFRESH_MS,
  type BudgetCounters,
  type BudgetFigures,
  budgetDay,
  budgetFigures,
  type CampaignBudget,
  type CampaignRate,
  eventsLeft,
  goalDelivered,
  processAllowance,
  RATE_METRIC,
  type RequestOutcome,
  zoneOfName,
} from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { listBudgetLives } from '../../db/queries/budgets';
import { readCampaignDays } from '../events/queries/campaign-days';
import { readRequestPeriods } from '../events/queries/request-periods';
import type { EventStore } from '../events/store';

/** A campaign with a budget as serving reads it: its budget, rate and zone as they are now. */
export interface BudgetedCampaign {
  id: string;
  budget: CampaignBudget;
  rate: CampaignRate;
  /** The flight's zone (IANA): a daily budget's day. */
  zone: string;
}

/** Where the budget reads its counted figures: the database and the event store. */
export interface BudgetSource {
  db: Queryable;
  events: { store: EventStore; requests: { flush(): Promise<void> } };
  log: (line: string) => void;
}

const HOUR_MS = 3_600_000;
/** The outcomes of the requests that reached the budget (served, or refused by it); never invalid traffic. */
const REACHED = new Set<string>(['served', 'servedNoConsent', 'budget'] satisfies RequestOutcome[]);
/** Below this many ads allowed, the next read comes after the short period. */
const FEW_ADS = 100;

/** The campaign's counted priced figures over its life and today (its zone's day), read from the store. */
export async function readBudgetCounters(
  source: { db: Queryable; events: { store: EventStore } },
  campaign: Pick<BudgetedCampaign, 'id' | 'zone'>,
  now: number,
): Promise<BudgetCounters> {
  const counters: BudgetCounters = {
    lifetime: { impressions: 0, clicks: 0, videoCompletes: 0 },
    today: { impressions: 0, clicks: 0, videoCompletes: 0 },
  };
  const lives = await listBudgetLives(source.db, campaign.id);
  if (lives.length === 0) return counters;
  const at = new Date(now);
  const today = budgetDay(at, campaign.zone);
  // Its life: from the local day its first live creative was published (no event is older).
  const first = Math.min(...lives.map((live) => new Date(live.created_at).getTime()));
  const from = budgetDay(new Date(Math.min(first, now)), campaign.zone).from;
  const days = await readCampaignDays(source.events.store, [
    {
      campaignId: campaign.id,
      liveIds: lives.map((live) => live.id),
      from,
      to: new Date(Math.max(now + 1, today.until.getTime())),
      zone: zoneOfName(campaign.zone, at),
    },
  ]);
  for (const day of days.get(campaign.id) ?? []) {
    for (const counted of day.date === today.date
      ? [counters.lifetime, counters.today]
      : [counters.lifetime]) {
      counted.impressions += day.impressions;
      counted.clicks += day.clicks;
      counted.videoCompletes = (counted.videoCompletes ?? 0) + day.videoCompletes;
    }
  }
  return counters;
}

/** The campaign's requests that reached the budget by UTC hour at one read, and this process's own then. */
interface Snapshot {
  at: number;
  hours: Map<string, number>;
  own: number;
}

/** A campaign's budget state in this process. */
interface State {
  campaign: BudgetedCampaign;
  /** Ads this process may still serve until its next read, and what it served since the last. */
  allowance: number;
  served: number;
  /** Requests that reached the budget in this process, ever (the share's numerator is a difference). */
  requests: number;
  /** When the next read is due (ms); the read in progress; whether one has landed. */
  due: number;
  computing: Promise<void> | undefined;
  read: boolean;
  /** The last reads' request counts (the fleet's share over SHARE_WINDOW_MS), oldest first. */
  snapshots: Snapshot[];
  /** The ads served in each of the last periods, with when the period ended (their events in flight). */
  periods: { until: number; served: number }[];
  /** What the last read found. */
  figures: BudgetFigures | undefined;
  left: number;
}

/** The share is measured over at least this long (each process writes its request counts once a second). */
const SHARE_WINDOW_MS = 5_000;
/**
 * An ad's event is counted within this long of the ad (the page's beacon, then the event writer's second):
 * a process's ads served more lately are taken off its allowance, whether their events landed or not.
 */
const BUDGET_IN_FLIGHT_MS = 2_000;

/** Each budgeted campaign's allowance in this process. */
export class BudgetGates {
  private states = new Map<string, State>();

  constructor(private readonly source: () => BudgetSource) {}

  /**
   * Whether this request of a campaign with a budget at `now` (ms) is served (else: `budget`). A request
   * past the allowance while a read is due waits for it (one shared read, near the cap only).
   */
  admit(campaign: BudgetedCampaign, now: number): boolean | Promise<boolean> {
    let state = this.states.get(campaign.id);
    if (!state) {
      if (this.states.size >= 10_000) this.states.clear();
      state = {
        campaign,
        allowance: 0,
        served: 0,
        requests: 0,
        due: now,
        computing: undefined,
        read: false,
        snapshots: [],
        periods: [],
        figures: undefined,
        left: 0,
      };
      this.states.set(campaign.id, state);
    }
    state.campaign = campaign;
    if (now >= state.due) {
      const current = state;
      current.computing ??= this.recompute(current, now).finally(() => {
        current.computing = undefined;
      });
    }
    const computing = state.computing;
    // The first read is waited for, and so is a due one by a request past the allowance; otherwise the
    // last allowance answers while the next read lands.
    if (computing && (!state.read || state.served >= state.allowance)) {
      const current = state;
      return computing.then(() => judge(current));
    }
    return judge(state);
  }

  /** What this process last read of the campaign's budget (spent, left, state); undefined before. */
  current(campaignId: string): { figures: BudgetFigures; left: number; allowance: number } | undefined {
    const state = this.states.get(campaignId);
    return state?.figures && { figures: state.figures, left: state.left, allowance: state.allowance };
  }

  /** Forget a campaign's allowance (its budget, rate or flight changed here): its next request reads again. */
  forget(campaignId: string): void {
    this.states.delete(campaignId);
  }

  private async recompute(state: State, now: number): Promise<void> {
    const { campaign } = state;
    const source = this.source();
    const day = budgetDay(new Date(now), campaign.zone);
    // The period that ends: its ads are counted against the next allowance while their events may be in flight.
    // Ads served while the read is out still count against the last allowance, then against the new one.
    const ended = state.served;
    state.periods.push({ until: now, served: ended });
    state.periods = state.periods.filter((period) => period.until > now - BUDGET_IN_FLIGHT_MS);
    try {
      // This process's own last second of requests is in the store too.
      await source.events.requests.flush();
      // The fleet's share is measured against the newest read at least SHARE_WINDOW_MS old.
      const base =
        [...state.snapshots].reverse().find((snapshot) => snapshot.at <= now - SHARE_WINDOW_MS) ??
        state.snapshots[0];
      const since = Math.min(base?.at ?? now - HOUR_MS, now - HOUR_MS);
      const [counters, requests] = await Promise.all([
        readBudgetCounters(source, campaign, now),
        readRequestPeriods(
          source.events.store,
          { campaignId: campaign.id },
          new Date(Math.floor(since / HOUR_MS) * HOUR_MS),
          new Date(now + 1),
          { offset: '+00:00' },
          'hour',
        ),
      ]);
      const hours = new Map<string, number>();
      for (const row of requests)
        if (REACHED.has(row.outcome)) hours.set(row.period, (hours.get(row.period) ?? 0) + row.requests);
      let fleet: number | undefined;
      if (base) {
        fleet = 0;
        for (const [hour, count] of hours) fleet += count - (base.hours.get(hour) ?? 0);
      }
      const left = eventsLeft(campaign.budget, campaign.rate, counters);
      const inFlight = state.periods.reduce((sum, period) => sum + period.served, 0);
      const events = processAllowance(left, state.requests - (base?.own ?? 0), fleet, inFlight);
      state.allowance = adsFor(events, campaign.rate, counters);
      state.figures = budgetFigures(campaign.budget, campaign.rate, counters);
      state.left = left;
      state.snapshots = [
        ...state.snapshots.filter((snapshot) => snapshot.at > now - SHARE_WINDOW_MS * 3),
        { at: now, hours, own: state.requests },
      ].slice(-20);
      const near = !base || state.figures.state !== 'under' || state.allowance < FEW_ADS;
      state.due = Math.min(now + (near ? BUDGET_NEAR_REFRESH_MS : BUDGET_REFRESH_MS), day.until.getTime());
    } catch (error) {
      // The store did not answer: no allowance until a short period has passed.
      source.log(`budget of campaign ${campaign.id}: ${(error as Error).message}`);
      state.allowance = 0;
      state.due = now + BUDGET_NEAR_REFRESH_MS;
    }
    state.served -= ended;
    state.read = true;
  }
}

/** A request against the allowance: served while some is left. */
function judge(state: State): boolean {
  state.requests += 1;
  if (state.served >= state.allowance) return false;
  state.served += 1;
  return true;
}

/**
 * The ads an allowance of priced events takes: one each for a CPM; for a CPC or CPCV, the events over the
 * campaign's yield so far (its clicks or completed views per impression, rounded up), unlimited before it
 * has one (docs/serving.md: what ads already served still bring is bounded by them).
 */
function adsFor(events: number, rate: CampaignRate, counters: BudgetCounters): number {
  if (rate.model === 'CPM' || events <= 0 || !Number.isFinite(events)) return events;
  const delivered = goalDelivered(RATE_METRIC[rate.model], counters.lifetime);
  const impressions = counters.lifetime.impressions;
  if (delivered <= 0 || impressions <= 0) return Number.POSITIVE_INFINITY;
  return Math.ceil(events / (delivered / impressions));
}

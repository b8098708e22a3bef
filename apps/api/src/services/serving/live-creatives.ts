// The live creatives the ad server answers for, cached briefly in memory: every ad request and tracking
// call needs one, and a database read each time would cap serving at the database's pace. A removal
// in this process is seen at once; one in another process within the cache's lifetime (5 s, and at
// most a second more while the entry is read again: the old entry keeps answering meanwhile).
//
// What each request would otherwise compute again is computed here, once per entry: the flight's start
// and end as instants (a zone lookup), and, in `documents`, the parts of the VAST and ad JSON answers
// that do not change between requests (vast.ts, ad.ts). A new entry starts with none of them, so a
// change to the creative or its campaign reaches the answers with the entry.
import {
  type Asset,
  bothChecks,
  type CampaignBudget,
  type CampaignFlight,
  type CampaignGoal,
  type CampaignRate,
  type Creative,
  compileDeliveryRules,
  compileTagCaps,
  DEFAULT_CLICK_PARAM,
  type DeliveryCheck,
  type DeliveryMode,
  deliveryTarget,
  flightInstants,
  flightZone,
  type TagCaps,
} from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { findServedLiveCreative } from '../../db/queries/serving';
import { requestCountKey } from '../events/request-counter';
import type { BudgetedCampaign } from './budgets';
import type { EvenCampaign } from './even-delivery';

/** An asset of a published creative: the domain's asset, as the server stored it (with its path). */
export type SnapshotAsset = Asset & { path: string };

/** A creative as it was when published: its answer, without its live creatives. */
export type Snapshot = Omit<Creative, 'liveCreatives' | 'assets'> & { assets: SnapshotAsset[] };

export interface LiveCreative {
  id: string;
  campaignId: string;
  creativeId: string | null;
  snapshot: Snapshot;
  createdAt: Date;
  /** Its campaign's flight dates and timezone as they are now (not as published): served only while live. */
  flight: CampaignFlight;
  /** Its campaign's advertiser as it is now (VAST's <Advertiser>); undefined when not set. */
  advertiser: string | undefined;
  /** Its campaign's booked rate as it is now (VAST's <Pricing>); undefined when none is. */
  rate: CampaignRate | undefined;
  /** Its campaign's landing-URL parameter for the click id, as it is now (docs/conversions.md): `adc_click` by default. */
  clickParam: string;
  /**
   * Whether the flight is live at this instant (ms): between its start and end, as instants in its zone,
   * and its campaign neither paused nor archived (such a campaign answers like an ended flight).
   */
  liveAt(now: number): boolean;
  /** Its campaign is paused or archived (it then serves nothing: "paused or archived"). */
  pausedOrArchived: boolean;
  /**
   * Its campaign's delivery rules and its creative's own, compiled when the entry is read
   * (docs/serving.md, "Delivery rules"): the reason a request is refused; null when neither has a rule.
   */
  delivery: DeliveryCheck | null;
  /**
   * Its campaign's frequency caps and its creative's own, compiled with the entry (docs/serving.md,
   * "Frequency caps"); null when neither has one.
   */
  caps: TagCaps | null;
  /** Its campaign when delivered evenly (docs/serving.md, "Even delivery"): its goal and flight; else null. */
  even: EvenCampaign | null;
  /** Its campaign's budget in money with its rate (docs/serving.md, "Budgets in money"); else null. */
  budget: BudgetedCampaign | null;
  /** The key its own tag's ad requests are counted under (events/request-counter.ts). */
  countKey: string;
  /** The answers' constant parts, built on first use by the module that owns each (keyed by it). */
  documents: Map<string, unknown>;
}

const LIVE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** After the lifetime, the old entry still answers for this long while it is read again. */
const REFRESH_GRACE_MS = 1000;

interface Entry {
  value: LiveCreative | undefined;
  expires: number;
  /** The read in progress, shared by every request that needs it. */
  reading?: Promise<LiveCreative | undefined>;
}

export class LiveCreativeCache {
  private entries = new Map<string, Entry>();
  /** How many times the cache was cleared: what is built on its entries (placements) is stale when it moves. */
  generation = 0;

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = 5000,
  ) {}

  /** The live creative while it serves (not removed, its creative not deleted); undefined otherwise. */
  async get(liveId: string): Promise<LiveCreative | undefined> {
    // Ids are the server's own (24 hex characters); anything else is no live creative, never a query.
    if (!LIVE_ID.test(liveId)) return undefined;
    const now = Date.now();
    const cached = this.entries.get(liveId);
    if (cached && cached.expires > now) return cached.value;
    if (cached) {
      // One read for every request that finds the entry old; until it lands, the old entry answers.
      cached.reading ??= this.read(liveId);
      return now < cached.expires + REFRESH_GRACE_MS ? cached.value : cached.reading;
    }
    const entry: Entry = { value: undefined, expires: 0 };
    entry.reading = this.read(liveId);
    this.entries.set(liveId, entry);
    return entry.reading;
  }

  private async read(liveId: string): Promise<LiveCreative | undefined> {
    const entries = this.entries;
    try {
      const row = await findServedLiveCreative<LiveCreative['snapshot']>(this.db, liveId);
      const value = row ? liveCreativeOf(row) : undefined;
      // Cleared meanwhile (a removal in this process): the read answers its caller, the cache keeps nothing.
      if (entries === this.entries) {
        if (entries.size > 10_000) entries.clear();
        entries.set(liveId, { value, expires: Date.now() + this.ttlMs });
      }
      return value;
    } catch (error) {
      if (entries === this.entries) entries.delete(liveId);
      throw error;
    }
  }

  /** Forget everything (a live creative, creative or campaign was removed in this process). */
  clear(): void {
    this.entries = new Map();
    this.generation += 1;
  }
}

function liveCreativeOf(
  row: NonNullable<Awaited<ReturnType<typeof findServedLiveCreative<LiveCreative['snapshot']>>>>,
): LiveCreative {
  const flight = row.flight ?? {};
  const { from, until } = flightInstants(flight);
  const start = from?.getTime() ?? Number.NEGATIVE_INFINITY;
  const end = until?.getTime() ?? Number.POSITIVE_INFINITY;
  const pausedOrArchived =
    (row.archived_at !== null && row.archived_at !== undefined) ||
    (row.paused_at !== null && row.paused_at !== undefined);
  const timezone = flightZone(flight);
  const campaignRules = compileDeliveryRules(row.campaign_rules, timezone);
  // A creative's rules leave unknown sites to its campaign's choice (the campaign's check holds it).
  const creativeRules = compileDeliveryRules(row.creative_rules, timezone, 'serve');
  return {
    id: row.id,
    campaignId: row.campaign_id,
    creativeId: row.creative_id,
    snapshot: row.snapshot,
    createdAt: new Date(row.created_at),
    flight,
    advertiser: row.advertiser || undefined,
    rate: row.rate ?? undefined,
    clickParam: row.click_param ?? DEFAULT_CLICK_PARAM,
    liveAt: (now) => !pausedOrArchived && now >= start && now < end,
    pausedOrArchived,
    delivery: bothChecks(campaignRules, creativeRules),
    caps: compileTagCaps({
      campaignId: row.campaign_id,
      creativeId: row.creative_id,
      campaignCaps: row.campaign_rules?.frequencyCaps,
      creativeCaps: row.creative_rules?.frequencyCaps,
      zone: timezone,
      flightStart: from?.getTime() ?? null,
      uncappable: row.campaign_rules?.uncappable,
    }),
    even: evenCampaignOf(row.campaign_id, flight, timezone),
    budget: budgetedCampaignOf(row.campaign_id, flight, timezone),
    countKey: requestCountKey(row.campaign_id, '', row.id),
    documents: new Map(),
  };
}

/** A campaign's data as serving reads it: its flight, goal, delivery mode, budget and rate. */
type ServedFlight = CampaignFlight & {
  goal?: CampaignGoal | null | undefined;
  deliveryMode?: DeliveryMode | undefined;
  budget?: CampaignBudget | null | undefined;
  rate?: CampaignRate | null | undefined;
};

/**
 * A campaign delivered evenly (docs/serving.md, "Even delivery"): its goal, or the events its lifetime
 * budget buys when that is tighter or it has no goal (the domain's campaigns/budget.ts, deliveryTarget); else null.
 */
export function evenCampaignOf(id: string, flight: ServedFlight, timezone: string): EvenCampaign | null {
  const goal = deliveryTarget(flight.goal, flight.budget, flight.rate);
  return flight.deliveryMode === 'even' && goal
    ? { id, goal, flight: { start: flight.start, end: flight.end, timezone } }
    : null;
}

/** A campaign with a budget and the rate that prices it (docs/serving.md, "Budgets in money"); else null. */
export function budgetedCampaignOf(
  id: string,
  flight: ServedFlight,
  timezone: string,
): BudgetedCampaign | null {
  return flight.budget && flight.rate
    ? { id, budget: flight.budget, rate: flight.rate, zone: timezone }
    : null;
}

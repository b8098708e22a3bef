// A placement's choice per ad request (docs/serving.md, "Placements": one tag, several creatives). The placement is read
// once per cache entry (5 s, like live creatives): its rotation, each creative's current live creative
// (its newest not removed), and for optimized rotation each one's counts of the goal from the event
// store's totals, and the choice made ready from them (rotationChooser: each creative's share of requests
// as running sums; for optimized rotation Thompson sampling's own choice probabilities, integrated once
// per entry rather than five Beta draws a request). A request then only draws one uniform number
// against those sums (or, sequential, takes the next position after the page's) and is answered
// exactly as the chosen live creative's own tag (ad.ts, vast.ts): its signed impression, events and
// clicks name that live creative, so reports attribute them to the creative served.
import {
  compileDeliveryRules,
  compileTagCaps,
  creativeSetting,
  type DeliveryCheck,
  flightInstants,
  flightZone,
  type ProportionSample,
  type RotationChooser,
  type RotationItem,
  type RotationMode,
  rotationChooser,
  type TagCaps,
} from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { findCampaign } from '../../db/queries/campaigns';
import { listCreativesByIds } from '../../db/queries/creatives';
import { listCurrentLiveIds } from '../../db/queries/live-creatives';
import { findPlacement } from '../../db/queries/placements';
import { readTotals } from '../events/queries/totals';
import { requestCountKey } from '../events/request-counter';
import type { EventStore } from '../events/store';
import type { BudgetedCampaign } from './budgets';
import type { EvenCampaign } from './even-delivery';
import { budgetedCampaignOf, evenCampaignOf, type LiveCreativeCache } from './live-creatives';

export interface ServedPlacement {
  id: string;
  campaignId: string;
  kind: 'Banner' | 'VAST' | 'VPAID';
  mode: RotationMode;
  /** The rotation's items; a creative without a live creative (unpublished, deleted) counts as paused. */
  items: readonly RotationItem[];
  /** The live creative each item serves (undefined: none). */
  liveIds: readonly (string | undefined)[];
  /** Optimized rotation: each creative's successes (clicks, or video completes) per impression. */
  counts: Readonly<Record<string, ProportionSample>>;
  /** The choice of a position, worked out once for this entry (the domain's ab-tests/rotation-shares.ts). */
  choose: RotationChooser;
  /** Its campaign as serving judges it: paused or archived, its flight live at an instant, its delivery rules. */
  campaign: {
    pausedOrArchived: boolean;
    liveAt(now: number): boolean;
    delivery: DeliveryCheck | null;
    /** Its goal and flight when delivered evenly (even-delivery.ts); else null. */
    even: EvenCampaign | null;
    /** Its budget in money with its rate (budgets.ts); else null. */
    budget: BudgetedCampaign | null;
  };
  /** Each item's creative's own delivery rules, compiled (null: none). */
  creativeRules: readonly (DeliveryCheck | null)[];
  /** Each item's frequency caps, its campaign's and its creative's (null: none; docs/serving.md, "Frequency caps"). */
  caps: readonly (TagCaps | null)[];
  /** Each item's creative is an EU creative (docs/privacy.md, "EU creatives"). */
  euCreatives: readonly boolean[];
  /** The keys its requests are counted under (events/request-counter.ts): each item's, and no creative's. */
  countKeys: readonly string[];
  noCreativeKey: string;
}

const PLACEMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
const REFRESH_GRACE_MS = 1000;

interface Entry {
  value: ServedPlacement | undefined;
  expires: number;
  /** The live-creative cache's generation when read: a removal there makes this entry old. */
  generation: number;
  reading?: Promise<ServedPlacement | undefined>;
}

/** Placements as serving reads them, cached briefly in memory (as LiveCreativeCache does). */
export class PlacementCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly db: Queryable,
    private readonly store: () => EventStore,
    private readonly lives: LiveCreativeCache,
    private readonly ttlMs = 5000,
  ) {}

  async get(placementId: string): Promise<ServedPlacement | undefined> {
    if (!PLACEMENT_ID.test(placementId)) return undefined;
    const now = Date.now();
    const cached = this.entries.get(placementId);
    const current = cached?.generation === this.lives.generation;
    if (cached && current && cached.expires > now) return cached.value;
    if (cached && current) {
      cached.reading ??= this.read(placementId);
      return now < cached.expires + REFRESH_GRACE_MS ? cached.value : cached.reading;
    }
    const entry: Entry = { value: undefined, expires: 0, generation: this.lives.generation };
    entry.reading = this.read(placementId);
    this.entries.set(placementId, entry);
    return entry.reading;
  }

  private async read(placementId: string): Promise<ServedPlacement | undefined> {
    const entries = this.entries;
    const generation = this.lives.generation;
    try {
      const value = await readServedPlacement(this.db, this.store(), placementId);
      if (entries === this.entries) {
        if (entries.size > 10_000) entries.clear();
        entries.set(placementId, { value, expires: Date.now() + this.ttlMs, generation });
      }
      return value;
    } catch (error) {
      if (entries === this.entries) entries.delete(placementId);
      throw error;
    }
  }

  /** Forget everything (a placement changed or went in this process). */
  clear(): void {
    this.entries = new Map();
  }
}

/**
 * A placement as serving chooses from it. `counts` reads each creative's counts in every mode (the
 * console's explanation, services/campaigns/placement-stats.ts); serving reads them for optimized only.
 */
export async function readServedPlacement(
  db: Queryable,
  store: EventStore,
  placementId: string,
  options: { counts?: boolean } = {},
): Promise<ServedPlacement | undefined> {
  const row = await findPlacement(db, placementId);
  if (!row) return undefined;
  const creativeIds = row.items.map((item) => item.creativeId);
  const current = new Map(
    (await listCurrentLiveIds(db, creativeIds)).map((live) => [live.creative_id, live.id]),
  );
  const liveIds = creativeIds.map((id) => current.get(id));
  const counts: Record<string, ProportionSample> = {};
  if (row.mode === 'optimized' || options.counts) {
    const totals = await readTotals(store, [...current.values()]);
    for (const [creativeId, liveId] of current) {
      const counters = totals.get(liveId);
      const trials = counters?.impressions ?? 0;
      const successes = (row.kind === 'Banner' ? counters?.clicks : counters?.videoCompletes) ?? 0;
      counts[creativeId] = { successes: Math.min(successes, trials), trials };
    }
  }
  const items = row.items.map((item, index) => ({
    ...item,
    paused: item.paused || liveIds[index] === undefined,
  }));
  const { campaign, creativeRules, caps, euCreatives } = await placementRules(
    db,
    row.campaign_id,
    creativeIds,
  );
  return {
    id: row.id,
    campaignId: row.campaign_id,
    kind: row.kind,
    mode: row.mode,
    items,
    liveIds,
    counts,
    choose: rotationChooser({ mode: row.mode, items }, counts),
    campaign,
    creativeRules,
    caps,
    euCreatives,
    countKeys: liveIds.map((liveId) => requestCountKey(row.campaign_id, row.id, liveId ?? '')),
    noCreativeKey: requestCountKey(row.campaign_id, row.id, ''),
  };
}

/**
 * The placement's campaign as serving judges it (paused or archived, its flight, its delivery rules) and each
 * item's creative's own rules and its frequency caps with its campaign's, compiled once for the cache
 * entry (docs/serving.md, "Delivery rules", "Frequency caps").
 */
async function placementRules(db: Queryable, campaignId: string, creativeIds: readonly string[]) {
  const [row, creatives] = await Promise.all([
    findCampaign(db, campaignId),
    listCreativesByIds(db, creativeIds),
  ]);
  const flight = row?.body.data ?? {};
  const timezone = flightZone(flight);
  const { from, until } = flightInstants(flight);
  const start = from?.getTime() ?? Number.NEGATIVE_INFINITY;
  const end = until?.getTime() ?? Number.POSITIVE_INFINITY;
  const rulesOf = new Map(creatives.map((creative) => [creative.id, creative.delivery_rules]));
  const euOf = new Map(
    creatives.map((creative) => [
      creative.id,
      creativeSetting({ settings: creative.body.settings ?? [] }, 'euCreative'),
    ]),
  );
  return {
    // An EU creative serves only with a valid TC string where GDPR applies (docs/privacy.md).
    euCreatives: creativeIds.map((id) => euOf.get(id) === true),
    campaign: {
      pausedOrArchived: row === undefined || row.archived_at !== null || row.paused_at !== null,
      liveAt: (now: number) => now >= start && now < end,
      delivery: compileDeliveryRules(row?.delivery_rules, timezone),
      even: row ? evenCampaignOf(row.id, flight, timezone) : null,
      budget: row ? budgetedCampaignOf(row.id, flight, timezone) : null,
    },
    // A creative's rules leave unknown sites to its campaign's choice (the campaign's check holds it).
    creativeRules: creativeIds.map((id) => compileDeliveryRules(rulesOf.get(id), timezone, 'serve')),
    caps: creativeIds.map((id) =>
      compileTagCaps({
        campaignId,
        creativeId: id,
        campaignCaps: row?.delivery_rules?.frequencyCaps,
        creativeCaps: rulesOf.get(id)?.frequencyCaps,
        zone: timezone,
        flightStart: from?.getTime() ?? null,
        uncappable: row?.delivery_rules?.uncappable,
      }),
    ),
  };
}

/** The position `pos=` names: a whole number, else none. */
export const positionOf = (pos: string | undefined): number | null => {
  if (pos === undefined || !/^\d{1,4}$/.test(pos)) return null;
  return Number(pos);
};

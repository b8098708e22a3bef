// What an A/B test counts of a creative's event counters (docs/reports.md, "A/B tests"): its goal's
// successes and trials, the sums of several live creatives' counters, and each creative's all-time
// counters over all its live creatives. Shared by the results, by the start of a test (the control's
// rate before it, when no baseline is given) and by a placement's stats (the baselines the console plans with).
import {
  AB_TEST_GOAL_COUNTS,
  type AbTestGoal,
  type EventCounters,
  measurableImpressions,
  type PlacementKind,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { listLiveIdsOfCampaigns } from '../../db/queries/live-creatives';
import { readTotals } from '../events/queries/totals';

/** A goal's successes and trials in a creative's counters (viewability per measurable impression). */
export function goalCounts(
  goal: AbTestGoal,
  counters: EventCounters,
  kind: PlacementKind,
): { successes: number; trials: number } {
  if (goal === 'viewability')
    return { successes: counters.viewable, trials: measurableImpressions(counters, kind) };
  const { successes, trials } = AB_TEST_GOAL_COUNTS[goal];
  return {
    successes: counters[successes as keyof EventCounters],
    trials: counters[trials as keyof EventCounters],
  };
}

export const addCounters = (sum: EventCounters | undefined, more: EventCounters): EventCounters => {
  if (!sum) return { ...more };
  const total = { ...sum };
  for (const key of Object.keys(more) as (keyof EventCounters)[]) total[key] += more[key];
  return total;
};

/**
 * Each creative's all-time counters, summed over all its live creatives (removed ones too: a
 * republished creative's older live creatives served as well); creatives without events are absent.
 */
export async function creativeTotals(
  ctx: Context,
  campaignId: string,
  creativeIds: readonly string[],
): Promise<Map<string, EventCounters>> {
  const wanted = new Set(creativeIds);
  const lives = (await listLiveIdsOfCampaigns(ctx.db, [campaignId])).filter(
    (live) => live.creative_id !== null && wanted.has(live.creative_id),
  );
  const totals = await readTotals(
    ctx.events.store,
    lives.map((live) => live.id),
  );
  const byCreative = new Map<string, EventCounters>();
  for (const live of lives) {
    const counters = totals.get(live.id);
    const creativeId = live.creative_id as string;
    if (counters) byCreative.set(creativeId, addCounters(byCreative.get(creativeId), counters));
  }
  return byCreative;
}

// What an A/B test counts of a creative's event counters (docs/reports.md, "A/B tests"): its goal's
// successes and trials, and the sums of several live creatives' counters. Shared by the results and by
// the start of a test (the control's rate before it, when no baseline is given).
import {
  AB_TEST_GOAL_COUNTS,
  type AbTestGoal,
  ApiError,
  type EventCounters,
  MESSAGES,
  measurableImpressions,
  type PlacementKind,
} from '@adconsole/domain';

/** A goal's successes and trials in a creative's counters (viewability per measurable impression). */
export function goalCounts(
  goal: AbTestGoal,
  counters: EventCounters,
  kind: PlacementKind,
): { successes: number; trials: number } {
  if (goal === 'conversionRate') throw ApiError.of(400, MESSAGES.abTestConversionRate);
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

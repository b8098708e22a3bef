// An A/B test's results (docs/reports.md "A/B tests"): each variant's trials and successes of
// the goal, counted from the event store over the test's window (valid events only: the rollups hold
// no invalid traffic), summed over every live creative of the variant's creative, then abTestVerdict.
// The window is whole 15-minute buckets (the rollups' grain): from the first whole bucket after the
// start (the bucket the start falls in also holds traffic of the rotation before the test) to the end
// of the bucket it ended in (or of now, while it runs).
import {
  type AbTestResults,
  type AbTestVariantCounts,
  ApiError,
  abTestVerdict,
  compareProportions,
  type EventCounters,
  MESSAGES,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { listCreativesByIds } from '../../db/queries/creatives';
import { listLiveIdsOfCampaigns } from '../../db/queries/live-creatives';
import { findPlacement } from '../../db/queries/placements';
import { readRangeTotals } from '../events/queries/range-totals';
import type { SessionUser } from '../identity/sessions';
import { addCounters, goalCounts } from './ab-test-counts';
import { abTestAnswer, ownAbTest } from './ab-tests';

const QUARTER_HOUR = 15 * 60 * 1000;
const floorToBucket = (time: number) => Math.floor(time / QUARTER_HOUR) * QUARTER_HOUR;
const ceilToBucket = (time: number) => Math.ceil(time / QUARTER_HOUR) * QUARTER_HOUR;

/**
 * The buckets a test counts (docs/reports.md, "A/B tests"): from the first whole 15-minute bucket after
 * its start (the start itself when it falls on a boundary) to the end of its end's (or now's) bucket.
 * The bucket the start falls in mixes the rotation before the test with the even one, so it is left
 * out; before the first whole bucket has begun the window is empty (from = to).
 */
export function abTestWindow(startedAt: Date, endedAt: Date | null, now: Date): { from: Date; to: Date } {
  const from = ceilToBucket(startedAt.getTime());
  const to = floorToBucket((endedAt ?? now).getTime()) + QUARTER_HOUR;
  return { from: new Date(from), to: new Date(Math.max(to, from)) };
}

export async function getAbTestResults(
  ctx: Context,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<AbTestResults> {
  const test = await ownAbTest(ctx.db, user, id);
  const placement = await findPlacement(ctx.db, test.placement_id);
  if (!placement) throw ApiError.of(404, MESSAGES.abTestNotFound);
  const window = abTestWindow(new Date(test.started_at), test.ended_at && new Date(test.ended_at), now);

  // Every live creative of each variant, removed ones too: a republished creative's older live
  // creatives served during the test as well.
  const variants = new Set(test.variants);
  const lives = (await listLiveIdsOfCampaigns(ctx.db, [test.campaign_id])).filter(
    (live) => live.creative_id !== null && variants.has(live.creative_id),
  );
  const totals = await readRangeTotals(
    ctx.events.store,
    lives.map((live) => live.id),
    window.from,
    window.to,
  );
  const byCreative = new Map<string, EventCounters>();
  for (const live of lives) {
    const counters = totals.get(live.id);
    const creativeId = live.creative_id as string;
    if (counters) byCreative.set(creativeId, addCounters(byCreative.get(creativeId), counters));
  }
  const names = new Map((await listCreativesByIds(ctx.db, test.variants)).map((row) => [row.id, row.name]));

  const counts: AbTestVariantCounts[] = test.variants.map((creativeId) => {
    const counters = byCreative.get(creativeId);
    const { successes, trials } = counters
      ? goalCounts(test.goal, counters, placement.kind)
      : { successes: 0, trials: 0 };
    return { id: creativeId, name: names.get(creativeId) ?? creativeId, successes, trials };
  });
  const verdict = abTestVerdict({
    variants: counts,
    controlId: test.control_id,
    plannedSample: test.planned_sample,
    significance: Number(test.significance) / 100,
  });
  const control = counts.find((variant) => variant.id === test.control_id) as AbTestVariantCounts;
  return {
    test: abTestAnswer(test),
    window: { from: window.from.toISOString(), to: window.to.toISOString() },
    ...verdict,
    variants: verdict.variants.map((result, index) => {
      const variant = counts[index] as AbTestVariantCounts;
      const z =
        !result.control && variant.trials > 0 && control.trials > 0
          ? compareProportions(control, variant).z
          : null;
      return { ...result, z };
    }),
  };
}

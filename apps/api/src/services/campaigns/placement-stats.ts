// A placement's stats (docs/serving.md "Placements"): why it serves what it serves, for the
// console to explain. Each creative's chance of the next ad request (the domain's rotationShares) is
// computed from the placement as serving reads it (services/serving/placements.ts: published or not,
// and for optimized rotation the counts of each current live creative that Thompson sampling draws
// from), and each creative's all-time counts of every A/B test goal, which plan a test before it starts.
import {
  AB_TEST_GOALS,
  ApiError,
  MESSAGES,
  type PlacementStats,
  rotationShares,
  THOMPSON_EXPLORATION,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { SessionUser } from '../identity/sessions';
import { readServedPlacement } from '../serving/placements';
import { creativeTotals, goalCounts } from './ab-test-counts';
import { ownPlacement } from './placements';

export async function getPlacementStats(
  ctx: Context,
  user: SessionUser,
  id: string,
): Promise<PlacementStats> {
  const placement = await ownPlacement(ctx.db, user, id);
  const served = await readServedPlacement(ctx.db, ctx.events.store, placement.id, { counts: true });
  if (!served) throw ApiError.of(404, MESSAGES.placementNotFound);
  const shares = rotationShares(served, served.counts);
  const totals = await creativeTotals(
    ctx,
    placement.campaign_id,
    served.items.map((item) => item.creativeId),
  );
  return {
    placementID: placement.id,
    mode: served.mode,
    exploration: THOMPSON_EXPLORATION,
    optimizedOn: served.kind === 'Banner' ? 'clicks' : 'videoCompletes',
    creatives: served.items.map((item, index) => {
      const counters = totals.get(item.creativeId);
      return {
        creativeId: item.creativeId,
        liveID: served.liveIds[index] ?? null,
        serving: !item.paused,
        share: shares[index] ?? null,
        optimization: served.counts[item.creativeId] ?? { successes: 0, trials: 0 },
        goals: Object.fromEntries(
          AB_TEST_GOALS.map((goal) => [
            goal,
            counters ? goalCounts(goal, counters, served.kind) : { successes: 0, trials: 0 },
          ]),
        ),
      };
    }),
  };
}

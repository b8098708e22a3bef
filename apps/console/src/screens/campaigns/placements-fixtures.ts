// Fixtures of the placements card's stories (docs/serving.md, "Placements"): a campaign's banners, two placements of them,
// a running A/B test with the API's answer shapes, and placement stats built with the domain's
// rotationShares, as the API builds them.
import {
  type AbTestResults,
  type AbTestVerdict,
  type Placement,
  type PlacementAbTest,
  type PlacementStats,
  rotationShares,
} from '@adconsole/domain';

const banner = (id: string, name: string, width = 300, height = 250, published = true) => ({
  id,
  name,
  platform: 'google-ad-manager',
  settings: [],
  type: 'Banner' as const,
  width,
  height,
  liveCreatives: published ? [{ id: `live-${id}` }] : [],
});

export const creatives = [
  banner('a', 'Static banner'),
  banner('b', 'In-banner trailer'),
  banner('c', 'Carousel'),
  banner('d', 'Leaderboard, autumn range', 728, 90),
  banner('e', 'Leaderboard, winter teaser', 728, 90),
];

export const sidebar: Placement = {
  id: '6650c0ffee0000000000a001',
  campaignID: 'campaign',
  name: 'Homepage sidebar',
  kind: 'Banner',
  width: 300,
  height: 250,
  mode: 'even',
  items: [
    { creativeId: 'a', weight: 1, paused: false },
    { creativeId: 'b', weight: 1, paused: false },
    { creativeId: 'c', weight: 1, paused: true },
  ],
  createdAt: '2026-10-28T09:00:00.000Z',
  updatedAt: '2026-10-28T09:00:00.000Z',
};

export const leaderboard: Placement = {
  ...sidebar,
  id: '6650c0ffee0000000000a002',
  name: 'Article leaderboard',
  width: 728,
  height: 90,
  mode: 'weighted',
  items: [
    { creativeId: 'd', weight: 3, paused: false },
    { creativeId: 'e', weight: 1, paused: false },
  ],
};

/** The sidebar in optimized rotation, its three banners serving. */
export const optimizedSidebar: Placement = {
  ...sidebar,
  mode: 'optimized',
  items: sidebar.items.map((item) => ({ ...item, paused: false })),
};

export const test: PlacementAbTest = {
  id: 'test-1',
  placementID: sidebar.id,
  campaignID: 'campaign',
  status: 'running',
  variants: ['a', 'b'],
  control: 'a',
  goal: 'ctr',
  minimumDetectableEffect: 50,
  significance: 95,
  power: 80,
  baselineRate: 1,
  plannedSample: 10_000,
  startedAt: '2026-10-28T08:52:00.000Z',
  endedAt: null,
};

/** What the API answers: the domain's verdict, each variant with its z beside it. */
export const resultsOf = (verdict: AbTestVerdict, planned: PlacementAbTest): AbTestResults => ({
  ...verdict,
  test: planned,
  window: { from: '2026-10-28T09:00:00.000Z', to: '2026-11-25T12:00:00.000Z' },
  variants: verdict.variants.map((variant) => ({ ...variant, z: null })),
});

/**
 * Each creative's clicks of impressions so far: the static banner 214 of 127,390 (0.17 %), the trailer
 * 280 of 81,539 (0.34 %), the carousel 2 of 900 (0.22 %, little data yet).
 */
const clicks: Record<string, { successes: number; trials: number }> = {
  a: { successes: 214, trials: 127_390 },
  b: { successes: 280, trials: 81_539 },
  c: { successes: 2, trials: 900 },
  d: { successes: 40, trials: 30_000 },
  e: { successes: 9, trials: 10_000 },
};

/** A placement's stats as the API answers them (shares from the domain's rotationShares). */
export function statsOf(placement: Placement): PlacementStats {
  const shares = rotationShares(placement, clicks);
  return {
    placementID: placement.id,
    mode: placement.mode,
    exploration: 0.1,
    optimizedOn: 'clicks',
    creatives: placement.items.map((item, index) => {
      const counts = clicks[item.creativeId] ?? { successes: 0, trials: 0 };
      return {
        creativeId: item.creativeId,
        liveID: `live-${item.creativeId}`,
        serving: !item.paused,
        share: shares[index] ?? null,
        optimization: counts,
        goals: { ctr: counts, viewability: { successes: 0, trials: counts.trials } },
      };
    }),
  };
}

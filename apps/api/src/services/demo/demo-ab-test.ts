// The demo's placement and A/B test (docs/reports.md, "A/B tests"), so a newcomer sees a verdict: the demo campaign's two
// 300x250 banners share one placement, and an A/B test on their CTR started four weeks ago (the plain
// banner the control, the In-Banner Video banner the variant). Over those weeks each banner has well
// past the planned sample (about 43,500 impressions for a 50 % effect on a 0.18 % CTR), and the
// trailer's CTR (about 0.41 %) beats the banner's: "In-banner trailer wins". Written as the calls write
// it (rows and audit entries), dated after the fact; the results are read live from the event store.
// A second placement of the same two banners, "Article sidebar", rotates them optimized (Thompson
// sampling on their CTR), so the console's explanation of an optimized choice has figures to show.
import { abTestPlannedSample, type RotationItem } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { insertAbTest } from '../../db/queries/ab-tests';
import { insertAuditRow } from '../../db/queries/audit-log';
import { insertPlacement } from '../../db/queries/placements';
import { newId } from '../ids';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days before now the demo's test started (fewer when the demo seeds fewer days of events). */
const DEMO_AB_TEST_DAYS = 28;

/** The demo test's plan, percentages in percent (the control's CTR is about 0.18 %). */
export const DEMO_AB_TEST_PLAN = {
  goal: 'ctr',
  minimumDetectableEffect: 50,
  significance: 95,
  power: 80,
  baselineRate: 0.18,
} as const;

interface DemoAbTestInput {
  campaignId: string;
  owner: { id: string; email: string };
  /** The control banner's creative id, then the variant's. */
  banners: readonly [control: string, variant: string];
  now: Date;
  days: number;
}

/** When the demo's test started: four weeks ago, or the flight's start when the demo is shorter. */
export const demoAbTestStart = (now: Date, days: number): Date =>
  new Date(now.getTime() - Math.min(DEMO_AB_TEST_DAYS, days) * DAY_MS);

export async function seedDemoAbTest(
  db: Queryable,
  { campaignId, owner, banners, now, days }: DemoAbTestInput,
): Promise<{ placementId: string; abTestId: string }> {
  const startedAt = demoAbTestStart(now, days);
  const items: RotationItem[] = banners.map((creativeId) => ({ creativeId, weight: 1, paused: false }));
  const placementId = newId();
  await insertPlacement(db, {
    id: placementId,
    campaign_id: campaignId,
    name: 'Homepage sidebar',
    kind: 'Banner',
    width: 300,
    height: 250,
    mode: 'even',
    items,
  });
  const variants = [...banners];
  const plannedSample = abTestPlannedSample({ variants, ...DEMO_AB_TEST_PLAN });
  const abTestId = newId();
  await insertAbTest(db, {
    id: abTestId,
    placement_id: placementId,
    campaign_id: campaignId,
    variants,
    control_id: banners[0],
    goal: DEMO_AB_TEST_PLAN.goal,
    minimum_detectable_effect: DEMO_AB_TEST_PLAN.minimumDetectableEffect,
    significance: DEMO_AB_TEST_PLAN.significance,
    power: DEMO_AB_TEST_PLAN.power,
    baseline_rate: DEMO_AB_TEST_PLAN.baselineRate,
    planned_sample: plannedSample,
    previous_mode: 'even',
    previous_items: items,
    started_at: startedAt,
  });
  const rotation = `even: ${banners.join(', ')}`;
  const entry = (
    row: Omit<Parameters<typeof insertAuditRow>[1], 'campaignId' | 'requestId' | 'actorId' | 'actorEmail'>,
  ) =>
    insertAuditRow(db, { ...row, campaignId, requestId: null, actorId: owner.id, actorEmail: owner.email });
  await entry({
    entity: 'placement',
    entityId: placementId,
    action: 'create',
    changes: {
      height: [null, 250],
      items: [null, banners.map((id) => `${id} (weight 1)`)],
      kind: [null, 'Banner'],
      mode: [null, 'even'],
      name: [null, 'Homepage sidebar'],
      width: [null, 300],
    },
    route: 'POST /v1/campaign/placements',
    at: new Date(startedAt.getTime() - 60 * 1000),
  });
  await entry({
    entity: 'abTest',
    entityId: abTestId,
    action: 'create',
    changes: {
      baselineRate: [null, DEMO_AB_TEST_PLAN.baselineRate],
      control: [null, banners[0]],
      goal: [null, DEMO_AB_TEST_PLAN.goal],
      minimumDetectableEffect: [null, DEMO_AB_TEST_PLAN.minimumDetectableEffect],
      placement: [null, placementId],
      placementRotation: [null, rotation],
      plannedSample: [null, plannedSample],
      power: [null, DEMO_AB_TEST_PLAN.power],
      significance: [null, DEMO_AB_TEST_PLAN.significance],
      status: [null, 'running'],
      variants: [null, variants],
    },
    route: 'POST /v1/campaign/placements/abtest',
    at: startedAt,
  });
  const optimizedId = newId();
  await insertPlacement(db, {
    id: optimizedId,
    campaign_id: campaignId,
    name: 'Article sidebar',
    kind: 'Banner',
    width: 300,
    height: 250,
    mode: 'optimized',
    items,
  });
  await entry({
    entity: 'placement',
    entityId: optimizedId,
    action: 'create',
    changes: {
      height: [null, 250],
      items: [null, banners.map((id) => `${id} (weight 1)`)],
      kind: [null, 'Banner'],
      mode: [null, 'optimized'],
      name: [null, 'Article sidebar'],
      width: [null, 300],
    },
    route: 'POST /v1/campaign/placements',
    at: new Date(startedAt.getTime() + 60 * 1000),
  });
  return { placementId, abTestId };
}

// An A/B test of a placement (docs/reports.md, "A/B tests") as the API answers it: its definition (ab-tests/ab-test-definition.ts),
// the sample each variant needs before it is read (abTestPlannedSample), its window, and its results:
// each variant's trials and successes of the goal over the window, and abTestVerdict's output
// (docs/reports.md, "A/B tests").
import { z } from 'zod/mini';
import { AB_TEST_GOALS } from '../constants';
import { AB_TEST_DECISIONS } from './ab-test';
import { PROPORTION_TESTS } from './ab-test-statistics';

/** A running test serves its variants evenly; an ended one no longer changes the rotation. */
export const AB_TEST_STATUSES = ['running', 'ended'] as const;
export type AbTestStatus = (typeof AB_TEST_STATUSES)[number];

const idSchema = z.string();

export const placementAbTestSchema = z.object({
  id: idSchema,
  placementID: idSchema,
  campaignID: idSchema,
  status: z.enum(AB_TEST_STATUSES),
  /** The creatives compared, the control among them. */
  variants: z.array(idSchema),
  control: idSchema,
  goal: z.enum(AB_TEST_GOALS),
  /** Percents, as sent: 20 is 20 %. */
  minimumDetectableEffect: z.number(),
  significance: z.number(),
  power: z.number(),
  baselineRate: z.number(),
  /** Trials each variant needs before the verdict is read (abTestPlannedSample, fixed at the start). */
  plannedSample: z.number().check(z.int(), z.positive()),
  startedAt: z.string(),
  /** Null while the test runs. */
  endedAt: z.nullable(z.string()),
});
export type PlacementAbTest = z.infer<typeof placementAbTestSchema>;

const intervalSchema = z.object({ lower: z.number(), upper: z.number() });
const estimateSchema = z.object({ value: z.number(), lower: z.number(), upper: z.number() });

export const abTestVariantResultSchema = z.object({
  id: idSchema,
  name: z.string(),
  control: z.boolean(),
  trials: z.number(),
  successes: z.number(),
  rate: z.nullable(z.number()),
  interval: intervalSchema,
  lift: z.nullable(estimateSchema),
  difference: z.nullable(estimateSchema),
  /** The pooled z statistic against the control; null for the control and when Fisher's test answered. */
  z: z.nullable(z.number()),
  pValue: z.nullable(z.number()),
  test: z.nullable(z.enum(PROPORTION_TESTS)),
  decision: z.nullable(z.enum(AB_TEST_DECISIONS)),
  label: z.string(),
});
export type AbTestVariantResultAnswer = z.infer<typeof abTestVariantResultSchema>;

/** GET /v1/campaign/placements/abtest/results: the test, its window and the verdict over it. */
export const abTestResultsSchema = z.object({
  test: placementAbTestSchema,
  /** The counted window: the 15-minute buckets from the test's start to its end (or now). */
  window: z.object({ from: z.string(), to: z.string() }),
  decision: z.enum(AB_TEST_DECISIONS),
  winnerId: z.nullable(idSchema),
  label: z.string(),
  plannedSample: z.number(),
  progress: z.number(),
  comparisonAlpha: z.number(),
  variants: z.array(abTestVariantResultSchema),
});
export type AbTestResults = z.infer<typeof abTestResultsSchema>;

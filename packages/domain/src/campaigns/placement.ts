// A placement (docs/serving.md, "Placements", one tag, several creatives): a campaign's set of creatives of one kind and size
// that one tag serves, each in turn by its rotation (ab-tests/rotation-settings.ts, ab-tests/rotation.ts). Its kind
// and size are those of its creatives, fixed when it is made: the tags on publishers' pages expect them.
import { z } from 'zod/mini';
import { AB_TEST_GOALS, ROTATION_MODES } from '../constants';
import { CREATIVE_TYPES } from './creative';

/** The kinds a placement serves: a creative type (one tag per kind: ad JSON, VAST, VPAID). */
export const PLACEMENT_KINDS = CREATIVE_TYPES;
export type PlacementKind = (typeof PLACEMENT_KINDS)[number];

const idSchema = z.string();
const pixelsSchema = z.number().check(z.int(), z.nonnegative());

export const placementItemSchema = z.object({
  creativeId: idSchema,
  weight: z.number(),
  paused: z.boolean(),
});

/** A placement as the API answers it. */
export const placementSchema = z.object({
  id: idSchema,
  campaignID: idSchema,
  name: z.string(),
  kind: z.enum(PLACEMENT_KINDS),
  width: pixelsSchema,
  height: pixelsSchema,
  mode: z.enum(ROTATION_MODES),
  items: z.array(placementItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Placement = z.infer<typeof placementSchema>;

/** Successes of trials: clicks of impressions, completes of starts... */
const sampleSchema = z.object({
  successes: z.number().check(z.nonnegative()),
  trials: z.number().check(z.nonnegative()),
});

/** What optimized rotation counts as a success per impression: clicks (banners), video completes (video). */
export const OPTIMIZED_SUCCESSES = ['clicks', 'videoCompletes'] as const;

/** One creative of a placement as its stats show it. */
export const placementCreativeStatsSchema = z.object({
  creativeId: idSchema,
  /** The live creative a request that chooses it gets (its newest not removed); null: none, never served. */
  liveID: z.nullable(idSchema),
  /** Not paused and published: a request may get it. */
  serving: z.boolean(),
  /**
   * Its chance of being chosen by the next ad request, 0-1 (rotationShares); null in sequential rotation,
   * where each page goes through the creatives in turn.
   */
  share: z.nullable(z.number()),
  /** What optimized rotation reads: successes per impression of its current live creative, all time. */
  optimization: sampleSchema,
  /** Each A/B test goal's counts over all its live creatives, all time (a test's baseline before it starts). */
  goals: z.partialRecord(z.enum(AB_TEST_GOALS), sampleSchema),
});
export type PlacementCreativeStats = z.infer<typeof placementCreativeStatsSchema>;

/**
 * GET /v1/campaign/placement/stats: why the placement serves what it serves (each creative's chance of
 * the next request, and for optimized rotation the counts its choice is made on) and each creative's
 * rates so far, which plan an A/B test before it starts.
 */
export const placementStatsSchema = z.object({
  placementID: idSchema,
  mode: z.enum(ROTATION_MODES),
  /** Optimized rotation's share of requests that choose evenly (THOMPSON_EXPLORATION). */
  exploration: z.number(),
  optimizedOn: z.enum(OPTIMIZED_SUCCESSES),
  creatives: z.array(placementCreativeStatsSchema),
});
export type PlacementStats = z.infer<typeof placementStatsSchema>;

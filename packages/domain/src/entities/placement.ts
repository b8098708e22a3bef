// A placement (issue 46, one tag, several creatives): a campaign's set of creatives of one kind and size
// that one tag serves, each in turn by its rotation (entities/rotation.ts, rules/rotation.ts). Its kind
// and size are those of its creatives, fixed when it is made: the tags on publishers' pages expect them.
import { z } from 'zod/mini';
import { ROTATION_MODES } from '../rules/rotation';
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

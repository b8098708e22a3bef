// A placement's rotation settings (one tag, several creatives): how its creatives take turns, each
// with its weight and whether it is paused. ab-tests/rotation.ts chooses from them.
import { z } from 'zod/mini';
import { ROTATION_MAX_WEIGHT, ROTATION_MIN_WEIGHT, ROTATION_MODES } from '../constants';
import { MESSAGES } from '../validation/messages';

export const rotationItemSchema = z.strictObject({
  creativeId: z
    .string({ error: MESSAGES.rotationCreativeId })
    .check(z.minLength(1, MESSAGES.rotationCreativeId)),
  /** Its share of requests in weighted mode: weight / Σ weights of the creatives not paused. */
  weight: z._default(
    z
      .number({ error: MESSAGES.rotationWeight })
      .check(
        z.int(MESSAGES.rotationWeight),
        z.gte(ROTATION_MIN_WEIGHT, MESSAGES.rotationWeight),
        z.lte(ROTATION_MAX_WEIGHT, MESSAGES.rotationWeight),
      ),
    1,
  ),
  paused: z._default(z.boolean({ error: MESSAGES.rotationPaused }), false),
});
export type RotationItemInput = z.infer<typeof rotationItemSchema>;

export const placementRotationSchema = z.strictObject({
  mode: z._default(z.enum(ROTATION_MODES, { error: MESSAGES.rotationMode }), 'even'),
  items: z.array(rotationItemSchema, { error: MESSAGES.rotationItems }).check(
    z.minLength(1, MESSAGES.rotationItems),
    z.refine(
      (items) => new Set(items.map((item) => item.creativeId)).size === items.length,
      MESSAGES.rotationDuplicate,
    ),
    z.refine((items) => items.some((item) => !item.paused), MESSAGES.rotationAllPaused),
  ),
});
export type PlacementRotation = z.infer<typeof placementRotationSchema>;

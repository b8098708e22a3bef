// A placement's rotation settings (one tag, several creatives): how its creatives take turns, each
// with its weight and whether it is paused. rules/rotation.ts chooses from them.
import { z } from 'zod/mini';
import { ROTATION_MODES } from '../rules/rotation';

export const ROTATION_MIN_WEIGHT = 1;
export const ROTATION_MAX_WEIGHT = 1000;

export const ROTATION_MESSAGES = {
  mode: `The rotation must be one of: ${ROTATION_MODES.join(', ')}`,
  items: 'A rotation needs at least one creative',
  creativeId: 'Each rotation item must name a creative',
  weight: `A weight must be a whole number from ${ROTATION_MIN_WEIGHT} to ${ROTATION_MAX_WEIGHT}`,
  paused: 'Paused must be true or false',
  duplicate: 'A creative can appear only once in a rotation',
  allPaused: 'At least one creative of the rotation must not be paused',
} as const;

export const rotationItemSchema = z.strictObject({
  creativeId: z
    .string({ error: ROTATION_MESSAGES.creativeId })
    .check(z.minLength(1, ROTATION_MESSAGES.creativeId)),
  /** Its share of requests in weighted mode: weight / Σ weights of the creatives not paused. */
  weight: z._default(
    z
      .number({ error: ROTATION_MESSAGES.weight })
      .check(
        z.int(ROTATION_MESSAGES.weight),
        z.gte(ROTATION_MIN_WEIGHT, ROTATION_MESSAGES.weight),
        z.lte(ROTATION_MAX_WEIGHT, ROTATION_MESSAGES.weight),
      ),
    1,
  ),
  paused: z._default(z.boolean({ error: ROTATION_MESSAGES.paused }), false),
});
export type RotationItemInput = z.infer<typeof rotationItemSchema>;

export const placementRotationSchema = z.strictObject({
  mode: z._default(z.enum(ROTATION_MODES, { error: ROTATION_MESSAGES.mode }), 'even'),
  items: z.array(rotationItemSchema, { error: ROTATION_MESSAGES.items }).check(
    z.minLength(1, ROTATION_MESSAGES.items),
    z.refine(
      (items) => new Set(items.map((item) => item.creativeId)).size === items.length,
      ROTATION_MESSAGES.duplicate,
    ),
    z.refine((items) => items.some((item) => !item.paused), ROTATION_MESSAGES.allPaused),
  ),
});
export type PlacementRotation = z.infer<typeof placementRotationSchema>;

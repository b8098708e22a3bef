// Requests of the placement calls (docs/serving.md, "Placements"): a name and the rotation (ab-tests/rotation-settings.ts) of a
// campaign's creatives; an update names the placement and takes the rotation whole (mode, items with
// their weights and paused flags). The creatives' kinds, sizes and campaign are the server's check
// (campaigns/placement-creatives.ts), as it knows them.
import { z } from 'zod/mini';
import { placementRotationSchema } from '../../ab-tests/rotation-settings';
import { ROTATION_MODES } from '../../constants';
import { idField } from '../../validation/fields';
import { MESSAGES } from '../../validation/messages';
import { serverOwnedFields } from '../common/requests';

export const placementNameField = z
  .string({ error: MESSAGES.placementName })
  .check(z.trim(), z.minLength(1, MESSAGES.placementName), z.maxLength(200, MESSAGES.placementNameTooLong));

/** A placement's name and rotation, as the console's placement form edits them. */
export const placementBodySchema = z.extend(placementRotationSchema, { name: placementNameField });
export type PlacementBody = z.output<typeof placementBodySchema>;

/** POST /v1/campaign/placements: a new placement of one of the caller's campaigns. */
export const createPlacementRequestSchema = z.extend(placementBodySchema, {
  campaignID: idField('campaignID'),
});
export type CreatePlacementRequest = z.output<typeof createPlacementRequestSchema>;

/**
 * PUT /v1/campaign/placements: the placement's name, mode and items (each kept when left out; items
 * are the whole list, with their weights and paused flags). The placement as answered may come back:
 * its server-owned fields are accepted and ignored.
 */
export const updatePlacementRequestSchema = z.strictObject({
  id: idField('id'),
  name: z.optional(placementNameField),
  mode: z.optional(z.enum(ROTATION_MODES, { error: MESSAGES.rotationMode })),
  items: z.optional(placementRotationSchema.shape.items),
  ...serverOwnedFields(['campaignID', 'kind', 'width', 'height', 'createdAt', 'updatedAt']),
});
export type UpdatePlacementRequest = z.output<typeof updatePlacementRequestSchema>;

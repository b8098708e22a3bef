// The placement calls of the contract (docs/serving.md, "Placements": one tag, several creatives). Owner access as for
// creatives: another owner's placement answers 404.
import { z } from 'zod/mini';
import { placementSchema, placementStatsSchema } from '../../campaigns/placement';
import { call } from '../call';
import { campaignIdQuerySchema, idQuerySchema } from '../common/requests';
import { createPlacementRequestSchema, updatePlacementRequestSchema } from './requests';

export const placementsContract = {
  getPlacement: call({
    method: 'GET',
    path: '/v1/campaign/placement',
    input: idQuerySchema,
    answer: placementSchema,
    scope: 'campaigns:read',
  }),
  getPlacementStats: call({
    method: 'GET',
    path: '/v1/campaign/placement/stats',
    input: idQuerySchema,
    answer: placementStatsSchema,
    scope: 'campaigns:read',
  }),
  listPlacements: call({
    method: 'GET',
    path: '/v1/campaign/placements',
    input: campaignIdQuerySchema,
    answer: z.array(placementSchema),
    scope: 'campaigns:read',
  }),
  createPlacement: call({
    method: 'POST',
    path: '/v1/campaign/placements',
    input: createPlacementRequestSchema,
    answer: placementSchema,
    scope: 'campaigns:write',
  }),
  updatePlacement: call({
    method: 'PUT',
    path: '/v1/campaign/placements',
    input: updatePlacementRequestSchema,
    answer: placementSchema,
    scope: 'campaigns:write',
  }),
  deletePlacement: call({
    method: 'DELETE',
    path: '/v1/campaign/placements',
    input: idQuerySchema,
    answer: z.null(),
    scope: 'campaigns:write',
  }),
} as const;

// Requests of the A/B test calls of a placement (docs/reports.md, "A/B tests"): the definition of ab-tests/ab-test-definition.ts
// (variants, control, goal, minimum detectable effect, significance, power, baseline) with the
// placement it runs on. Whether the variants are the placement's creatives is the server's check.
import { z } from 'zod/mini';
import { abTestDefinitionSchema, controlIsAVariant } from '../../ab-tests/ab-test-definition';
import { idField } from '../../validation/fields';

/** POST /v1/campaign/placements/abtest: start a test on one of the caller's placements. */
export const createAbTestRequestSchema = z
  .strictObject({
    placementID: idField('placementID'),
    ...abTestDefinitionSchema.shape,
  })
  .check(controlIsAVariant);
export type CreateAbTestRequest = z.output<typeof createAbTestRequestSchema>;

/** GET /v1/campaign/placements/abtests: a placement's tests, newest first. */
export const placementIdQuerySchema = z.strictObject({ placementID: idField('placementID') });

// The A/B test calls of the contract (docs/reports.md, "A/B tests"): a test runs on a placement, one at a time; owner access
// as for placements (another owner's test answers 404). Results are a report: tokens with reports:read
// may read them.
import { z } from 'zod/mini';
import { abTestResultsSchema, placementAbTestSchema } from '../../ab-tests/placement-ab-test';
import { call } from '../call';
import { idQuerySchema } from '../common/requests';
import { createAbTestRequestSchema, placementIdQuerySchema } from './requests';

export const abTestsContract = {
  getAbTest: call({
    method: 'GET',
    path: '/v1/campaign/placements/abtest',
    input: idQuerySchema,
    answer: placementAbTestSchema,
    scope: 'campaigns:read',
  }),
  listAbTests: call({
    method: 'GET',
    path: '/v1/campaign/placements/abtests',
    input: placementIdQuerySchema,
    answer: z.array(placementAbTestSchema),
    scope: 'campaigns:read',
  }),
  createAbTest: call({
    method: 'POST',
    path: '/v1/campaign/placements/abtest',
    input: createAbTestRequestSchema,
    answer: placementAbTestSchema,
    scope: 'campaigns:write',
  }),
  stopAbTest: call({
    method: 'POST',
    path: '/v1/campaign/placements/abtest/stop',
    input: idQuerySchema,
    answer: placementAbTestSchema,
    scope: 'campaigns:write',
  }),
  getAbTestResults: call({
    method: 'GET',
    path: '/v1/campaign/placements/abtest/results',
    input: idQuerySchema,
    answer: abTestResultsSchema,
    scope: 'reports:read',
  }),
} as const;

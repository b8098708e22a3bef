// The inventory forecast's call (docs/reports.md, "The inventory forecast"; docs/api.md): the
// account's own history of ad requests, read for the caller's account only.
import { call } from '../call';
import { forecastAnswerSchema, forecastRequestSchema } from './requests';

export const forecastContract = {
  forecastInventory: call({
    method: 'POST',
    path: '/v1/forecast',
    input: forecastRequestSchema,
    answer: forecastAnswerSchema,
    scope: 'campaigns:read',
  }),
} as const;

// The dashboard's call of the contract: every campaign of the signed-in user over a range, summed.
import { dashboardSchema } from '../../reports/dashboard';
import { call } from '../call';
import { dashboardQuerySchema } from './requests';

export const dashboardContract = {
  dashboard: call({
    method: 'GET',
    path: '/v1/dashboard',
    input: dashboardQuerySchema,
    answer: dashboardSchema,
    scope: 'reports:read',
  }),
} as const;

// The billing statement call of the contract (docs/reports.md, "Billing statement"): an advertiser's
// month as JSON, or as a PDF, CSV or XLSX file answered as {file}. Owner access as for campaigns.
import { z } from 'zod/mini';
import { billingStatementSchema } from '../../reports/billing-statement';
import { reportFileSchema } from '../../reports/report';
import { call } from '../call';
import { statementQuerySchema } from './statement-requests';

export const statementContract = {
  getAdvertiserStatement: call({
    method: 'GET',
    path: '/v1/advertiser/statement',
    input: statementQuerySchema,
    answer: z.union([billingStatementSchema, reportFileSchema]),
    scope: 'reports:read',
  }),
} as const;

// The creative QA calls of the contract (docs/builder.md, "Creative QA"): the last QA of a creative, and
// a new run (a background job: the answer says it is running).
import { creativeQaSchema } from '../../campaigns/creative-qa';
import { call } from '../call';
import { creativeQaQuerySchema, runCreativeQaRequestSchema } from './requests';

export const creativeQaContract = {
  getCreativeQa: call({
    method: 'GET',
    path: '/v1/creative/qa',
    input: creativeQaQuerySchema,
    answer: creativeQaSchema,
    scope: 'campaigns:read',
  }),
  runCreativeQa: call({
    method: 'POST',
    path: '/v1/creative/qa/run',
    input: runCreativeQaRequestSchema,
    answer: creativeQaSchema,
    scope: 'campaigns:write',
  }),
} as const;

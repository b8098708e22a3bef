import { describe } from 'vitest';
import { checkRequestSchemas, type RequestExample } from '../../../test/request-schemas';
import { campaignIdQuerySchema } from './requests';

const examples: RequestExample[] = [['campaignIdQuery', campaignIdQuerySchema, { campaignID: '4' }]];

describe('shared request schemas (docs/product.md §7)', () => {
  checkRequestSchemas(examples);
});

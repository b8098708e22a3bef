// Creative QA's requests (docs/builder.md, "Creative QA"): the creative by its id.
import { z } from 'zod/mini';
import { idField } from '../../validation/fields';

export const creativeQaQuerySchema = z.strictObject({ creativeID: idField('creativeID') });
export const runCreativeQaRequestSchema = z.strictObject({ creativeID: idField('creativeID') });

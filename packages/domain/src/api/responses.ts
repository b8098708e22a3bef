// Reading answers: the data is checked against the entity schema so the console never works on a shape
// it does not expect.
import type { z } from 'zod';
import { issueMessages } from '../validation/validation-error';
import { ApiError } from './errors';

export const INVALID_RESPONSE_CODE = 'invalid_response';

export function readData<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ApiError({
    status: 502,
    code: INVALID_RESPONSE_CODE,
    message: 'Unexpected answer from the server',
    errors: issueMessages(result.error),
  });
}

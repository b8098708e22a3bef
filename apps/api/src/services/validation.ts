// Input checks shared by the routes and the services: the domain's schemas and messages (a 400 lists
// the schema's own messages, docs/product.md §5's texts verbatim), and the refusal of NUL characters that PostgreSQL
// text cannot hold.
import { ApiError, issueMessages } from '@adconsole/domain';
import { z } from 'zod';

export function validationError(error: z.core.$ZodError): ApiError {
  const messages = issueMessages(error);
  return ApiError.of(400, messages.join('\n') || 'Invalid request.', { errors: messages });
}

export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** PostgreSQL text cannot hold NUL characters, so input carrying one is refused up front. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 50 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

// Turns zod issues into the API's 400 answer: the schema's own messages (the spec's texts) verbatim,
// zod's generic ones prefixed with the field they are about so a person knows what to fix.
import type { z } from 'zod';
import { ApiError } from './errors';

const genericMessage = /^(Invalid|Too small|Too big|Unrecognized|Expected)/;

export function issueMessages(issues: readonly z.core.$ZodIssue[]): string[] {
  const messages = issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field !== '' && genericMessage.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
  });
  return [...new Set(messages)];
}

export function validationError(issues: readonly z.core.$ZodIssue[]): ApiError {
  const messages = issueMessages(issues);
  return new ApiError(400, messages.join('\n') || 'Invalid request.', messages);
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error.issues);
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

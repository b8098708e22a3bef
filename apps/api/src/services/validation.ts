// Input checks shared by the routes and the services: the domain's schemas and messages (a 400 lists
// the schema's own messages, docs/product.md §5's texts verbatim), and the refusal of NUL characters that PostgreSQL
// text cannot hold and of lone UTF-16 surrogates.
import { ApiError, issueMessages, loneSurrogateMessage, MESSAGES } from '@adconsole/domain';
import { z } from 'zod';

export function validationError(error: z.core.$ZodError): ApiError {
  const messages = issueMessages(error);
  return ApiError.of(400, messages.join('\n') || MESSAGES.invalidRequest, { errors: messages });
}

export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** With the u flag a surrogate pair is one code point: only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What is wrong with the text of a request's input, if anything: a NUL (PostgreSQL text cannot hold it),
 * or a lone UTF-16 surrogate (not Unicode: PostgreSQL would store U+FFFD in its place, and a URL cannot
 * encode it), in a value or a key at any depth. The message names the field.
 */
export function textProblem(value: unknown, field = '', depth = 0): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return MESSAGES.nulText;
    return LONE_SURROGATE.test(value) ? loneSurrogateMessage(field || 'The text') : undefined;
  }
  if (depth > 50 || value === null || typeof value !== 'object') return undefined;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [`${field}[${index}]`, item])
    : Object.entries(value).map(([key, item]) => [field ? `${field}.${key}` : key, item]);
  for (const [path, item] of entries) {
    const key = path.slice(path.lastIndexOf('.') + 1);
    const problem =
      (key.includes('\u0000') ? MESSAGES.nulText : undefined) ??
      (LONE_SURROGATE.test(key) ? loneSurrogateMessage('A field name') : undefined) ??
      textProblem(item, path, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

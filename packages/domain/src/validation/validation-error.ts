// The 400-like error of docs/product.md §5: a list of messages plus the data that failed.
import type { z } from 'zod';
import { API_ERROR_CODES, ApiError } from '../api/errors';
import { FILE_MANAGER_MESSAGES } from '../entities/file-manager/messages';
import { MESSAGES } from './messages';

export class ValidationError extends ApiError {
  override readonly name: string = 'ValidationError';
  readonly messages: string[];
  readonly data: unknown;

  constructor(messages: string[], data: unknown) {
    super({ status: 400, code: API_ERROR_CODES.validation, message: messages.join('\n'), errors: messages });
    this.messages = messages;
    this.data = data;
  }
}

// The file manager's sentences name what is wrong themselves, as the spec's texts do.
const specMessages: ReadonlySet<string> = new Set([
  ...Object.values(MESSAGES),
  ...Object.values(FILE_MANAGER_MESSAGES),
]);
const onlyHostPattern = /^Only .+ emails allowed!$/;
const tooLargePattern = /^.+ is too large: files can be at most \d+ MB\.$/;
const isSpecMessage = (message: string): boolean =>
  specMessages.has(message) || onlyHostPattern.test(message) || tooLargePattern.test(message);

/**
 * One readable line per issue, each once. The spec's own texts stand alone; texts that do not name
 * their field get the field name in front so a user (or a fuzzer's log) knows which field is wrong.
 */
export function issueMessages(error: z.core.$ZodError): string[] {
  const lines = error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    const named = issue.path.some((key) => typeof key === 'string' && issue.message.startsWith(`${key} `));
    if (field === '' || named || isSpecMessage(issue.message)) {
      return issue.message;
    }
    return `${field}: ${issue.message}`;
  });
  return [...new Set(lines)];
}

/** Parses `input` with `schema`, or throws a `ValidationError` carrying every message and the input. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(issueMessages(result.error), input);
  return result.data;
}

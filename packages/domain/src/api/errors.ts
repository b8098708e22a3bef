// Errors a user can read: each carries the message text of docs/product.md §8, an HTTP-like status and a machine code.
import { z } from 'zod/mini';

/** The JSON body of every failed API answer (and what `ApiError` serialises to). */
export const apiErrorBodySchema = z.object({
  status: z.number().check(z.int()),
  code: z.string(),
  message: z.string(),
  errors: z.optional(z.array(z.string())),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const API_ERROR_CODES = {
  validation: 'validation_failed',
  timeout: 'timeout',
  aborted: 'aborted',
  network: 'network_error',
  http: 'http_error',
  notFound: 'not_found',
  noData: 'no_data',
} as const;

export const REQUEST_TIMED_OUT_MESSAGE = 'Request timed out';

/** The machine-readable code of each HTTP status the API answers (client and server read this one table). */
export const STATUS_CODES: Readonly<Record<number, string>> = {
  400: API_ERROR_CODES.validation,
  401: 'unauthorized',
  403: 'forbidden',
  404: API_ERROR_CODES.notFound,
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'unavailable',
};

export const codeForStatus = (status: number): string =>
  STATUS_CODES[status] ?? (status >= 500 ? 'internal_error' : API_ERROR_CODES.http);

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  errors?: string[] | undefined;
  /** The server's answer body, when there was one. */
  body?: unknown;
}

export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: string[] | undefined;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.body = init.body;
  }

  /**
   * An error the API answers: `status`, a message a person can read, the list of messages (a 400's
   * validation messages default to the message itself) and the code of the status.
   */
  static of(status: number, message: string, options: { errors?: string[]; code?: string } = {}): ApiError {
    const errors = options.errors ?? (status === 400 ? [message] : undefined);
    return new ApiError({ status, code: options.code ?? codeForStatus(status), message, errors });
  }

  toJSON(): ApiErrorBody {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

const textOf = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) {
    const parts = value.map(textOf).filter((part): part is string => part !== undefined);
    return parts.length > 0 ? parts.join('\n') : undefined;
  }
  return undefined;
};

/**
 * The server's message in an answer body, in the order of docs/product.md §8: `error.message`, then
 * `message`, then `error`; arrays are joined by newlines.
 */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string' || Array.isArray(body)) return textOf(body);
  const record = asRecord(body);
  if (!record) return undefined;
  return textOf(asRecord(record.error)?.message) ?? textOf(record.message) ?? textOf(record.error);
}

/**
 * What to show a user for a failure: the server's message when it gave one, the client's own message
 * for failures that never reached the server (validation, time-out), else `fallback`
 * (e.g. 'Sign up failed!', 'Sign in failed!', 'Verification failed!').
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.body !== undefined) return serverMessage(error.body) ?? textOf(error.errors) ?? fallback;
    return textOf(error.errors) ?? textOf(error.message) ?? fallback;
  }
  return serverMessage(error) ?? fallback;
}

// Errors a person can read: every failure the API answers is an ApiError with a status, a message and
// a machine-readable code (the same body shape as the domain package's ApiError).
const defaultCodes: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
};

export const codeForStatus = (status: number): string =>
  defaultCodes[status] ?? (status >= 500 ? 'internal_error' : 'http_error');

export class ApiError extends Error {
  readonly code: string;

  constructor(
    readonly status: number,
    message: string,
    readonly errors?: readonly string[],
    code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code ?? codeForStatus(status);
  }
}

export const badRequest = (message: string, errors?: readonly string[]) =>
  new ApiError(400, message, errors ?? [message]);

export interface ErrorEnvelope {
  status: number;
  code: string;
  message: string;
  errors?: readonly string[];
}

// When to try again after a 429 or 503: an error may say it itself (the upload rate limit knows when
// its window frees a slot); otherwise the error handler answers the per-IP window's 15 minutes (429)
// or 5 seconds (503).
import type { ApiError } from '@adconsole/domain';

const RETRY_AFTER = Symbol('retryAfterSeconds');

/** The error, answered with `Retry-After: seconds` (whole seconds, at least 1). */
export function withRetryAfter(error: ApiError, seconds: number): ApiError {
  return Object.assign(error, { [RETRY_AFTER]: Math.max(1, Math.ceil(seconds)) });
}

export function retryAfterOf(error: unknown, status: number): number | undefined {
  const own = (error as { [RETRY_AFTER]?: number } | null)?.[RETRY_AFTER];
  if (own !== undefined) return own;
  return status === 429 ? 900 : status === 503 ? 5 : undefined;
}

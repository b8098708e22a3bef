// How a failed webhook attempt reads in its delivery log (docs/alerts.md, "The delivery log"): the class
// of the failure (refused, timed out, TLS, DNS, the receiver's HTTP status, or the connection failing),
// never the raw error. "connect ECONNREFUSED 203.0.113.5:22" against "connect ETIMEDOUT" for any host
// and port a user types made the delivery log a port scanner; the raw error goes to the server's log.
import {
  ApiError,
  MESSAGES,
  webhookHostUnresolvedMessage,
  webhookStatusMessage,
  webhookTimedOutMessage,
} from '@adconsole/domain';
import { DestinationRefused } from './webhook-destinations';

/** An attempt's failure, as its log shows it: the class, the receiver's status when it answered. */
export class AttemptFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause: unknown },
  ) {
    super(message, options);
  }
}

/** The receiver answered, with anything but a 2xx. */
export const answeredWith = (status: number) => new AttemptFailed(webhookStatusMessage(status), status);

/** No status line and headers within the attempt's deadline. */
export const timedOut = (timeoutMs: number) =>
  new AttemptFailed(webhookTimedOutMessage(timeoutMs / 1000), null);

const DNS_CODES = new Set([
  'ENOTFOUND',
  'ENODATA',
  'ESERVFAIL',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'EAI_NONAME',
]);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT']);
const TLS_CODES = new Set([
  'EPROTO',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'HOSTNAME_MISMATCH',
]);
const isTls = (code: string) => TLS_CODES.has(code) || /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_)/.test(code);

/**
 * A connection's error as an attempt's failure: our own refusals (a destination the rules refuse) keep
 * their message, every other error becomes its class; the raw error stays its `cause` (for the log).
 */
export function attemptFailure(error: unknown, attempt: { host: string; timeoutMs: number }): AttemptFailed {
  if (error instanceof AttemptFailed) return error;
  if (error instanceof DestinationRefused || error instanceof ApiError)
    return new AttemptFailed(error.message, null, { cause: error });
  const code = String((error as { code?: unknown } | undefined)?.code ?? '');
  const message =
    code === 'ECONNREFUSED'
      ? MESSAGES.webhookAttemptRefused
      : TIMEOUT_CODES.has(code)
        ? webhookTimedOutMessage(attempt.timeoutMs / 1000)
        : DNS_CODES.has(code)
          ? webhookHostUnresolvedMessage(attempt.host)
          : isTls(code)
            ? MESSAGES.webhookAttemptTls
            : MESSAGES.webhookAttemptConnection;
  return new AttemptFailed(message, null, { cause: error });
}

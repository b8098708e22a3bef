// Sending a call from its contract entry (docs/decisions/0004-route-declarations.md): the entry gives the
// method, the path, the schema the request is checked with and the schema the answer is read with, so
// a client module names the call and its input, nothing else.
import type { z } from 'zod/mini';
import { issueMessages, safeParseWithMessages, validate } from '../validation/validation-error';
import type { CallContract } from './call';
import { ApiError } from './errors';
import type { Http, HttpAnswer, QueryValue } from './http';

export const INVALID_RESPONSE_CODE = 'invalid_response';

/** Reading answers: the data is checked against the entity schema so the console never works on a shape it does not expect. */
export function readData<S extends z.core.$ZodType>(schema: S, data: unknown): z.output<S> {
  const result = safeParseWithMessages(schema, data);
  if (result.success) return result.data;
  throw new ApiError({
    status: 502,
    code: INVALID_RESPONSE_CODE,
    message: 'Unexpected answer from the server',
    errors: issueMessages(result.error),
  });
}

/** What a call takes: its request schema's input; nothing for a call without one. */
export type CallInput<C extends CallContract> = C['input'] extends z.core.$ZodType
  ? z.input<C['input']>
  : undefined;
/** What a call answers: the parsed `data` of its envelope. */
export type CallOutput<C extends CallContract> = z.output<C['answer']>;

export interface SendOptions {
  signal?: AbortSignal | undefined;
  /** Reports, events and video data: a caller's cancel also reads 'Request timed out'. */
  cancelIsTimeout?: boolean | undefined;
}

/**
 * The wire alone: `payload` goes, unchecked, where the entry's method puts it (GET and DELETE in the
 * query string, POST and PUT as JSON, a multipart call's FormData as the body); the answer comes back
 * unread. For the calls whose payload or answer a client module shapes itself.
 */
export function sendRaw(
  http: Http,
  entry: CallContract,
  payload?: object | FormData,
  options: SendOptions = {},
): Promise<HttpAnswer> {
  const request = {
    method: entry.method,
    path: entry.path,
    signal: options.signal,
    cancelIsTimeout: options.cancelIsTimeout,
  };
  if (typeof FormData !== 'undefined' && payload instanceof FormData)
    return http({ ...request, form: payload });
  if (entry.method === 'GET' || entry.method === 'DELETE') {
    return http({ ...request, query: payload as Record<string, QueryValue> | undefined });
  }
  return http({ ...request, json: payload });
}

/**
 * One call as its contract entry says: the input is checked with the entry's request schema (a
 * `ValidationError` and no request when it fails), sent, and the answer's `data` read with the entry's
 * answer schema (`emptyAnswer` stands in for a missing or null `data`).
 */
export async function send<C extends CallContract>(
  http: Http,
  entry: C,
  input: CallInput<C>,
  options: SendOptions & { emptyAnswer?: CallOutput<C> } = {},
): Promise<CallOutput<C>> {
  const payload = entry.input === undefined ? undefined : validate(entry.input, input);
  const answer = await sendRaw(http, entry, payload as object | undefined, options);
  const data = answer.data == null && options.emptyAnswer !== undefined ? options.emptyAnswer : answer.data;
  return readData<C['answer']>(entry.answer, data);
}

/**
 * A call whose answer the client does not use (deletions, revocations, logout): the input is checked
 * with the entry's request schema and sent; whatever `data` comes back is left unread.
 */
export async function sendOnly<C extends CallContract>(
  http: Http,
  entry: C,
  input: CallInput<C>,
  options: SendOptions = {},
): Promise<void> {
  const payload = entry.input === undefined ? undefined : validate(entry.input, input);
  await sendRaw(http, entry, payload as object | undefined, options);
}

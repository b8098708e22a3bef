// The one place requests are made: credentials, envelope, time-out and error mapping for every call.
import { HTTP_TIMEOUT_MS } from '../constants';
import { envelopeStatus, isSuccessStatus } from './envelope';
import { API_ERROR_CODES, ApiError, REQUEST_TIMED_OUT_MESSAGE, serverMessage } from './errors';

/** Sent with every request: the API refuses state-changing calls without it (CSRF defence). */
export const CSRF_HEADER = { name: 'X-Requested-With', value: 'adconsole' } as const;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

export interface HttpOptions {
  /** The API host, e.g. 'https://api.example.com' or '/api' in the browser. */
  baseUrl: string;
  fetch?: FetchLike | undefined;
  /** Defaults to 180000 ms (3 min). */
  timeoutMs?: number | undefined;
  /** Extra headers for every request (e.g. a CSRF token). */
  headers?: (() => Record<string, string>) | undefined;
  /**
   * A personal API token (another product calling as a person): sent as `Authorization: Bearer`, with
   * no cookies and no CSRF header (a request without cookies needs none). Only the calls whose contract
   * entry names a scope accept it.
   */
  token?: string | undefined;
}

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue> | undefined;
  json?: unknown;
  form?: FormData | undefined;
  signal?: AbortSignal | undefined;
  /** Reports, events and video data: a caller's cancel also reads 'Request timed out'. */
  cancelIsTimeout?: boolean | undefined;
}

export interface HttpAnswer {
  status: number;
  data: unknown;
  /** The whole answer body (for fields beside `data`, such as `pagination` or `deleted`). */
  body: unknown;
}

export type Http = (options: RequestOptions) => Promise<HttpAnswer>;

/** baseUrl + path + query; arrays are sent comma-separated, empty values are left out. */
export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

const parseBody = (text: string): unknown => {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const timedOut = (): ApiError =>
  new ApiError({ status: 408, code: API_ERROR_CODES.timeout, message: REQUEST_TIMED_OUT_MESSAGE });

export function createHttp(options: HttpOptions): Http {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;

  return async (request) => {
    const controller = new AbortController();
    let timeoutFired = false;
    const timer = setTimeout(() => {
      timeoutFired = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (request.signal?.aborted) controller.abort();
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...(options.token === undefined
        ? { [CSRF_HEADER.name]: CSRF_HEADER.value }
        : { Authorization: `Bearer ${options.token}` }),
      ...options.headers?.(),
    };
    let body: BodyInit | undefined;
    if (request.form) body = request.form;
    else if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    }

    let status: number;
    let parsed: unknown;
    try {
      const response = await fetchImpl(buildUrl(options.baseUrl, request.path, request.query), {
        method: request.method,
        credentials: options.token === undefined ? 'include' : 'omit',
        headers,
        body,
        signal: controller.signal,
      });
      parsed = parseBody(await response.text());
      status = envelopeStatus(parsed, response.status);
    } catch (error) {
      if (timeoutFired || (controller.signal.aborted && request.cancelIsTimeout)) throw timedOut();
      if (controller.signal.aborted) {
        throw new ApiError({ status: 0, code: API_ERROR_CODES.aborted, message: 'Request aborted' });
      }
      const message = error instanceof Error ? error.message : String(error);
      throw new ApiError({ status: 0, code: API_ERROR_CODES.network, message: message || 'Network error' });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }

    if (!isSuccessStatus(status)) {
      const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
      const errors = Array.isArray(record.errors)
        ? record.errors.filter((entry): entry is string => typeof entry === 'string')
        : undefined;
      throw new ApiError({
        status,
        code: typeof record.code === 'string' ? record.code : API_ERROR_CODES.http,
        message: serverMessage(parsed) ?? `Request failed with status ${status}`,
        errors: errors && errors.length > 0 ? errors : undefined,
        body: parsed ?? null,
      });
    }
    const data =
      typeof parsed === 'object' && parsed !== null && 'data' in parsed
        ? (parsed as { data: unknown }).data
        : undefined;
    return { status, data, body: parsed };
  };
}

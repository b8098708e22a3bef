import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../test/local-server';
import { ApiError } from './errors';
import { buildUrl, CSRF_HEADER, createHttp, type FetchLike } from './http';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
};

describe('HTTP core of the API client (docs/product.md §7)', () => {
  it("sends every request with credentials 'include' and the CSRF header", async () => {
    const seen: RequestInit[] = [];
    const fetch: FetchLike = (input, init) => {
      seen.push(init);
      return globalThis.fetch(input, init);
    };
    const http = createHttp({ baseUrl: server.url, fetch });
    await http({ method: 'GET', path: '/me' });
    await http({ method: 'POST', path: '/logout' });
    expect(seen.map((init) => init.credentials)).toEqual(['include', 'include']);
    expect(server.requests.map((request) => request.headers['x-requested-with'])).toEqual([
      CSRF_HEADER.value,
      CSRF_HEADER.value,
    ]);
  });

  it('writes query strings, leaving out empty values and joining lists with commas', async () => {
    const http = createHttp({ baseUrl: `${server.url}/`, headers: () => ({ 'X-Trace': 't1' }) });
    await http({
      method: 'GET',
      path: '/v1/x',
      query: { a: 'b c', n: 1, t: true, list: ['1', 2], none: undefined, nil: null },
    });
    const [request] = server.requests;
    expect(request?.path).toBe('/v1/x');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ a: 'b c', n: '1', t: 'true', list: '1,2' });
    expect(request?.headers['x-trace']).toBe('t1');
    expect(buildUrl('/api/', '/me')).toBe('/api/me');
  });

  it('sends JSON bodies as application/json', async () => {
    const http = createHttp({ baseUrl: server.url });
    await http({ method: 'PUT', path: '/v1/y', json: { name: 'Spring' } });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(server.requests[0]?.json()).toEqual({ name: 'Spring' });
  });

  it('unwraps the envelope {status, data} and keeps the whole body', async () => {
    server.respond(() => ({ status: 200, body: { status: 200, data: { id: 1 }, pagination: { page: 2 } } }));
    const answer = await createHttp({ baseUrl: server.url })({ method: 'GET', path: '/z' });
    expect(answer).toEqual({
      status: 200,
      data: { id: 1 },
      body: { status: 200, data: { id: 1 }, pagination: { page: 2 } },
    });
  });

  it('fails when the envelope status is 400 or more, even over HTTP 200, with the server message and code', async () => {
    server.respond(() => ({
      status: 200,
      body: { status: 422, code: 'bad', message: 'Nope', errors: ['Nope', 3] },
    }));
    const error = await failure(createHttp({ baseUrl: server.url })({ method: 'GET', path: '/z' }));
    expect(error).toMatchObject({ status: 422, code: 'bad', message: 'Nope', errors: ['Nope'] });
  });

  it('fails on HTTP errors without a body with a generic message and an empty body', async () => {
    server.respond(() => ({ status: 500 }));
    const error = await failure(createHttp({ baseUrl: server.url })({ method: 'GET', path: '/z' }));
    expect(error).toMatchObject({
      status: 500,
      code: 'http_error',
      message: 'Request failed with status 500',
      body: null,
    });
  });

  it('reads a non-JSON answer as text', async () => {
    server.respond(() => ({ status: 502, body: 'Bad gateway' }));
    const error = await failure(createHttp({ baseUrl: server.url })({ method: 'GET', path: '/z' }));
    expect(error).toMatchObject({ status: 502, message: 'Bad gateway' });
  });

  it("gives 'Request timed out' when the answer takes longer than the time-out", async () => {
    server.respond(() => ({ delayMs: 500, body: { status: 200, data: 1 } }));
    const error = await failure(
      createHttp({ baseUrl: server.url, timeoutMs: 50 })({ method: 'GET', path: '/slow' }),
    );
    expect(error).toMatchObject({ status: 408, code: 'timeout', message: 'Request timed out' });
  });

  it("gives 'Request timed out' when a report, event or video call is cancelled, and 'Request aborted' for others", async () => {
    server.respond(() => ({ delayMs: 500, body: { status: 200, data: 1 } }));
    const http = createHttp({ baseUrl: server.url });
    const cancelled = new AbortController();
    const report = http({ method: 'GET', path: '/slow', signal: cancelled.signal, cancelIsTimeout: true });
    setTimeout(() => cancelled.abort(), 20);
    expect(await failure(report)).toMatchObject({ message: 'Request timed out' });
    const other = http({ method: 'GET', path: '/slow', signal: AbortSignal.abort() });
    expect(await failure(other)).toMatchObject({ code: 'aborted', message: 'Request aborted' });
  });

  it('turns a network failure into an error with status 0', async () => {
    const error = await failure(
      createHttp({ baseUrl: 'http://127.0.0.1:1' })({ method: 'GET', path: '/me' }),
    );
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    const thrower: FetchLike = () => Promise.reject('boom');
    expect(
      await failure(createHttp({ baseUrl: server.url, fetch: thrower })({ method: 'GET', path: '/' })),
    ).toMatchObject({
      message: 'boom',
    });
  });
});

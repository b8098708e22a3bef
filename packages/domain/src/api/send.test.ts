import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type LocalServer, startLocalServer } from '../../test/local-server';
import { ValidationError } from '../validation/validation-error';
import { call } from './call';
import { ApiError } from './errors';
import { createHttp } from './http';
import { send, sendOnly, sendRaw } from './send';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.respond(() => ({ body: { status: 200, data: { name: 'Spring', extra: 1 } } }));
});

const http = () => createHttp({ baseUrl: server.url });
const input = z.strictObject({ id: z.string().min(1, 'id must be an id'), all: z.boolean().default(false) });
const answer = z.object({ name: z.string() });
const entry = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
  call({ method, path: '/v1/things', input, answer });

describe('a call sent from its contract entry (docs/decisions/0004-route-declarations.md)', () => {
  it('takes the method and path from the entry: GET and DELETE in the query, POST and PUT as JSON', async () => {
    for (const method of ['GET', 'DELETE', 'POST', 'PUT'] as const) {
      await send(http(), entry(method), { id: '7' });
    }
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/things',
      'DELETE /v1/things',
      'POST /v1/things',
      'PUT /v1/things',
    ]);
    expect(server.requests.slice(0, 2).map((request) => request.query.toString())).toEqual([
      'id=7&all=false',
      'id=7&all=false',
    ]);
    expect(server.requests.slice(2).map((request) => request.json())).toEqual([
      { id: '7', all: false },
      { id: '7', all: false },
    ]);
  });

  it("checks the input with the entry's request schema first: a ValidationError and no request", async () => {
    await expect(send(http(), entry('POST'), { id: '' })).rejects.toBeInstanceOf(ValidationError);
    await expect(sendOnly(http(), entry('DELETE'), { id: '' })).rejects.toMatchObject({
      messages: ['id must be an id'],
    });
    expect(server.requests).toHaveLength(0);
  });

  it("reads the answer's data with the entry's answer schema, and refuses another shape", async () => {
    expect(await send(http(), entry('GET'), { id: '7' })).toEqual({ name: 'Spring' });
    server.respond(() => ({ body: { status: 200, data: { title: 'Spring' } } }));
    await expect(send(http(), entry('GET'), { id: '7' })).rejects.toMatchObject({
      status: 502,
      code: 'invalid_response',
    });
  });

  it('reads a missing or null data as the empty answer it is given', async () => {
    const list = call({ method: 'GET', path: '/v1/list', answer: z.array(z.string()) });
    server.respond(() => ({ body: { status: 200 } }));
    expect(await send(http(), list, undefined, { emptyAnswer: [] })).toEqual([]);
    server.respond(() => ({ body: { status: 200, data: null } }));
    expect(await send(http(), list, undefined, { emptyAnswer: [] })).toEqual([]);
    await expect(send(http(), list, undefined)).rejects.toBeInstanceOf(ApiError);
  });

  it('leaves the answer of a call that answers nothing unread, and sends a raw payload as it is', async () => {
    server.respond(() => ({ body: { status: 200, data: 'anything' } }));
    await expect(sendOnly(http(), entry('DELETE'), { id: '7' })).resolves.toBeUndefined();
    const raw = await sendRaw(http(), entry('GET'), { 'paginate[page]': 2 });
    expect(raw.data).toBe('anything');
    const form = new FormData();
    form.append('name', 'a.png');
    await sendRaw(http(), entry('POST'), form);
    expect(server.requests.map((request) => request.query.toString())).toEqual([
      'id=7&all=false',
      'paginate%5Bpage%5D=2',
      '',
    ]);
    expect((await server.requests[2]?.formData())?.get('name')).toBe('a.png');
  });
});

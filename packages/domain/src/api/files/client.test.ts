import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../../test/local-server';
import { MESSAGES } from '../../validation/messages';
import { createApiClient } from '../client';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());

describe('file manager and profile calls', () => {
  it('lists a directory by query and sends changes as JSON', async () => {
    const client = createApiClient({ baseUrl: server.url });
    server.respond(() => ({
      body: { status: 200, data: { bucket: 'files', directory: 'photos/', entries: [] } },
    }));
    await client.listFiles({ directory: 'photos' });
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/files' });
    expect(server.requests.at(-1)?.query.get('directory')).toBe('photos/');
    expect(server.requests.at(-1)?.query.get('pageSize')).toBe('200');
    const next = await client.listFiles({ directory: 'photos', pageSize: 50, token: 'eyJhIjoiYiJ9' });
    expect(server.requests.at(-1)?.query.get('pageSize')).toBe('50');
    expect(server.requests.at(-1)?.query.get('token')).toBe('eyJhIjoiYiJ9');
    // A server that answers no nextToken has no next page.
    expect(next.nextToken).toBeNull();
    server.respond(() => ({
      body: {
        status: 200,
        data: { name: 'a', path: 'a/', kind: 'folder', size: null, contentType: null, modified: null },
      },
    }));
    await client.createFolder({ directory: '', name: 'a' });
    expect(server.requests.at(-1)?.json()).toEqual({ directory: '', name: 'a' });
  });

  it('refuses names with "/" before any call', async () => {
    const client = createApiClient({ baseUrl: server.url });
    const before = server.requests.length;
    await expect(client.createFolder({ directory: '', name: 'a/b' })).rejects.toMatchObject({
      messages: [MESSAGES.fileNameHasSlash],
    });
    expect(server.requests).toHaveLength(before);
  });

  it('PUTs the names to /v1/me and the password change to /v1/me/password', async () => {
    const client = createApiClient({ baseUrl: server.url });
    server.respond(() => ({
      body: { status: 200, data: { first_name: 'A', last_name: 'B', email: 'a@x.test', role: 'user' } },
    }));
    await client.updateProfile({ firstName: ' A ', lastName: 'B' });
    expect(server.requests.at(-1)).toMatchObject({ method: 'PUT', path: '/v1/me' });
    expect(server.requests.at(-1)?.json()).toEqual({ firstName: 'A', lastName: 'B' });
    server.respond(() => ({ body: { status: 200, data: { message: 'ok' } } }));
    await client.changeOwnPassword({
      currentPassword: 'old',
      password: 'new secret',
      confirmPassword: 'new secret',
    });
    expect(server.requests.at(-1)).toMatchObject({ method: 'PUT', path: '/v1/me/password' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../../test/local-server';
import { createApiClient } from '../client';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());

describe('admin calls (admin is a role)', () => {
  it('GETs /v1/users with role, verification and last sign-in', async () => {
    server.respond(() => ({
      body: {
        status: 200,
        data: [
          {
            id: 'u1',
            first_name: 'A',
            last_name: 'B',
            email: 'a@example.com',
            role: 'admin',
            verified: true,
            lastLogin: null,
          },
        ],
      },
    }));
    const [entry] = await createApiClient({ baseUrl: server.url }).listUsers();
    expect(entry).toMatchObject({ role: 'admin', verified: true, lastLogin: null });
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/users' });
  });

  it('POSTs /v1/users/invite with e-mails, role (user by default) and optional first names', async () => {
    server.respond(() => ({ body: { status: 200, data: { invited: ['bob@example.com'] } } }));
    const client = createApiClient({ baseUrl: server.url });
    await client.inviteUsers({ emails: ['bob@example.com'], firstNames: ['Bob'] });
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/users/invite' });
    expect(server.requests.at(-1)?.json()).toEqual({
      emails: ['bob@example.com'],
      role: 'user',
      firstNames: ['Bob'],
    });
    await expect(client.inviteUsers({ emails: ['not-an-email'] })).rejects.toMatchObject({
      messages: ['emails.0: Each invitee must be an e-mail address'],
    });
  });
});

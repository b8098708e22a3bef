// The profile page's calls: PUT /v1/me saves the names; PUT /v1/me/password changes the password of
// the signed-in user, who gives the current one, and ends the account's other sessions.
import { MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { PASSWORD, signedInUser } from '../../test/helpers';

const signIn = async (server: TestServer, email: string, password: string) => {
  const client = new Client(server.url);
  const answer = await client.post('/login', {
    method: 'password',
    username: email,
    password,
    remember: false,
  });
  return { client, status: answer.httpStatus };
};

describe(`profile on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('PUT /v1/me saves first and last name (trimmed) and /me answers them afterwards', async () => {
    const { client, email } = await signedInUser(server);
    const answer = await client.put<{ first_name: string; last_name: string; email: string }>('/v1/me', {
      firstName: '  Augusta ',
      lastName: 'King',
    });
    expect(answer.httpStatus).toBe(200);
    expect(answer.body.data).toMatchObject({ first_name: 'Augusta', last_name: 'King', email });
    const me = await client.get<{ user: { first_name: string; last_name: string } }>('/me');
    expect(me.body.data?.user).toMatchObject({ first_name: 'Augusta', last_name: 'King' });
  });

  it("refuses empty names with 'Fill in your names', unknown fields, and anyone not signed in", async () => {
    const { client } = await signedInUser(server);
    const empty = await client.put('/v1/me', { firstName: ' ', lastName: 'King' });
    expect(empty.httpStatus).toBe(400);
    expect(empty.body.errors).toContain(MESSAGES.fillInYourNames);
    // The e-mail and role are the account's: the profile cannot change them.
    const extra = await client.put('/v1/me', { firstName: 'A', lastName: 'B', role: 'admin' });
    expect(extra.httpStatus).toBe(400);
    expect((await new Client(server.url).put('/v1/me', { firstName: 'A', lastName: 'B' })).httpStatus).toBe(
      401,
    );
  });

  it('changes the password with the current one; the other sessions end, this one stays', async () => {
    const { client, email } = await signedInUser(server);
    const other = await signIn(server, email, PASSWORD);
    expect(other.status).toBe(200);
    const answer = await client.put<{ message: string }>('/v1/me/password', {
      currentPassword: PASSWORD,
      password: 'a new secret 2',
      confirmPassword: 'a new secret 2',
    });
    expect(answer.httpStatus).toBe(200);
    expect(answer.body.data?.message).toBe(MESSAGES.ownPasswordChanged);
    expect((await client.get('/me')).httpStatus).toBe(200);
    expect((await other.client.get('/me')).httpStatus).toBe(401);
    expect((await signIn(server, email, PASSWORD)).status).toBe(401);
    expect((await signIn(server, email, 'a new secret 2')).status).toBe(200);
  });

  it('refuses a wrong current password and keeps the old one and every session', async () => {
    const { client, email } = await signedInUser(server);
    const other = await signIn(server, email, PASSWORD);
    const answer = await client.put('/v1/me/password', {
      currentPassword: 'not the password',
      password: 'a new secret 2',
      confirmPassword: 'a new secret 2',
    });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toBe(MESSAGES.currentPasswordWrong);
    expect((await other.client.get('/me')).httpStatus).toBe(200);
    expect((await signIn(server, email, PASSWORD)).status).toBe(200);
  });

  it('applies the change-password rules: a missing current password, a mismatch, a common password', async () => {
    const { client } = await signedInUser(server);
    const missing = await client.put('/v1/me/password', {
      password: 'abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    expect(missing.body.errors).toContain(MESSAGES.fillInCurrentPassword);
    const mismatch = await client.put('/v1/me/password', {
      currentPassword: PASSWORD,
      password: 'a new secret 2',
      confirmPassword: 'a new secret 3',
    });
    expect(mismatch.httpStatus).toBe(400);
    expect(mismatch.body.errors).toContain(MESSAGES.passwordsDoNotMatch);
    const common = await client.put('/v1/me/password', {
      currentPassword: PASSWORD,
      password: 'password123',
      confirmPassword: 'password123',
    });
    expect(common.httpStatus).toBe(400);
    expect(common.body.message).toBe(MESSAGES.commonPassword);
  });
});

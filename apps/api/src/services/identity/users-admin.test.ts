// What an administrator does to other accounts: their role, disabling and enabling them, deleting them,
// and invitations listed and sent again; never to their own account (so an enabled administrator always
// remains: the one making the change).
import { MESSAGES, userOwnsCampaignsMessage } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { PASSWORD, signedInAdmin, signedInUser, waitForMail } from '../../test/helpers';

describe(`administering users on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let admin: Client;
  let adminId: string;

  const idOf = async (client: Client) =>
    (await client.get<{ user: { id: string } }>('/me')).body.data?.user.id ?? '';
  const signIn = (email: string) =>
    new Client(server.url).post('/login', {
      method: 'password',
      username: email,
      password: PASSWORD,
      remember: false,
    });

  beforeAll(async () => {
    server = await startServer({ COMPANY_DOMAIN: 'adconsole.test' });
    admin = (await signedInAdmin(server)).client;
    adminId = await idOf(admin);
  });
  afterAll(() => server.close());

  it('makes a user an administrator and back; the list says so', async () => {
    const { client } = await signedInUser(server);
    const id = await idOf(client);
    const promoted = await admin.put<{ role: string }>('/v1/users/role', { id, role: 'admin' });
    expect(promoted.httpStatus, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.data?.role).toBe('admin');
    expect((await client.get('/v1/users')).httpStatus).toBe(200);
    expect((await admin.put('/v1/users/role', { id, role: 'user' })).httpStatus).toBe(200);
    expect((await client.get('/v1/users')).httpStatus).toBe(403);
  });

  it('a disabled account cannot sign in, its session ends and its API token stops working; enabled, it signs in again', async () => {
    const { client, email } = await signedInUser(server);
    const id = await idOf(client);
    const token = await client.post<{ secret: string }>('/v1/tokens', {
      name: 'CI',
      scopes: ['campaigns:read'],
    });
    const bearer = { Authorization: `Bearer ${token.body.data?.secret}` };
    expect((await fetch(`${server.url}/api/v1/campaign/mine`, { headers: bearer })).status).toBe(200);

    const disabled = await admin.put<{ disabled: boolean }>('/v1/users/disabled', { id, disabled: true });
    expect(disabled.body.data?.disabled).toBe(true);
    expect((await client.get('/me')).httpStatus).toBe(401);
    expect((await fetch(`${server.url}/api/v1/campaign/mine`, { headers: bearer })).status).toBe(401);
    const refused = await signIn(email);
    expect(refused.httpStatus).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.accountDisabled);
    const listed = await admin.get<{ email: string; disabled: boolean }[]>('/v1/users');
    expect(listed.body.data?.find((user) => user.email === email)?.disabled).toBe(true);

    expect((await admin.put('/v1/users/disabled', { id, disabled: false })).httpStatus).toBe(200);
    expect((await signIn(email)).httpStatus).toBe(200);
    expect((await fetch(`${server.url}/api/v1/campaign/mine`, { headers: bearer })).status).toBe(200);
  });

  it("never changes the administrator's own account: 400 with the message, nothing changed", async () => {
    for (const [method, path, body] of [
      ['PUT', '/v1/users/role', { id: adminId, role: 'user' }],
      ['PUT', '/v1/users/disabled', { id: adminId, disabled: true }],
      ['DELETE', `/v1/users?id=${adminId}`, undefined],
    ] as const) {
      const answer = await admin.call(method, path, body);
      expect(answer.httpStatus, path).toBe(400);
      expect(answer.body.message).toBe(MESSAGES.notOwnAccount);
    }
    expect((await admin.get('/v1/users')).httpStatus).toBe(200);
  });

  it('demoting the ADMIN_EMAIL account is refused with a message, not undone at its next sign-in (security round 4, finding 6)', async () => {
    const boss = await signedInUser(server, server.config.adminEmail);
    const id = await idOf(boss.client);
    const refused = await admin.put('/v1/users/role', { id, role: 'user' });
    expect(refused.httpStatus).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.adminEmailStaysAdmin);
    const listed = await admin.get<{ id: string; role: string }[]>('/v1/users');
    expect(listed.body.data?.find((user) => user.id === id)?.role).toBe('admin');
    // Any other administrator is demoted as before.
    const other = await signedInUser(server);
    const otherId = await idOf(other.client);
    expect((await admin.put('/v1/users/role', { id: otherId, role: 'admin' })).httpStatus).toBe(200);
    expect((await admin.put('/v1/users/role', { id: otherId, role: 'user' })).httpStatus).toBe(200);
  });

  it('refuses to delete an account that owns campaigns (409, they are not deleted with it); deletes one that owns none', async () => {
    const owner = await signedInUser(server);
    const ownerId = await idOf(owner.client);
    await owner.client.post('/v1/campaign/new', { name: 'Kept' });
    const refused = await admin.delete(`/v1/users?id=${ownerId}`);
    expect(refused.httpStatus).toBe(409);
    expect(refused.body.message).toBe(userOwnsCampaignsMessage(1));
    expect((await owner.client.get('/v1/campaign/mine')).httpStatus).toBe(200);

    const leaver = await signedInUser(server);
    const leaverId = await idOf(leaver.client);
    // An upload of the leaver (another account's creative may use it) passes to the administrator.
    const upload = `assets/${leaverId}/logo.png`;
    await server.db.query(
      `insert into files (name, owner_id, public, content_type, size) values ($1, $2, true, 'image/png', 3)`,
      [upload, leaverId],
    );
    expect((await admin.delete(`/v1/users?id=${leaverId}`)).httpStatus).toBe(200);
    expect(await server.db.query('select owner_id from files where name = $1', [upload])).toEqual([
      { owner_id: adminId },
    ]);
    expect((await leaver.client.get('/me')).httpStatus).toBe(401);
    expect((await signIn(leaver.email)).httpStatus).toBe(401);
    const gone = await admin.delete(`/v1/users?id=${leaverId}`);
    expect(gone.httpStatus).toBe(404);
    expect(gone.body.message).toBe(MESSAGES.userNotFound);
  });

  it('lists open invitations and sends one again: a new link with the same role and first name, the old one dead', async () => {
    const email = `invitee.${Date.now().toString(36)}@client.example`;
    const invited = await admin.post('/v1/users/invite', {
      emails: [email],
      role: 'admin',
      firstNames: ['Ines'],
    });
    expect(invited.httpStatus).toBe(200);
    const first = await waitForMail(server, email);
    const listed = await admin.get<{ email: string; role: string }[]>('/v1/users/invitations');
    expect(listed.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ email, role: 'admin' })]),
    );

    const resent = await admin.post<{ invited: string[] }>('/v1/users/invite/resend', { email });
    expect(resent.body.data?.invited).toEqual([email]);
    const second = await waitForMail(server, email, 1);
    const inviteOf = (links: string[]) =>
      new URL(links.find((link) => link.includes('invite=')) ?? '').searchParams.get('invite');
    expect(inviteOf(second.links)).not.toBe(inviteOf(first.links));
    const signUpLink = new URL(second.links.find((link) => link.includes('invite=')) ?? '');
    expect(signUpLink.searchParams.get('firstName')).toBe('Ines');
    // The first link no longer signs up; the second does, as an administrator.
    const signUp = (invite: string | null) =>
      new Client(server.url).post('/signup', {
        firstName: 'Ines',
        lastName: 'Vited',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsChecked: true,
        invite,
      });
    expect((await signUp(inviteOf(first.links))).httpStatus).toBeGreaterThanOrEqual(400);
    expect((await signUp(inviteOf(second.links))).httpStatus).toBe(200);
    const missing = await admin.post('/v1/users/invite/resend', { email: 'nobody@client.example' });
    expect(missing.httpStatus).toBe(404);
  });

  it('every new call is for administrators only: 403 for a user', async () => {
    const { client } = await signedInUser(server);
    for (const [method, path, body] of [
      ['GET', '/v1/users/invitations', undefined],
      ['POST', '/v1/users/invite/resend', { email: 'a@client.example' }],
      ['PUT', '/v1/users/role', { id: adminId, role: 'user' }],
      ['PUT', '/v1/users/disabled', { id: adminId, disabled: true }],
      ['DELETE', `/v1/users?id=${adminId}`, undefined],
    ] as const) {
      expect((await client.call(method, path, body)).httpStatus, path).toBe(403);
    }
  });
});

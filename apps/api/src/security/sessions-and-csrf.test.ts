// Sessions and cross-site requests: a state-changing call needs the CSRF header however its path is
// spelled and takes its input from the body only; a session ends when unused, on "sign out everywhere"
// and when the browser signs in again. docs/security.md lists the limits and their settings.
import { MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { PASSWORD, signedInAdmin, signedInUser, uniqueEmail } from '../test/helpers';
import { login } from '../test/security';

describe(`sessions and cross-site requests on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ COMPANY_DOMAIN: 'adconsole.test' });
  });
  afterAll(() => server.close());

  describe('the CSRF check holds for every spelling of a path, and input comes from the body only', () => {
    let admin: Client;
    beforeAll(async () => {
      admin = (await signedInAdmin(server)).client;
    });

    it('POST /%61pi/v1/users/invite without the header or origin is refused like /api/...', async () => {
      for (const pathname of ['/%61pi/v1/users/invite', '/api/v1/users/invite', '/api/v1/users/%69nvite']) {
        const response = await fetch(`${server.url}${pathname}`, {
          method: 'POST',
          headers: { Cookie: admin.cookie ?? '', 'Content-Type': 'application/json' },
          body: JSON.stringify({ emails: [uniqueEmail()] }),
        });
        expect(response.status, pathname).toBe(403);
        expect(((await response.json()) as { message: string }).message).toBe(MESSAGES.csrfRefused);
      }
    });

    it('never reads input from the query string of a POST or PUT', async () => {
      const answer = await admin.call(
        'POST',
        `/v1/users/invite?emails=${encodeURIComponent(uniqueEmail())}`,
        {},
      );
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.message).toBe(MESSAGES.queryOnBodyCall);
    });

    it('accepts multipart/form-data only on the asset upload', async () => {
      const form = new FormData();
      form.append('emails', uniqueEmail());
      const answer = await admin.call('POST', '/v1/users/invite', form);
      expect(answer.httpStatus).toBe(415);
      expect(answer.body.message).toMatch(/multipart\/form-data is accepted only by the asset upload/);
    });
  });

  describe('a session ends when unused, on sign-out everywhere and on a new sign-in', () => {
    it('a session unused for 2 hours ends (14 days when remembered); use keeps it alive', async () => {
      const { client, email } = await signedInUser(server);
      expect((await client.get('/me')).httpStatus).toBe(200);
      await server.db.query(
        "update sessions set last_seen_at = now() - interval '3 hours' where user_id = (select id from users where email = $1)",
        [email],
      );
      expect((await client.get('/me')).httpStatus).toBe(401);
      const remembered = new Client(server.url);
      await remembered.post('/login', {
        method: 'password',
        username: email,
        password: PASSWORD,
        remember: true,
      });
      await server.db.query(
        "update sessions set last_seen_at = now() - interval '3 hours' where user_id = (select id from users where email = $1)",
        [email],
      );
      expect((await remembered.get('/me')).httpStatus).toBe(200);
      const [seen] = await server.db.query<{ fresh: boolean }>(
        "select bool_and(last_seen_at > now() - interval '1 minute') as fresh from sessions where user_id = (select id from users where email = $1)",
        [email],
      );
      expect(seen?.fresh).toBe(true);
    });

    it('POST /logout {everywhere: true} ends every session of the account', async () => {
      const { client, email } = await signedInUser(server);
      const other = new Client(server.url);
      await login(other, email);
      expect((await other.get('/me')).httpStatus).toBe(200);
      expect((await client.post('/logout', { everywhere: true })).httpStatus).toBe(200);
      expect((await other.get('/me')).httpStatus).toBe(401);
      expect((await client.get('/me')).httpStatus).toBe(401);
    });

    it('a new sign-in ends the session the browser had before', async () => {
      const { client, email } = await signedInUser(server);
      const earlier = client.cookie;
      await login(client, email);
      expect(client.cookie).not.toBe(earlier);
      const stale = new Client(server.url);
      stale.cookie = earlier;
      expect((await stale.get('/me')).httpStatus).toBe(401);
    });
  });

  describe('a session is an expiring secret the server keeps only as a hash', () => {
    it('a forged or expired session cookie is 401', async () => {
      const forged = new Client(server.url);
      forged.cookie = 'adconsole_session=not-a-real-session';
      expect((await forged.get('/me')).httpStatus).toBe(401);
      const { client, email } = await signedInUser(server);
      // Only this test's own session expires (the file's other tests keep theirs).
      await server.db.query(
        "update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)",
        [email],
      );
      expect((await client.get('/me')).httpStatus).toBe(401);
    });

    it('stores sessions only as hashes', async () => {
      const { client } = await signedInUser(server);
      const secret = client.cookie?.split('=')[1] ?? '';
      const rows = await server.db.query<{ id_hash: string }>('select id_hash from sessions');
      expect(secret.length).toBeGreaterThan(40);
      expect(rows.map((r) => r.id_hash)).not.toContain(secret);
    });
  });
});

// Limits per caller: the client's address comes only from trusted proxies (an invented X-Forwarded-For
// hop does not escape the per-address limit), and the limits per user and per e-mail address are counted
// in the database, so a new address or a second API process does not reset them.
import { MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { signedInUser, uniqueEmail } from '../test/helpers';

describe(`rate limits per caller on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ COMPANY_DOMAIN: 'adconsole.test' });
  });
  afterAll(() => server.close());

  describe('the client address is taken from trusted proxies only', () => {
    it("TRUST_PROXY no longer takes 'true' (which trusts any sender); it takes a hop count or proxy addresses", () => {
      expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
      expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).trustProxy).toEqual([
        '10.0.0.0/8',
        '192.168.1.7',
      ]);
      expect(loadConfig({}).trustProxy).toBe(false);
    });

    it('a client cannot escape the per-IP limit by inventing earlier X-Forwarded-For hops', async () => {
      const client = new Client(server.url);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 31; attempt += 1) {
        const answer = await client.call(
          'POST',
          '/forgotPassword',
          { email: uniqueEmail() },
          // The trusted proxy (loopback) appends the real address last; the first hop is the client's lie.
          { 'X-Forwarded-For': `203.0.113.${attempt}, 10.77.0.1` },
        );
        statuses.push(answer.httpStatus);
      }
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });

  describe('the limits per user and per e-mail address are counted in the database', () => {
    it('a user’s calls are counted in the database: a new address or a second API process does not reset them', async () => {
      const { client } = await signedInUser(server);
      const wrong = (address: string, on = client) =>
        on.call(
          'PUT',
          '/v1/me/password',
          {
            currentPassword: 'not the password',
            password: 'a fresh secret',
            confirmPassword: 'a fresh secret',
          },
          { 'X-Forwarded-For': address },
        );
      // 30 guesses at the current password, each from an address of its own (before: 30 per address).
      for (let index = 0; index < 30; index += 1) {
        expect((await wrong(`203.0.113.${index}`)).httpStatus).toBe(400);
      }
      const limited = await wrong('198.51.100.77');
      expect(limited.httpStatus).toBe(429);
      expect(limited.body.message).toBe(MESSAGES.tooManyCallsForIdentity);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // A second API process on the same database knows the count.
      const second = await buildApp(server.config, { db: server.db, logger: false });
      await second.listen({ port: 0, host: '127.0.0.1' });
      const address = second.server.address();
      try {
        const secondClient = new Client(
          `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        );
        secondClient.cookie = client.cookie;
        const there = await wrong('198.51.100.78', secondClient);
        expect(there.httpStatus).toBe(429);
        expect(there.body.message).toBe(MESSAGES.tooManyCallsForIdentity);
      } finally {
        await second.close();
      }
      // The limit is this user's: another user still gets their own calls.
      const other = (await signedInUser(server)).client;
      expect(
        (
          await other.put('/v1/me/password', {
            currentPassword: 'not the password',
            password: 'a fresh secret',
            confirmPassword: 'a fresh secret',
          })
        ).httpStatus,
      ).toBe(400);
    });

    it('an e-mail address is counted in the database: password-reset requests for one address from many addresses stop at 30', async () => {
      const email = uniqueEmail();
      const reset = (address: string) =>
        new Client(server.url).call('POST', '/forgotPassword', { email }, { 'X-Forwarded-For': address });
      for (let index = 0; index < 30; index += 1) {
        expect((await reset(`192.0.2.${index}`)).httpStatus).toBe(200);
      }
      const limited = await reset('192.0.2.200');
      expect(limited.httpStatus).toBe(429);
      expect(limited.body.message).toBe(MESSAGES.tooManyCallsForIdentity);
      const [row] = await server.db.query<{ calls: number }>(
        'select calls from identity_limits where key = $1',
        [`POST /forgotPassword:email:${email}`],
      );
      expect(row?.calls).toBe(31);
    });
  });
});

// Signing in and passwords: parallel guesses cannot race the sign-in limit or lock an owner out,
// wrong passwords slow an account down by a doubling delay (never a lock), and the 10,000 most common
// passwords are refused. docs/security.md lists the limits and their settings.
import { MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beginLoginAttempt,
  LOGIN_MAX_DELAY_SECONDS,
  loginAttemptsSweep,
  loginKeys,
} from '../services/identity/login-limit';
import { retryAfterOf } from '../services/identity/retry-after';
import { newId } from '../services/ids';
import { Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { PASSWORD, signedInUser, uniqueEmail, waitForMail } from '../test/helpers';
import { login, signUpBody } from '../test/security';

describe(`sign-in limits and passwords on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ COMPANY_DOMAIN: 'adconsole.test' });
  });
  afterAll(() => server.close());

  describe('parallel guesses get at most 10 password checks and never lock the owner out', () => {
    // The 15 others wait the account's growing delay (below), never a 15-minute lock.
    it('a burst of 25 parallel guesses gets at most 10 password checks, the rest wait the delay', async () => {
      const { email } = await signedInUser(server);
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, index) =>
          login(new Client(server.url), email, `wrong guess ${index}`, {
            'X-Forwarded-For': `10.44.${index}.1`,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.httpStatus);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    });

    it("strangers' guesses do not lock out the owner on a browser where the owner signed in before", async () => {
      const { client: owner, email } = await signedInUser(server);
      for (let index = 0; index < 10; index += 1) {
        await login(new Client(server.url), email, 'wrong password', {
          'X-Forwarded-For': `10.55.${index}.1`,
        });
      }
      expect(
        (await login(new Client(server.url), email, PASSWORD, { 'X-Forwarded-For': '10.55.99.1' }))
          .httpStatus,
      ).toBe(429);
      // The owner's browser carries the device cookie from its earlier sign-in.
      const device = owner.extraCookies.adconsole_device;
      expect(device).toBeTruthy();
      const ownBrowser = new Client(server.url);
      ownBrowser.extraCookies.adconsole_device = device ?? '';
      expect((await login(ownBrowser, email)).httpStatus).toBe(200);
    });

    it("colleagues' typos from one office address do not keep an owner out of a browser they signed in on before", async () => {
      const office = { 'X-Forwarded-For': '10.66.0.1' };
      const { client: owner, email } = await signedInUser(server);
      for (let index = 0; index < 10; index += 1) {
        expect((await login(new Client(server.url), uniqueEmail(), 'a typo', office)).httpStatus).toBe(401);
      }
      // A new browser at the office waits for the address window...
      const newBrowser = await login(new Client(server.url), email, PASSWORD, office);
      expect(newBrowser.httpStatus).toBe(429);
      expect(newBrowser.body.message).toBe(MESSAGES.tooManyAttempts);
      // ...the owner's own browser (its device cookie) signs in, and a typo there is not the office's.
      const ownBrowser = new Client(server.url);
      ownBrowser.extraCookies.adconsole_device = owner.extraCookies.adconsole_device ?? '';
      expect((await login(ownBrowser, email, 'my own typo', office)).httpStatus).toBe(401);
      expect((await login(ownBrowser, email, PASSWORD, office)).httpStatus).toBe(200);
    });

    it("the owner's own browser still waits its own delay after 10 wrong passwords (a stolen device cookie guesses no faster)", async () => {
      const { client: owner, email } = await signedInUser(server);
      const ownBrowser = new Client(server.url);
      ownBrowser.extraCookies.adconsole_device = owner.extraCookies.adconsole_device ?? '';
      for (let index = 0; index < 10; index += 1) {
        // Each from an address of its own: the device's count, not an address window, is what refuses.
        const headers = { 'X-Forwarded-For': `10.68.${index}.1` };
        expect((await login(ownBrowser, email, `wrong ${index}`, headers)).httpStatus).toBe(401);
      }
      const eleventh = await login(ownBrowser, email, PASSWORD, { 'X-Forwarded-For': '10.68.99.1' });
      expect(eleventh.httpStatus).toBe(429);
      expect(eleventh.body.message).toMatch(/Too many sign-in attempts for this account/);
    });

    it('a password change ends the device cookies made before it: that browser is a new browser again', async () => {
      const { client: owner, email } = await signedInUser(server);
      const oldDevice = owner.extraCookies.adconsole_device ?? '';
      expect(oldDevice).not.toBe('');
      const changed = await owner.put('/v1/me/password', {
        currentPassword: PASSWORD,
        password: 'a brand new secret',
        confirmPassword: 'a brand new secret',
      });
      expect(changed.httpStatus).toBe(200);
      const office = { 'X-Forwarded-For': '10.69.0.1' };
      for (let index = 0; index < 10; index += 1) {
        expect((await login(new Client(server.url), uniqueEmail(), 'a typo', office)).httpStatus).toBe(401);
      }
      // The cookie of the old password is not the owner's browser any more: the address window holds.
      const oldBrowser = new Client(server.url);
      oldBrowser.extraCookies.adconsole_device = oldDevice;
      const refused = await login(oldBrowser, email, 'a brand new secret', office);
      expect(refused.httpStatus).toBe(429);
      expect(refused.body.message).toBe(MESSAGES.tooManyAttempts);
      // Signed in with the new password elsewhere, the browser gets a cookie that is the owner's again.
      const fresh = new Client(server.url);
      expect((await login(fresh, email, 'a brand new secret')).httpStatus).toBe(200);
      const newDevice = fresh.extraCookies.adconsole_device ?? '';
      expect(newDevice).not.toBe(oldDevice);
      const newBrowser = new Client(server.url);
      newBrowser.extraCookies.adconsole_device = newDevice;
      expect((await login(newBrowser, email, 'a brand new secret', office)).httpStatus).toBe(200);
    });

    it('a successful sign-in does not count against the limit', async () => {
      const { email } = await signedInUser(server);
      const client = new Client(server.url);
      for (let index = 0; index < 12; index += 1) {
        expect((await login(client, email)).httpStatus).toBe(200);
      }
    });
  });

  describe('what the limit keeps', () => {
    it('never a client address: the address window is kept under its HMAC', async () => {
      const address = '203.0.113.77';
      const email = uniqueEmail();
      expect(
        (await login(new Client(server.url), email, 'a wrong one', { 'X-Forwarded-For': address }))
          .httpStatus,
      ).toBe(401);
      const keys = await server.db.query<{ key: string }>(
        "select key from login_keys where key like 'ip:%' or key = $1 union all select key from login_attempts where key like 'ip:%'",
        [loginKeys.account(email)],
      );
      expect(keys.map((row) => row.key)).toContain(loginKeys.ip(address, server.app.adconsole.secret));
      expect(keys.map((row) => row.key).join(' ')).not.toContain(address);
    });

    it('forgets a key after a day without an attempt (the sweep, every 10 minutes), and keeps one in use', async () => {
      const quiet = loginKeys.account(uniqueEmail());
      const busy = loginKeys.account(uniqueEmail());
      for (const key of [quiet, busy]) {
        await beginLoginAttempt(server.db, { identity: key });
      }
      await server.db.query(
        "update login_attempts set attempted_at = attempted_at - interval '25 hours' where key = $1",
        [quiet],
      );
      await loginAttemptsSweep.queueDue?.(server.app.adconsole);
      const left = async (table: string, key: string) =>
        (await server.db.query(`select key from ${table} where key = $1`, [key])).length;
      expect(await left('login_attempts', quiet)).toBe(0);
      expect(await left('login_keys', quiet)).toBe(0);
      expect(await left('login_attempts', busy)).toBe(1);
      expect(await left('login_keys', busy)).toBe(1);
      // A forgotten key is made again by its next attempt, which counts from zero.
      await beginLoginAttempt(server.db, { identity: quiet });
      expect(await left('login_keys', quiet)).toBe(1);
    });
  });

  describe('after 10 wrong passwords each attempt waits a doubling delay, never a lock', () => {
    const second = 1000;
    /** One attempt at `at`, from an address of its own (the per-address window stays out of it). */
    const attempt = async (identity: string, at: Date) => {
      try {
        await beginLoginAttempt(
          server.db,
          { ip: loginKeys.ip(`198.51.100.${newId()}`, server.app.adconsole.secret), identity },
          at,
        );
        return { allowed: true as const };
      } catch (error) {
        const status = (error as { status?: number }).status;
        expect(status).toBe(429);
        return { allowed: false as const, retryAfter: retryAfterOf(error, 429) ?? 0 };
      }
    };

    it('after 10 failures each attempt waits a doubling delay (15 s up to 5 min), never a 15-minute lock; the owner’s browser waits none', async () => {
      const account = loginKeys.account(uniqueEmail());
      const t0 = Date.now();
      const at = (seconds: number) => new Date(t0 + seconds * second);
      for (let index = 0; index < 10; index += 1)
        expect((await attempt(account, at(index))).allowed).toBe(true);
      // The 11th right after: the first delay, counted from the last failure (at 9 s).
      expect(await attempt(account, at(10))).toEqual({ allowed: false, retryAfter: 14 });
      // A refused attempt is not a failure: it does not lengthen the wait.
      expect(await attempt(account, at(23))).toEqual({ allowed: false, retryAfter: 1 });
      // The right password from a new browser is checked 15 s after the last failure, not 15 minutes.
      expect((await attempt(account, at(24))).allowed).toBe(true);
      let last = 24;
      const delays: number[] = [];
      for (let failure = 11; failure < 16; failure += 1) {
        const refused = await attempt(account, at(last + 1));
        expect(refused.allowed).toBe(false);
        const delay = (refused.allowed ? 0 : refused.retryAfter) + 1;
        delays.push(delay);
        expect((await attempt(account, at(last + delay - 1))).allowed).toBe(false);
        expect((await attempt(account, at(last + delay))).allowed).toBe(true);
        last += delay;
      }
      expect(delays).toEqual([30, 60, 120, 240, LOGIN_MAX_DELAY_SECONDS]);
      // The browser where the owner signed in before is counted by its device: no wait at all.
      expect((await attempt(loginKeys.device(newId()), at(last + 1))).allowed).toBe(true);
    });

    it('guessing stays bounded: a guesser trying whenever allowed gets about 300 guesses in 24 hours', async () => {
      const account = loginKeys.account(uniqueEmail());
      const t0 = Date.now();
      let now = 0;
      let guesses = 0;
      while (now < 24 * 3600) {
        const answer = await attempt(account, new Date(t0 + now * second));
        if (answer.allowed) {
          guesses += 1;
          now += 1;
        } else {
          now += answer.retryAfter;
        }
      }
      // 10 free, then one every delay: 15 + 30 + ... + 240 s, then one each 5 minutes.
      expect(guesses).toBeLessThanOrEqual(10 + 5 + (24 * 3600) / LOGIN_MAX_DELAY_SECONDS);
      expect(guesses).toBeGreaterThan(10);
    }, 120_000);
  });

  describe('the 10,000 most common passwords are refused', () => {
    it.each(['iloveyou', 'qwerty123', 'Password1'])(
      'refuses %s at sign-up with its own message',
      async (password) => {
        const answer = await new Client(server.url).post('/signup', signUpBody(uniqueEmail(), password));
        expect(answer.httpStatus).toBe(400);
        expect(answer.body.message).toBe(MESSAGES.commonPassword);
      },
    );

    it('refuses one at a password reset, and keeps the messages of docs/product.md §5 for short passwords', async () => {
      const { email } = await signedInUser(server);
      const client = new Client(server.url);
      await client.post('/forgotPassword', { email });
      const mail = await waitForMail(server, email, 1);
      const code = new URL(mail.links.find((l) => l.includes('forgotToken')) ?? '').searchParams.get(
        'forgotToken',
      );
      const common = await client.post('/changePassword', {
        username: email,
        password: 'sunshine',
        confirmPassword: 'sunshine',
        code,
      });
      expect(common.body.message).toBe(MESSAGES.commonPassword);
      const short = await client.post('/signup', signUpBody(uniqueEmail(), 'abc'));
      expect(short.body.errors).toContain('Fill in your password');
    });
  });

  describe('passwords are stored as argon2id hashes', () => {
    it('stores passwords as argon2id hashes', async () => {
      const rows = await server.db.query<{ password_hash: string }>('select password_hash from users');
      expect(rows.every((r) => r.password_hash.startsWith('$argon2id$'))).toBe(true);
    });
  });
});

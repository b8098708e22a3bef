// The security review's findings (issue "API hardening"), each as the attack or rule it names. Every
// test here failed on the code before its fix.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_REFUSED, QUERY_ON_BODY_CALL } from './app';
import { ConfigError, loadConfig } from './config';
import { INVITE_INVALID, RESET_LINK_INVALID } from './services/auth';
import { takeMailAllowance } from './services/mail';
import { hashPassword } from './services/passwords';
import { UploadSlots } from './services/upload-slots';
import { Client, readOutbox, startServer, type TestServer, testDatabaseKind } from './test/harness';
import { PASSWORD, settled, signedInAdmin, signedInUser, uniqueEmail, waitForMail } from './test/helpers';
import { type SmtpPeer, startSmtpPeer } from './test/peers';

// The real hashing, counted: sign-up must hash the password on both of its paths.
vi.mock('./services/passwords', async (importOriginal) => {
  const passwords = await importOriginal<typeof import('./services/passwords')>();
  return { ...passwords, hashPassword: vi.fn(passwords.hashPassword) };
});

const signUpBody = (email: string, password = PASSWORD) => ({
  firstName: 'Eve',
  lastName: 'Outsider',
  email,
  password,
  confirmPassword: password,
  termsChecked: true,
});
const login = (
  client: Client,
  username: string,
  password = PASSWORD,
  extraHeaders: Record<string, string> = {},
) => client.call('POST', '/login', { method: 'password', username, password, remember: false }, extraHeaders);

describe(`security review findings on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startServer({ COMPANY_DOMAIN: 'adconsole.test' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  describe('1. company-domain bypass with an address list', () => {
    const attack = 'attacker@evil.com,x@adconsole.test';

    it('sign-up, forgot password, change password and login refuse a list of addresses', async () => {
      const client = new Client(server.url);
      const signup = await client.post('/signup', signUpBody(attack));
      expect(signup.httpStatus).toBe(400);
      expect(signup.body.errors).toContain('Fill in your email correctly');
      expect((await client.post('/forgotPassword', { email: attack })).httpStatus).toBe(400);
      expect(
        (
          await client.post('/changePassword', {
            username: attack,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            code: 'x',
          })
        ).httpStatus,
      ).toBe(400);
      expect((await login(client, attack)).httpStatus).toBe(400);
      const [{ count } = { count: -1 }] = await server.db.query<{ count: number }>(
        "select count(*)::int as count from users where email like '%evil.com%'",
      );
      expect(count).toBe(0);
      await settled(server);
      expect((await readOutbox(server.dataDir)).filter((mail) => mail.text.includes('evil.com'))).toEqual([]);
    });

    it('a password reset never verifies an address outside the company domain that was not invited', async () => {
      const outsider = uniqueEmail('evil.example');
      await server.db.query(
        `insert into users (id, email, first_name, last_name, password_hash, role) values ($1, $2, 'Eve', 'O', $3, 'user')`,
        [`out${Date.now()}`, outsider, await hashPassword(PASSWORD)],
      );
      const client = new Client(server.url);
      expect((await client.post('/forgotPassword', { email: outsider })).httpStatus).toBe(200);
      const mail = await waitForMail(server, outsider);
      const token = new URL(mail.links.find((l) => l.includes('forgotToken')) ?? '').searchParams.get(
        'forgotToken',
      );
      const changed = await client.post('/changePassword', {
        username: outsider,
        password: 'a new long password',
        confirmPassword: 'a new long password',
        code: token,
      });
      expect(changed.httpStatus).toBe(200);
      const [row] = await server.db.query<{ verified_at: Date | null }>(
        'select verified_at from users where email = $1',
        [outsider],
      );
      expect(row?.verified_at).toBeNull();
      expect((await login(client, outsider, 'a new long password')).httpStatus).toBe(403);
    });

    it('mails exactly one parsed recipient with an explicit SMTP envelope', async () => {
      const mailServer = await startServer({ SMTP_URL: smtp.url });
      try {
        const email = uniqueEmail();
        await mailServer.db.query(
          `insert into users (id, email, first_name, last_name, password_hash, role, verified_at)
           values ($1, $2, 'Ada', 'L', $3, 'user', now())`,
          [`smtp${Date.now()}`, email, await hashPassword(PASSWORD)],
        );
        const before = smtp.received.length;
        await new Client(mailServer.url).post('/forgotPassword', { email });
        const received = await smtp.waitFor(before + 1);
        const mail = received[received.length - 1];
        expect(mail?.envelope.to).toEqual([email]);
        expect(mail?.parsed.to?.map((to) => to.address)).toEqual([email]);
      } finally {
        await mailServer.close();
      }
    });
  });

  describe('2. CSRF check skipped by an encoded path', () => {
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
        expect(((await response.json()) as { message: string }).message).toBe(CSRF_REFUSED);
      }
    });

    it('never reads input from the query string of a POST or PUT', async () => {
      const answer = await admin.call(
        'POST',
        `/v1/users/invite?emails=${encodeURIComponent(uniqueEmail())}`,
        {},
      );
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.message).toBe(QUERY_ON_BODY_CALL);
    });

    it('accepts multipart/form-data only on the asset upload', async () => {
      const form = new FormData();
      form.append('emails', uniqueEmail());
      const answer = await admin.call('POST', '/v1/users/invite', form);
      expect(answer.httpStatus).toBe(415);
      expect(answer.body.message).toMatch(/multipart\/form-data is accepted only by the asset upload/);
    });
  });

  describe('3. client address spoofing through X-Forwarded-For', () => {
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

  describe('4. sign-in limit raced and used to lock owners out', () => {
    // Since issue 21 (round 2) the 15 others wait the account's growing delay instead of a 15-minute lock.
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

    it('a successful sign-in does not count against the limit', async () => {
      const { email } = await signedInUser(server);
      const client = new Client(server.url);
      for (let index = 0; index < 12; index += 1) {
        expect((await login(client, email)).httpStatus).toBe(200);
      }
    });
  });

  describe('5. memory exhaustion by uploads and downloads', () => {
    let owner: Client;
    let creativeID: string;
    beforeAll(async () => {
      owner = (await signedInUser(server)).client;
      const campaign = await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Memory' });
      const creative = await owner.post<{ id: string }>('/v1/campaign/creatives', {
        campaignID: campaign.body.data?.id,
        name: 'Video',
        type: 'VAST',
        width: 640,
        height: 360,
      });
      creativeID = creative.body.data?.id ?? '';
    });

    /** A multipart body streamed from a generator, so the test client holds no copy of the file either. */
    const streamedUpload = async (filename: string, size: number, head: Buffer) => {
      const boundary = 'adconsole-boundary';
      const preamble = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="creativeID"\r\n\r\n${creativeID}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      const ending = Buffer.from(`\r\n--${boundary}--\r\n`);
      async function* body() {
        yield preamble;
        yield head;
        const chunk = Buffer.alloc(1024 * 1024, 1);
        for (let sent = head.length; sent < size; sent += chunk.length)
          yield chunk.subarray(0, Math.min(chunk.length, size - sent));
        yield ending;
      }
      const response = await fetch(`${server.url}/api/v1/campaign/creatives/assets`, {
        method: 'POST',
        headers: {
          'X-Requested-With': 'adconsole',
          Cookie: owner.cookie ?? '',
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'X-Forwarded-For': owner.address,
        },
        body: Readable.toWeb(Readable.from(body())) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      return {
        status: response.status,
        body: (await response.json()) as { data?: { path: string }[]; message?: string },
      };
    };

    it('streams a 96 MB video to storage: the server does not hold the file in memory', async () => {
      const mp4Head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]);
      const baseline = process.memoryUsage().arrayBuffers;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().arrayBuffers);
      }, 5);
      const upload = await streamedUpload('big.mp4', 96 * 1024 * 1024, mp4Head);
      clearInterval(sampler);
      expect(upload.status, upload.body.message).toBe(200);
      // Buffering the file whole (the old toBuffer) grew array buffers by its 96 MB. Streamed chunks
      // are garbage the collector may take late on a loaded machine (53 MB was seen with every API
      // suite running at once), so the bound sits between that and the file's size.
      expect(peak - baseline).toBeLessThan(72 * 1024 * 1024);
    });

    it('refuses an image as soon as it passes 10 MB and stores nothing of it', async () => {
      const pngHead = Buffer.from([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
      ]);
      const upload = await streamedUpload('huge.png', 30 * 1024 * 1024, pngHead);
      expect(upload.status).toBe(413);
      expect(upload.body.message).toMatch(/at most 10 MB/);
      const assetsDir = path.join(server.dataDir, 'files', 'assets');
      const folders = await readdir(assetsDir).catch(() => [] as string[]);
      const leftovers = (
        await Promise.all(
          folders.map((folder) => readdir(path.join(assetsDir, folder)).catch(() => [] as string[])),
        )
      ).flat();
      expect(leftovers.filter((name) => name.startsWith('huge'))).toEqual([]);
    });

    it('streams downloads with byte ranges (206) as video players need to seek, 416 outside the file', async () => {
      const form = new FormData();
      form.append('creativeID', creativeID);
      const bytes = Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypmp42'),
        Buffer.from('0123456789'),
      ]);
      form.append('files[]', new Blob([new Uint8Array(bytes)]), 'seek.mp4');
      const upload = await owner.post<{ url: string }[]>('/v1/campaign/creatives/assets', form);
      const url = `${server.url}${new URL(upload.body.data?.[0]?.url ?? '').pathname}`;
      const whole = await fetch(url);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('content-length')).toBe(String(bytes.length));
      const part = await fetch(url, { headers: { Range: 'bytes=12-15' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 12-15/${bytes.length}`);
      expect(await part.text()).toBe('0123');
      const tail = await fetch(url, { headers: { Range: 'bytes=-3' } });
      expect(await tail.text()).toBe('789');
      const outside = await fetch(url, { headers: { Range: `bytes=${bytes.length}-` } });
      expect(outside.status).toBe(416);
      expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
      const cached = await fetch(url, { headers: { 'If-None-Match': whole.headers.get('etag') ?? '' } });
      expect(cached.status).toBe(304);
    });

    it('caps concurrent uploads: beyond the running ones and the queue the answer is 503', async () => {
      const slots = new UploadSlots(1, 1);
      const first = await slots.take();
      const queued = slots.take();
      await expect(slots.take()).rejects.toMatchObject({ status: 503 });
      first();
      const second = await queued;
      second();
      (await slots.take())();
    });
  });

  describe('6. low findings', () => {
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

    it("a reset ends the account's other unused reset links", async () => {
      const { email } = await signedInUser(server);
      const client = new Client(server.url);
      await client.post('/forgotPassword', { email });
      // The first link is mailed (and revokes nothing yet) before the second is asked for: a link
      // revokes the earlier ones when it is mailed, after the answer.
      await settled(server);
      await client.post('/forgotPassword', { email });
      const first = await waitForMail(server, email, 1);
      const second = await waitForMail(server, email, 2);
      const token = (mail: { links: string[] }) =>
        new URL(mail.links.find((l) => l.includes('forgotToken')) ?? '').searchParams.get('forgotToken');
      const body = (code: string | null) => ({
        username: email,
        password: 'brand new secret',
        confirmPassword: 'brand new secret',
        code,
      });
      expect((await client.post('/changePassword', body(token(second)))).httpStatus).toBe(200);
      const reused = await client.post('/changePassword', body(token(first)));
      expect(reused.httpStatus).toBe(400);
      expect(reused.body.message).toBe(RESET_LINK_INVALID);
    });

    it('an admin revokes an invitation: DELETE /v1/users/invite, and its link stops working', async () => {
      const { client: admin } = await signedInAdmin(server);
      const invitee = uniqueEmail('partner.example');
      await admin.post('/v1/users/invite', { emails: [invitee] });
      const mail = await waitForMail(server, invitee);
      const invite = new URL(mail.links.find((l) => l.includes('invite=')) ?? '').searchParams.get('invite');
      const revoked = await admin.delete<{ revoked: number }>(
        `/v1/users/invite?email=${encodeURIComponent(invitee)}`,
      );
      expect(revoked.body.data).toEqual({ revoked: 1 });
      expect((await admin.delete(`/v1/users/invite?email=${encodeURIComponent(invitee)}`)).httpStatus).toBe(
        404,
      );
      const signup = await new Client(server.url).post('/signup', { ...signUpBody(invitee), invite });
      expect(signup.httpStatus).toBe(400);
      expect(signup.body.message).toBe(INVITE_INVALID);
    });

    it('/api/uploads/%25 answers 404, not 500 (the path was decoded twice)', async () => {
      for (const pathname of ['/api/uploads/%25', '/uploads/%25', '/uploads/a%2F..%2F..']) {
        const response = await fetch(`${server.url}${pathname}`);
        expect(response.status, pathname).toBe(404);
      }
      // A broken escape is the client's mistake: a 4xx too.
      expect((await fetch(`${server.url}/api/uploads/%E0%A4%A`)).status).toBe(400);
    });

    it('sign-up and forgot password do the same work for an address that has an account as for one that has not', async () => {
      // So their answers take as long (bench/auth-timing.ts prints the times): before the fix an
      // existing address skipped the password hash and answered several times faster.
      const { email: existing } = await signedInUser(server);
      await settled(server);
      const hashes = vi.mocked(hashPassword);
      for (const email of [existing, uniqueEmail()]) {
        hashes.mockClear();
        expect((await new Client(server.url).post('/signup', signUpBody(email))).httpStatus).toBe(200);
        expect(hashes, email).toHaveBeenCalledTimes(1);
      }
      // Forgot password issues a reset token on both paths, and answers the same.
      const resetTokens = async (email: string) => {
        const [row] = await server.db.query<{ count: number }>(
          "select count(*)::int as count from tokens where email = $1 and kind = 'reset'",
          [email],
        );
        return row?.count ?? -1;
      };
      const answers = [];
      for (const email of [existing, uniqueEmail()]) {
        const before = await resetTokens(email);
        answers.push((await new Client(server.url).post('/forgotPassword', { email })).body);
        expect(await resetTokens(email), email).toBe(before + 1);
      }
      expect(answers[0]).toEqual(answers[1]);
      await settled(server);
    });

    it('mail goes after the answer: forgot password answers while its mail cannot be sent yet', async () => {
      const { email } = await signedInUser(server);
      await settled(server);
      const ctx = server.app.adconsole;
      const mailer = ctx.mailer;
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held: string[] = [];
      // The real mailer behind a gate the test opens.
      ctx.mailer = {
        async send(message) {
          held.push(message.to);
          await gate;
          await mailer.send(message);
        },
      };
      try {
        const answer = await new Client(server.url).post('/forgotPassword', { email });
        expect(answer.httpStatus).toBe(200);
        // Answered, and its mail is waiting at the gate: only the sign-up's mail is in the outbox.
        await vi.waitFor(() => expect(held).toEqual([email]), { timeout: 10_000 });
        expect(
          (await readOutbox(server.dataDir)).filter((m) => m.text.includes(`To: ${email}`)),
        ).toHaveLength(1);
      } finally {
        release();
        await settled(server);
        ctx.mailer = mailer;
      }
      expect((await readOutbox(server.dataDir)).filter((m) => m.text.includes(`To: ${email}`))).toHaveLength(
        2,
      );
    });

    /** How many messages to `email` the outbox holds. */
    const mailsTo = async (email: string) =>
      (await readOutbox(server.dataDir)).filter((m) => m.text.includes(`To: ${email}`)).length;

    it('an address gets at most 5 link mails an hour, with the same answer beyond', async () => {
      const { email } = await signedInUser(server);
      // Counted from a state the sign-up's own mail has settled into: it is one of the hour's five.
      await settled(server);
      const already = await mailsTo(email);
      expect(already).toBe(1);
      const client = new Client(server.url);
      for (let index = 0; index < 8; index += 1) {
        expect((await client.post('/forgotPassword', { email })).httpStatus).toBe(200);
      }
      await settled(server);
      expect((await mailsTo(email)) - already).toBe(4);
    });

    it('the hourly mail limit holds when link requests for one address arrive together', async () => {
      const { email } = await signedInUser(server);
      await settled(server);
      const already = await mailsTo(email);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => new Client(server.url).post('/forgotPassword', { email })),
      );
      expect(answers.map((answer) => answer.httpStatus)).toEqual(answers.map(() => 200));
      await settled(server);
      expect((await mailsTo(email)) - already).toBe(4);
    });

    it('the mail allowance is taken atomically: of 10 takers at once exactly 5 get one', async () => {
      // Counting then inserting in separate statements let concurrent takers all see room left.
      const address = uniqueEmail();
      const taken = await Promise.all(
        Array.from({ length: 10 }, () => takeMailAllowance(server.db, address, 'reset')),
      );
      expect(taken.filter(Boolean)).toHaveLength(5);
      const [row] = await server.db.query<{ count: number }>(
        'select count(*)::int as count from mail_sends where address = $1',
        [address],
      );
      expect(row?.count).toBe(5);
    });

    it('mail links are logged only in development', () => {
      expect(loadConfig({ NODE_ENV: 'production' }).logMailLinks).toBe(false);
      expect(loadConfig({}).logMailLinks).toBe(false);
      expect(loadConfig({ NODE_ENV: 'development' }).logMailLinks).toBe(true);
    });

    it("sends CSP with frame-ancestors 'none', Referrer-Policy: no-referrer, and HSTS when PUBLIC_URL is https", async () => {
      const ping = await fetch(`${server.url}/api/ping`);
      expect(ping.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      // Scripts only from the built console's asset path, never 'self' (which covers /api/uploads).
      expect(ping.headers.get('content-security-policy')).toContain(
        `script-src ${server.config.publicUrl}/assets/;`,
      );
      expect(ping.headers.get('referrer-policy')).toBe('no-referrer');
      expect(ping.headers.get('x-frame-options')).toBe('DENY');
      expect(ping.headers.get('strict-transport-security')).toBeNull();
      const consoleDir = path.join(server.dataDir, 'console-build');
      await mkdir(consoleDir, { recursive: true });
      await writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
      const secure = await startServer({
        PUBLIC_URL: 'https://console.example.com',
        CONSOLE_DIR: consoleDir,
      });
      try {
        for (const pathname of ['/api/ping', '/campaigns']) {
          const response = await fetch(`${secure.url}${pathname}`);
          expect(response.headers.get('strict-transport-security'), pathname).toMatch(/max-age=31536000/);
          expect(response.headers.get('content-security-policy'), pathname).toMatch(/frame-ancestors 'none'/);
        }
      } finally {
        await secure.close();
      }
    });

    it('serves an uploaded script as an attachment, sandboxed, never inline on the console origin', async () => {
      const { client: owner } = await signedInUser(server);
      const campaign = await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Scripts' });
      const creative = await owner.post<{ id: string }>('/v1/campaign/creatives', {
        campaignID: campaign.body.data?.id,
        name: 'VPAID',
        type: 'VPAID',
        width: 640,
        height: 360,
      });
      const form = new FormData();
      form.append('creativeID', creative.body.data?.id ?? '');
      form.append('files[]', new Blob(['document.cookie']), 'vpaid.js');
      const upload = await owner.post<{ url: string; uploadType: string }[]>(
        '/v1/campaign/creatives/assets',
        form,
      );
      const script = await fetch(`${server.url}${new URL(upload.body.data?.[0]?.url ?? '').pathname}`);
      expect(script.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(script.headers.get('content-security-policy')).toMatch(/sandbox/);
    });
  });

  describe('7. the 10,000 most common passwords', () => {
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
});

// Outgoing webhooks (./webhooks.ts) against a real HTTP receiver that verifies each delivery with the
// Standard Webhooks reference library (`standardwebhooks`), not with our own code; deliveries run as
// jobs of the real job runner, retried with back-off; private destinations are refused.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookPrivateAddressMessage, webhookUrlMessage } from '@adconsole/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import {
  guardedLookup,
  isPrivateAddress,
  newWebhookSecret,
  queueWebhook,
  signWebhook,
  WEBHOOK_RETRY_DELAYS_MS,
  webhookKind,
  webhookUrl,
} from './webhooks';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  verified: unknown;
}

/** A receiver on 127.0.0.1 that verifies with the reference library and answers `status()`. */
async function startReceiver(secret: string, status: () => number) {
  const received: Received[] = [];
  const verifier = new Webhook(secret);
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: unknown;
      try {
        verified = verifier.verify(body, request.headers as Record<string, string>);
      } catch (error) {
        verified = error instanceof Error ? error.message : String(error);
      }
      received.push({ headers: request.headers, body, verified });
      response.statusCode = status();
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/adconsole`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('webhook signatures (Standard Webhooks)', () => {
  it('signs id.timestamp.body with the whsec_ key, as the reference library verifies', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = '{"type":"alert.opened","data":{"campaign":"c1"}}';
    const now = Math.floor(Date.now() / 1000);
    const headers = signWebhook({ id: 'msg_1', timestamp: now, body, secret });
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    // One byte changed in the body, or another secret: the reference library refuses it.
    expect(() => new Webhook(secret).verify(body.replace('c1', 'c2'), { ...headers })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
  });

  it('matches the signature computed by hand for a fixed key, id, time and body', () => {
    // HMAC-SHA256 over "msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}" with the key
    // whose base64 is MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw: the example of the Standard Webhooks specification.
    const headers = signWebhook({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('retries for about a day: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
  });
});

describe('webhook destinations: no request into our own network', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('refuses http://127.0.0.1/, http://169.254.169.254/ and localhost with a clear message', () => {
    expect(() => webhookUrl('http://127.0.0.1/', [])).toThrow(webhookPrivateAddressMessage('127.0.0.1'));
    expect(() => webhookUrl('http://169.254.169.254/latest/meta-data/', [])).toThrow(
      webhookPrivateAddressMessage('169.254.169.254'),
    );
    expect(() => webhookUrl('http://localhost:8080/', [])).toThrow(webhookPrivateAddressMessage('localhost'));
    expect(() => webhookUrl('http://[::1]/', [])).toThrow(webhookPrivateAddressMessage('::1'));
  });

  it('refuses what is not an absolute http(s) URL without credentials', () => {
    for (const text of ['ftp://example.com/', 'example.com/hook', 'https://user:pass@example.com/']) {
      expect(() => webhookUrl(text, [])).toThrow(webhookUrlMessage);
    }
    expect(webhookUrl('https://hooks.example.com/in', []).hostname).toBe('hooks.example.com');
  });

  it('an admin-allowed host passes the check', () => {
    expect(webhookUrl('http://127.0.0.1:9000/in', ['127.0.0.1']).port).toBe('9000');
  });

  it('a name that resolves to a loopback address is refused when the delivery connects', async () => {
    // The URL check sees a name; the connection's DNS lookup sees the addresses it resolves to (a name
    // can be re-pointed after the check), and hands the socket none of them when one is private.
    const lookup = (allowed: boolean) =>
      new Promise<unknown>((resolve) =>
        guardedLookup('localhost', allowed)('localhost', {}, (error: unknown, address: unknown) =>
          resolve(error instanceof Error ? error.message : address),
        ),
      );
    expect(await lookup(false)).toBe(webhookPrivateAddressMessage('localhost'));
    expect(await lookup(true)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});

describe(`webhook deliveries as jobs (${testDatabaseKind()})`, () => {
  let server: TestServer;
  let status = 204;
  const secret = newWebhookSecret();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver(secret, () => status);
    server = await startServer({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', JOB_POLL_SECONDS: '0' });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    status = 204;
  });

  const jobOf = async (id: string) => {
    const [job] = await server.db.query<{
      state: string;
      attempts: number;
      payload: Record<string, unknown>;
    }>('select state, attempts, payload from jobs where key = $1', [`webhook:${id}`]);
    return job;
  };

  it('delivers a queued message once, signed so the reference library verifies it', async () => {
    const id = await queueWebhook(
      server.db,
      { url: receiver.url, secret },
      {
        event: 'alert.opened',
        data: { campaign: 'c1', rule: 'delivery-drop' },
      },
    );
    await server.app.jobs.runOnce();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery?.headers['webhook-id']).toBe(id);
    expect(delivery?.headers['content-type']).toBe('application/json');
    expect(delivery?.verified).toMatchObject({
      type: 'alert.opened',
      data: { campaign: 'c1', rule: 'delivery-drop' },
    });
    const job = await jobOf(id);
    expect(job?.state).toBe('done');
    // The row keeps what was delivered and the answer, never the endpoint's secret.
    expect(job?.payload).toEqual({ id, url: receiver.url, status: 204 });
    await server.app.jobs.runOnce();
    expect(receiver.received).toHaveLength(1);
  });

  it('a failing receiver is retried after the back-off, with the same webhook-id, until it answers 2xx', async () => {
    status = 500;
    const id = await queueWebhook(
      server.db,
      { url: receiver.url, secret },
      { event: 'alert.opened', data: {} },
    );
    await server.app.jobs.runOnce();
    expect(receiver.received).toHaveLength(1);
    let job = await jobOf(id);
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    // Not before its first delay (5 s) has passed.
    const [due] = await server.db.query<{ seconds: number }>(
      'select extract(epoch from run_at - now())::float8 as seconds from jobs where key = $1',
      [`webhook:${id}`],
    );
    expect(due?.seconds).toBeGreaterThan(3);
    expect(due?.seconds).toBeLessThanOrEqual(5);
    await server.app.jobs.runOnce();
    expect(receiver.received).toHaveLength(1);
    // The delay passed (moved by hand, not waited for), the receiver back: delivered on the second attempt.
    status = 200;
    await server.db.query("update jobs set run_at = now() - interval '1 second' where key = $1", [
      `webhook:${id}`,
    ]);
    await server.app.jobs.runOnce();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received.map((delivery) => delivery.headers['webhook-id'])).toEqual([id, id]);
    expect(receiver.received[1]?.verified).toMatchObject({ type: 'alert.opened' });
    job = await jobOf(id);
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('a redirect is a failed attempt, not followed', async () => {
    status = 302;
    const id = await queueWebhook(
      server.db,
      { url: receiver.url, secret },
      { event: 'alert.opened', data: {} },
    );
    await server.app.jobs.runOnce();
    const [row] = await server.db.query<{ last_error: string }>(
      'select last_error from jobs where key = $1',
      [`webhook:${id}`],
    );
    expect(row?.last_error).toBe('The receiver answered 302 (redirects are not followed).');
    await server.db.query("update jobs set state = 'failed' where kind = $1 and state = 'pending'", [
      webhookKind,
    ]);
  });

  it('without the admin setting, a delivery to 127.0.0.1 fails and never reaches it', async () => {
    const strict = await startServer({ JOB_POLL_SECONDS: '0' });
    try {
      const id = await queueWebhook(
        strict.db,
        { url: receiver.url, secret },
        { event: 'alert.opened', data: {} },
      );
      await strict.app.jobs.runOnce();
      expect(receiver.received).toHaveLength(0);
      const [row] = await strict.db.query<{ last_error: string }>(
        'select last_error from jobs where key = $1',
        [`webhook:${id}`],
      );
      expect(row?.last_error).toBe(webhookPrivateAddressMessage('127.0.0.1'));
    } finally {
      await strict.close();
    }
  });
});

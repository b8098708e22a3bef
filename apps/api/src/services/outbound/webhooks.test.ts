// Outgoing webhooks (./webhooks.ts) against a real HTTP receiver that verifies each delivery with the
// Standard Webhooks reference library (`standardwebhooks`), not with our own code; deliveries run as
// jobs of the real job runner, retried with back-off; private destinations are refused when the
// delivery connects. The signature alone: ./webhook-signing.test.ts; the destination checks:
// ./webhook-destinations.test.ts; the retry schedule: ./webhook-retries.test.ts. A receiver that answers
// a byte at a time holds an attempt (and the process's job runner) no longer than the attempt's deadline.
// Saving through the API refuses a port beyond 80 and 443 and unusual IPv6 spellings, naming the field.
import { createServer as createHttpServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import {
  MESSAGES,
  webhookHostUnresolvedMessage,
  webhookPortMessage,
  webhookPrivateAddressMessage,
  webhookTimedOutMessage,
} from '@adconsole/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { signedInUser } from '../../test/helpers';
import { startWebhookReceiver as startReceiver } from '../../test/peers';
import { attemptFailure } from './webhook-failures';
import { postWebhook, queueWebhook, webhookKind } from './webhooks';

/** An endpoint as queueWebhook takes it: its id and its owner (whose job the message is). */
const endpointRow = async (server: TestServer, id: string) => {
  const [row] = await server.db.query<{ id: string; user_id: string }>(
    'select id, user_id from webhook_endpoints where id = $1',
    [id],
  );
  if (!row) throw new Error(`No webhook endpoint ${id}`);
  return row;
};

describe(`webhook deliveries as jobs (${testDatabaseKind()})`, () => {
  let server: TestServer;
  let status = 204;
  let secret = '';
  let endpointId = '';
  let endpoint: { id: string; user_id: string };
  let owner: Client;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver(
      () => secret,
      () => status,
    );
    server = await startServer({
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_ALLOWED_PORTS: receiver.port,
      JOB_POLL_SECONDS: '0',
    });
    owner = (await signedInUser(server)).client;
    const made = await owner.post<{ id: string; secret: string }>('/v1/webhooks', { url: receiver.url });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    ({ id: endpointId, secret } = made.body.data as { id: string; secret: string });
    endpoint = await endpointRow(server, endpointId);
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
    const id = await queueWebhook(server.db, endpoint, {
      event: 'alert.opened',
      data: { campaign: 'c1', rule: 'delivery-drop' },
    });
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
    // The row keeps what was delivered, to which receiver and the answer: never the endpoint's secret, nor
    // the URL's path and query (a chat service's hook token is there).
    expect(job?.payload).toEqual({ id, url: new URL(receiver.url).origin, status: 204 });
    // The delivery log: one attempt, delivered, with the receiver's status.
    const log = await owner.get<{ id: string; state: string; attempts: { status: number }[] }[]>(
      `/v1/webhooks/deliveries?endpointID=${endpointId}`,
    );
    expect(log.body.data?.find((delivery) => delivery.id === id)).toMatchObject({
      state: 'delivered',
      attempts: [{ status: 204 }],
    });
    await server.app.jobs.runOnce();
    expect(receiver.received).toHaveLength(1);
  });

  it('a failing receiver is retried after the back-off, with the same webhook-id, until it answers 2xx', async () => {
    status = 500;
    const id = await queueWebhook(server.db, endpoint, { event: 'alert.opened', data: {} });
    await server.app.jobs.runOnce();
    expect(receiver.received).toHaveLength(1);
    let job = await jobOf(id);
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    // Not before its first delay (30 s) has passed.
    const [due] = await server.db.query<{ seconds: number }>(
      'select extract(epoch from run_at - now())::float8 as seconds from jobs where key = $1',
      [`webhook:${id}`],
    );
    expect(due?.seconds).toBeGreaterThan(28);
    expect(due?.seconds).toBeLessThanOrEqual(30);
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
    const log = await owner.get<{ id: string; state: string; attempts: { status: number }[] }[]>(
      `/v1/webhooks/deliveries?endpointID=${endpointId}`,
    );
    expect(log.body.data?.find((delivery) => delivery.id === id)).toMatchObject({
      state: 'delivered',
      attempts: [{ status: 500 }, { status: 200 }],
    });
  });

  it('a redirect is a failed attempt, not followed', async () => {
    status = 302;
    const id = await queueWebhook(server.db, endpoint, { event: 'alert.opened', data: {} });
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
    const strict = await startServer({ JOB_POLL_SECONDS: '0', WEBHOOK_ALLOWED_PORTS: receiver.port });
    try {
      // Saved before the setting was taken away (as rows of that server), then sent from this one.
      const user = await signedInUser(strict);
      const me = await user.client.get<{ user: { id: string } }>('/me');
      await strict.db.query(
        `insert into webhook_endpoints (id, user_id, url, secret) values ('strict-endpoint', $1, $2, $3)`,
        [me.body.data?.user.id, receiver.url, secret],
      );
      const id = await queueWebhook(strict.db, await endpointRow(strict, 'strict-endpoint'), {
        event: 'alert.opened',
        data: {},
      });
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

/** A server on 127.0.0.1 whose every connection `answer` writes to, slowly; closed with its sockets. */
async function startSlowPeer(kind: 'http' | 'tcp', answer: (write: (text: string) => boolean) => void) {
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  /** Writes `first`, then one more byte every 100 ms, for ever. */
  const trickle = (write: (text: string) => boolean, first: string, byte: string) => {
    write(first);
    const timer = setInterval(() => write(byte), 100);
    timers.add(timer);
  };
  const server: Server | ReturnType<typeof createTcpServer> =
    kind === 'http'
      ? createHttpServer((request, response) => {
          request.resume();
          request.on('end', () => {
            response.writeHead(200, { 'content-type': 'text/plain' });
            answer((text) => response.write(text));
          });
        })
      : createTcpServer((socket) => {
          socket.on('data', () => {});
          answer((text) => socket.write(text));
        });
  server.on('connection', (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port: String(port),
    trickle,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe(`a webhook receiver that answers a byte at a time (${testDatabaseKind()})`, () => {
  it('a 2xx whose body never ends is delivered at its status line: the job runner is not held', async () => {
    let peer: Awaited<ReturnType<typeof startSlowPeer>> | undefined;
    peer = await startSlowPeer('http', (write) => peer?.trickle(write, 'ok', '.'));
    const server = await startServer({
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_ALLOWED_PORTS: peer.port,
      JOB_POLL_SECONDS: '0',
    });
    try {
      const { client } = await signedInUser(server);
      const made = await client.post<{ id: string }>('/v1/webhooks', { url: peer.url });
      expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
      const target = await endpointRow(server, made.body.data?.id ?? '');
      const id = await queueWebhook(server.db, target, { event: 'webhook.test', data: {} });
      const started = Date.now();
      await server.app.jobs.runOnce();
      expect(Date.now() - started).toBeLessThan(5_000);
      const [job] = await server.db.query<{ state: string }>('select state from jobs where key = $1', [
        `webhook:${id}`,
      ]);
      expect(job?.state).toBe('done');
    } finally {
      await server.close();
      await peer.close();
    }
  });

  it('an answer whose headers never end fails at the deadline, however steadily its bytes arrive', async () => {
    let peer: Awaited<ReturnType<typeof startSlowPeer>> | undefined;
    peer = await startSlowPeer('tcp', (write) => peer?.trickle(write, 'HTTP/1.1 200 OK\r\nX-Slow: ', 'a'));
    try {
      const started = Date.now();
      await expect(
        postWebhook(
          { url: peer.url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
          { id: 'msg_slow', body: '{}' },
          { allowedHosts: ['127.0.0.1'], allowedPorts: [{ from: 1, to: 65_535 }], timeoutMs: 500 },
        ),
      ).rejects.toThrow(webhookTimedOutMessage(0.5));
      // Bytes came every 100 ms, so the idle timeout alone would never have fired.
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await peer.close();
    }
  });
});

/** A port on 127.0.0.1 nothing listens on (a server opened there, then closed). */
async function closedPort(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return String(port);
}

describe(`the delivery log's errors (${testDatabaseKind()})`, () => {
  it('the delivery log shows the class of a failure, never the raw connection error (security round 4, finding 6)', async () => {
    const receiver = await startReceiver(
      () => 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      () => 503,
    );
    const closed = await closedPort();
    const server = await startServer({
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_ALLOWED_PORTS: `${closed},${receiver.port}`,
    });
    try {
      const { client } = await signedInUser(server);
      const logOf = async (url: string) => {
        const made = await client.post<{ id: string }>('/v1/webhooks', { url });
        expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
        await client.post('/v1/webhooks/test', { id: made.body.data?.id });
        await server.app.jobs.runOnce();
        const log = await client.get<{ attempts: { status: number | null; error: string | null }[] }[]>(
          `/v1/webhooks/deliveries?endpointID=${made.body.data?.id}`,
        );
        return log.body.data?.[0]?.attempts[0];
      };
      // Nothing listens: "connect ECONNREFUSED 127.0.0.1:<port>" before, the class now.
      expect(await logOf(`http://127.0.0.1:${closed}/hooks`)).toMatchObject({
        status: null,
        error: MESSAGES.webhookAttemptRefused,
      });
      // TLS spoken to a plain HTTP server: the TLS class, not OpenSSL's words.
      expect(await logOf(`https://127.0.0.1:${receiver.port}/hooks`)).toMatchObject({
        status: null,
        error: MESSAGES.webhookAttemptTls,
      });
      // The receiver answered: its status.
      expect(await logOf(receiver.url)).toMatchObject({ status: 503, error: 'The receiver answered 503.' });
    } finally {
      await server.close();
      await receiver.close();
    }
  });

  it.each([
    ['ENOTFOUND', webhookHostUnresolvedMessage('hooks.example.com')],
    ['EAI_AGAIN', webhookHostUnresolvedMessage('hooks.example.com')],
    ['ECONNREFUSED', MESSAGES.webhookAttemptRefused],
    ['ETIMEDOUT', webhookTimedOutMessage(15)],
    ['CERT_HAS_EXPIRED', MESSAGES.webhookAttemptTls],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', MESSAGES.webhookAttemptTls],
    ['ERR_TLS_CERT_ALTNAME_INVALID', MESSAGES.webhookAttemptTls],
    ['ECONNRESET', MESSAGES.webhookAttemptConnection],
    ['EHOSTUNREACH', MESSAGES.webhookAttemptConnection],
  ])('a connection error %s reads as its class', (code, message) => {
    const raw = Object.assign(new Error(`connect ${code} 203.0.113.5:22`), { code });
    const failure = attemptFailure(raw, { host: 'hooks.example.com', timeoutMs: 15_000 });
    expect(failure.message).toBe(message);
    expect(failure.cause).toBe(raw);
  });
});

describe(`saving a webhook through the API (${testDatabaseKind()})`, () => {
  it('a port other than 80 and 443 without WEBHOOK_ALLOWED_PORTS, and unusual IPv6 spellings, are refused at save with a 400 naming the field; nothing saved (security round 4, finding 6)', async () => {
    // 127.0.0.1 is an allowed host here, so its port is the only thing refused; no port is allowed beyond
    // the default. Saving connects nowhere: IP literals are checked without a lookup.
    const server = await startServer({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
    try {
      const { client } = await signedInUser(server);
      const cases: [string, string][] = [
        ['http://127.0.0.1:8080/hooks', webhookPortMessage(8080, '80 and 443')],
        ['https://127.0.0.1:6379/', webhookPortMessage(6379, '80 and 443')],
        ['http://[::ffff:0:127.0.0.1]/hooks', webhookPrivateAddressMessage('::ffff:0:7f00:1')],
        ['http://[::127.0.0.1]/hooks', webhookPrivateAddressMessage('::7f00:1')],
        [
          'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
          webhookPrivateAddressMessage('2001:0:4136:e378:8000:63bf:80ff:fffe'),
        ],
        ['https://[3fff::1]/', webhookPrivateAddressMessage('3fff::1')],
      ];
      for (const [url, message] of cases) {
        const made = await client.post('/v1/webhooks', { url });
        expect([made.httpStatus, made.body.message], url).toEqual([400, message]);
      }
      // The allowed host on port 80 saves; changing it to a refused URL answers the same and keeps it.
      const saved = await client.post<{ id: string }>('/v1/webhooks', { url: 'http://127.0.0.1/hooks' });
      expect(saved.httpStatus, JSON.stringify(saved.body)).toBe(200);
      for (const [url, message] of cases) {
        const changed = await client.put('/v1/webhooks', { id: saved.body.data?.id, url, enabled: true });
        expect([changed.httpStatus, changed.body.message], url).toEqual([400, message]);
      }
      const list = await client.get<{ url: string }[]>('/v1/webhooks');
      expect(list.body.data?.map((endpoint) => endpoint.url)).toEqual(['http://127.0.0.1/hooks']);
    } finally {
      await server.close();
    }
  });
});

// One account cannot starve another's background jobs (docs/security.md, "Round 4"): every job names the
// account whose work it is and each poll takes every account's oldest due job in turn
// (db/queries/jobs.ts, claimDueJobs); webhook test sends are limited per user, coalesced while one waits,
// and tried once. Every delivery goes to a receiver on 127.0.0.1 that WEBHOOK_ALLOWED_HOSTS allows.
import { MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueWebhook } from '../services/outbound/webhooks';
import {
  type Client,
  type SecondProcess,
  startSecondProcess,
  startServer,
  type TestServer,
  testDatabaseKind,
} from '../test/harness';
import { signedInUser } from '../test/helpers';
import { startWebhookReceiver } from '../test/peers';

/** Any well-formed secret: the receiver records what arrives, verified or not. */
const RECEIVER_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe(`the job queue under one account's flood (${testDatabaseKind()})`, () => {
  let server: TestServer;
  let second: SecondProcess;
  let status = 204;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver(
      () => RECEIVER_SECRET,
      () => status,
    );
    const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ALLOWED_PORTS: receiver.port };
    server = await startServer(env);
    second = await startSecondProcess(server, env);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await receiver?.close();
  });

  /** A new account with `count` endpoints at the receiver: its client, id and endpoints. */
  const accountWithEndpoints = async (count: number) => {
    const { client } = await signedInUser(server);
    const me = await client.get<{ user: { id: string } }>('/me');
    const endpoints: { id: string; user_id: string }[] = [];
    for (let index = 0; index < count; index += 1) {
      const made = await client.post<{ id: string }>('/v1/webhooks', { url: `${receiver.url}?n=${index}` });
      expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
      endpoints.push({ id: made.body.data?.id ?? '', user_id: me.body.data?.user.id ?? '' });
    }
    return { client, endpoints };
  };
  const test = (client: Client, id: string) => client.post<{ id: string }>('/v1/webhooks/test', { id });
  const receivedIds = () => receiver.received.map((delivery) => String(delivery.headers['webhook-id']));

  it('attack: 150 test sends from one account, 140 of them at once: another account’s delivery goes out within one poll (security round 4, finding 3)', async () => {
    const attacker = await accountWithEndpoints(10);
    const victim = await accountWithEndpoints(1);
    // One test per endpoint first, then the other 140 at once: which of the 140 the server counts first
    // is the machine's timing (concurrent requests on the database), so the checks hold for any order.
    const first = await Promise.all(attacker.endpoints.map((endpoint) => test(attacker.client, endpoint.id)));
    expect(first.map((answer) => answer.httpStatus)).toEqual(Array(10).fill(200));
    const firstIds = new Set(first.map((answer) => answer.body.data?.id));
    expect(firstIds.size).toBe(10);
    const answers = await Promise.all(
      Array.from({ length: 140 }, (_, index) =>
        test(attacker.client, attacker.endpoints[index % 10]?.id ?? ''),
      ),
    );
    const accepted = answers.filter((answer) => answer.httpStatus === 200);
    const refused = answers.filter((answer) => answer.httpStatus === 429);
    expect(accepted.length + refused.length).toBe(140);
    // 20 in the user's window, ten of them already taken.
    expect(accepted).toHaveLength(10);
    expect(refused[0]?.body.message).toBe(MESSAGES.tooManyCallsForIdentity);
    // A test asked for while the endpoint's last one waits is that one: one message per endpoint.
    for (const answer of accepted) expect(firstIds).toContain(answer.body.data?.id);
    const [queued] = await server.db.query<{ count: number }>(
      "select count(*)::int as count from jobs where account_id = $1 and state = 'pending'",
      [attacker.endpoints[0]?.user_id],
    );
    expect(queued?.count).toBe(10);
    // Ten of the attacker's jobs are older than the victim's, and a poll runs five.
    const sent = await test(victim.client, victim.endpoints[0]?.id ?? '');
    expect(sent.httpStatus).toBe(200);
    await server.app.jobs.runOnce();
    expect(receivedIds()).toContain(sent.body.data?.id);
  });

  it('a backlog of 150 jobs of one account: another account’s alert goes out within one poll, two processes claiming at once and each job run once', async () => {
    const flood = await accountWithEndpoints(1);
    const victim = await accountWithEndpoints(1);
    const floodEndpoint = flood.endpoints[0] as { id: string; user_id: string };
    for (let index = 0; index < 150; index += 1)
      await queueWebhook(server.db, floodEndpoint, { event: 'alert.fired', data: { index } });
    const alert = await queueWebhook(server.db, victim.endpoints[0] as { id: string; user_id: string }, {
      event: 'alert.fired',
      data: { campaign: 'victim' },
    });
    const before = receiver.received.length;
    const [first, other] = await Promise.all([server.app.jobs.runOnce(), second.app.jobs.runOnce()]);
    expect(receivedIds()).toContain(alert);
    // Each claimed job ran once, in one process: no webhook-id arrived twice.
    const arrived = receivedIds().slice(before);
    expect(arrived).toHaveLength(first + other);
    expect(new Set(arrived).size).toBe(arrived.length);
  });

  it('a failed test is tried once: not retried for a day', async () => {
    const { client, endpoints } = await accountWithEndpoints(1);
    status = 500;
    try {
      const sent = await test(client, endpoints[0]?.id ?? '');
      const id = sent.body.data?.id;
      // Let the earlier tests' leftovers run first (a poll takes five jobs), until this one has run.
      for (let poll = 0; poll < 10 && !receivedIds().includes(String(id)); poll += 1)
        await server.app.jobs.runOnce(50);
      const [job] = await server.db.query<{ state: string; attempts: number }>(
        'select state, attempts from jobs where key = $1',
        [`webhook:${id}`],
      );
      expect(job).toMatchObject({ state: 'failed', attempts: 1 });
      const log = await client.get<{ id: string; state: string; attempts: { status: number }[] }[]>(
        `/v1/webhooks/deliveries?endpointID=${endpoints[0]?.id}`,
      );
      expect(log.body.data?.find((delivery) => delivery.id === id)).toMatchObject({
        state: 'failed',
        attempts: [{ status: 500 }],
      });
      // Once it has been tried, a new test is a new message.
      const again = await test(client, endpoints[0]?.id ?? '');
      expect(again.body.data?.id).not.toBe(id);
    } finally {
      status = 204;
    }
  });

  it('a test whose job was abandoned (its process died mid-attempt) does not hold back the next: a new test is a new message, and it goes out', async () => {
    const { client, endpoints } = await accountWithEndpoints(1);
    const first = await test(client, endpoints[0]?.id ?? '');
    // The process that claimed it died: its lease ran out and the job was abandoned for good.
    await server.db.query("update jobs set state = 'abandoned' where key = $1", [
      `webhook:${first.body.data?.id}`,
    ]);
    const again = await test(client, endpoints[0]?.id ?? '');
    expect(again.httpStatus).toBe(200);
    expect(again.body.data?.id).not.toBe(first.body.data?.id);
    for (let poll = 0; poll < 10 && !receivedIds().includes(String(again.body.data?.id)); poll += 1)
      await server.app.jobs.runOnce(50);
    expect(receivedIds()).toContain(String(again.body.data?.id));
  });
});

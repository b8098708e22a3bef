// The event log is not an open bus (docs/deploy.md, section 8 "Who may use the log"): a NATS server of the
// test's own on loopback, configured as the deploy guide says (TLS on the client port with a throwaway CA,
// the guide's own users block: the API's user publishes and consumes its stream and nothing else). The
// API's bus works through it; a client without credentials can neither subscribe nor publish; the API's
// own user cannot delete the stream, read the events' subject or publish elsewhere.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, nkeys } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnNatsServer, startOwnNatsServer } from '../../../test/bus';
import { type EventLogWorld, eventLogWorld } from '../../../test/event-log-world';
import { testStoresLabel } from '../../../test/harness';
import {
  API_PASSWORD_VARIABLE,
  API_USER,
  guideUsersBlock,
  type TestCertificates,
  testCertificates,
  tlsBlock,
} from '../../../test/nats-keys';
import { authOptions } from './connection';

/** The first status of `nc` of type `error` within `ms`, or undefined. */
async function firstError(nc: NatsConnection, ms: number): Promise<Error | undefined> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));
  const error = (async () => {
    for await (const status of nc.status()) if (status.type === 'error') return status.error;
    return undefined;
  })();
  return Promise.race([error, timeout]);
}

describe(`the event log with keys (S5: "an open bus by default") on ${testStoresLabel()}`, () => {
  let dir: string;
  let certificates: TestCertificates;
  let nats: OwnNatsServer;
  let world: EventLogWorld;
  const password = randomBytes(18).toString('base64url');
  const servers = () => world.servers.split(',');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'adconsole-nats-keys-'));
    // For the address only: the API checks the certificate against EVENTS_BUS's servers.
    certificates = await testCertificates(dir, ['127.0.0.1']);
    nats = await startOwnNatsServer({
      config: `${tlsBlock(certificates)}${await guideUsersBlock()}`,
      env: { [API_PASSWORD_VARIABLE]: password },
      scheme: 'tls',
    });
    const url = nats.url.replace('tls://', `tls://${API_USER}:${password}@`);
    world = await eventLogWorld(
      { EVENTS_BUS_STREAM: 'adconsole_events', EVENTS_BUS_TLS_CA: certificates.ca },
      url,
    );
  });
  afterAll(async () => {
    await world?.close();
    await nats?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("works through TLS and the deploy guide's API user: beacons answered once the log has them, each stored once by the fleet's consumer", async () => {
    expect(world.server.config.eventsBus).toMatchObject({
      servers: [nats.url],
      auth: { kind: 'user', user: API_USER },
      tls: { caFile: certificates.ca },
    });
    const before = await world.impressions();
    expect(await world.beacons(30)).toEqual(Array(30).fill(204));
    await expect.poll(() => world.impressions(), { timeout: 20_000 }).toBe(before + 30);
    await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
    expect(world.server.app.adconsole.events.bus?.publisher.stats.published).toBeGreaterThanOrEqual(30);
    // The password never reaches the log's lines.
    expect(world.logLines.join('\n')).not.toContain(password);
  });

  it('a client without credentials can neither subscribe nor publish: the server refuses its connection (and one without TLS, or with a wrong password)', async () => {
    const refused = (options: Parameters<typeof connect>[0]) =>
      connect({ servers: servers(), timeout: 5000, reconnect: false, ...options }).then(
        async (nc) => {
          await nc.close();
          return 'connected';
        },
        (error: Error) => error.message,
      );
    // TLS as the API speaks it (its CA, its check of the server's name), without the API's credentials.
    const { tls } = await authOptions({ kind: 'none' }, { caFile: certificates.ca }, servers());
    expect(await refused({ tls })).toMatch(/authorization violation/i);
    expect(await refused({ tls, user: API_USER, pass: 'not-the-password' })).toMatch(
      /authorization violation/i,
    );
    // TLS is required: a client that does not trust the CA is refused before it says who it is.
    expect(await refused({ user: API_USER, pass: password })).not.toBe('connected');
  });

  it("the API's own user does what the API does and nothing else: it cannot delete or purge the stream, read the events' subject, or publish elsewhere", async () => {
    const nc = await connect({ ...world.clientOptions, servers: servers(), timeout: 5000 });
    try {
      const jsm = await jetstreamManager(nc);
      await expect(jsm.streams.delete('adconsole_events')).rejects.toThrow(/permission/i);
      await expect(jsm.streams.purge('adconsole_events')).rejects.toThrow(/permission/i);
      await expect(jsm.consumers.delete('adconsole_events', 'adconsole_events_store')).rejects.toThrow(
        /permission/i,
      );
      expect((await jsm.streams.info('adconsole_events')).config.name).toBe('adconsole_events');

      const reading = nc.subscribe('adconsole_events.events');
      expect(String(await reading.closed)).toMatch(/permissions violation for subscription/i);

      const refusal = firstError(nc, 5000);
      nc.publish('adconsole_elsewhere', 'hello');
      expect(String(await refusal)).toMatch(/permissions violation for publish/i);
    } finally {
      await nc.close();
    }
  });

  it("a server whose certificate the same CA signed for another address is refused: the API holds the certificate to EVENTS_BUS's servers, not only to the CA", async () => {
    const elsewhere = await testCertificates(dir, ['127.0.0.9', 'localhost'], 'elsewhere');
    const impostor = await startOwnNatsServer({
      config: `${tlsBlock(elsewhere)}${await guideUsersBlock()}`,
      env: { [API_PASSWORD_VARIABLE]: password },
      scheme: 'tls',
    });
    try {
      const bus = world.server.config.eventsBus;
      if (!bus) throw new Error('the world runs without the event log');
      const options = await authOptions(bus.auth, bus.tls, [impostor.url]);
      const answer = await connect({
        ...options,
        servers: [impostor.url],
        timeout: 5000,
        reconnect: false,
      }).then(
        async (nc) => {
          await nc.close();
          return 'connected';
        },
        (error: Error) => `${error.message} ${String(error.cause ?? '')}`,
      );
      expect(answer).toMatch(/names none of EVENTS_BUS's servers/);
    } finally {
      await impostor.close();
    }
  });

  it('a process given a wrong password serves all the same, its beacons journalled, and says why the log does not answer without showing the password', async () => {
    const wrong = 'wrong-password-for-the-log';
    const url = nats.url.replace('tls://', `tls://${API_USER}:${wrong}@`);
    const misconfigured = await world.consumingProcess({ EVENTS_BUS: url });
    try {
      expect(await world.beacons(3, { origin: misconfigured.url })).toEqual([204, 204, 204]);
      expect(misconfigured.app.adconsole.events.bus?.publisher.stats.journalled).toBe(3);
      const lines = world.logLines.join('\n');
      expect(lines).toMatch(
        /the event log is unreachable \(no NATS server of tls:\/\/127\.0\.0\.1:\d+ answers: .*authorization violation/i,
      );
      expect(lines).not.toContain(wrong);
    } finally {
      await misconfigured.close();
    }
  });
});

describe(`the event log with an nkey instead of a password (EVENTS_BUS_NKEY) on ${testStoresLabel()}`, () => {
  let dir: string;
  let nats: OwnNatsServer;
  let world: EventLogWorld;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'adconsole-nats-nkey-'));
    const certificates = await testCertificates(dir, ['127.0.0.1']);
    const user = nkeys.createUser();
    const seedFile = path.join(dir, 'api.nk');
    await writeFile(seedFile, `${new TextDecoder().decode(user.getSeed())}\n`, { mode: 0o600 });
    // The guide's block with the user's public nkey in place of its name and password.
    const block = (await guideUsersBlock()).replace(
      /user: adconsole-api\n(\s*#[^\n]*\n)?\s*password: \$ADCONSOLE_NATS_PASSWORD/,
      `nkey: ${user.getPublicKey()}`,
    );
    expect(block).toContain(user.getPublicKey());
    nats = await startOwnNatsServer({ config: `${tlsBlock(certificates)}${block}`, scheme: 'tls' });
    world = await eventLogWorld(
      {
        EVENTS_BUS_STREAM: 'adconsole_events',
        EVENTS_BUS_TLS_CA: certificates.ca,
        EVENTS_BUS_NKEY: seedFile,
      },
      nats.url,
    );
  });
  afterAll(async () => {
    await world?.close();
    await nats?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("signs the server's challenge with the seed: the bus works with the guide's permissions, and a client without the seed is refused", async () => {
    expect(world.server.config.eventsBus?.auth).toMatchObject({ kind: 'nkey' });
    const before = await world.impressions();
    expect(await world.beacons(10)).toEqual(Array(10).fill(204));
    await expect.poll(() => world.impressions(), { timeout: 20_000 }).toBe(before + 10);
    await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
    const { tls } = await authOptions({ kind: 'none' }, world.server.config.eventsBus?.tls, [nats.url]);
    const stranger = await connect({ servers: [nats.url], tls, timeout: 5000, reconnect: false }).then(
      async (nc) => {
        await nc.close();
        return 'connected';
      },
      (error: Error) => error.message,
    );
    expect(stranger).toMatch(/authorization violation/i);
  });
});

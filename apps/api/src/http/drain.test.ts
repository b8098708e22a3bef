// A process behind a load balancer (docs/deploy.md): the health check answers only while the database
// does, and SIGTERM drains: the check fails at once, requests are still answered (each closing its
// connection) for the drain time, then the process stops accepting, writes the events it still holds and
// exits 0. The signal comes from an emitter standing for the process, and `exit` records the code.
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@adconsole/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { freshMigratedDatabase, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { shutdownOnSignals } from './drain';

const until = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe(`SIGTERM drains the process on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('fails the health check at once, keeps answering with Connection: close, then writes the held events and exits 0', async () => {
    const signals = new EventEmitter();
    const exits: number[] = [];
    shutdownOnSignals(server.app, { drainMs: 500, signals, exit: (code) => exits.push(code) });
    expect((await fetch(`${server.url}/api/ping`)).status).toBe(200);
    expect((await fetch(`${server.url}/serve/health`)).status).toBe(204);
    // A `start` whose impression has not arrived: the writer holds it back, waiting for its impression.
    const held = server.app.adconsole.events.writer.record({
      liveId: 'live-drain',
      type: 'start',
      at: new Date(),
      count: 1,
      impressionId: 'imp.drain',
    });
    signals.emit('SIGTERM');
    const ping = await fetch(`${server.url}/api/ping`);
    expect(ping.status).toBe(503);
    expect(((await ping.json()) as { message: string }).message).toBe(MESSAGES.shuttingDown);
    // The serving routes' own check, which reads no database, says the same.
    expect((await fetch(`${server.url}/serve/health`)).status).toBe(503);
    // Still answering during the drain, closing each connection so the next request goes elsewhere.
    const during = await fetch(`${server.url}/api/config`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    // An ad answer too, which is written straight to the response rather than through the hooks.
    const vast = await fetch(`${server.url}/serve/vast/unknown.xml`);
    expect(vast.status).toBe(200);
    expect(vast.headers.get('connection')).toBe('close');
    await until(() => exits.length > 0, 'the process to exit');
    expect(exits).toEqual([0]);
    // The held event was written on the way out (judged without its impression), and its caller answered.
    await held;
    expect(
      await server.db.query("select type, reason from events where impression_id = 'imp.drain'"),
    ).toEqual([{ type: 'start', reason: 'sequence' }]);
    // No longer accepting connections.
    await expect(fetch(`${server.url}/api/ping`)).rejects.toThrow();
  });
});

describe(`SIGTERM closes the process's own database last, on ${testDatabaseKind()}`, () => {
  it("writes the reach it still holds before closing the database it was given to close (main.ts's closesDb), and exits 0", async () => {
    const fresh = await freshMigratedDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'adconsole-close-'));
    // The database's close, watched: what was written by then, and whether anything came after.
    let closed = false;
    let reachRowsAtClose = -1;
    const db = new Proxy(fresh.db, {
      get(target, property) {
        if (property === 'close')
          return async () => {
            const [row] = await target.query<{ rows: number }>(
              'select count(*)::int as rows from reach_sketches',
            );
            reachRowsAtClose = row?.rows ?? -1;
            closed = true;
            await target.close();
          };
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), {
      db,
      closesDb: true,
      logger: false,
    });
    try {
      const signals = new EventEmitter();
      const exits: number[] = [];
      shutdownOnSignals(app, { drainMs: 0, signals, exit: (code) => exits.push(code) });
      // An ad served a moment ago: its reach waits for the next merge (every 10 s), so for the close.
      app.adconsole.events.requests.addReach(
        'campaign-close',
        'live-close',
        { kind: 'browser', hash: '0123456789abcdef' },
        Date.now(),
      );
      signals.emit('SIGTERM');
      await until(() => exits.length > 0, 'the process to exit');
      expect(exits).toEqual([0]);
      expect(closed).toBe(true);
      // The live creative's row and the campaign's, in each of the sketches' grains, before the close.
      expect(reachRowsAtClose).toBeGreaterThanOrEqual(2);
    } finally {
      if (!closed) await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe(`GET /api/ping answers only while the database answers, on ${testDatabaseKind()}`, () => {
  it('503 with a message once the database stops answering (and Pong again when it is back, on PostgreSQL)', async () => {
    const fresh = await freshMigratedDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'adconsole-ping-'));
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), {
      db: fresh.db,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const admin = new pg.Client({
      connectionString: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    const name = fresh.url ? new URL(fresh.url).pathname.slice(1) : '';
    let closed = false;
    try {
      expect(await (await fetch(`${url}/api/ping`)).json()).toEqual({ status: 200, data: 'Pong' });
      if (fresh.url) {
        // The server refuses new connections to the database and ends the pool's open ones.
        await admin.connect();
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
          name,
        ]);
      } else {
        await fresh.db.close();
        closed = true;
      }
      const down = await fetch(`${url}/api/ping`);
      expect(down.status).toBe(503);
      expect(((await down.json()) as { message: string }).message).toBe(MESSAGES.databaseUnavailable);
      if (fresh.url) {
        await admin.query(`alter database ${name} allow_connections true`);
        expect((await fetch(`${url}/api/ping`)).status).toBe(200);
      }
    } finally {
      if (fresh.url) {
        await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined);
        await admin.end().catch(() => undefined);
      }
      await app.close();
      if (!closed) await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createPostgresDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { migrations } from '../migrations/index';
import {
  Client,
  freshDatabase,
  freshMigratedDatabase,
  startServer,
  type TestServer,
  testDatabaseKind,
} from '../test/harness';

describe(`server foundation on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startServer();
    client = new Client(server.url);
  });
  afterAll(() => server.close());

  it('GET /api/ping answers {"status":200,"data":"Pong"} over HTTP', async () => {
    const response = await fetch(`${server.url}/api/ping`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 200, data: 'Pong' });
  });

  it('answers unknown /api paths with a JSON 404 envelope', async () => {
    const response = await fetch(`${server.url}/api/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      status: 404,
      code: 'not_found',
      message: 'Not found: GET /api/nope',
    });
  });

  it('refuses a state-changing call without the console origin or X-Requested-With header', async () => {
    const response = await fetch(`${server.url}/api/logout`, { method: 'POST' });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { status: number; message: string };
    expect(body.status).toBe(403);
    expect(body.message).toMatch(/X-Requested-With: adconsole/);
  });

  it('refuses a state-changing call from a foreign origin', async () => {
    const response = await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });

  it('accepts a state-changing call whose Origin is PUBLIC_URL', async () => {
    const response = await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      headers: { Origin: new URL(server.config.publicUrl).origin },
    });
    expect(response.status).toBeLessThan(400);
  });

  it('answers malformed JSON with a readable 400, not a 5xx', async () => {
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'adconsole', 'Content-Type': 'application/json' },
      body: '{"username":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'The request body is not valid JSON.',
    });
  });

  it('sends X-Content-Type-Options: nosniff on every answer', async () => {
    const answer = await client.get('/ping');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('publishes a valid-looking OpenAPI 3.1 document', async () => {
    const answer = await fetch(`${server.url}/api/openapi.json`);
    const document = (await answer.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/ping']).toBeDefined();
  });
});

describe(`migrations on ${testDatabaseKind()}`, () => {
  it('apply once each, in order, recorded in schema_migrations', async () => {
    const fresh = await freshDatabase();
    try {
      expect(await migrate(fresh.db)).toEqual(migrations.map((m) => m.name));
      expect(await migrate(fresh.db)).toEqual([]);
      const rows = await fresh.db.query<{ name: string }>('select name from schema_migrations order by name');
      expect(rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
      const tables = await fresh.db.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
      );
      expect(tables.map((t) => t.table_name)).toEqual(
        expect.arrayContaining([
          'users',
          'sessions',
          'tokens',
          'campaigns',
          'creatives',
          'live_creatives',
          'assets',
          'files',
        ]),
      );
    } finally {
      await fresh.drop();
    }
  });

  it('run once when processes start together: each waits for the advisory lock, the later find nothing to do', async () => {
    const fresh = await freshDatabase();
    // A second process's own connection pool on PostgreSQL; on PGlite the one in-process database.
    const second = fresh.url ? await createPostgresDatabase(fresh.url) : fresh.db;
    try {
      const [first, other] = await Promise.all([migrate(fresh.db), migrate(second)]);
      expect([first, other].sort((a, b) => a.length - b.length)).toEqual([[], migrations.map((m) => m.name)]);
      const [applied] = await fresh.db.query<{ count: number }>(
        'select count(*)::int as count from schema_migrations',
      );
      expect(applied?.count).toBe(migrations.length);
    } finally {
      if (second !== fresh.db) await second.close();
      await fresh.drop();
    }
  });

  it('roll back a failing migration and record nothing for it', async () => {
    const fresh = await freshDatabase();
    try {
      await expect(
        migrate(fresh.db, [
          { name: '0001_broken', sql: 'create table t1 (id int); select * from no_such_table;' },
        ]),
      ).rejects.toThrow();
      const rows = await fresh.db.query('select name from schema_migrations');
      expect(rows).toEqual([]);
      const tables = await fresh.db.query("select 1 from information_schema.tables where table_name = 't1'");
      expect(tables).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });
});

describe('serving the console', () => {
  let dir: string;
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'adconsole-console-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
    await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    const fresh = await freshMigratedDatabase();
    const app = await buildApp(loadConfig({ DATA_DIR: dir, CONSOLE_DIR: dir, LOG_LEVEL: 'silent' }), {
      db: fresh.db,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    close = async () => {
      await app.close();
      await fresh.drop();
      await rm(dir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('serves the built console at / and its files', async () => {
    expect(await (await fetch(`${url}/`)).text()).toContain('<title>console</title>');
    const script = await fetch(`${url}/assets/app.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log(1)');
  });

  it('falls back to index.html for any other GET that is not /api', async () => {
    const response = await fetch(`${url}/campaigns/abc/creative/def`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('<title>console</title>');
  });

  it('keeps unknown /api paths a JSON 404', async () => {
    const response = await fetch(`${url}/api/unknown/thing`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { status: number }).status).toBe(404);
  });
});

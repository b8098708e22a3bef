// Test harness: a real server on an ephemeral port against a fresh database (PGlite or a new
// PostgreSQL database, chosen by TEST_DATABASE) and a temporary DATA_DIR, cleaned up afterwards. With
// TEST_EVENTS=clickhouse (the opt-in ClickHouse suite) events go to a fresh database in an embedded
// ClickHouse (chdb) instead of the main database.
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { prepareClickHouseEventStore } from '../services/events/clickhouse';
import { createPostgresEventStore, type EventStore } from '../services/events/store';

export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

const adminUrl = () => process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const testEventsKind = (): 'main database' | 'clickhouse' =>
  process.env.TEST_EVENTS === 'clickhouse' ? 'clickhouse' : 'main database';

/** Which databases a suite runs on, for its title: 'pglite', or 'pglite, events in ClickHouse'. */
export const testStoresLabel = () =>
  testEventsKind() === 'clickhouse' ? `${testDatabaseKind()}, events in ClickHouse` : testDatabaseKind();

/** The event store under test over a migrated main database, and how to close what it opened. */
export async function freshEventStore(db: Database): Promise<{ store: EventStore; close(): Promise<void> }> {
  if (testEventsKind() === 'main database')
    return { store: createPostgresEventStore(db), close: async () => {} };
  // Loaded only here, so the default suites never touch chdb.
  const { embeddedClickHouse } = await import('./chdb');
  const { client, database } = embeddedClickHouse();
  const store = await prepareClickHouseEventStore({ db, client, database });
  return {
    store,
    async close() {
      await client.command({ query: `drop database if exists ${database}` });
      await client.close();
    },
  };
}

export interface FreshDatabase {
  db: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));

let pgliteStart: Promise<Omit<PGliteOptions, 'dataDir'>> | undefined;

/**
 * What every fresh PGlite starts from: PGlite's WebAssembly, compiled once per test file, and the data
 * directory of a cluster that initdb has just made. initdb runs once per PGlite version on a machine:
 * its dump is kept in `node_modules/.cache/adconsole-test/` (written under a temporary name, then
 * renamed, so parallel workers never read half a file), and a fresh database loads that copy: 1-2 s
 * instead of initdb's 5 s on a quiet machine and 10-15 s on a loaded one, where the suites that start
 * servers of their own ran up against their timeout (docs/testing.md, rule 6).
 */
function pgliteStartOptions(): Promise<Omit<PGliteOptions, 'dataDir'>> {
  pgliteStart ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const { version } = JSON.parse(await readFile(path.join(dist, '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    const read = async (file: string) => new Uint8Array(await readFile(path.join(dist, file)));
    const [pgliteWasm, initdbWasm, fsBundle] = await Promise.all([
      read('pglite.wasm'),
      read('initdb.wasm'),
      read('pglite.data'),
    ]);
    const modules = {
      pgliteWasmModule: await WebAssembly.compile(pgliteWasm),
      initdbWasmModule: await WebAssembly.compile(initdbWasm),
      fsBundle: new Blob([fsBundle]),
    };
    const cache = path.join(repositoryRoot, 'node_modules', '.cache', 'adconsole-test');
    const dump = path.join(cache, `pglite-${version}-initdb.tar`);
    const cached = await readFile(dump).catch(() => undefined);
    if (cached) return { ...modules, loadDataDir: new Blob([new Uint8Array(cached)]) };
    const initialised = await PGlite.create(modules);
    const loadDataDir = await initialised.dumpDataDir('none');
    await initialised.close();
    await mkdir(cache, { recursive: true });
    const partial = `${dump}.${process.pid}.${Date.now()}`;
    await writeFile(partial, new Uint8Array(await loadDataDir.arrayBuffer()));
    await rename(partial, dump);
    return { ...modules, loadDataDir };
  })();
  return pgliteStart;
}

/** A new, empty, unmigrated database of the kind under test. */
export async function freshDatabase(): Promise<FreshDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const db = await createPgliteDatabase(undefined, await pgliteStartOptions());
    return { db, url: undefined, drop: () => db.close() };
  }
  const name = `adconsole_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const db = await createPostgresDatabase(url.toString());
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestServer {
  url: string;
  config: Config;
  db: Database;
  /** The PostgreSQL database's URL (another process would connect with it); undefined on PGlite. */
  databaseUrl: string | undefined;
  app: FastifyInstance;
  dataDir: string;
  /** fetch against the server, with the CSRF header and JSON body handling. */
  close(): Promise<void>;
}

export async function startServer(
  env: Record<string, string> = {},
  { clock }: { clock?: () => number } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adconsole-api-'));
  const fresh = await freshDatabase();
  await migrate(fresh.db);
  // TEST_LOG=1 prints the server's errors (a 500's cause) while debugging a test.
  const logErrors = process.env.TEST_LOG === '1';
  const config = loadConfig({
    DATA_DIR: dataDir,
    CONSOLE_DIR: path.join(dataDir, 'no-console'),
    LOG_LEVEL: logErrors ? 'error' : 'silent',
    // The test process is the proxy: loopback may say which address a client has.
    TRUST_PROXY: '127.0.0.1',
    // Tests run the jobs themselves (server.app.jobs.runOnce()), when they want to.
    JOB_POLL_SECONDS: '0',
    ...env,
  });
  const events = await freshEventStore(fresh.db);
  const app = await buildApp(config, {
    db: fresh.db,
    logger: logErrors,
    // A test that sets EVENTS_URL gets the store the server opens from it.
    ...(config.events ? {} : { eventStore: events.store }),
    ...(clock ? { clock } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    config: { ...config, publicUrl: config.publicUrl },
    db: fresh.db,
    databaseUrl: fresh.url,
    app,
    dataDir,
    async close() {
      await app.close();
      await events.close();
      await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ApiAnswer<T = unknown> {
  httpStatus: number;
  body: { status: number; data?: T; message?: string; errors?: string[] };
  headers: Headers;
}

/** A cookie-keeping client, like a browser tab of the console. */
export class Client {
  /** The session cookie, `adconsole_session=...`. */
  cookie: string | undefined;
  /** Other cookies the server set (the device cookie), by name. */
  readonly extraCookies: Record<string, string> = {};
  /** Each client looks like its own machine to the per-IP limits (the harness trusts X-Forwarded-For). */
  readonly address =
    `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

  constructor(readonly baseUrl: string) {}

  async call<T = unknown>(
    method: string,
    pathname: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = {
      'X-Requested-With': 'adconsole',
      'X-Forwarded-For': this.address,
      ...extraHeaders,
    };
    const cookies = [
      ...(this.cookie ? [this.cookie] : []),
      ...Object.entries(this.extraCookies).map(([name, value]) => `${name}=${value}`),
    ];
    if (cookies.length > 0) headers.Cookie = cookies.join('; ');
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}/api${pathname}`, { method, headers, body: payload });
    const setCookie = response.headers.getSetCookie();
    for (const line of setCookie) {
      const [pair] = line.split(';');
      if (pair?.startsWith('adconsole_session=')) {
        this.cookie = pair === 'adconsole_session=' ? undefined : pair;
      } else if (pair?.includes('=')) {
        const [name = '', ...value] = pair.split('=');
        this.extraCookies[name] = value.join('=');
      }
    }
    const text = await response.text();
    let parsed: ApiAnswer<T>['body'];
    try {
      parsed = JSON.parse(text) as ApiAnswer<T>['body'];
    } catch {
      throw new Error(`Not JSON (${response.status}): ${text.slice(0, 200)}`);
    }
    return { httpStatus: response.status, body: parsed, headers: response.headers };
  }

  get<T = unknown>(pathname: string) {
    return this.call<T>('GET', pathname);
  }
  post<T = unknown>(pathname: string, body?: unknown) {
    return this.call<T>('POST', pathname, body);
  }
  put<T = unknown>(pathname: string, body?: unknown) {
    return this.call<T>('PUT', pathname, body);
  }
  delete<T = unknown>(pathname: string, body?: unknown) {
    return this.call<T>('DELETE', pathname, body);
  }
}

/** The messages in DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<{ file: string; text: string }[]> {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => ({ file, text: await readFile(path.join(dir, file), 'utf8') })),
  );
}

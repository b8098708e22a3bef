// Test harness: a real server on an ephemeral port against a fresh database (PGlite or a new
// PostgreSQL database, chosen by TEST_DATABASE) and a temporary DATA_DIR, cleaned up afterwards. With
// TEST_EVENTS=clickhouse (the opt-in ClickHouse suite) events go to a fresh database in an embedded
// ClickHouse (chdb) instead of the main database. With TEST_EVENTS_BUS=nats://… every server sends its
// events through the event log, a stream of its own (test/bus.ts).
import { createHash } from 'node:crypto';
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
import { migrations } from '../migrations/index';
import { authOptions } from '../services/events/bus/connection';
import { prepareClickHouseEventStore } from '../services/events/clickhouse';
import { createPostgresEventStore, type EventStore } from '../services/events/store';
import { deleteStream, testEventsBus, uniqueStream } from './bus';

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

let pgliteModules: Promise<{ version: string; modules: Omit<PGliteOptions, 'dataDir'> }> | undefined;

/**
 * PGlite's WebAssembly, compiled once per test worker (the API projects keep their modules from file to
 * file), and its version.
 */
function pgliteWasm() {
  pgliteModules ??= (async () => {
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
    return {
      version,
      modules: {
        pgliteWasmModule: await WebAssembly.compile(pgliteWasm),
        initdbWasmModule: await WebAssembly.compile(initdbWasm),
        fsBundle: new Blob([fsBundle]),
      },
    };
  })();
  return pgliteModules;
}

/**
 * A file in `node_modules/.cache/adconsole-test/`, made by `make` when it is missing: written under a
 * temporary name and then renamed, so parallel workers never read half a file.
 */
async function cachedFile(name: string, make: () => Promise<Blob>): Promise<Blob> {
  const cache = path.join(repositoryRoot, 'node_modules', '.cache', 'adconsole-test');
  const file = path.join(cache, name);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return new Blob([new Uint8Array(cached)]);
  const made = await make();
  await mkdir(cache, { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}`;
  await writeFile(partial, new Uint8Array(await made.arrayBuffer()));
  await rename(partial, file);
  return made;
}

/** The migrations' fingerprint: a cached migrated database serves only the migrations it was made by. */
const migrationsKey = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 12);

let pgliteStart:
  | Promise<{ initdb: Omit<PGliteOptions, 'dataDir'>; migrated: Omit<PGliteOptions, 'dataDir'> }>
  | undefined;

/**
 * What every fresh PGlite starts from: PGlite's WebAssembly, compiled once per test worker, and the data
 * directory of a cluster that initdb has just made (`initdb`) or that the migrations have then been
 * applied to (`migrated`). initdb runs once per PGlite version on a machine, the migrations once per
 * set of migrations: their dumps are kept on disk (`cachedFile`), and a fresh database loads a copy:
 * 1-2 s instead of initdb's 5 s on a quiet machine and 10-15 s on a loaded one, where the suites that
 * start servers of their own ran up against their timeout (docs/testing.md, rule 6).
 */
function pgliteStartOptions() {
  pgliteStart ??= (async () => {
    const { version, modules } = await pgliteWasm();
    const initdbDump = await cachedFile(`pglite-${version}-initdb.tar`, async () => {
      const initialised = await PGlite.create(modules);
      const dump = await initialised.dumpDataDir('none');
      await initialised.close();
      return dump;
    });
    const initdb = { ...modules, loadDataDir: initdbDump };
    const migratedDump = await cachedFile(`pglite-${version}-migrated-${migrationsKey}.tar`, async () => {
      const db = await createPgliteDatabase(undefined, initdb);
      await migrate(db);
      const dump = await db.dumpDataDir();
      await db.close();
      return dump;
    });
    return { initdb, migrated: { ...modules, loadDataDir: migratedDump } };
  })();
  return pgliteStart;
}

/** A new database on the PostgreSQL server, copied from `template` (template1 is PostgreSQL's default, empty one). */
async function freshPostgresDatabase(template: string): Promise<FreshDatabase> {
  const name = `adconsole_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const db = await createPostgresDatabase(postgresUrl(name));
  return {
    db,
    url: postgresUrl(name),
    async drop() {
      await db.close();
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const postgresUrl = (database: string) => {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
};

/** Templates of other sets of migrations kept besides the one being made (the newest ones). */
const KEPT_TEMPLATES = 3;
/** Any number: the lock that lets one process at a time make the migrated template. */
const TEMPLATE_LOCK = 7_310_424;
let postgresTemplate: Promise<string> | undefined;

/**
 * The PostgreSQL database every migrated test database is copied from (`create database ... template`),
 * made once per set of migrations on the server, under an advisory lock so parallel workers make it
 * once; when a new one is made, templates of other migrations are dropped but the newest three (other
 * checkouts of the repository, with other migrations, may be testing on the same server).
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `adconsole_template_${migrationsKey}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        // The newest few are kept: worktrees with other migrations may be copying theirs right now.
        const older = await admin.query<{ datname: string }>(
          `select datname from pg_database where datname like 'adconsole\\_template\\_%'
            order by oid desc offset ${KEPT_TEMPLATES}`,
        );
        for (const { datname } of older.rows)
          await admin.query(`drop database if exists ${datname} with (force)`);
        const building = `${name}_building`;
        await admin.query(`create database ${building}`);
        const db = await createPostgresDatabase(postgresUrl(building));
        await migrate(db);
        await db.close();
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
}

/** A new, empty, unmigrated database of the kind under test (for the migrations' own tests). */
export async function freshDatabase(): Promise<FreshDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const db = await createPgliteDatabase(undefined, (await pgliteStartOptions()).initdb);
    return { db, url: undefined, drop: () => db.close() };
  }
  return freshPostgresDatabase('template1');
}

/**
 * A new database of the kind under test with every migration applied: a copy of a database migrated
 * once per set of migrations on this machine, instead of running them again for every server.
 */
export async function freshMigratedDatabase(): Promise<FreshDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const db = await createPgliteDatabase(undefined, (await pgliteStartOptions()).migrated);
    return { db, url: undefined, drop: () => db.close() };
  }
  return freshPostgresDatabase(await migratedPostgresTemplate());
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

export interface StartOptions {
  clock?: () => number;
  /** The even delivery throttle's random source (docs/serving.md, "Even delivery"); Math.random by default. */
  random?: () => number;
  /**
   * With EVENTS_BUS, answer a beacon once the store has its event (true: the tests that read what they
   * sent) or once the log has it (false). By default true when TEST_EVENTS_BUS put the server on the log,
   * false when the test set EVENTS_BUS itself.
   */
  answeredWhenStored?: boolean;
  /** Collects the server's log lines (warnings and errors) here, for a test that reads them. */
  logLines?: string[];
}

/** The app's logging: off, or on at `warn` into `lines` (as the fleet runs it: LOG_LEVEL=warn). */
const loggingInto = (lines: string[] | undefined) =>
  lines ? { logger: true, logStream: { write: (line: string) => lines.push(line) } } : undefined;

export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'adconsole-api-'));
  const fresh = await freshMigratedDatabase();
  // A server that refuses to start (a test of a bad setting) leaves no database or folder behind.
  const opened: (() => Promise<void>)[] = [
    () => rm(dataDir, { recursive: true, force: true }),
    () => fresh.drop(),
  ];
  try {
    return await listening(dataDir, fresh, env, options, opened);
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    throw error;
  }
}

/**
 * With TEST_EVENTS_BUS (and no EVENTS_BUS of the test's own): the server on the log, through a stream of
 * its own, answered once its events are stored. Otherwise answered once committed (EVENTS_JOURNAL=off),
 * so a test reads what it has just sent; the journal's own tests turn it on.
 */
function eventsEnv(env: Record<string, string>): Record<string, string> {
  const bus = testEventsBus();
  if (env.EVENTS_BUS !== undefined) return {};
  if (bus === undefined) return { EVENTS_JOURNAL: 'off' };
  return { EVENTS_BUS: bus, EVENTS_BUS_STREAM: uniqueStream(), EVENTS_BUS_ACK_WAIT_SECONDS: '5' };
}

/**
 * Closes a test server and the connections its clients left open. The test's own fetch calls keep their
 * connections alive, and Node's close ends only those it counts idle: one it did not (the headers suite's,
 * which had answered four requests) held the close for Fastify's keep-alive timeout, 72 s, in one run of
 * two (docs/testing.md, "Why the headers suite was slow"). Nothing of the test is in flight by then.
 */
async function closeServer(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

/** The rest of startServer: `opened` gets each thing to close should a later step fail. */
async function listening(
  dataDir: string,
  fresh: FreshDatabase,
  env: Record<string, string>,
  { clock, random, answeredWhenStored, logLines }: StartOptions,
  opened: (() => Promise<void>)[],
): Promise<TestServer> {
  // TEST_LOG=1 prints the server's errors (a 500's cause) while debugging a test.
  const logErrors = process.env.TEST_LOG === '1';
  const config = loadConfig({
    DATA_DIR: dataDir,
    CONSOLE_DIR: path.join(dataDir, 'no-console'),
    LOG_LEVEL: logLines ? 'warn' : logErrors ? 'error' : 'silent',
    // The test process is the proxy: loopback may say which address a client has.
    TRUST_PROXY: '127.0.0.1',
    // Tests run the jobs themselves (server.app.jobs.runOnce()), when they want to.
    JOB_POLL_SECONDS: '0',
    // Creative QA opens Chromium: off (not measured, publishing not blocked) but in its own suite.
    CREATIVE_QA_CHROMIUM: 'off',
    ...eventsEnv(env),
    ...env,
  });
  const bus = config.eventsBus;
  // The stream goes with the server, deleted with the API's own keys (or kept, where they do not allow it).
  const dropStream = async () => {
    if (bus)
      await deleteStream(
        bus.servers.join(','),
        bus.stream,
        await authOptions(bus.auth, bus.tls, bus.servers),
      );
  };
  if (bus) opened.push(dropStream);
  const events = await freshEventStore(fresh.db);
  opened.push(() => events.close());
  const app = await buildApp(config, {
    db: fresh.db,
    ...(loggingInto(logLines) ?? { logger: logErrors }),
    // A test that sets EVENTS_URL gets the store the server opens from it.
    ...(config.events ? {} : { eventStore: events.store }),
    ...(clock ? { clock } : {}),
    ...(random ? { random } : {}),
    eventsAnsweredWhenStored: answeredWhenStored ?? env.EVENTS_BUS === undefined,
  });
  opened.push(() => app.close());
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
      await closeServer(app);
      await events.close();
      await dropStream();
      await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second API process beside a test server: its own app and port over the same database and DATA_DIR. */
export interface SecondProcess {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Another API process on `server`'s database, as a fleet runs them: its own connection pool on
 * PostgreSQL (on PGlite the one in-process database), the same DATA_DIR (so the same server secret),
 * its own memory and port. `env` adds settings to the server's; `clock` pins its time as startServer's does.
 */
export async function startSecondProcess(
  server: TestServer,
  env: Record<string, string> = {},
  { clock, logLines }: Pick<StartOptions, 'clock' | 'logLines'> = {},
): Promise<SecondProcess> {
  const db = server.databaseUrl ? await createPostgresDatabase(server.databaseUrl) : server.db;
  const closeDb = async () => {
    if (db !== server.db) await db.close();
  };
  try {
    const config = loadConfig({
      DATA_DIR: server.dataDir,
      CONSOLE_DIR: path.join(server.dataDir, 'no-console'),
      LOG_LEVEL: logLines ? 'warn' : 'silent',
      TRUST_PROXY: '127.0.0.1',
      JOB_POLL_SECONDS: '0',
      CREATIVE_QA_CHROMIUM: 'off',
      ...env,
    });
    const store = server.app.adconsole.events.store;
    const app = await buildApp(config, {
      db,
      // The events' ClickHouse (TEST_EVENTS=clickhouse) is the server's: the fleet's one event store.
      ...(store.kind === 'clickhouse' ? { eventStore: store } : {}),
      ...(loggingInto(logLines) ?? { logger: false }),
      ...(clock ? { clock } : {}),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return {
      url: `http://127.0.0.1:${port}`,
      app,
      async close() {
        await closeServer(app);
        await closeDb();
      },
    };
  } catch (error) {
    await closeDb();
    throw error;
  }
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

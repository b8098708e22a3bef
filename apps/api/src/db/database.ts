// One database interface over the embedded PGlite and a PostgreSQL server: the same SQL runs on both.
import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';

export type SqlValue = string | number | boolean | Date | null | undefined | Buffer | unknown[] | object;

export interface Queryable {
  /** Runs one statement with $1.. parameters and answers its rows. */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while holding the lock `key` across every process on this database (PostgreSQL's
   * session advisory lock, on a connection of its own): a second caller waits until the first is done.
   * PGlite belongs to one process, so there it only orders the callers of this one.
   */
  exclusive<T>(key: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock keys of work that must run once across the API processes at a time. */
export const LOCKS = {
  /** Applying the migrations (db/migrate.ts). */
  migrations: 4_300_001,
  /** Seeding the demo data into an empty database (services/demo/demo.ts). */
  demoSeed: 4_300_002,
} as const;

/** An in-process lock: each caller runs after the previous one settled. */
function processLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * Plain objects are sent as JSON text (for jsonb columns) so both drivers store them identically;
 * arrays stay PostgreSQL arrays (`= any($1::text[])`). A jsonb array goes in as JSON.stringify(...).
 */
function toParams(params: readonly SqlValue[] = []): unknown[] {
  return params.map((value) => {
    if (value === undefined) return null;
    if (value === null || value instanceof Date || Buffer.isBuffer(value) || Array.isArray(value))
      return value;
    if (typeof value === 'object') return JSON.stringify(value);
    return value;
  });
}

/** The embedded database, which can also copy its whole data directory. */
export interface PgliteDatabase extends Database {
  /** The data directory as a tar archive, for PGlite's `loadDataDir` (the test harness's cached copies). */
  dumpDataDir(): Promise<Blob>;
}

/**
 * PGlite in `dataDir`, or in memory without one. `start` passes PGlite's own start options through (the
 * test harness hands every fresh database the compiled WebAssembly and a copy of a migrated cluster).
 */
export async function createPgliteDatabase(
  dataDir?: string,
  start: Omit<PGliteOptions, 'dataDir'> = {},
): Promise<PgliteDatabase> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir === undefined ? start : { ...start, dataDir });
  const locks = new Map<number, ReturnType<typeof processLock>>();
  return {
    kind: 'pglite',
    dumpDataDir: async () => db.dumpDataDir('none'),
    async query<T extends object>(sql: string, params?: readonly SqlValue[]) {
      const result = await db.query<T>(sql, toParams(params));
      return result.rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    transaction(work) {
      return db.transaction((tx) =>
        work({
          async query<T extends object>(sql: string, params?: readonly SqlValue[]) {
            const result = await tx.query<T>(sql, toParams(params));
            return result.rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    exclusive(key, work) {
      let lock = locks.get(key);
      if (!lock) {
        lock = processLock();
        locks.set(key, lock);
      }
      return lock(work);
    },
    close: () => db.close(),
  };
}

/**
 * A connection taken from the pool for several statements (a transaction, a session lock). The server
 * may end it between two of them (a restart, a failover, a terminated backend): its 'error' is then
 * kept, not thrown at the process (which an unheard 'error' event would crash), the next statement on
 * it fails as it must, and it is given back broken, so the pool drops it.
 */
async function checkOut(pool: pg.Pool): Promise<{ client: pg.PoolClient; release: () => void }> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  return {
    client,
    release: () => {
      client.off('error', onError);
      client.release(broken);
    },
  };
}

export async function createPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server drops (restart, failover, a dropped test database) must not crash
  // the process: the pool discards it and opens a new one on the next query.
  pool.on('error', () => undefined);
  // Surface a wrong DATABASE_URL at start rather than at the first request.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<T extends object>(sql: string, params?: readonly SqlValue[]) {
      const result = await pool.query(sql, toParams(params));
      return result.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(work) {
      const { client, release } = await checkOut(pool);
      try {
        await client.query('begin');
        const result = await work({
          async query<T extends object>(sql: string, params?: readonly SqlValue[]) {
            const rows = await client.query(sql, toParams(params));
            return rows.rows as T[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        release();
      }
    },
    async exclusive(key, work) {
      // A connection of its own holds the session lock while `work` runs on the pool's others.
      const { client, release } = await checkOut(pool);
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  pgliteDir: string;
}): Promise<Database> {
  return options.databaseUrl === undefined
    ? createPgliteDatabase(options.pgliteDir)
    : createPostgresDatabase(options.databaseUrl);
}

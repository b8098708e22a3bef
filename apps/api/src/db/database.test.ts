// The PostgreSQL database's connections held for several statements (a transaction, a session lock):
// when the server ends one between two statements (a restart, a failover, a terminated backend), the
// work that held it fails and the next runs on a new connection; the process never sees the driver's
// 'error' event as an uncaught exception (it did: Vitest caught one from the drain test's terminated
// backends while a job held a transaction). Always on the PostgreSQL server: it is that driver's rule.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from './database';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `adconsole_held_${process.pid}_${Date.now().toString(36)}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a PostgreSQL connection the server ends while it is held', () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  let db: Database;
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    db = await createPostgresDatabase(url.toString());
  });
  afterAll(async () => {
    await db?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  /** Ends the connection of `pid`, then waits while no statement runs on it (its 'error' arrives then). */
  const endConnection = async (pid: number) => {
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await pause(300);
  };

  it('fails the transaction that held it, and the next transaction runs on a new connection', async () => {
    const held = db.transaction(async (tx) => {
      const [row] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
      await endConnection(row?.pid ?? 0);
      await tx.query('select 1');
    });
    await expect(held).rejects.toThrow();
    expect(await db.transaction((tx) => tx.query<{ one: number }>('select 1 as one'))).toEqual([{ one: 1 }]);
  });

  it('fails the work under a session lock whose connection ended, and the lock can be taken again', async () => {
    const [before] = await db.query<{ pids: number[] }>(
      'select array_agg(pid) as pids from pg_stat_activity where datname = current_database()',
    );
    const held = db.exclusive(4_545, async () => {
      // The lock's own connection: the one that holds the advisory lock now.
      const [row] = await db.query<{ pid: number }>(
        "select pid from pg_locks where locktype = 'advisory' and objid = 4545 and granted",
      );
      await endConnection(row?.pid ?? 0);
    });
    await expect(held).rejects.toThrow();
    expect(before?.pids.length).toBeGreaterThan(0);
    expect(await db.exclusive(4_545, async () => 'again')).toBe('again');
  });
});

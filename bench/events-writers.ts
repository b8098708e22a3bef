// Group commit with several writer processes against one PostgreSQL server, and what the ClickHouse
// store's seen-set costs the main database an event (docs/deploy.md section 9, its inputs C and G-H).
// Each writer is a forked process with its own pool and its own EventWriter, as each API process of a
// fleet has; each keeps `--concurrency` events unacknowledged at once (a busy process's beacons in
// flight) and writes for `--seconds`. One writer is always measured first in the same run: the reference.
//
// Stores (`--stores`, comma-separated):
//   postgres     the PostgreSQL event store (raw events with their unique index, rollups, totals);
//   seen-set     the ClickHouse store's writes to the main database only: its seen-set (event_seen: the
//                batch's history read, its keys claimed) and the breakdown values' caps, in one
//                transaction, with ClickHouse's insert answered at once (no ClickHouse server here);
//   no-seen-set  the same without the seen-set: the store's sums-without-a-key path (addCounts), the
//                caps only. seen-set less no-seen-set is the seen-set's cost.
// Printed for each store and number of writers: events a second (all writers), the writers' CPU an
// event (Node), PostgreSQL's CPU an event (its backends of the bench's database, and every child of the
// postmaster: WAL writer, checkpointer and the rest included; read from /proc/<pid>/stat before and
// after), commits and WAL fsyncs a second (pg_stat_database, pg_stat_wal: the whole server), WAL bytes
// an event, and the machine's busy CPU an event (everything, this generator too).
//
//   pnpm exec tsx bench/events-writers.ts [--writers 1,2,4] [--stores postgres,seen-set,no-seen-set]
//     [--seconds 5] [--concurrency 1000]
import { fork, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createPostgresDatabase, type Database } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { createClickHouseEventStore } from '../apps/api/src/services/events/clickhouse';
import { createPostgresEventStore, type EventStore } from '../apps/api/src/services/events/store';
import type { TrackedEvent } from '../apps/api/src/services/events/tracked-event';
import { EventWriter } from '../apps/api/src/services/events/writer';
import { cpuMeter, cpuMs, machineCpuMeter, ownCpuMeter } from './process-cpu.mjs';
import { scratchPostgres } from './scratch-database';

const option = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : String(process.argv[index + 1]);
};
const seconds = Number(option('seconds', '5'));
const concurrency = Number(option('concurrency', '1000'));
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
type StoreKind = 'postgres' | 'seen-set' | 'no-seen-set';

/** What a breakdown value looks like in the field: a few sites, browsers and countries. */
const SITES = ['news.example', 'sport.example', 'recipes.example', 'video.example'];
const BROWSERS = [
  ['desktop', 'Windows', 'Chrome'],
  ['mobile', 'iOS', 'Mobile Safari'],
  ['mobile', 'Android', 'Chrome Mobile'],
  ['desktop', 'Mac OS', 'Safari'],
] as const;
const COUNTRIES = ['DE', 'FR', 'US', 'GB', 'NL', 'ES'];

/** A writer's store: the real one on PostgreSQL, or the ClickHouse store with its insert answered at once. */
function storeOf(kind: StoreKind, db: Database): EventStore {
  if (kind === 'postgres') return createPostgresEventStore(db);
  const accepted = { insert: async () => ({ executed: true, query_id: '' }) };
  const store = createClickHouseEventStore({ db, client: accepted as never, database: 'bench' });
  if (kind === 'seen-set') return store;
  return {
    ...store,
    writeBatch: async (events, options) => {
      await store.addCounts(events, options);
      return events.length;
    },
  };
}

/** A forked writer: waits for `go`, writes unique impressions for `seconds`, answers what it did. */
async function writer(url: string, kind: StoreKind, index: number) {
  const db = await createPostgresDatabase(url);
  const events = new EventWriter(storeOf(kind, db));
  let sequence = 0;
  const event = (): TrackedEvent => {
    sequence += 1;
    const [device, os, browser] = BROWSERS[sequence % BROWSERS.length] ?? BROWSERS[0];
    return {
      liveId: `live${sequence % 20}`,
      type: 'impression',
      at: new Date(),
      count: 1,
      impressionId: `w${index}.${process.pid}.${sequence}`,
      dims: {
        site: SITES[sequence % SITES.length] ?? '',
        device,
        os,
        browser,
        country: COUNTRIES[sequence % COUNTRIES.length] ?? '',
      },
    };
  };
  const drive = async (until: number) => {
    let count = 0;
    const lane = async () => {
      while (performance.now() < until) {
        await events.record(event());
        count += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    return count;
  };
  // Warm up (the pool's connections open, the statements are planned), then wait for the others.
  await drive(performance.now() + 500);
  process.send?.({ ready: true });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  const own = ownCpuMeter();
  const start = performance.now();
  const count = await drive(start + seconds * 1000);
  const elapsed = (performance.now() - start) / 1000;
  const cpu = own.stop();
  // The parent reads the backends' CPU before they end: this process's connections close on its word.
  const closing = new Promise<void>((resolve) => process.once('message', () => resolve()));
  process.send?.({ count, elapsed, cpuMs: cpu, batches: events.stats.batches });
  await closing;
  await events.close();
  await db.close();
  process.exit(0);
}

/** The postmaster's children (backends, WAL writer, checkpointer, ...), from /proc. */
function postmasterChildren(postmaster: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      if (parent === postmaster) pids.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** A process's CPU in ms (user + system), and with its reaped children's (the postmaster's exited backends). */
function reapedCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (
      ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) /
      CLOCK_TICKS
    );
  } catch {
    return 0;
  }
}

/**
 * The CPU the postmaster and its children spend from now until `stop()`, in ms: the children listed
 * again at the end (one started meanwhile counts all it spent), the ones that ended through the
 * postmaster's reaped-children time.
 */
function serverCpuMeter(postmaster: number) {
  const start = new Map(postmasterChildren(postmaster).map((pid) => [pid, cpuMs(pid)]));
  const ownStart = reapedCpuMs(postmaster);
  return {
    stop: () => {
      let sum = reapedCpuMs(postmaster) - ownStart;
      for (const pid of new Set([...start.keys(), ...postmasterChildren(postmaster)])) {
        const now = cpuMs(pid);
        // A child that ended is in the reaped time already; only the living are added.
        if (now > 0) sum += Math.max(0, now - (start.get(pid) ?? 0));
      }
      return sum;
    },
  };
}

interface Counters {
  commits: number;
  walSyncs: number;
  walBytes: number;
}

async function counters(admin: Database, database: string): Promise<Counters> {
  const [row] = await admin.query<{ commits: string; syncs: string; bytes: string }>(
    `select (select xact_commit from pg_stat_database where datname = $1)::text as commits,
            wal_sync::text as syncs, wal_bytes::text as bytes from pg_stat_wal`,
    [database],
  );
  return { commits: Number(row?.commits), walSyncs: Number(row?.syncs), walBytes: Number(row?.bytes) };
}

async function measure(kind: StoreKind, writers: number) {
  const scratch = await scratchPostgres(adminUrl);
  const database =
    (await scratch.db.query<{ name: string }>('select current_database() as name'))[0]?.name ?? '';
  try {
    await migrate(scratch.db);
    await scratch.db.exec(`
      insert into users (id, email, first_name, last_name, role) values ('u1', 'bench@adconsole.test', 'B', 'B', 'admin');
      insert into advertisers (id, owner_id, name, currency) values ('a1', 'u1', 'Bench', 'USD');
      insert into campaigns (id, owner_id, name, body, advertiser_id) values ('c1', 'u1', 'Bench', '{}', 'a1');
      insert into live_creatives (id, campaign_id, snapshot)
        select 'live' || n, 'c1', jsonb_build_object('id', 'k' || n, 'name', 'Creative ' || n, 'type', 'Banner')
          from generate_series(0, 19) n;
    `);
    const [{ pid: backend } = { pid: 0 }] = await scratch.db.query<{ pid: number }>(
      'select pg_backend_pid() as pid',
    );
    const postmaster = Number(readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const children = Array.from({ length: writers }, (_, index) =>
      fork(import.meta.filename, ['--child', url.toString(), kind, String(index), ...process.argv.slice(2)]),
    );
    const answers = children.map(
      (child) =>
        new Promise<{ count: number; elapsed: number; cpuMs: number; batches: number }>((resolve, reject) => {
          child.on(
            'message',
            (message: {
              ready?: boolean;
              count: number;
              elapsed: number;
              cpuMs: number;
              batches: number;
            }) => {
              if (!message.ready) resolve(message);
            },
          );
          child.on('exit', (code) => code !== 0 && reject(new Error(`writer exited with ${code}`)));
        }),
    );
    await Promise.all(
      children.map((child) => new Promise<void>((resolve) => child.once('message', () => resolve()))),
    );
    // The bench database's backends: the writers' pools, opened by their warm-up.
    const own = (
      await scratch.db.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).map((row) => row.pid);
    const before = await counters(scratch.db, database);
    const backendsCpu = cpuMeter(own);
    const serverCpu = serverCpuMeter(postmaster);
    const machine = machineCpuMeter();
    for (const child of children) child.send('go');
    const results = await Promise.all(answers);
    const ownAfter = (
      await scratch.db.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).map((row) => row.pid);
    const backendsMs = backendsCpu.stop();
    const serverMs = serverCpu.stop();
    const machineMs = machine.stop();
    const after = await counters(scratch.db, database);
    for (const child of children) child.send('close');
    const events = results.reduce((sum, r) => sum + r.count, 0);
    const elapsed = Math.max(...results.map((r) => r.elapsed));
    const nodeMs = results.reduce((sum, r) => sum + r.cpuMs, 0);
    const batches = results.reduce((sum, r) => sum + r.batches, 0);
    const opened = ownAfter.filter((pid) => !own.includes(pid)).length;
    if (opened > 0)
      console.log(`(${opened} backends of the bench database opened during the run: not in "backends")`);
    const perEvent = (ms: number) => ((ms * 1000) / events).toFixed(1);
    const row = [
      kind.padEnd(12),
      String(writers).padStart(7),
      (events / elapsed).toFixed(0).padStart(9),
      String(Math.round(events / batches)).padStart(8),
      perEvent(nodeMs).padStart(9),
      perEvent(backendsMs).padStart(9),
      perEvent(serverMs).padStart(9),
      ((after.commits - before.commits) / elapsed).toFixed(0).padStart(9),
      ((after.walSyncs - before.walSyncs) / elapsed).toFixed(0).padStart(9),
      ((after.walBytes - before.walBytes) / events).toFixed(0).padStart(8),
      perEvent(machineMs).padStart(9),
    ];
    console.log(row.join(' '));
  } finally {
    await scratch.drop();
  }
}

if (process.argv[2] === '--child') {
  await writer(String(process.argv[3]), process.argv[4] as StoreKind, Number(process.argv[5]));
} else {
  const counts = [...new Set([1, ...option('writers', '1,2,4').split(',').map(Number)])];
  const kinds = option('stores', 'postgres,seen-set,no-seen-set').split(',') as StoreKind[];
  console.log(
    `${seconds} s a row, ${concurrency} events unacknowledged at once in each writer process; each acknowledged after its commit.\n`,
  );
  console.log(
    `${'store'.padEnd(12)} ${'writers'.padStart(7)} ${'events/s'.padStart(9)} ${'a batch'.padStart(8)} ${'Node µs'.padStart(9)} ${'backends'.padStart(9)} ${'server µs'.padStart(9)} ${'commits/s'.padStart(9)} ${'fsyncs/s'.padStart(9)} ${'WAL B/ev'.padStart(8)} ${'machine'.padStart(9)}`,
  );
  for (const kind of kinds) for (const writers of counts) await measure(kind, writers);
  console.log(
    '\nµs are CPU an event: the writers (Node), PostgreSQL backends of the bench database, every child of the postmaster (the whole server), the whole machine. commits/s: the bench database; fsyncs/s (pg_stat_wal.wal_sync) and WAL bytes: the whole server.',
  );
}

// Durable events per second: group commit (the tracking endpoint's writer) against one transaction per
// event, on the embedded PGlite (on disk, as `npm start` runs it) and on the PostgreSQL server, side by
// side in one run. Each event is acknowledged only once it is committed, as a tracking request is.
// Beside the group commit's rate, the CPU an event cost this process (Node, and PGlite's WebAssembly in
// it) and PostgreSQL's backends: the store's ceiling and what it costs, which bench/beacons.mjs sets
// the beacons beside. Figures only. Goal: group commit at least 10× one insert per event, and 20,000
// events/s on PostgreSQL.
//
//   pnpm exec tsx bench/events-ingest.ts [--events 40000] [--concurrency 1000] [--json <file>]

import { writeFileSync } from 'node:fs';
import { migrate } from '../apps/api/src/db/migrate';
import { createPostgresEventStore } from '../apps/api/src/services/events/store';
import type { TrackedEvent } from '../apps/api/src/services/events/tracked-event';
import { EventWriter } from '../apps/api/src/services/events/writer';
import { cpuMeter, ownCpuMeter } from './process-cpu.mjs';
import { type ScratchDatabase, scratchPglite, scratchPostgres } from './scratch-database';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const total = arg('events', 40_000);
// A busy serving process has many beacons in flight; batches grow with them.
const concurrency = arg('concurrency', 1000);
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const jsonIndex = process.argv.indexOf('--json');
const jsonFile = jsonIndex === -1 ? undefined : process.argv[jsonIndex + 1];
/** Each store's group-commit rate and CPU an event, for --json. */
const ceilings: Record<string, { eventsPerSecond: number; processMicros: number; postgresMicros: number }> =
  {};

let sequence = 0;
const event = (): TrackedEvent => {
  sequence += 1;
  return {
    liveId: `live${sequence % 20}`,
    type: 'impression',
    at: new Date(Date.UTC(2026, 10, 1) + (sequence % 86_400) * 1000),
    count: 1,
    impressionId: `bench.${sequence}`,
  };
};

/** `count` events through `send`, at most `concurrency` unacknowledged at once; events per second. */
async function drive(count: number, send: (e: TrackedEvent) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next += 1;
      await send(event());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return count / ((performance.now() - start) / 1000);
}

async function measure(label: string, open: () => Promise<ScratchDatabase>) {
  const { db, drop } = await open();
  try {
    await migrate(db);
    // The live creatives exist, as in the product: the batch's campaign rollups join them.
    await db.exec(`
      insert into users (id, email, first_name, last_name, role) values ('u1', 'bench@adconsole.test', 'B', 'B', 'admin');
      insert into advertisers (id, owner_id, name, currency) values ('a1', 'u1', 'Bench', 'USD');
      insert into campaigns (id, owner_id, name, body, advertiser_id) values ('c1', 'u1', 'Bench', '{}', 'a1');
      insert into live_creatives (id, campaign_id, snapshot)
        select 'live' || n, 'c1', jsonb_build_object('id', 'k' || n, 'name', 'Creative ' || n, 'type', 'Banner')
          from generate_series(0, 19) n;
    `);
    const store = createPostgresEventStore(db);
    const writer = new EventWriter(store);
    // Warm up both paths, then measure.
    await drive(500, (e) => writer.record(e));
    await drive(200, (e) => store.writeBatch([e]));
    // PostgreSQL's backends of this database (the pool's connections, opened by the warm-up).
    const backends = (
      await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')
    ).map((row) => row.pid);
    const own = ownCpuMeter();
    const postgres = cpuMeter(label === 'PGlite' ? [] : backends);
    const grouped = await drive(total, (e) => writer.record(e));
    const processMicros = (own.stop() * 1000) / total;
    const postgresMicros = (postgres.stop() * 1000) / total;
    ceilings[label] = { eventsPerSecond: grouped, processMicros, postgresMicros };
    const batches = writer.stats.batches;
    const single = await drive(Math.min(total, 4000), (e) => store.writeBatch([e]));
    const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
      'select count(*)::int as count from events',
    );
    console.log(
      `${label.padEnd(12)} ${grouped.toFixed(0).padStart(10)} ${single.toFixed(0).padStart(12)} ${(grouped / single).toFixed(1).padStart(8)}× ${String(Math.round(writer.stats.events / batches)).padStart(10)} ${String(count).padStart(9)} ${processMicros.toFixed(1).padStart(12)} ${(label === 'PGlite' ? '' : postgresMicros.toFixed(1)).padStart(13)}`,
    );
  } finally {
    await drop();
  }
}

console.log(
  `${total} events, ${concurrency} unacknowledged at once; every event acknowledged only after its commit.\n`,
);
console.log(
  `${'database'.padEnd(12)} ${'group/s'.padStart(10)} ${'one-by-one/s'.padStart(12)} ${'ratio'.padStart(9)} ${'per batch'.padStart(10)} ${'rows'.padStart(9)} ${'Node µs/ev'.padStart(12)} ${'backends µs'.padStart(13)}`,
);
await measure('PGlite', () => scratchPglite('bench-pglite'));
await measure('PostgreSQL', () => scratchPostgres(adminUrl));
console.log(
  '\nGoal: group commit at least 10× one insert per event, and at least 20,000 events/s on PostgreSQL.',
);
console.log(
  "CPU an event during the group commit's run: this process (Node, PGlite's WebAssembly in it), and PostgreSQL's backends of the bench's database.",
);
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(ceilings));

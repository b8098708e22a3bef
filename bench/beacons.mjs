// Unique beacons a second (each a new signed impression: a durable event) beside the store's own
// group-commit ceiling, measured in the same run (bench/events-ingest.ts), on PGlite and PostgreSQL,
// with the journal and with the event log (EVENTS_BUS, a NATS server of the bench's own with JetStream).
// Beside each figure, the CPU a beacon cost each part on this machine: the server process, PostgreSQL's
// backends of the bench's database, the NATS server, and this process (the load generator), and the
// limit those costs set when the parts share the machine's cores:
//
//   limit = min(cores × 1,000,000 µs / (server + PostgreSQL + NATS + load µs a beacon),
//               1,000,000 µs / the server's µs, / PostgreSQL's, / the load's)
//
// the second line because the server's event loop, the writer's one transaction at a time and
// autocannon each run on one core. On a machine other work shares, `left` is the same limit on the CPU
// the other processes left during the run (the machine's busy time from /proc/stat less the four
// parts'). The rates fall on a loaded machine; the CPU a beacon costs holds better (docs/serving.md,
// "Beacons at the store's speed").
//
// With `--pings`, instead: one server on PostgreSQL with the journal, the CPU a request of the bare
// route, a unique impression beacon, a quartile ping (POST /serve/t/firstQuartile of a VAST impression
// whose impression and start were counted first: a quartile waits for its start) and a click (GET
// /serve/click of a counted impression, a 302 not followed), each ping and click of its own impression,
// in one run, each counted (checked in the events table afterwards).
//
// With `--cluster`, each event-log row is run a second time against a JetStream cluster of three NATS
// servers of the bench's own (bench/nats-servers.mjs: loopback, ports and store folders of their own)
// named in EVENTS_BUS, so the product's stream is made with replicas 3 (config/event-bus.ts); its NATS
// figure is the three servers' together, the stream's leader's printed beside, and the one server's row
// of the same run beside it.
//
//   pnpm build && node bench/beacons.mjs [--duration 10] [--connections 64] [--only pglite|postgres] [--pings] [--cluster]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { creativeCounts, scratchPostgres, settledCounts, startDemoServer } from './demo-server.mjs';
import { startNatsServers, streamLeader } from './nats-servers.mjs';
import { cpuMeter, machineCpuMeter, ownCpuMeter } from './process-cpu.mjs';
import { browserLoad, newImpressionId, signedClickPath, signedImpressionQuery } from './serving-load.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const duration = Number(option('duration', 10));
const connections = Number(option('connections', 64));
const only = option('only', undefined);
const cluster = process.argv.includes('--cluster');
const cores = availableParallelism();
const secret = randomBytes(32).toString('base64url');
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The store's ceiling: bench/events-ingest.ts in a process of its own, its figures as JSON. */
function storeCeilings() {
  const dir = mkdtempSync(path.join(tmpdir(), 'adconsole-ceiling-'));
  const file = path.join(dir, 'ceilings.json');
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'bench/events-ingest.ts'), '--json', file],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, TEST_POSTGRES_URL: adminUrl } },
  );
  if (run.status !== 0) throw new Error('bench/events-ingest.ts failed');
  const ceilings = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  return { pglite: ceilings.PGlite, postgres: ceilings.PostgreSQL };
}

/** A NATS server with JetStream of the bench's own (its CPU is the bench's alone), on a free port. */
async function startNats() {
  const store = mkdtempSync(path.join(tmpdir(), 'adconsole-bench-nats-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(
    process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server',
    ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store],
    { stdio: 'ignore' },
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (child.exitCode !== null) throw new Error('nats-server did not start');
  return {
    url: `nats://127.0.0.1:${port}`,
    pids: [child.pid],
    stop() {
      child.kill('SIGTERM');
      rmSync(store, { recursive: true, force: true });
    },
  };
}

/** `--cluster`: three NATS servers with JetStream in a cluster, ended and their folder removed on exit. */
async function startNatsCluster() {
  const dir = mkdtempSync(path.join(tmpdir(), 'adconsole-bench-nats-cluster-'));
  const running = new Set();
  const stop = () => {
    for (const child of running) if (child.exitCode === null) child.kill('SIGTERM');
    running.clear();
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  const nodes = await startNatsServers(dir, 'n', 3, running).catch((error) => {
    stop();
    throw error;
  });
  return {
    url: nodes.map((node) => `nats://127.0.0.1:${node.client}`).join(','),
    pids: nodes.map((node) => node.child.pid),
    nodes,
    /** Ends the servers, waits up to 5 s for them to exit, then removes their folder. */
    async stop() {
      const exits = nodes.map(({ child }) =>
        child.exitCode !== null || child.signalCode !== null
          ? undefined
          : Promise.race([
              new Promise((resolve) => child.once('exit', resolve)),
              new Promise((resolve) => setTimeout(resolve, 5000)),
            ]),
      );
      for (const { child } of nodes) child.kill('SIGTERM');
      await Promise.all(exits);
      stop();
    },
  };
}

/** PostgreSQL's backends of one database (the server's pool), by pid. */
async function backendsOf(databaseUrl) {
  const { Client } = createRequire(path.join(root, 'apps/api/package.json'))('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await client.end();
  return rows.map((row) => row.pid);
}

/** Unique beacons for `seconds` at `connections` at once; answers autocannon's result. */
const beaconLoad = (origin, liveId, seconds) =>
  browserLoad({
    origin,
    method: 'POST',
    path: () => `/serve/t/impression?${signedImpressionQuery(secret, liveId)}`,
    connections,
    seconds,
  });

/** One configuration: a fresh server, warm-up, the measured load, then the store's catch-up. */
async function measure({ database, mode, nats }) {
  const postgres = database === 'postgres' ? await scratchPostgres(root, 'beacons') : undefined;
  const stream = `bench_${randomBytes(4).toString('hex')}`;
  const demo = await startDemoServer(root, {
    SERVER_SECRET: secret,
    DATABASE_URL: postgres?.url ?? '',
    TRUST_PROXY: 'loopback',
    DEMO_DAYS: '1',
    ...(mode === 'log'
      ? { EVENTS_BUS: nats.url, EVENTS_BUS_STREAM: stream }
      : { EVENTS_JOURNAL: mode === 'journal' ? 'on' : 'off' }),
  });
  try {
    const creative = demo.campaign.creatives.find(
      (c) => c.type === 'Banner' && c.layout !== 'in-banner-video',
    );
    const liveId = creative.liveCreatives[0].id;
    await beaconLoad(demo.origin, liveId, 2);
    await settledCounts(demo, creative.id);
    const before = await creativeCounts(demo, creative.id);
    // The server that leads the stream of this row (a cluster's: its name, /jsz of the first server).
    const leader =
      nats?.nodes && mode === 'log' ? await streamLeader(nats.nodes[0].monitor, stream) : undefined;
    const meters = {
      server: cpuMeter([demo.pid]),
      postgres: cpuMeter(postgres ? await backendsOf(postgres.url) : []),
      nats: cpuMeter(mode === 'log' ? nats.pids : []),
      load: ownCpuMeter(),
    };
    // A cluster's servers one by one (the NATS meter above is their sum).
    const eachNats = mode === 'log' && nats.nodes ? nats.nodes.map((node) => cpuMeter([node.child.pid])) : [];
    const machine = machineCpuMeter();
    const started = Date.now();
    const result = await beaconLoad(demo.origin, liveId, duration);
    const machineMs = machine.stop();
    const answered = result.requests.total - result.non2xx;
    const after = await settledCounts(demo, creative.id);
    const storedSeconds = (Date.now() - started - 300) / 1000;
    const used = Object.fromEntries(Object.entries(meters).map(([part, meter]) => [part, meter.stop()]));
    const micros = Object.fromEntries(
      Object.entries(used).map(([part, ms]) => [part, (ms * 1000) / Math.max(1, answered)]),
    );
    const ours = Object.values(used).reduce((sum, ms) => sum + ms, 0);
    const servers = eachNats.map((meter, index) => ({
      name: nats.nodes[index].name,
      micros: (meter.stop() * 1000) / Math.max(1, answered),
    }));
    return {
      servers,
      leader,
      // The CPU other processes took during the load, in cores (the machine's busy time less ours).
      others: Math.max(0, machineMs - ours) / 1000 / duration,
      answered: answered / duration,
      stored: (after.impressions - before.impressions) / storedSeconds,
      counted: after.impressions - before.impressions,
      sent: answered,
      non2xx: result.non2xx,
      micros,
    };
  } finally {
    await demo.stop();
    await postgres?.drop();
  }
}

if (process.argv.includes('--pings')) {
  await measurePings();
  process.exit(0);
}

/** The `--pings` table: the bare route, a unique beacon, a quartile ping and a click in one run. */
async function measurePings() {
  const postgres = await scratchPostgres(root, 'pings');
  const demo = await startDemoServer(root, {
    SERVER_SECRET: secret,
    DATABASE_URL: postgres.url,
    TRUST_PROXY: 'loopback',
    DEMO_DAYS: '1',
    EVENTS_JOURNAL: 'on',
  });
  const { Client } = createRequire(path.join(root, 'apps/api/package.json'))('pg');
  const client = new Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const live = (test) => demo.campaign.creatives.find(test).liveCreatives[0].id;
    const banner = live((c) => c.type === 'Banner' && c.layout !== 'in-banner-video');
    const video = live((c) => c.type === 'VAST');
    /** Counted events by type (valid: no reason), once the journal has handed the store all it had. */
    const counted = async () => {
      const read = async () =>
        JSON.stringify(
          (
            await client.query(
              'select type, count(*)::int as n from events where reason is null group by type order by type',
            )
          ).rows,
        );
      // Unchanged over three reads 400 ms apart (a loaded machine's journal may pause between batches).
      let last = await read();
      for (let same = 0; same < 3; ) {
        await new Promise((resolve) => setTimeout(resolve, 400));
        const now = await read();
        same = now === last ? same + 1 : 0;
        last = now;
      }
      return Object.fromEntries(JSON.parse(last).map((row) => [row.type, row.n]));
    };
    /** `ids.length` requests, the i-th's path `makePath(ids[i])` (autocannon's amount, not a duration). */
    const each = (ids, makePath, method = 'POST') => {
      let sent = 0;
      return browserLoad({
        origin: demo.origin,
        method,
        path: () => makePath(ids[sent++ % ids.length]),
        connections,
        seconds: duration,
        autocannonOptions: { amount: ids.length },
      });
    };
    const beacon = (type, liveId) => (id) =>
      `/serve/t/${type}?${signedImpressionQuery(secret, liveId, 'adc2', id)}`;
    const measured = [];
    /** Runs `work` with the server's, PostgreSQL's backends' and this process's CPU a request beside it. */
    const row = async (label, work) => {
      const meters = {
        server: cpuMeter([demo.pid]),
        postgres: cpuMeter(await backendsOf(postgres.url)),
        load: ownCpuMeter(),
      };
      const machine = machineCpuMeter();
      const started = Date.now();
      const result = await work();
      const seconds = (Date.now() - started) / 1000;
      const machineMs = machine.stop();
      const total = Math.max(1, result.requests.total);
      const used = Object.fromEntries(Object.entries(meters).map(([part, meter]) => [part, meter.stop()]));
      const micros = Object.fromEntries(
        Object.entries(used).map(([part, ms]) => [part, (ms * 1000) / total]),
      );
      const ours = Object.values(used).reduce((sum, ms) => sum + ms, 0);
      const others = Math.max(0, machineMs - ours) / 1000 / seconds;
      measured.push({ label, rate: result.requests.total / seconds, result, micros, others });
      return result;
    };
    // Warm-up: the bare route, unique beacons, and a thousand of each ping and click.
    await browserLoad({ origin: demo.origin, path: '/serve/health', connections, seconds: 2 });
    await beaconLoad(demo.origin, banner, 2);
    const warm = Array.from({ length: 1000 }, newImpressionId);
    await each(warm, beacon('impression', video));
    await each(warm, beacon('start', video));
    await each(warm, beacon('impression', banner));
    await counted();
    await each(warm, beacon('firstQuartile', video));
    await each(warm, (id) => signedClickPath(secret, banner, id), 'GET');
    await counted();

    await row('bare route (GET /serve/health)', () =>
      browserLoad({ origin: demo.origin, path: '/serve/health', connections, seconds: duration }),
    );
    const before = await counted();
    const unique = await row('unique beacon (POST /serve/t/impression)', () =>
      beaconLoad(demo.origin, banner, duration),
    );
    const afterUnique = await counted();
    // As many quartiles and clicks as the unique beacons' rate fills the duration with, each of an
    // impression counted first (the quartile's also with its start).
    const ids = Array.from({ length: Math.ceil(unique.requests.average * duration) }, newImpressionId);
    await each(ids, beacon('impression', video));
    await each(ids, beacon('start', video));
    const prepared = await counted();
    await row('quartile ping (POST /serve/t/firstQuartile)', () => each(ids, beacon('firstQuartile', video)));
    const afterQuartiles = await counted();
    const clickIds = ids.map(() => newImpressionId());
    await each(clickIds, beacon('impression', banner));
    const beforeClicks = await counted();
    await row('click (GET /serve/click/{id}, 302)', () =>
      each(clickIds, (id) => signedClickPath(secret, banner, id), 'GET'),
    );
    const afterClicks = await counted();
    const bare = measured[0].micros.server;
    const pad = (value, width) => String(value).padStart(width);
    console.log(
      `\nOne server on PostgreSQL with the journal, ${connections} connections, ${cores} cores; CPU µs a request (server, PostgreSQL's backends of the bench's database, this load generator); x bare: the server's µs over the bare route's; others: the cores the machine's other processes took meanwhile.`,
    );
    console.log(
      `${'route'.padEnd(44)} ${pad('req/s', 7)} ${pad('non-2xx', 8)} ${pad('server', 7)} ${pad('x bare', 7)} ${pad('PG', 6)} ${pad('load', 6)} ${pad('others', 6)}`,
    );
    for (const { label, rate, result, micros, others } of measured) {
      const non2xx = label.startsWith('click') ? result.non2xx - result['3xx'] : result.non2xx;
      console.log(
        `${label.padEnd(44)} ${pad(rate.toFixed(0), 7)} ${pad(non2xx, 8)} ${pad(micros.server.toFixed(1), 7)} ${pad(`${(micros.server / bare).toFixed(2)}x`, 7)} ${pad(micros.postgres.toFixed(1), 6)} ${pad(micros.load.toFixed(1), 6)} ${pad(others.toFixed(2), 6)}`,
      );
    }
    const delta = (after, from, type) => (after[type] ?? 0) - (from[type] ?? 0);
    console.log(
      `counted: unique beacons ${delta(afterClicks, before, 'impression') - ids.length - clickIds.length} of ${unique.requests.total} (and up to ${connections} in flight when the row ended); quartile pings ${delta(afterQuartiles, prepared, 'firstQuartile')} of ${ids.length} (starts before them ${delta(prepared, afterUnique, 'start')}); clicks ${delta(afterClicks, beforeClicks, 'click')} of ${clickIds.length}`,
    );
  } finally {
    await client.end();
    await demo.stop();
    await postgres.drop();
  }
}

const ceilings = storeCeilings();
const nats = await startNats();
const natsCluster = cluster ? await startNatsCluster() : undefined;
const configurations = [
  { database: 'pglite', mode: 'direct', label: 'PGlite, answered at the commit (default)' },
  { database: 'pglite', mode: 'journal', label: 'PGlite, journal' },
  { database: 'pglite', mode: 'log', label: 'PGlite, event log' },
  { database: 'postgres', mode: 'journal', label: 'PostgreSQL, journal (default)' },
  { database: 'postgres', mode: 'log', label: 'PostgreSQL, event log' },
]
  .filter((configuration) => only === undefined || configuration.database === only)
  .flatMap((configuration) =>
    cluster && configuration.mode === 'log'
      ? [configuration, { ...configuration, cluster: true, label: `${configuration.label}, 3 NATS, R3` }]
      : [configuration],
  );
const rows = [];
try {
  for (const configuration of configurations)
    rows.push([
      configuration,
      await measure({ ...configuration, nats: configuration.cluster ? natsCluster : nats }),
    ]);
} finally {
  nats.stop();
  await natsCluster?.stop();
}

const pad = (value, width) => String(value).padStart(width);
/** Beacons a second the parts' CPU allows on `cores` cores (each single-threaded part on one core). */
const limitOf = ({ server, postgres, nats: natsMicros, load }, available) =>
  Math.min(
    (available * 1_000_000) / (server + postgres + natsMicros + load),
    1_000_000 / server,
    1_000_000 / load,
    postgres > 0 ? 1_000_000 / postgres : Number.POSITIVE_INFINITY,
  );
console.log(
  `\nUnique beacons (POST /serve/t/impression, a new signed impression each), ${connections} connections, ${duration} s each, ${cores} cores; CPU in µs a beacon; "others" is the CPU (in cores) other processes took meanwhile.`,
);
console.log(
  `${'configuration'.padEnd(42)} ${pad('answered/s', 10)} ${pad('stored/s', 9)} ${pad('of ceiling', 10)} ${pad('server', 7)} ${pad('PG', 6)} ${pad('NATS', 6)} ${pad('load', 6)} ${pad('others', 6)} ${pad('limit/s', 8)} ${pad('left/s', 7)} ${pad('of left', 7)}`,
);
for (const [configuration, figures] of rows) {
  const ceiling = ceilings[configuration.database].eventsPerSecond;
  const { server, postgres, nats: natsMicros, load } = figures.micros;
  const limit = limitOf(figures.micros, cores);
  const left = limitOf(figures.micros, Math.max(0.1, cores - figures.others));
  console.log(
    `${configuration.label.padEnd(42)} ${pad(figures.answered.toFixed(0), 10)} ${pad(figures.stored.toFixed(0), 9)} ${pad(`${Math.round((figures.stored / ceiling) * 100)} %`, 10)} ${pad(server.toFixed(1), 7)} ${pad(postgres.toFixed(1), 6)} ${pad(natsMicros.toFixed(1), 6)} ${pad(load.toFixed(1), 6)} ${pad(figures.others.toFixed(2), 6)} ${pad(limit.toFixed(0), 8)} ${pad(left.toFixed(0), 7)} ${pad(`${Math.round((figures.answered / left) * 100)} %`, 7)}`,
  );
  if (figures.counted < figures.sent)
    console.log(`  ${figures.sent - figures.counted} answered beacons were not counted: a defect`);
  if (figures.servers.length > 0)
    console.log(
      `  NATS µs a beacon, each server: ${figures.servers.map(({ name, micros }) => `${name}${name === figures.leader ? ' (stream leader)' : ''} ${micros.toFixed(1)}`).join(', ')}`,
    );
}
if (cluster) {
  console.log(
    '\nThe event log on three NATS servers (replicas 3) against one (replicas 1), same run, µs a beacon:',
  );
  for (const [configuration, figures] of rows) {
    if (!configuration.cluster) continue;
    const one = rows.find(
      ([other]) => other.database === configuration.database && other.mode === 'log' && !other.cluster,
    )?.[1];
    if (!one) continue;
    const leader = figures.servers.find(({ name }) => name === figures.leader)?.micros ?? Number.NaN;
    const arrow = (part) => `${one.micros[part].toFixed(1)} → ${figures.micros[part].toFixed(1)}`;
    console.log(
      `  ${configuration.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}: API server ${arrow('server')}; PostgreSQL ${arrow('postgres')}; NATS ${arrow('nats')} (the three together; the stream's leader ${leader.toFixed(1)}); answered/s ${one.answered.toFixed(0)} → ${figures.answered.toFixed(0)}`,
    );
  }
}
for (const database of ['pglite', 'postgres']) {
  const ceiling = ceilings[database];
  if (!ceiling) continue;
  console.log(
    `store ceiling ${database === 'pglite' ? 'PGlite' : 'PostgreSQL'} (bench/events-ingest.ts, group commit alone): ${ceiling.eventsPerSecond.toFixed(0)} events/s, ${ceiling.processMicros.toFixed(1)} µs of its process${database === 'postgres' ? ` + ${ceiling.postgresMicros.toFixed(1)} µs of PostgreSQL's backends` : ''} an event`,
  );
}
console.log(
  '\nGoal: unique beacons stored at least 50 % of the store ceiling (PGlite and PostgreSQL with the journal, PostgreSQL with the log); where the machine cannot, the rate within 80 % of the limit its parts’ CPU sets.',
);
process.exit(0);

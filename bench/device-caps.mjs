// Device-id caps (docs/serving.md, "Device ids in apps and on TV"; docs/deploy.md section 9): VAST with
// frequency caps on the campaign and every creative (bench/serving-rules.mjs, every request passes
// them), on one API process over a new PostgreSQL database, in one run:
// - without `ifa=` (a browser: the caps judged from its cookie, none sent: no store write), the reference;
// - `ifa=` a new device every request (its row inserted, then its history appended: a flood of new ids);
// - `ifa=` one of 2,000 devices (each row read, locked and appended to: the devices of apps and TV).
// Each request as a browser sends it (a browser's user agent, a new residential address), from Comcast's
// American network: a device's state needs the request's consent, which an EU or UK address without a
// consent string lacks (docs/privacy.md), so there `ifa=` reaches no store (a third of serving-load.mjs's
// mixed addresses are American: `--mixed` sends those). Beside each
// rate, the CPU a request cost the API process and PostgreSQL's backends of the bench's database (from
// /proc/<pid>/stat), the database's commits and the server's WAL fsyncs a second, the device rows added.
//
//   pnpm build && node bench/device-caps.mjs [--duration 8] [--connections 32] [--mixed]
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchPostgres, startDemoServer } from './demo-server.mjs';
import { cpuMeter, cpuMs } from './process-cpu.mjs';
import { browserLoad } from './serving-load.mjs';
import { setRules, withPage } from './serving-rules.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const duration = Number(option('duration', 8));
const mixed = process.argv.includes('--mixed');
/** A new address of Comcast's 73.0.0.0/8 (in the country database, in no hosting range). */
const americanAddress = () =>
  `73.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
const connections = Number(option('connections', 32));
const { Client } = createRequire(path.join(root, 'apps/api/package.json'))('pg');

const load = (origin, makePath, seconds) =>
  browserLoad({
    origin,
    path: makePath,
    connections,
    seconds,
    headers: () => (mixed ? {} : { 'x-forwarded-for': americanAddress() }),
  });

const postgres = await scratchPostgres(root, 'devicecaps');
const demo = await startDemoServer(root, {
  DATABASE_URL: postgres.url,
  TRUST_PROXY: 'loopback',
});
const client = new Client({ connectionString: postgres.url });
await client.connect();
try {
  if (!(await setRules(demo))) throw new Error('This build has no delivery rules.');
  const video = demo.campaign.creatives.find((c) => c.type === 'VAST').liveCreatives[0].id;
  const vastOnPage = withPage(`/serve/vast/${video}.xml?cb=1`);
  const devices = Array.from({ length: 2000 }, () => randomUUID());
  let next = 0;
  const rows = [
    ['no ifa= (a browser, cookie caps)', vastOnPage],
    ['ifa=, a new device every request', () => `${vastOnPage()}&ifa=${randomUUID()}`],
    ['ifa=, one of 2,000 devices', () => `${vastOnPage()}&ifa=${devices[next++ % devices.length]}`],
  ];
  // Warm up every row (JIT, the pool's connections, the 2,000 devices' rows).
  for (const [, makePath] of rows) await load(demo.origin, makePath, 2);
  const stats = async () => {
    const [row] = (
      await client.query(
        `select (select xact_commit from pg_stat_database where datname = current_database())::int as commits,
                (select wal_sync from pg_stat_wal)::int as syncs,
                (select count(*) from frequency_devices)::int as devices`,
      )
    ).rows;
    return row;
  };
  console.log(
    `${duration} s a row, ${connections} connections; VAST with caps on the campaign and every creative, PostgreSQL; ${mixed ? 'German, American and British' : 'American'} addresses.\n`,
  );
  console.log(
    `${'row'.padEnd(34)} ${'req/s'.padStart(6)} ${'2xx %'.padStart(6)} ${'API µs'.padStart(7)} ${'PG µs'.padStart(6)} ${'commits/s'.padStart(9)} ${'fsyncs/s'.padStart(8)} ${'new rows/req'.padStart(12)}`,
  );
  for (const [label, makePath] of rows) {
    const backends = (
      await client.query(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((row) => row.pid);
    const before = await stats();
    const api = cpuMs(demo.pid);
    const pg = cpuMeter(backends);
    const result = await load(demo.origin, makePath, duration);
    const apiMs = cpuMs(demo.pid) - api;
    const pgMs = pg.stop();
    const after = await stats();
    const total = Math.max(1, result.requests.total);
    const per = (ms) => ((ms * 1000) / total).toFixed(1);
    console.log(
      `${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} ${((100 * result['2xx']) / total).toFixed(1).padStart(6)} ${per(apiMs).padStart(7)} ${per(pgMs).padStart(6)} ${((after.commits - before.commits) / duration).toFixed(0).padStart(9)} ${((after.syncs - before.syncs) / duration).toFixed(0).padStart(8)} ${((after.devices - before.devices) / total).toFixed(2).padStart(12)}`,
    );
  }
  console.log(
    "\nPG µs: PostgreSQL's backends of the bench database (a backend opened during a row is missed). commits/s: the bench database's, reads included; fsyncs/s: the server's WAL syncs (pg_stat_wal); new rows: frequency_devices rows added a request.",
  );
} finally {
  await client.end();
  await demo.stop();
  await postgres.drop();
}

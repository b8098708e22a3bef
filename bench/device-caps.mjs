// Device-id caps (docs/serving.md, "Device ids in apps and on TV"; docs/deploy.md section 9): VAST with
// frequency caps on the campaign and every creative (bench/serving-rules.mjs, every request passes
// them), on one API process over a new PostgreSQL database, in one run:
// - without `ifa=` (a browser: the caps judged from its cookie, none sent: no store write), the reference;
// - `ifa=` a new device every request (its row inserted, then its history appended: a flood of new ids);
// - `ifa=` one of 2,000 devices (each row read, locked and appended to: the devices of apps and TV);
// - then every creative's cap lowered to `--cap` an hour (1 unless said), which each of the 2,000 has
//   reached in the rows before: the same devices again, each row read and the request refused (an empty
//   VAST, no append), beside the served row above.
// Each request as a browser sends it (a browser's user agent, a new residential address), from Comcast's
// American network: a device's state needs the request's consent, which an EU or UK address without a
// consent string lacks (docs/privacy.md), so there `ifa=` reaches no store (a third of serving-load.mjs's
// mixed addresses are American: `--mixed` sends those). Beside each
// rate, the CPU a request cost the API process and PostgreSQL's backends of the bench's database (from
// /proc/<pid>/stat), the database's commits and the server's WAL fsyncs a second, the device rows added.
//
//   pnpm build && node bench/device-caps.mjs [--duration 8] [--connections 32] [--mixed] [--cap 1]
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchPostgres, startDemoServer } from './demo-server.mjs';
import { cpuMeter, cpuMs, machineCpuMeter } from './process-cpu.mjs';
import { browserHeaders, browserLoad } from './serving-load.mjs';
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
const cap = Number(option('cap', 1));
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
  // Warm up every row (JIT, the pool's connections, the 2,000 devices' rows); the capped row after its cap.
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
    `${'row'.padEnd(36)} ${'req/s'.padStart(6)} ${'2xx %'.padStart(6)} ${'served'.padStart(6)} ${'API µs'.padStart(7)} ${'PG µs'.padStart(6)} ${'commits/s'.padStart(9)} ${'fsyncs/s'.padStart(8)} ${'new rows/req'.padStart(12)} ${'others'.padStart(6)}`,
  );
  /** Every creative's hourly cap lowered to `cap` (their other rules as they are). */
  const lowerCaps = async () => {
    const headers = {
      Cookie: demo.cookie,
      'X-Requested-With': 'adconsole',
      'Content-Type': 'application/json',
    };
    const current = await (
      await fetch(`${demo.origin}/api/v1/campaign/deliveryRules?campaignID=${demo.campaignID}`, { headers })
    ).json();
    for (const each of current.data.creatives) {
      const answer = await fetch(`${demo.origin}/api/v1/campaign/creatives/deliveryRules`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          creativeID: each.creativeID,
          rules: { ...each.rules, frequencyCaps: [{ count: cap, period: 'hour' }] },
        }),
      });
      if (!answer.ok) throw new Error(`The lower cap was refused: ${await answer.text()}`);
    }
  };
  rows.push([
    `ifa=, one of 2,000, cap ${cap}/h reached`,
    () => `${vastOnPage()}&ifa=${devices[next++ % devices.length]}`,
    async () => {
      await lowerCaps();
      await load(demo.origin, rows[3][1], 2);
    },
  ]);
  for (const [label, makePath, prepare] of rows) {
    await prepare?.();
    const backends = (
      await client.query(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((row) => row.pid);
    const before = await stats();
    const api = cpuMs(demo.pid);
    const pg = cpuMeter(backends);
    const machine = machineCpuMeter();
    const result = await load(demo.origin, makePath, duration);
    const machineMs = machine.stop();
    const apiMs = cpuMs(demo.pid) - api;
    const pgMs = pg.stop();
    // The cores the rest of the machine took meanwhile (the load generator, this process, included).
    const others = Math.max(0, machineMs - apiMs - pgMs) / 1000 / duration;
    const after = await stats();
    // A refused VAST request is answered 200 with an empty VAST: the share served, from 40 more requests.
    let served = 0;
    for (let index = 0; index < 40; index += 1) {
      const answer = await fetch(`${demo.origin}${makePath()}`, {
        headers: { ...browserHeaders(), ...(mixed ? {} : { 'x-forwarded-for': americanAddress() }) },
      });
      if ((await answer.text()).includes('<Ad ')) served += 1;
    }
    const total = Math.max(1, result.requests.total);
    const per = (ms) => ((ms * 1000) / total).toFixed(1);
    console.log(
      `${label.padEnd(36)} ${result.requests.average.toFixed(0).padStart(6)} ${((100 * result['2xx']) / total).toFixed(1).padStart(6)} ${`${Math.round((100 * served) / 40)} %`.padStart(6)} ${per(apiMs).padStart(7)} ${per(pgMs).padStart(6)} ${((after.commits - before.commits) / duration).toFixed(0).padStart(9)} ${((after.syncs - before.syncs) / duration).toFixed(0).padStart(8)} ${((after.devices - before.devices) / total).toFixed(2).padStart(12)} ${others.toFixed(2).padStart(6)}`,
    );
  }
  console.log(
    "\nPG µs: PostgreSQL's backends of the bench database (a backend opened during a row is missed). commits/s: the bench database's, reads included; fsyncs/s: the server's WAL syncs (pg_stat_wal); new rows: frequency_devices rows added a request; served: of 40 requests sent after the row (a refused VAST request is answered 200, an empty VAST); others: the cores the rest of the machine took meanwhile, this load generator's included.",
  );
} finally {
  await client.end();
  await demo.stop();
  await postgres.drop();
}

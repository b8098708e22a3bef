// Conversion postbacks a second on one server process (docs/conversions.md), side by side in one run with the bare
// route (GET /serve/health, which does nothing) on the same server, as an advertiser's server or the
// conversion tag sends them: a browser's user agent and a new residential address for every request
// (bench/serving-load.mjs). Each postback carries a click id of its own (signed here with the server's
// secret, as the click redirect signs them: apps/api/src/services/serving/signing.ts) and an order id of
// its own, so every one is counted: a ledger row and two events (conversion, conversionValue) written in
// one transaction through the ledger's group commit. Afterwards the ledger and the event store are
// checked against the answers: every 200 counted once, in both.
//
// The conversion action is written into the scratch database directly (the bench needs no console), so
// the bench runs on PostgreSQL: a new database, dropped after.
//
//   pnpm build && node bench/conversions.mjs [--duration 10] [--connections 32]
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchPostgres, startDemoServer } from './demo-server.mjs';
import { browserHeaders, browserLoad, USER_AGENTS } from './serving-load.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const duration = Number(option('duration', 10));
const connections = Number(option('connections', 32));
const secret = randomBytes(32).toString('base64url');
const { Client } = createRequire(path.join(root, 'apps/api/package.json'))('pg');

/** A click id as the click redirect signs it: a fresh impression of the live creative, clicked now. */
function clickId(liveId, campaignId) {
  const impression = `${Math.floor(Date.now() / 1000).toString(36)}.${randomBytes(12).toString('base64url')}`;
  const body = [liveId, campaignId, impression, Date.now().toString(36), '']
    .map((field) => `${field.length}:${field}`)
    .join('|');
  const signature = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`adc2|cid|${body}`)
    .digest('base64url')
    .slice(0, 22);
  return `c1.${Buffer.from(body).toString('base64url')}.${signature}`;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** One autocannon run of `makePath` (a new path and new browser headers per request), with CPU µs/request. */
async function run(origin, pid, makePath, seconds = duration) {
  const before = cpuMs(pid);
  const result = await browserLoad({ origin, path: makePath, connections, seconds });
  result.cpuMicros = ((cpuMs(pid) - before) * 1000) / Math.max(1, result.requests.total);
  return result;
}

const postgres = await scratchPostgres(root, 'conversions');
const demo = await startDemoServer(root, {
  SERVER_SECRET: secret,
  DATABASE_URL: postgres.url,
  TRUST_PROXY: 'loopback',
});
const db = new Client({ connectionString: postgres.url });
try {
  await db.connect();
  const live = demo.campaign.creatives.flatMap((creative) => creative.liveCreatives.map((l) => l.id));
  const action = `bench${randomBytes(6).toString('hex')}`;
  await db.query(
    `insert into conversion_actions (id, campaign_id, name, type, counting, lookback_days, currency)
     values ($1, $2, 'Bench purchase', 'purchase', 'every', 30, 'USD')`,
    [action, demo.campaignID],
  );
  let orders = 0;
  const postbackPath = () => {
    orders += 1;
    const liveId = live[orders % live.length];
    const click = encodeURIComponent(clickId(liveId, demo.campaignID));
    return `/serve/conv/${action}?click=${click}&value=19.99&currency=USD&order=bench-${orders}`;
  };
  // The bench's click ids must verify: one postback, counted.
  const probe = await (await fetch(`${demo.origin}${postbackPath()}`, { headers: browserHeaders() })).json();
  if (!probe.counted) throw new Error(`The bench's postback did not count: ${JSON.stringify(probe)}`);

  // Warm up (JIT, caches), then the bare route first and last, averaged, around the postbacks.
  await run(demo.origin, demo.pid, () => '/serve/health', 2);
  await run(demo.origin, demo.pid, postbackPath, 2);
  const [{ n: ledgerBefore }] = (
    await db.query('select count(*)::int as n from conversions where action_id = $1', [action])
  ).rows;
  const bareFirst = await run(demo.origin, demo.pid, () => '/serve/health');
  const postbacks = await run(demo.origin, demo.pid, postbackPath);
  const bareLast = await run(demo.origin, demo.pid, () => '/serve/health');
  const ceiling = (bareFirst.requests.average + bareLast.requests.average) / 2;

  const counts = (
    await db.query(
      // The bench's action only: the demo campaign has conversions of its own.
      `select (select count(*)::int from conversions where action_id = $1 and reason is null) as counted,
              (select count(*)::int from conversions where action_id = $1 and reason is not null) as invalid,
              (select count(*)::int from conversions where action_id = $1) as ledger,
              (select count(*)::int from events e join conversions c on c.id = e.impression_id
                where c.action_id = $1 and e.type = 'conversion') as events,
              (select coalesce(sum(e.count), 0)::bigint from events e join conversions c on c.id = e.impression_id
                where c.action_id = $1 and e.type = 'conversionValue') as total_value`,
      [action],
    )
  ).rows[0];
  const answered = postbacks.requests.total - postbacks.non2xx;
  console.log(
    `\nOne server process on PostgreSQL; ${connections} connections, ${duration} s each; ${USER_AGENTS.length} browsers' user agents, a new residential address a request; each postback a new click id and order.`,
  );
  console.log(
    `${'route'.padEnd(46)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'of bare'.padStart(8)} ${'non-2xx'.padStart(8)} ${'CPU µs/req'.padStart(11)}`,
  );
  const bareCpu = (bareFirst.cpuMicros + bareLast.cpuMicros) / 2;
  console.log(
    `${'bare route (GET /serve/health)'.padEnd(46)} ${ceiling.toFixed(0).padStart(8)} ${''.padStart(40)} ${bareCpu.toFixed(1).padStart(11)}`,
  );
  console.log(
    `${'conversion postback (GET /serve/conv/{action})'.padEnd(46)} ${postbacks.requests.average.toFixed(0).padStart(8)} ${String(postbacks.latency.p50).padStart(7)} ${String(postbacks.latency.p99).padStart(7)} ${String(postbacks.latency.max).padStart(7)} ${`${Math.round((postbacks.requests.average / ceiling) * 100)} %`.padStart(8)} ${String(postbacks.non2xx).padStart(8)} ${postbacks.cpuMicros.toFixed(1).padStart(11)}`,
  );
  console.log(
    `ledger: ${counts.ledger - ledgerBefore} rows written during the run for ${answered} answers (2xx); counted in all ${counts.counted}, invalid ${counts.invalid}; events 'conversion' ${counts.events}, their value ${counts.total_value} cents (${counts.counted} × 1999 = ${counts.counted * 1999})`,
  );
  console.log(
    '\nGoal: conversion postbacks at least 50 % of the bare route; every answered postback counted once.',
  );
} finally {
  await db.end();
  await demo.stop();
  await postgres.drop();
}
process.exit(0);

// Requests per second and p99 latency of the ad-serving routes on one server process, side by side in
// one run with a route that does nothing on the same server (the ceiling of this stack): tracking
// beacons (each a distinct signed impression, so each one is a durable write through group commit),
// VAST documents, and the served-ad JSON. The server runs in its own process on the embedded PGlite
// (or DATABASE_URL's PostgreSQL), the load comes from this one (autocannon). Figures only.
// The load speaks as a browser (a desktop Chrome's user agent), so every request passes the edge's
// invalid-traffic classifier and its events are stored valid, as a real page's are.
//
// `--before <dir>` also measures another checkout's build (its apps/api/dist/main.js), first, in the
// same run: the figures before and after a change, each beside its own bare route.
//
//   pnpm build && node bench/serving.mjs [--duration 10] [--connections 50] [--before ../main]
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startDemoServer } from './demo-server.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const duration = arg('duration', 10);
const connections = arg('connections', 50);
const beforeIndex = process.argv.indexOf('--before');
const before = beforeIndex === -1 ? undefined : path.resolve(process.argv[beforeIndex + 1]);
const secret = randomBytes(32).toString('base64url');
const headers = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

/** Starts the server of a checkout, measures every route and stops it: the rows of its table. */
async function measure(checkout) {
  // Its own secret, to sign the beacons' impression ids below; PostgreSQL when DATABASE_URL names one.
  const demo = await startDemoServer(checkout, {
    SERVER_SECRET: secret,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
  });
  const { origin } = demo;
  // The demo campaign's live creatives (seeded at the first start).
  const creatives = demo.campaign.creatives;
  const banner = creatives.find((c) => c.type === 'Banner').liveCreatives[0].id;
  const video = creatives.find((c) => c.type === 'VAST').liveCreatives[0].id;

  /** A fresh signed impression id per request, as the ad server would have issued it. */
  const sign = (liveId, id) =>
    createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(`imp|${liveId}|${id}`)
      .digest('base64url')
      .slice(0, 22);
  const beaconPath = () => {
    const id = `${Math.floor(Date.now() / 1000).toString(36)}.${randomBytes(12).toString('base64url')}`;
    return `/serve/t/impression?l=${banner}&i=${encodeURIComponent(id)}&s=${sign(banner, id)}`;
  };

  const run = (title, options) =>
    new Promise((resolve, reject) => {
      autocannon({ url: origin, connections, duration, headers, ...options }, (error, result) =>
        error ? reject(error) : resolve({ title, result }),
      );
    });

  // Warm up every route (JIT, caches), then measure; the bare route is measured first and last and
  // averaged, so a machine that gets busier during the run shows in it too.
  for (const warm of [
    '/serve/health',
    beaconPath(),
    `/serve/vast/${video}.xml`,
    `/serve/ad/${banner}.json`,
  ]) {
    await new Promise((resolve) =>
      autocannon({ url: origin, connections, duration: 2, path: warm, headers }, resolve),
    );
  }
  const results = [];
  results.push(await run('bare route (GET /serve/health)', { path: '/serve/health' }));
  results.push(
    await run('tracking beacon (POST /serve/t/impression)', {
      method: 'POST',
      requests: [{ setupRequest: (request) => ({ ...request, path: beaconPath() }) }],
    }),
  );
  results.push(await run('VAST 4.2 (GET /serve/vast/{id}.xml)', { path: `/serve/vast/${video}.xml?cb=1` }));
  results.push(await run('served ad JSON (GET /serve/ad/{id}.json)', { path: `/serve/ad/${banner}.json` }));

  const last = await run('bare route, again', { path: '/serve/health' });
  const ceiling = (results[0].result.requests.average + last.result.requests.average) / 2;
  results[0].result.requests.average = ceiling;
  await demo.stop();
  return { results, ceiling };
}

const print = (title, { results, ceiling }) => {
  console.log(`\n${title}`);
  console.log(
    `${'route'.padEnd(44)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'of bare'.padStart(8)} ${'non-2xx'.padStart(8)}`,
  );
  for (const { title: route, result } of results) {
    const share = `${Math.round((result.requests.average / ceiling) * 100)} %`;
    console.log(
      `${route.padEnd(44)} ${result.requests.average.toFixed(0).padStart(9)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(8)} ${share.padStart(8)} ${String(result.non2xx).padStart(8)}`,
    );
  }
};

const measuredBefore = before === undefined ? undefined : await measure(before);
const after = await measure(root);
console.log(
  `\nOne server process on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${connections} connections, ${duration} s each.`,
);
if (measuredBefore) print(`Before (${before})`, measuredBefore);
print(measuredBefore ? `After (${root})` : 'This checkout', after);
console.log('\nGoal: tracking and VAST at least 50 % of the bare route.');

// The classification's own cost per request, in this process (bench/traffic-quality.ts).
console.log('\nInvalid-traffic classification, per request:');
spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'bench/traffic-quality.ts')], {
  stdio: 'inherit',
});
process.exit(0);

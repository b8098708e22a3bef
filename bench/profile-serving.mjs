// A CPU profile of the built server under one serving route's load, as bench/serving.mjs sends it
// (a browser's user agent, a new residential address a request): where each request's time goes.
// Prints the functions with the most self time, and writes the .cpuprofile for Chromium's DevTools.
//
// `--encoding identity` asks for uncompressed answers (what compression costs is the difference).
// `--rules` puts bench/serving.mjs's rules, caps and even delivery on the demo campaign and its
// creatives first, each request naming a publisher page (its "rules, caps and evenly" rows).
// Then the server's own functions by inclusive time: each one's microseconds per answered request,
// its callees included (the load's samples of the server's main thread over the requests answered).
//
//   pnpm build && node bench/profile-serving.mjs [--route beacon|repeat|vast|ad] [--duration 10] [--encoding identity] [--rules] [--database postgres] [--top 30]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { scratchPostgres, startDemoServer } from './demo-server.mjs';
import { browserHeaders, signedImpressionQuery } from './serving-load.mjs';
import { setEvenly, setRules, withPage } from './serving-rules.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const route = option('route', 'beacon');
const duration = Number(option('duration', 10));
const encoding = option('encoding', undefined);
const rules = process.argv.includes('--rules');
const secret = randomBytes(32).toString('base64url');
const profileDir = mkdtempSync(path.join(tmpdir(), 'adconsole-profile-'));

const postgres =
  option('database', 'pglite') === 'postgres' ? await scratchPostgres(root, 'profile') : undefined;
const demo = await startDemoServer(
  root,
  { SERVER_SECRET: secret, TRUST_PROXY: 'loopback', DATABASE_URL: postgres?.url ?? '' },
  { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] },
);
const creatives = demo.campaign.creatives;
const banner = creatives.find((c) => c.type === 'Banner' && c.layout !== 'in-banner-video').liveCreatives[0]
  .id;
const video = creatives.find((c) => c.type === 'VAST').liveCreatives[0].id;
const repeated = `/serve/t/impression?${signedImpressionQuery(secret, banner)}`;
const paths = {
  beacon: () => `/serve/t/impression?${signedImpressionQuery(secret, banner)}`,
  // The same impression again and again (counted once: the first, sent before the load).
  repeat: () => repeated,
  vast: () => `/serve/vast/${video}.xml?cb=1`,
  ad: () => `/serve/ad/${banner}.json`,
  health: () => '/serve/health',
};
if (rules && !((await setRules(demo)) && (await setEvenly(demo))))
  throw new Error('This build has no delivery rules or even delivery to profile.');
if (route === 'repeat')
  await fetch(`${demo.origin}${repeated}`, { method: 'POST', headers: browserHeaders() });
let answered = 0;
const beacon = route === 'beacon' || route === 'repeat';
const makePath = rules && !beacon ? withPage(paths[route]()) : paths[route];
await new Promise((resolve, reject) =>
  autocannon(
    {
      url: demo.origin,
      connections: 32,
      duration,
      requests: [
        {
          method: beacon ? 'POST' : 'GET',
          setupRequest: (request) => ({
            ...request,
            path: makePath(),
            headers: { ...browserHeaders(), ...(encoding ? { 'accept-encoding': encoding } : {}) },
          }),
        },
      ],
    },
    (error, result) => (error ? reject(error) : resolve(result)),
  ),
).then((result) => {
  answered = result.requests.total;
  console.log(
    `${route}${rules ? ' (rules, caps and evenly)' : ''}: ${result.requests.average.toFixed(0)} req/s`,
  );
});
const stopping = Date.now();
await demo.stop();
const stopMs = Date.now() - stopping;
await postgres?.drop();

const file = path.join(
  profileDir,
  readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile')),
);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
// Only the load's samples: the profile covers the whole process (its start and the demo's seed too),
// and the load is the last `duration` seconds before the stop.
const deltas = [];
{
  const loadFrom = profile.endTime - (duration * 1000 + stopMs) * 1000;
  const loadTo = profile.endTime - stopMs * 1000;
  let at = profile.startTime;
  for (const delta of profile.timeDeltas) {
    at += delta;
    deltas.push(at >= loadFrom && at <= loadTo ? delta : 0);
  }
}
const self = new Map();
profile.samples.forEach((id, index) => {
  const frame = byId.get(id).callFrame;
  const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (deltas[index] ?? 0));
});
const total = [...self.values()].reduce((sum, value) => sum + value, 0);
console.log(`profile: ${file}`);
for (const [key, micros] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
  console.log(`${((micros / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

// By place: PostgreSQL's WebAssembly (PGlite), the garbage collector, each bundled file, Node's own code.
const places = new Map();
profile.samples.forEach((id, index) => {
  const { functionName, url } = byId.get(id).callFrame;
  const place = url.startsWith('wasm')
    ? 'PGlite (WebAssembly)'
    : url === ''
      ? functionName.startsWith('(')
        ? functionName
        : 'native (V8, libuv, syscalls)'
      : url.startsWith('node:')
        ? 'Node (node:*)'
        : url.split('/').slice(-3).join('/');
  places.set(place, (places.get(place) ?? 0) + (deltas[index] ?? 0));
});
console.log('\nby place');
for (const [place, micros] of [...places.entries()].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
  console.log(`${((micros / total) * 100).toFixed(1).padStart(5)} %  ${place}`);
}

// Inclusive: each of the server's own functions with everything it called, in µs per answered request
// (a function on the stack twice counts once a sample).
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const inclusive = new Map();
profile.samples.forEach((id, index) => {
  const delta = deltas[index] ?? 0;
  if (delta === 0) return;
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at).callFrame;
    if (!frame.url.includes('apps/api/dist/')) continue;
    const key = `${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
  }
});
console.log(`\nthe server's functions, inclusive, µs per answered request (${answered} answered)`);
for (const [key, micros] of [...inclusive.entries()]
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(option('top', 30))))
  console.log(`${(micros / Math.max(1, answered)).toFixed(1).padStart(7)} µs  ${key}`);

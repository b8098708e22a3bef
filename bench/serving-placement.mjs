// Ad requests to a placement of five creatives against a single creative's, side by side in one run on
// one server process (docs/serving.md, "Placements": one tag, several creatives; goal: the placement at least 90 % of the
// single creative's rate). The load is bench/serving.mjs's (bench/serving-load.mjs: a browser's user
// agent and a new residential address for every request), with autocannon:
// - the served-ad JSON of one banner (GET /serve/ad/{live}.json) against a placement of five banners
//   in even rotation and in optimized rotation (Thompson sampling: five Beta draws a request, the
//   counts read with the cached placement, not per request);
// - one VAST creative's document (GET /serve/vast/{live}.xml) against a placement of five, even.
// Every route runs once in each of several rounds and its rounds are averaged, so a drift of the machine
// during the run falls on every route alike. The server runs on PGlite in its own process;
// the load comes from this process, on the same machine. Figures only.
//
//   pnpm build && node bench/serving-placement.mjs [--rounds 3] [--duration 5] [--connections 32]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from './demo-server.mjs';
import { browserHeaders, browserLoad, USER_AGENTS } from './serving-load.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const duration = Number(option('duration', 5));
const rounds = Number(option('rounds', 3));
const connections = Number(option('connections', 32));
const assets = path.join(root, 'apps/api/src/services/demo/demo-assets');
const CREATIVES = 5;

const run = (origin, requestPath, seconds = duration) =>
  browserLoad({ origin, path: requestPath, connections, seconds });

/** One API call as the demo account; throws with the API's message. */
async function api(demo, method, pathname, body) {
  const response = await fetch(`${demo.origin}/api${pathname}`, {
    method,
    headers: {
      Cookie: demo.cookie,
      'X-Requested-With': 'adconsole',
      ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${answer.message}`);
  return answer.data;
}

/** A published creative of the demo campaign with one file: its creative id and live creative id. */
async function published(demo, body, file) {
  const creative = await api(demo, 'POST', '/v1/campaign/creatives', {
    campaignID: demo.campaignID,
    platform: 'google-ad-manager',
    trackers: { click: [{ type: 'redirect', url: 'https://advertiser.example/landing' }] },
    ...body,
  });
  const form = new FormData();
  form.append('creativeID', creative.id);
  form.append('files[]', new Blob([readFileSync(path.join(assets, file))]), file);
  await api(demo, 'POST', '/v1/campaign/creatives/assets', form);
  const made = await api(demo, 'POST', '/v1/campaign/creatives/publish', { id: creative.id });
  return { id: creative.id, live: made.liveCreatives.at(-1).id };
}

const placement = (demo, name, mode, creatives) =>
  api(demo, 'POST', '/v1/campaign/placements', {
    campaignID: demo.campaignID,
    name,
    mode,
    items: creatives.map((creative) => ({ creativeId: creative.id })),
  });

const demo = await startDemoServer(root, { TRUST_PROXY: 'loopback' });
let rows;
try {
  const banners = [];
  const videos = [];
  for (let index = 1; index <= CREATIVES; index++) {
    banners.push(
      await published(
        demo,
        { name: `Bench banner ${index}`, type: 'Banner', width: 300, height: 250 },
        'banner.png',
      ),
    );
    videos.push(
      await published(
        demo,
        { name: `Bench pre-roll ${index}`, type: 'VAST', width: 640, height: 360 },
        'main.mp4',
      ),
    );
  }
  const even = await placement(demo, 'Bench banners, even', 'even', banners);
  const optimized = await placement(demo, 'Bench banners, optimized', 'optimized', banners);
  const evenVideo = await placement(demo, 'Bench pre-rolls, even', 'even', videos);
  const paths = {
    ad: `/serve/ad/${banners[0].live}.json`,
    adEven: `/serve/ad/p/${even.id}.json`,
    adOptimized: `/serve/ad/p/${optimized.id}.json`,
    vast: `/serve/vast/${videos[0].live}.xml?cb=1`,
    vastEven: `/serve/vast/p/${evenVideo.id}.xml?cb=1`,
  };
  // Every path answers as it should before it is measured.
  for (const requestPath of Object.values(paths)) {
    const response = await fetch(`${demo.origin}${requestPath}`, { headers: browserHeaders() });
    if (!response.ok) throw new Error(`${requestPath} answered ${response.status}`);
  }
  // Warm up every path (JIT, the live-creative and placement caches), then measure in rounds, each
  // round every route once in turn, so a drift of the machine during the run falls on all of them.
  for (const requestPath of Object.values(paths)) await run(demo.origin, requestPath, 2);
  const results = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++)
    for (const [name, requestPath] of Object.entries(paths))
      results[name].push(await run(demo.origin, requestPath));
  const average = (name) => ({
    rate: results[name].reduce((sum, result) => sum + result.requests.average, 0) / rounds,
    p50: Math.max(...results[name].map((result) => result.latency.p50)),
    p99: Math.max(...results[name].map((result) => result.latency.p99)),
    max: Math.max(...results[name].map((result) => result.latency.max)),
    non2xx: results[name].reduce((sum, result) => sum + result.non2xx, 0),
    rounds: results[name].map((result) => Math.round(result.requests.average)),
  });
  rows = [
    ['ad JSON, one banner', average('ad'), 'ad'],
    ['ad JSON, placement of 5, even', average('adEven'), 'ad'],
    ['ad JSON, placement of 5, optimized', average('adOptimized'), 'ad'],
    ['VAST, one creative', average('vast'), 'vast'],
    ['VAST, placement of 5, even', average('vastEven'), 'vast'],
  ];
} finally {
  await demo.stop();
}

/** Each kind's single creative: the reference of its placements. */
const single = Object.fromEntries(
  rows.filter(([route]) => route.includes('one ')).map(([, figures, base]) => [base, figures.rate]),
);
console.log(
  `\nOne server process on PGlite; ${connections} connections; ${rounds} rounds of ${duration} s a route, every route once a round; ${USER_AGENTS.length} browsers' user agents, a new residential address a request.`,
);
console.log(
  `${'route'.padEnd(36)} ${'req/s'.padStart(8)} ${'of single'.padStart(10)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'non-2xx'.padStart(8)}  rounds (req/s)`,
);
for (const [route, figures, base] of rows) {
  console.log(
    `${route.padEnd(36)} ${figures.rate.toFixed(0).padStart(8)} ${`${Math.round((figures.rate / single[base]) * 100)} %`.padStart(10)} ${String(figures.p50).padStart(7)} ${String(figures.p99).padStart(7)} ${String(figures.max).padStart(7)} ${String(figures.non2xx).padStart(8)}  ${figures.rounds.join(', ')}`,
  );
}
console.log(
  "\n'of single': the share of the single creative's average rate; latencies are the worst round's.\nGoal: a placement of five creatives at least 90 % of a single creative's rate.",
);
process.exit(0);

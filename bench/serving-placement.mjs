// Ad requests to a placement of five creatives against a single creative's, side by side in one run on
// one server process (issue 46: one tag, several creatives; goal: the placement at least 90 % of the
// single creative's rate). The load is bench/serving.mjs's (bench/serving-load.mjs: a browser's user
// agent and a new residential address for every request), with autocannon:
// - the served-ad JSON of one banner (GET /serve/ad/{live}.json) against a placement of five banners
//   in even rotation and in optimized rotation (Thompson sampling: five Beta draws a request, the
//   counts read with the cached placement, not per request);
// - one VAST creative's document (GET /serve/vast/{live}.xml) against a placement of five, even.
// Each single figure is measured before and after its placements and averaged, so a drift of the
// machine during the run shows in neither side alone. The server runs on PGlite in its own process;
// the load comes from this process, on the same machine. Figures only.
//
//   pnpm build && node bench/serving-placement.mjs [--duration 10] [--connections 32]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startDemoServer } from './demo-server.mjs';
import { browserHeaders, USER_AGENTS } from './serving-load.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const duration = Number(option('duration', 10));
const connections = Number(option('connections', 32));
const assets = path.join(root, 'apps/api/src/services/demo/demo-assets');
const CREATIVES = 5;

const run = (origin, requestPath, seconds = duration) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: requestPath,
              headers: { ...request.headers, ...browserHeaders() },
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

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
  // Warm up every path (JIT, the live-creative and placement caches), then measure, singles around.
  for (const requestPath of Object.values(paths)) await run(demo.origin, requestPath, 2);
  const adFirst = await run(demo.origin, paths.ad);
  const adEven = await run(demo.origin, paths.adEven);
  const adOptimized = await run(demo.origin, paths.adOptimized);
  const adLast = await run(demo.origin, paths.ad);
  const vastFirst = await run(demo.origin, paths.vast);
  const vastEven = await run(demo.origin, paths.vastEven);
  const vastLast = await run(demo.origin, paths.vast);
  const adSingle = (adFirst.requests.average + adLast.requests.average) / 2;
  const vastSingle = (vastFirst.requests.average + vastLast.requests.average) / 2;
  rows = [
    ['ad JSON, one banner (first run)', adFirst, adSingle],
    ['ad JSON, placement of 5, even', adEven, adSingle],
    ['ad JSON, placement of 5, optimized', adOptimized, adSingle],
    ['ad JSON, one banner (last run)', adLast, adSingle],
    ['VAST, one creative (first run)', vastFirst, vastSingle],
    ['VAST, placement of 5, even', vastEven, vastSingle],
    ['VAST, one creative (last run)', vastLast, vastSingle],
  ];
} finally {
  await demo.stop();
}

console.log(
  `\nOne server process on PGlite; ${connections} connections, ${duration} s each; ${USER_AGENTS.length} browsers' user agents, a new residential address a request.`,
);
console.log(
  `${'route'.padEnd(38)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'of single'.padStart(10)} ${'non-2xx'.padStart(8)}`,
);
for (const [route, result, single] of rows) {
  console.log(
    `${route.padEnd(38)} ${result.requests.average.toFixed(0).padStart(9)} ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${String(result.latency.max).padStart(7)} ${`${Math.round((result.requests.average / single) * 100)} %`.padStart(10)} ${String(result.non2xx).padStart(8)}`,
  );
}
console.log(
  "\n'of single': the share of the single creative's rate, the average of its first and last runs.\nGoal: a placement of five creatives at least 90 % of a single creative's rate.",
);
process.exit(0);

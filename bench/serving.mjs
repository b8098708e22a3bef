// Requests per second and latency of the ad-serving routes on one server process, side by side in one
// run with a route that does nothing on the same server (the ceiling of this stack), as a publisher's
// traffic arrives (bench/serving-load.mjs: a browser's user agent, a new residential address for every
// request, so the rate rule and the invalid-traffic checks run as in the field):
// - the tracking beacon (each a distinct signed impression, so each is a durable write through group
//   commit), the VAST document and the served-ad JSON, with autocannon;
// - a repeated beacon (one impression's, counted once) and clicks, each of an impression counted first;
// - end to end: whole video impressions a second (VAST, impression, start, three quartiles, complete,
//   1 % of them clicked, each from one browser; the server's CPU a whole impression) and whole banner
//   impressions (ad JSON, impression, viewable), checked
//   against the counts the API answers afterwards (each counted once, valid);
// - VAST and the ad JSON again with delivery rules on the campaign and on every creative (every rule of
//   each level, all of which the bench's requests pass: each request is judged by all of them and still
//   served; each request names a publisher page, so the site rule walks its lists), beside the same
//   routes without rules; then once more with the campaign delivered evenly as well (a goal so large
//   that the throttle lets nearly every request through, so the answer measured is still an ad), each
//   row with the share of its requests answered 2xx (served);
// - VAST at half its peak rate: p99 and the slowest answer (goal: none over 50 ms);
// - beside each rate, the server process's CPU time per answered request (from /proc): the load comes
//   from this process on the same cores, so a cheap route's rate is partly the generator's.
// The server runs in its own process on PGlite, or on a new PostgreSQL database with
// `--database postgres`; the load comes from this process, on the same machine. Figures only.
//
// `--before <dir>` also measures another checkout's build (its apps/api/dist/main.js) first, in the
// same run; `--rounds N` measures both N times, alternating, and ends with each route's median server
// CPU a request as a multiple of the bare route's, before and after.
//
//   pnpm build && node bench/serving.mjs [--duration 10] [--connections 32] [--database postgres] [--before ../main] [--rounds 3]
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { creativeCounts, scratchPostgres, settledCounts, startDemoServer } from './demo-server.mjs';
import { cpuMs } from './process-cpu.mjs';
import {
  browserHeaders,
  newImpressionId,
  playImpressions,
  signedClickPath,
  signedImpressionQuery,
  USER_AGENTS,
} from './serving-load.mjs';
import { checkSiteRule, setEvenly, setRules, withPage } from './serving-rules.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const duration = Number(option('duration', 10));
const connections = Number(option('connections', 32));
const database = option('database', 'pglite');
const before = option('before', undefined);
const rounds = Math.max(1, Number(option('rounds', 1)));
const secret = randomBytes(32).toString('base64url');

/**
 * One autocannon run, with the server's CPU time per answered request beside its rate: the load
 * generator shares the machine, so the rate of a cheap route is partly the generator's, while the CPU a
 * request costs the server is the server's own.
 */
async function run(origin, options) {
  const before = options.pid === undefined ? undefined : cpuMs(options.pid);
  const result = await load(origin, options);
  if (before !== undefined)
    result.cpuMicros = ((cpuMs(options.pid) - before) * 1000) / Math.max(1, result.requests.total);
  return result;
}

const load = (origin, { pid: _pid, ...options }) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections,
        duration,
        ...options,
        // Every request a browser's, from a new address: the headers are made per request.
        requests: [
          {
            ...(options.method ? { method: options.method } : {}),
            setupRequest: (request) => ({
              ...request,
              path: options.makePath ? options.makePath() : options.path,
              headers: { ...request.headers, ...browserHeaders() },
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

/** Starts a checkout's server, measures every figure, stops it. */
async function measure(checkout) {
  const postgres = database === 'postgres' ? await scratchPostgres(root, 'serving') : undefined;
  const demo = await startDemoServer(checkout, {
    SERVER_SECRET: secret,
    DATABASE_URL: postgres?.url ?? '',
    // The bench's X-Forwarded-For is the client address, as a load balancer's would be.
    TRUST_PROXY: 'loopback',
  });
  try {
    const { origin } = demo;
    const creatives = demo.campaign.creatives;
    const bannerCreative =
      creatives.find((c) => c.type === 'Banner' && c.layout !== 'in-banner-video') ??
      creatives.find((c) => c.type === 'Banner');
    const videoCreative = creatives.find((c) => c.type === 'VAST');
    const banner = bannerCreative.liveCreatives[0].id;
    const video = videoCreative.liveCreatives[0].id;
    const vastPath = `/serve/vast/${video}.xml?cb=1`;
    const adPath = `/serve/ad/${banner}.json`;
    // The bench's own signing must match the server's (this build's form, or an older build's): one
    // beacon, counted once.
    let form;
    for (const candidate of ['adc2', 'legacy']) {
      const first = await creativeCounts(demo, bannerCreative.id);
      await fetch(`${origin}/serve/t/impression?${signedImpressionQuery(secret, banner, candidate)}`, {
        method: 'POST',
        headers: browserHeaders(),
      });
      if ((await settledCounts(demo, bannerCreative.id)).impressions - first.impressions === 1) {
        form = candidate;
        break;
      }
    }
    if (!form) throw new Error("No beacon signed by the bench counted: its signed text is not the server's.");
    const beaconPath = () => `/serve/t/impression?${signedImpressionQuery(secret, banner, form)}`;

    // Warm up every route (JIT, caches), then measure; the bare route first and last, averaged.
    for (const path of ['/serve/health', vastPath, adPath])
      await run(origin, { pid: demo.pid, path, duration: 2 });
    await run(origin, { pid: demo.pid, method: 'POST', makePath: beaconPath, duration: 2 });
    await settledCounts(demo, bannerCreative.id);
    const rows = [];
    const bareFirst = await run(origin, { pid: demo.pid, path: '/serve/health' });
    // The beacons answered a second, and the events the store took a second until it had them all (with
    // the journal the store may finish after the answers).
    const storedBefore = await creativeCounts(demo, bannerCreative.id);
    const beaconsFrom = Date.now();
    const beacons = await run(origin, { pid: demo.pid, method: 'POST', makePath: beaconPath });
    const storedAfter = await settledCounts(demo, bannerCreative.id);
    const stored = {
      events: storedAfter.impressions - storedBefore.impressions,
      seconds: (Date.now() - beaconsFrom - 300) / 1000,
    };
    rows.push(['tracking beacon (POST /serve/t/impression)', beacons]);
    // The same impression's beacon again and again (a player's retry, a pixel fired twice): counted once.
    const repeatedPath = beaconPath();
    await fetch(`${origin}${repeatedPath}`, { method: 'POST', headers: browserHeaders() });
    rows.push([
      'repeated beacon (the same impression again)',
      await run(origin, { pid: demo.pid, method: 'POST', path: repeatedPath }),
    ]);
    // Clicks, each of a new impression whose beacon was counted first (a click waits for its impression),
    // as many as the beacons' rate fills the duration with.
    const clickIds = Array.from({ length: Math.ceil(beacons.requests.average * duration) }, newImpressionId);
    let sent = 0;
    await run(origin, {
      method: 'POST',
      amount: clickIds.length,
      makePath: () =>
        `/serve/t/impression?${signedImpressionQuery(secret, banner, form, clickIds[sent++ % clickIds.length])}`,
    });
    const clicksBefore = (await settledCounts(demo, bannerCreative.id)).clicks;
    let clicked = 0;
    rows.push([
      'click (GET /serve/click/{id}, 302)',
      await run(origin, {
        pid: demo.pid,
        amount: clickIds.length,
        makePath: () => signedClickPath(secret, banner, clickIds[clicked++ % clickIds.length], form),
      }),
    ]);
    const clicks = {
      sent: clickIds.length,
      counted: (await settledCounts(demo, bannerCreative.id)).clicks - clicksBefore,
    };
    const vast = await run(origin, { pid: demo.pid, path: vastPath });
    rows.push(['VAST 4.2 (GET /serve/vast/{id}.xml)', vast]);
    rows.push([
      'served ad JSON (GET /serve/ad/{id}.json)',
      await run(origin, { pid: demo.pid, path: adPath }),
    ]);
    // The same two routes with delivery rules on the campaign and on every creative (a build without
    // rules measures none), each request naming a publisher page for the site rule.
    if (await setRules(demo)) {
      const [vastOnPage, adOnPage] = [withPage(vastPath), withPage(adPath)];
      await checkSiteRule(origin, adPath, adOnPage);
      for (const makePath of [vastOnPage, adOnPage])
        await run(origin, { pid: demo.pid, makePath, duration: 2 });
      rows.push([
        'VAST 4.2, rules on every creative',
        await run(origin, { pid: demo.pid, makePath: vastOnPage }),
      ]);
      rows.push([
        'served ad JSON, rules on every creative',
        await run(origin, { pid: demo.pid, makePath: adOnPage }),
      ]);
      // And delivered evenly: each request also drawn by the throttle (a build without it measures none).
      const asItWas = { goal: demo.campaign.data?.goal };
      if (await setEvenly(demo)) {
        for (const makePath of [vastOnPage, adOnPage])
          await run(origin, { pid: demo.pid, makePath, duration: 2 });
        rows.push([
          'VAST 4.2, rules, caps and evenly',
          await run(origin, { pid: demo.pid, makePath: vastOnPage }),
        ]);
        rows.push([
          'ad JSON, rules, caps and evenly',
          await run(origin, { pid: demo.pid, makePath: adOnPage }),
        ]);
        await setEvenly(demo, asItWas);
      }
    }
    const bareLast = await run(origin, { pid: demo.pid, path: '/serve/health' });
    const ceiling = (bareFirst.requests.average + bareLast.requests.average) / 2;
    const bareCpu = (bareFirst.cpuMicros + bareLast.cpuMicros) / 2;

    // End to end: whole impressions, each counted once and valid.
    const videoBefore = await creativeCounts(demo, videoCreative.id);
    const videoCpuBefore = cpuMs(demo.pid);
    const videoFlow = await playImpressions({
      origin,
      adPath: vastPath,
      beacons: ['impression', 'start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'],
      connections,
      seconds: duration,
      clickShare: 0.01,
    });
    const videoAfter = await settledCounts(demo, videoCreative.id);
    // The server's CPU for one whole video impression (its storing included: settled above).
    videoFlow.cpuMicros = ((cpuMs(demo.pid) - videoCpuBefore) * 1000) / Math.max(1, videoFlow.played);
    const bannerBefore = await creativeCounts(demo, bannerCreative.id);
    const bannerFlow = await playImpressions({
      origin,
      adPath,
      beacons: ['impression', 'viewable'],
      connections,
      seconds: duration,
    });
    const bannerAfter = await settledCounts(demo, bannerCreative.id);

    // VAST at half its peak rate: how slow is the slowest answer.
    const half = await run(origin, {
      pid: demo.pid,
      path: vastPath,
      overallRate: Math.max(1, Math.floor(vast.requests.average / 2)),
    });
    return {
      ceiling,
      bareCpu,
      rows,
      clicks,
      stored,
      half,
      videoFlow: {
        ...videoFlow,
        counted: videoAfter.impressions - videoBefore.impressions,
        completes: videoAfter.completes - videoBefore.completes,
        clicks: videoAfter.clicks - videoBefore.clicks,
      },
      bannerFlow: { ...bannerFlow, counted: bannerAfter.impressions - bannerBefore.impressions },
    };
  } finally {
    await demo.stop();
    await postgres?.drop();
  }
}

const share = (value, ceiling) => `${Math.round((value / ceiling) * 100)} %`;
/** The share of a run's answers that were 2xx (or a click's 302): for an ad route, the requests served an ad. */
const served = (result) =>
  `${(((result['2xx'] + result['3xx']) / Math.max(1, result['2xx'] + result.non2xx)) * 100).toFixed(1)} %`;
function print(title, { ceiling, bareCpu, rows, clicks, stored, half, videoFlow, bannerFlow }) {
  console.log(`\n${title}`);
  console.log(
    `${'route'.padEnd(44)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'of bare'.padStart(8)} ${'served'.padStart(7)} ${'non-2xx'.padStart(8)} ${'CPU µs/req'.padStart(11)}`,
  );
  console.log(
    `${'bare route (GET /serve/health)'.padEnd(44)} ${ceiling.toFixed(0).padStart(9)} ${''.padStart(49)} ${bareCpu.toFixed(1).padStart(11)}`,
  );
  for (const [route, result] of rows) {
    console.log(
      `${route.padEnd(44)} ${result.requests.average.toFixed(0).padStart(9)} ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${String(result.latency.max).padStart(7)} ${share(result.requests.average, ceiling).padStart(8)} ${served(result).padStart(7)} ${String(result.non2xx).padStart(8)} ${result.cpuMicros.toFixed(1).padStart(11)}`,
    );
  }
  console.log(
    `beacon events into the store: ${(stored.events / stored.seconds).toFixed(0)}/s (${stored.events} in ${stored.seconds.toFixed(1)} s, until the last was stored): ${((stored.events / stored.seconds / ceiling) * 100).toFixed(0)} % of bare`,
  );
  console.log(`clicks, each of a counted impression: ${clicks.counted} counted of ${clicks.sent} sent`);
  console.log(
    `VAST at half its peak (${half.requests.average.toFixed(0)} req/s): p50 ${half.latency.p50} ms, p99 ${half.latency.p99} ms, slowest ${half.latency.max} ms; non-2xx ${half.non2xx}`,
  );
  for (const [label, flow, extra] of [
    [
      'video impressions (VAST + impression, start, 3 quartiles, complete, 1 % clicked)',
      videoFlow,
      `, completes counted ${videoFlow.completes}, clicks ${videoFlow.clicked} (counted ${videoFlow.clicks}); server CPU ${videoFlow.cpuMicros.toFixed(0)} µs a whole impression (${(videoFlow.cpuMicros / bareCpu).toFixed(1)}x a bare request)`,
    ],
    ['banner impressions (ad JSON + impression, viewable)', bannerFlow, ''],
  ]) {
    console.log(
      `${label}: ${(flow.played / flow.seconds).toFixed(0)}/s (${(flow.requests / flow.seconds).toFixed(0)} req/s); played ${flow.played}, counted ${flow.counted}${extra}${Object.keys(flow.failures).length > 0 ? `; failed ${JSON.stringify(flow.failures)}` : ''}`,
    );
  }
}

// Rounds alternate the builds (before, after, before, after...): this machine's speed drifts by a
// third between minutes, so one build's figures are compared with the other's of the same round, and
// the summary takes each route's median over the rounds.
const measured = { before: [], after: [] };
for (let round = 0; round < rounds; round += 1) {
  if (before !== undefined) measured.before.push(await measure(path.resolve(before)));
  measured.after.push(await measure(root));
}
console.log(
  `\nOne server process on ${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}; ${connections} connections, ${duration} s each; ${USER_AGENTS.length} browsers' user agents, a new residential address a request.`,
);
for (let round = 0; round < rounds; round += 1) {
  const of = rounds > 1 ? `, round ${round + 1} of ${rounds}` : '';
  if (before !== undefined) print(`Before (${before}${of})`, measured.before[round]);
  print(before !== undefined ? `After (${root}${of})` : `This checkout${of}`, measured.after[round]);
}
if (before !== undefined) summary(measured);

/**
 * Each route's server CPU a request as a multiple of the bare route's in the same run (the figure the
 * serving goals are set against), the median over the rounds, before and after side by side.
 */
function summary({ before: befores, after: afters }) {
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const timesBare = (runs, route) =>
    median(
      runs.map((run) => {
        const row = run.rows.find(([label]) => label === route);
        return row === undefined ? Number.NaN : row[1].cpuMicros / run.bareCpu;
      }),
    );
  console.log(
    `\nServer CPU a request, x the bare route's in the same run (median of ${befores.length} round${befores.length > 1 ? 's' : ''})`,
  );
  console.log(
    `${'route'.padEnd(44)} ${'before'.padStart(8)} ${'after'.padStart(8)} ${'after/before'.padStart(13)}`,
  );
  for (const [route] of afters[0].rows) {
    const [was, is] = [timesBare(befores, route), timesBare(afters, route)];
    console.log(
      `${route.padEnd(44)} ${`${was.toFixed(2)}x`.padStart(8)} ${`${is.toFixed(2)}x`.padStart(8)} ${(is / was).toFixed(2).padStart(13)}`,
    );
  }
  console.log(
    `${'bare route itself, µs'.padEnd(44)} ${median(befores.map((run) => run.bareCpu))
      .toFixed(1)
      .padStart(8)} ${median(afters.map((run) => run.bareCpu))
      .toFixed(1)
      .padStart(8)}`,
  );
}
console.log(
  '\nGoals: VAST and ad JSON at least 50 % of the bare route (with rules, caps and evenly on every creative at least 40 %), the beacon at least 60 %; at half the peak no VAST answer over 50 ms; every played impression counted once.',
);

// The classification's own cost per request, in this process (bench/traffic-quality.ts).
console.log('\nInvalid-traffic classification, per request:');
spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'bench/traffic-quality.ts')], {
  stdio: 'inherit',
});
process.exit(0);

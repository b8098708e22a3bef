// Where a page load's CPU time goes, under Lighthouse's mobile throttling applied for real (the CPU
// slowed 4x, a 150 ms round trip, 1.6 Mbit/s, as bench/throttled-load.mjs): Chromium's sampling
// profiler runs from the navigation until a few seconds after the page's heading shows, and the self
// time of every sample is summed by output file and by function, each function named by the source
// file and line it came from (the build's source maps). The long tasks and the first paint are printed
// beside. `--page report|share|dashboard|sign-in` (report by default), `--runs 3` (the mean of that
// many cold loads), `--top 25` (how many functions). Run `pnpm build` first.
// `--tasks` lists instead each task of the main thread after the first paint that runs 50 ms or more
// (what Lighthouse counts as blocking), with the functions that spent its time: read from Chromium's
// trace, whose task and sample times share one clock; `--all-tasks` those before the paint too.
// `--inclusive` (with `--tasks`) sums each function's time with what it called: a render in one piece
// (React's renderRootSync) is then told from one in slices and from a commit.
// `--rate 8` slows the CPU 8x instead of 4x (a slower phone, or Lighthouse on a host half as fast).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startDemoServer } from './demo-server.mjs';
import { PAGES, throttledTab } from './throttled-page.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const assets = path.join(root, 'apps', 'console', 'dist', 'assets');
// Vite's own dependency, which reads source maps.
const { TraceMap, originalPositionFor } = createRequire(createRequire(import.meta.url).resolve('vite'))(
  '@jridgewell/trace-mapping',
);

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const page = PAGES[option('page', 'report')];
if (!page) throw new Error(`--page takes ${Object.keys(PAGES).join(', ')}`);
const runs = Number(option('runs', '3'));
const top = Number(option('top', '25'));
const tasksMode = process.argv.includes('--tasks') || process.argv.includes('--all-tasks');
const allTasks = process.argv.includes('--all-tasks');
const inclusive = process.argv.includes('--inclusive');
const rate = Number(option('rate', '4'));

const maps = new Map();
/** 'src/file.ts:line' of a position in a built file, or the position itself without a map. */
function sourceOf(file, line, column) {
  if (!maps.has(file)) {
    try {
      maps.set(file, new TraceMap(readFileSync(path.join(assets, `${file}.map`), 'utf8')));
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  const found = map && originalPositionFor(map, { line: line + 1, column });
  if (!found?.source) return `${file}:${line}:${column}`;
  const source = found.source
    .replace(/^(\.\.\/)+/, '')
    .replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '');
  return `${source}:${found.line}`;
}

/** A profile's call frame as its file (a native frame by its own name) and as 'function  source:line'. */
function frameNames({ url, functionName, lineNumber, columnNumber }) {
  if (!url) return { file: `(${functionName || 'native'})`, name: `(${functionName || 'native'})` };
  const file = url.split('/').pop();
  const where = url.includes('/assets/') ? sourceOf(file, lineNumber, columnNumber) : file;
  return { file, name: `${functionName || '(anonymous)'}  ${where}` };
}

/** The profiler's idle time, which is no one's work. */
const IDLE = /^\(+idle\)/;

/** Loads the page and waits until its heading shows and 5 s more (the charts, the late requests). */
async function loadAndSettle(tab, demo) {
  await tab.goto(demo.pages[page.key], { waitUntil: 'load' });
  await tab.getByRole(page.ready.role, { name: page.ready.name }).first().waitFor({ timeout: 60_000 });
  await tab.waitForTimeout(5000);
}

/** One cold load with the profiler on: self time (ms) by file and by function, the long tasks, FCP. */
async function profiledLoad(browser, demo) {
  const { context, tab, cdp } = await throttledTab(browser, demo, page, rate, () => {
    window.__benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__benchLongTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await loadAndSettle(tab, demo);
  const { profile } = await cdp.send('Profiler.stop');
  const timing = await tab.evaluate(() => ({
    fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0),
    longTasks: window.__benchLongTasks,
  }));
  await context.close();

  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile = new Map();
  const byFunction = new Map();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const { file, name } = frameNames(nodes.get(id).callFrame);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  return { byFile, byFunction, ...timing };
}

/** Self time (ms) by function inside [start, end] of a trace's samples, the largest first. */
function selfTimeBetween(samples, start, end) {
  const byFunction = new Map();
  for (const sample of samples) {
    if (sample.at < start || sample.at > end) continue;
    byFunction.set(sample.name, (byFunction.get(sample.name) ?? 0) + sample.ms);
  }
  return [...byFunction].filter(([name]) => !IDLE.test(name)).sort((a, b) => b[1] - a[1]);
}

/**
 * Inclusive time (ms) by function inside [start, end]: each sample counted once for every function on
 * its stack (a chunk's node names its parent), so React's `renderRootSync` (one piece) is told from
 * `renderRootConcurrent` (slices) and from `commitRoot`.
 */
function inclusiveTimeBetween(samples, start, end, nodes) {
  const byFunction = new Map();
  for (const sample of samples) {
    if (sample.at < start || sample.at > end) continue;
    const names = new Set();
    for (let node = nodes.get(sample.id); node; node = nodes.get(node.parent))
      names.add(frameNames(node.callFrame ?? {}).name);
    for (const name of names) byFunction.set(name, (byFunction.get(name) ?? 0) + sample.ms);
  }
  return [...byFunction]
    .filter(([name]) => !IDLE.test(name) && name !== '(root)')
    .sort((a, b) => b[1] - a[1]);
}

/** One cold load traced: the main thread's tasks of 50 ms or more after the first paint, and their functions. */
async function tracedLoad(browser, demo) {
  const { context, tab } = await throttledTab(browser, demo, page, rate);
  await browser.startTracing(tab, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-v8.cpu_profiler',
      'loading',
      'blink.user_timing',
    ],
  });
  await loadAndSettle(tab, demo);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();

  // The page's main thread: the renderer thread that ran its scripts.
  const mains = events.filter(
    (event) => event.name === 'thread_name' && event.args.name === 'CrRendererMain',
  );
  const main = mains.find((thread) =>
    events.some(
      (event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'FunctionCall',
    ),
  );
  const onMain = (event) => event.pid === main.pid && event.tid === main.tid;
  const start = events.find((event) => event.name === 'navigationStart' && event.pid === main.pid)?.ts ?? 0;
  const fcp =
    events.find((event) => event.name === 'firstContentfulPaint' && event.pid === main.pid)?.ts ?? start;
  // The main thread's profile (a worker's has its own), its chunks' samples on the trace's clock.
  const profile = events.find((event) => onMain(event) && event.name === 'Profile');
  const nodes = new Map();
  const samples = [];
  let at = profile?.args.data.startTime ?? 0;
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== main.pid || event.id !== profile?.id) continue;
    const { cpuProfile = {}, timeDeltas = [] } = event.args.data;
    for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
    (cpuProfile.samples ?? []).forEach((id, index) => {
      const delta = timeDeltas[index] ?? 0;
      at += delta;
      samples.push({ at, ms: delta / 1000, name: frameNames(nodes.get(id)?.callFrame ?? {}).name, id });
    });
  }
  const tasks = events
    .filter((event) => onMain(event) && event.name === 'RunTask' && event.ph === 'X')
    .filter((task) => (allTasks || task.ts >= fcp) && task.dur >= 50_000)
    .sort((a, b) => a.ts - b.ts)
    .map((task) => ({
      start: Math.round((task.ts - start) / 1000),
      duration: Math.round(task.dur / 1000),
      functions: (inclusive ? inclusiveTimeBetween : selfTimeBetween)(
        samples,
        task.ts,
        task.ts + task.dur,
        nodes,
      ).slice(0, top),
    }));
  return { fcp: Math.round((fcp - start) / 1000), tasks };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
});
const demo = await startDemoServer(root);
const loads = [];
try {
  for (let run = 0; run < runs; run += 1)
    loads.push(await (tasksMode ? tracedLoad : profiledLoad)(browser, demo));
} finally {
  await browser.close();
  await demo.stop();
}

if (tasksMode) {
  console.log(
    `${option('page', 'report')}: the tasks of 50 ms or more ${allTasks ? 'from the navigation' : 'after the first paint'} (CPU ${rate}x slower)`,
  );
  for (const [index, load] of loads.entries()) {
    console.log(`\nload ${index + 1}, first paint at ${load.fcp} ms:`);
    for (const task of load.tasks) {
      console.log(`  at ${task.start} ms, ${task.duration} ms:`);
      for (const [name, ms] of task.functions) console.log(`    ${ms.toFixed(1).padStart(6)} ms  ${name}`);
    }
  }
  process.exit(0);
}

const mean = (key) => {
  const sums = new Map();
  for (const load of loads)
    for (const [name, ms] of load[key]) sums.set(name, (sums.get(name) ?? 0) + ms / loads.length);
  return [...sums].filter(([name]) => !IDLE.test(name)).sort((a, b) => b[1] - a[1]);
};
const row = ([name, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${name}`;
console.log(`${option('page', 'report')}: self time, the mean of ${runs} cold loads (CPU ${rate}x slower)\n`);
console.log('by file:');
for (const entry of mean('byFile').slice(0, 15)) console.log(row(entry));
console.log(`\nby function (the top ${top}):`);
for (const entry of mean('byFunction').slice(0, top)) console.log(row(entry));
console.log('\nfirst paint and long tasks ([start, duration] ms) of each load:');
for (const load of loads) console.log(`  FCP ${load.fcp}: ${JSON.stringify(load.longTasks)}`);

// Where a page load's CPU time goes, under Lighthouse's mobile throttling applied for real (the CPU
// slowed 4x, a 150 ms round trip, 1.6 Mbit/s, as bench/throttled-load.mjs): Chromium's sampling
// profiler runs from the navigation until a few seconds after the page's heading shows, and the self
// time of every sample is summed by output file and by function, each function named by the source
// file and line it came from (the build's source maps). The long tasks and the first paint are printed
// beside. `--page report|share|dashboard|sign-in` (report by default), `--runs 3` (the mean of that
// many cold loads), `--top 25` (how many functions). Run `pnpm build` first.
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

/** One cold load with the profiler on: self time (ms) by file and by function, the long tasks, FCP. */
async function profiledLoad(browser, demo) {
  const { context, tab, cdp } = await throttledTab(browser, demo, page, () => {
    window.__benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__benchLongTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await tab.goto(demo.pages[page.key], { waitUntil: 'load' });
  await tab.getByRole(page.ready.role, { name: page.ready.name }).first().waitFor({ timeout: 60_000 });
  await tab.waitForTimeout(5000);
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
    const { url, functionName, lineNumber, columnNumber } = nodes.get(id).callFrame;
    const file = url ? url.split('/').pop() : `(${functionName || 'native'})`;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const where = url.includes('/assets/') ? sourceOf(file, lineNumber, columnNumber) : file;
    const name = `${functionName || '(anonymous)'}  ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  });
  return { byFile, byFunction, ...timing };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
});
const demo = await startDemoServer(root);
const loads = [];
try {
  for (let run = 0; run < runs; run += 1) loads.push(await profiledLoad(browser, demo));
} finally {
  await browser.close();
  await demo.stop();
}

const mean = (key) => {
  const sums = new Map();
  for (const load of loads)
    for (const [name, ms] of load[key]) sums.set(name, (sums.get(name) ?? 0) + ms / loads.length);
  return [...sums].filter(([name]) => !/^\(+idle\)/.test(name)).sort((a, b) => b[1] - a[1]);
};
const row = ([name, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${name}`;
console.log(`${option('page', 'report')}: self time, the mean of ${runs} cold loads (CPU 4x slower)\n`);
console.log('by file:');
for (const entry of mean('byFile').slice(0, 15)) console.log(row(entry));
console.log(`\nby function (the top ${top}):`);
for (const entry of mean('byFunction').slice(0, top)) console.log(row(entry));
console.log('\nfirst paint and long tasks ([start, duration] ms) of each load:');
for (const load of loads) console.log(`  FCP ${load.fcp}: ${JSON.stringify(load.longTasks)}`);

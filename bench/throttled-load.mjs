// Page loads of the console in Chromium with the throttling applied for real (the CPU slowed 4x, a
// 150 ms round trip, 1.6 Mbit/s down: Lighthouse's mobile settings), measured in the page: first and
// largest contentful paint, and the blocking time of long tasks after the first paint (each task's time
// over 50 ms, as TBT counts it). Lighthouse simulates these from one observed load, and on a busy 2-core
// machine its LCP varies by a second between runs of the same build; loads throttled for real vary far
// less. `--before DIR` loads another built checkout's pages alternately with this one's (the reference
// of the same run, e.g. a `git worktree` of main), so the two are compared under the same conditions.
// `--runs 5` (the default) loads each page that many times per build and prints the medians, with the
// range in brackets; `--pages share,report,dashboard,sign-in` chooses the pages. Run `pnpm build` first.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startDemoServer } from './demo-server.mjs';
import { PAGES, throttledTab } from './throttled-page.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const runs = Number(option('runs') ?? '5');
const before = option('before');
const wanted = (option('pages') ?? 'share,report').split(',');
for (const page of wanted)
  if (!PAGES[page]) throw new Error(`--pages takes ${Object.keys(PAGES).join(', ')}`);

const builds = [{ name: 'this checkout', root }];
if (before) builds.push({ name: path.basename(path.resolve(before)), root: path.resolve(before) });

/** One cold load (a fresh context: no cache, no storage); the figures the page measured itself. */
async function load(browser, demo, page) {
  const spec = PAGES[page];
  const { context, tab } = await throttledTab(browser, demo, spec, 4, () => {
    window.__benchLongTasks = [];
    window.__benchLcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__benchLongTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__benchLcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await tab.goto(demo.pages[spec.key], { waitUntil: 'load' });
  await tab.getByRole(spec.ready.role, { name: spec.ready.name }).first().waitFor({ timeout: 60_000 });
  // What runs after the paint (the report's figures, the charts' code) settles within a few seconds.
  await tab.waitForTimeout(6000);
  const figures = await tab.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const tasks = window.__benchLongTasks;
    return {
      fcp,
      lcp: window.__benchLcp,
      blocking: tasks
        .filter(([start]) => start >= fcp)
        .reduce((sum, [, time]) => sum + Math.max(0, time - 50), 0),
      before: tasks.filter(([start]) => start < fcp).reduce((sum, [, time]) => sum + time, 0),
    };
  });
  await context.close();
  return figures;
}

const demos = [];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
});
try {
  for (const build of builds) demos.push(await startDemoServer(build.root));
  const results = new Map(); // "page|build" -> figures of each run
  for (let run = 0; run < runs; run += 1) {
    for (const page of wanted) {
      // Alternately, so a busy moment of the machine falls on both builds alike, and in turn first (a
      // page loaded first in a pair measured about 100 ms slower, whichever build it was).
      const order = run % 2 === 0 ? [...builds.keys()] : [...builds.keys()].reverse();
      for (const index of order) {
        const key = `${page}|${builds[index].name}`;
        results.set(key, [...(results.get(key) ?? []), await load(browser, demos[index], page)]);
      }
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const cell = (list, field) => {
    const values = list.map((figures) => figures[field]);
    return `${Math.round(median(values))} ms (${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))})`;
  };
  console.log(
    `${runs} cold loads per page and build, CPU 4x slower, 150 ms RTT, 1.6 Mbit/s; medians (range)\n`,
  );
  console.log('| page | build | FCP | LCP | blocking after FCP | long tasks before FCP |');
  console.log('|---|---|---|---|---|---|');
  for (const page of wanted) {
    for (const build of builds) {
      const list = results.get(`${page}|${build.name}`);
      console.log(
        `| ${page} | ${build.name} | ${cell(list, 'fcp')} | ${cell(list, 'lcp')} | ${cell(list, 'blocking')} | ${cell(list, 'before')} |`,
      );
    }
  }
} finally {
  await browser.close();
  for (const demo of demos) await demo.stop();
}

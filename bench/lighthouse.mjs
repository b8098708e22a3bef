// Lighthouse (pinned in the root devDependencies) against the product as `npm start` runs it: the built
// console and the API in one process on a scratch data directory with the seeded demo. Audits the
// sign-in page, the dashboard, the campaign list, the demo campaign's page, its report and a share page
// of it, desktop and mobile (Lighthouse's default simulated throttling), and prints one table: scores,
// FCP, LCP, TBT, CLS and the bytes transferred. Figures, not assertions: the goals are printed beside them.
// Run `pnpm build` first. CHROME_PATH (or CHROMIUM_PATH) names the browser; Debian's Chromium by default.
// `--pages sign-in,share` and `--forms mobile` narrow the run (a page is named by the start of its name,
// spaces or hyphens: `campaign-page`; `campaign` names the three campaign pages); `--save DIR` keeps each
// report's JSON; `--runs 3` audits each page that many times and prints the run with the median
// performance score (Lighthouse's own advice: one run of a page varies by several points). Below the
// table, each page's LCP element, so a page that failed to draw (an error instead of its heading) is seen
// at once. Last, the host's CPU as Lighthouse rates it (its benchmark index): the simulation slows the
// host's measured tasks down by a fixed factor (4 on mobile), so a slower host scores lower, on blocking
// time first. Figures from two machines compare only beside their indexes; two builds compare best in one
// run: `--baseline DIR` serves a saved copy of an earlier console build (`cp -r apps/console/dist
// /tmp/console-dist-before` before changing the code; with `dist-server` copied beside it, the share page
// is drawn by that build's server module too) from a second server of this checkout's API
// (`CONSOLE_DIR`), audits every page on both, the earlier build first in each run, and prints each page's
// score, blocking time and bytes beside the earlier build's. `--host-index 1300` plays a host of that
// benchmark index (the goals' host): each audit's CPU slowdown scaled by this host's index, measured
// just before it, over 1,300.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { startDemoServer } from './demo-server.mjs';

const { mobileSlow4G } = throttling;
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOALS =
  'goals: performance ≥ 95 desktop, ≥ 90 mobile; accessibility 100; best practices 100; CLS < 0.1; ' +
  'the share page on a phone: FCP ≤ 1.8 s, LCP ≤ 2.5 s';

const option = (name) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1]?.split(',');
};
const onlyPages = option('pages');
const forms = option('forms') ?? ['desktop', 'mobile'];
const saveDir = option('save')?.[0];
const runs = Number(option('runs')?.[0] ?? '1');
// `--slower-host 2` plays a host half as fast as this one: Lighthouse's CPU slowdown (4 on mobile, 1 on
// desktop) times 2. For reading how a score depends on the host, beside the default run.
const slowerHost = Number(option('slower-host')?.[0] ?? '1');
// `--host-index 1300` plays a host of that Lighthouse benchmark index: before each audit the bench
// measures this host's index in the browser (Lighthouse's own benchmark) and multiplies the form's CPU
// slowdown by measured / 1300, so a busy moment of the host (a lower index) is slowed less, not
// counted twice. The goals are stated for a phone on a host of index about 1,300.
const hostIndex = Number(option('host-index')?.[0] ?? '0');
if (hostIndex && slowerHost !== 1) throw new Error('--host-index and --slower-host: one or the other');
// `--baseline DIR`: a saved copy of an earlier build's `apps/console/dist` (or a folder holding `dist`).
const baselineOption = option('baseline')?.[0];

/** The saved console build `--baseline` names: the folder with its index.html. */
function baselineConsoleDir(dir) {
  const candidates = [path.resolve(dir), path.resolve(dir, 'dist')];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, 'index.html')));
  if (!found)
    throw new Error(`--baseline ${dir}: no index.html there nor in its dist/ (a copy of apps/console/dist)`);
  return found;
}
const baselineDir = baselineOption ? baselineConsoleDir(baselineOption) : undefined;

/** The form's own throttling with its CPU slowdown multiplied by `factor`. */
const slowerThrottling = (form, factor) => {
  const own = form === 'desktop' ? desktopConfig.settings.throttling : mobileSlow4G;
  return { ...own, cpuSlowdownMultiplier: own.cpuSlowdownMultiplier * factor };
};

/** This host's Lighthouse benchmark index now, measured as Lighthouse does, in a blank tab. */
async function measureBenchmarkIndex(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const index = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`);
    await page.close();
    return index;
  } finally {
    await browser.close().catch(() => undefined);
  }
}

const chromePath =
  process.env.CHROME_PATH ??
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((candidate) =>
    existsSync(candidate),
  );
if (!chromePath) throw new Error('No Chromium found: install it or set CHROME_PATH.');

/**
 * Signs the demo account in through the sign-in page, in the Chrome Lighthouse drives: its cookie and
 * its stored session stay for the signed-in pages.
 */
async function signInThroughTheBrowser(port, signInUrl, account) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(signInUrl);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    await page.close();
  } finally {
    // Leaves the browser running: Lighthouse drives it next.
    await browser.close().catch(() => undefined);
  }
}

/** Empties the browser's HTTP cache, and nothing else (the signed-in session stays). */
async function clearHttpCache(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close().catch(() => undefined);
  }
}

/** The pages, in the table's order; the anonymous ones first in the runs (see below). */
const pagesOf = (demo) => [
  { name: 'sign-in', url: demo.pages.signIn, order: 0 },
  { name: 'share page', url: demo.pages.share, order: 5 },
  { name: 'dashboard', url: demo.pages.dashboard, signedIn: true, order: 1 },
  { name: 'campaign list', url: `${demo.origin}/campaigns`, signedIn: true, order: 2 },
  { name: 'campaign page', url: `${demo.origin}/campaigns/${demo.campaignID}`, signedIn: true, order: 3 },
  { name: 'campaign report', url: demo.pages.report, signedIn: true, order: 4 },
];
const wanted = (name) =>
  !onlyPages ||
  onlyPages.some((prefix) => name.startsWith(prefix) || name.replace(/ /g, '-').startsWith(prefix));

/** A headless Chromium for Lighthouse to drive. */
const launchChrome = () =>
  chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

// The build measured, and with `--baseline` the earlier one, each on a server of its own (the same API,
// the console's files from CONSOLE_DIR) and in a browser of its own.
const builds = [];
const stop = async () => {
  await Promise.all(builds.map((build) => build.chrome?.kill()));
  await Promise.all(builds.map((build) => build.demo.stop()));
};

try {
  if (baselineDir) {
    builds.push({ label: 'before', demo: await startDemoServer(root, { CONSOLE_DIR: baselineDir }) });
  }
  builds.push({ label: 'this build', demo: await startDemoServer(root) });
  // The earlier build's share page is drawn by the server only with its server module beside it.
  const baselineDrawsShare = baselineDir && existsSync(path.join(baselineDir, '..', 'dist-server'));
  // The anonymous pages first: Lighthouse keeps a page's local storage, and a signed-in page leaves
  // the demo's stored session behind, which a later anonymous page would check against the server
  // (a 401 for a visitor whose cookie Lighthouse does not send). The table keeps the order above.
  const pages = pagesOf(builds[0].demo)
    .filter((page) => wanted(page.name))
    .sort((a, b) => Number(Boolean(a.signedIn)) - Number(Boolean(b.signedIn)));

  // A browser for each build: the two servers share a host name, and cookies do not tell ports apart,
  // so one browser signed in to both would send each the other's session.
  for (const build of builds) build.chrome = await launchChrome();

  const rows = [];
  const benchmarkIndexes = [];
  const factors = [];
  const skipped = [];
  for (const page of pages) {
    for (const build of builds) {
      if (page.signedIn && !build.signedIn) {
        await signInThroughTheBrowser(build.chrome.port, build.demo.pages.signIn, build.demo.account);
        build.signedIn = true;
      }
    }
    const measured = builds.filter((build) => {
      if (build.label !== 'before' || page.name !== 'share page' || baselineDrawsShare) return true;
      skipped.push(
        `${page.name} before: no dist-server beside ${baselineDir} (copy it to compare the drawn page)`,
      );
      return false;
    });
    for (const form of forms) {
      const flags = {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // A signed-in page: the browser signed in through the sign-in page (its cookie and the stored
        // session the console's guard reads), and Lighthouse keeps them; with a cookie alone and no
        // stored session the guard sends the page to the sign-in page, which is then what is measured.
        ...(page.signedIn ? { disableStorageReset: true } : {}),
        ...(slowerHost === 1 ? {} : { throttling: slowerThrottling(form, slowerHost) }),
      };
      const results = new Map(measured.map((build) => [build, []]));
      // Run by run, the earlier build first, so the two see the same moments of the host.
      for (let run = 0; run < runs; run += 1) {
        for (const build of measured) {
          // Every run from a cold cache, as Lighthouse's own storage reset would leave it.
          if (page.signedIn) await clearHttpCache(build.chrome.port);
          const url = pagesOf(build.demo).find((candidate) => candidate.name === page.name).url;
          const measuredIndex = hostIndex ? await measureBenchmarkIndex(build.chrome.port) : 0;
          if (hostIndex) factors.push(measuredIndex / hostIndex);
          const result = await lighthouse(
            url,
            {
              ...flags,
              ...(hostIndex ? { throttling: slowerThrottling(form, measuredIndex / hostIndex) } : {}),
              port: build.chrome.port,
            },
            form === 'desktop' ? desktopConfig : undefined,
          );
          results.get(build).push(result.lhr);
          benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
        }
      }
      for (const [build, lhrs] of results) rows.push(rowOf(page, form, build.label, lhrs));
    }
  }

  const current = rows.filter((row) => row.build === 'this build').sort((a, b) => a.order - b.order);
  console.log(
    '| page | form | performance | accessibility | best practices | FCP | LCP | TBT | CLS | transferred |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of current) {
    console.log(
      `| ${row.page} | ${row.form} | ${row.performance}${runs > 1 ? ` (${row.scores.join(', ')})` : ''} | ${row.accessibility} | ${row.bestPractices} | ${row.fcp} | ${row.lcp} | ${row.tbt} | ${row.cls} | ${row.transferred} |`,
    );
  }
  if (baselineDir) {
    console.log(`\nbeside the earlier build (${baselineDir}), before → this build:`);
    console.log('| page | form | performance | accessibility | LCP | TBT | transferred |');
    console.log('|---|---|---|---|---|---|---|');
    for (const row of current) {
      const before = rows.find(
        (other) => other.build === 'before' && other.page === row.page && other.form === row.form,
      );
      const beside = (key) => `${before ? before[key] : '–'} → ${row[key]}`;
      console.log(
        `| ${row.page} | ${row.form} | ${beside('performance')}${runs > 1 && before ? ` (${before.scores.join(', ')} → ${row.scores.join(', ')})` : ''} | ${beside('accessibility')} | ${beside('lcp')} | ${beside('tbt')} | ${beside('transferred')} |`,
      );
    }
    for (const line of skipped) console.log(`  (${line})`);
  }
  console.log(`\n${GOALS}`);
  console.log(`\nLCP element${runs > 1 ? ` and the ${runs} runs' performance scores` : ''}:`);
  for (const row of rows.sort((a, b) => a.order - b.order))
    console.log(
      `  ${row.page} (${row.form}${baselineDir ? `, ${row.build}` : ''}): ${row.lcpElement}${runs > 1 ? `; ${row.scores.join(', ')}` : ''}${row.landed === row.asked ? '' : ` (ended on ${row.landed}: not measured)`}`,
    );
  const failing = rows.filter((row) => row.failing.length > 0);
  if (failing.length > 0) {
    console.log('\nfailed accessibility / best-practice audits:');
    for (const row of failing)
      console.log(
        `  ${row.page} (${row.form}${baselineDir ? `, ${row.build}` : ''}): ${row.failing.join(', ')}`,
      );
  }
  benchmarkIndexes.sort((a, b) => a - b);
  const median = benchmarkIndexes[Math.floor(benchmarkIndexes.length / 2)];
  console.log(
    `\nhost CPU: Lighthouse benchmark index ${Math.round(median)} (median of ${benchmarkIndexes.length} runs, ` +
      `${Math.round(benchmarkIndexes[0])}-${Math.round(benchmarkIndexes.at(-1))}); ` +
      'Lighthouse warns that scores are unreliable below 1000.' +
      (slowerHost === 1 ? '' : ` CPU slowdown multiplied by ${slowerHost} (--slower-host).`),
  );
  if (hostIndex) {
    factors.sort((a, b) => a - b);
    console.log(
      `playing a host of index ${hostIndex} (--host-index): the CPU slowdown multiplied by this host's ` +
        `index just before each audit / ${hostIndex}, ${factors[0].toFixed(2)}-${factors.at(-1).toFixed(2)} ` +
        `(median ${factors[Math.floor(factors.length / 2)].toFixed(2)}).`,
    );
  }
} finally {
  await stop();
}

/** A page's row of the table from its runs: the run with the median performance score stands for it. */
function rowOf(page, form, build, results) {
  const sorted = [...results].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const lhr = sorted[Math.floor(sorted.length / 2)];
  const { categories, audits } = lhr;
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    const suffix = build === 'before' ? '-before' : '';
    writeFileSync(
      path.join(saveDir, `${page.name.replace(/ /g, '-')}-${form}${suffix}.json`),
      JSON.stringify(lhr),
    );
  }
  const lcpElement =
    audits['largest-contentful-paint-element']?.details?.items
      ?.flatMap((item) => (item.type === 'table' ? item.items : []))
      .find((row) => row.node)?.node ?? {};
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    build,
    order: page.order,
    page: page.name,
    form,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: `${(audits['first-contentful-paint'].numericValue / 1000).toFixed(1)} s`,
    lcp: `${(audits['largest-contentful-paint'].numericValue / 1000).toFixed(1)} s`,
    tbt: `${Math.round(audits['total-blocking-time'].numericValue)} ms`,
    cls: String(Number(audits['cumulative-layout-shift'].numericValue.toFixed(3))),
    transferred: `${Math.round(audits['total-byte-weight'].numericValue / 1024).toLocaleString('en-US')} KB`,
    // The page a signed-in page ended on: the sign-in page means the browser was not signed in.
    landed: new URL(lhr.finalDisplayedUrl).pathname,
    asked: new URL(lhr.requestedUrl).pathname,
    // In the order the runs were made.
    scores: results.map((result) => Math.round((result.categories.performance?.score ?? 0) * 100)),
    lcpElement: `${(lcpElement.nodeLabel ?? '').slice(0, 60)} (${(lcpElement.snippet ?? '').match(/^<\w+/)?.[0]?.slice(1) ?? '?'})`,
    failing: [...categories.accessibility.auditRefs, ...categories['best-practices'].auditRefs]
      .map((ref) => audits[ref.id])
      .filter(
        (audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
      )
      .map((audit) => audit.id),
  };
}

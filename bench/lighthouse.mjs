// Lighthouse (pinned in the root devDependencies) against the product as `npm start` runs it: the built
// console and the API in one process on a scratch data directory with the seeded demo. Audits the
// sign-in page, the dashboard, the demo campaign's report and a share page of it, desktop and mobile
// (Lighthouse's default simulated throttling), and prints one table: scores, FCP, LCP, TBT, CLS and the bytes
// transferred. Figures, not assertions: the goals are printed beside them.
// Run `pnpm build` first. CHROME_PATH (or CHROMIUM_PATH) names the browser; Debian's Chromium by default.
// `--pages sign-in,share` and `--forms mobile` narrow the run; `--save DIR` keeps each report's JSON;
// `--runs 3` audits each page that many times and prints the run with the median performance score
// (Lighthouse's own advice: one run of a page varies by several points). Below the table, each page's
// LCP element, so a page that failed to draw (an error instead of its heading) is seen at once. Last,
// the host's CPU as Lighthouse rates it (its benchmark index): the simulation slows the host's measured
// tasks down by a fixed factor (4 on mobile), so a slower host scores lower, on blocking time first.
// Figures from two machines compare only beside their indexes; two builds compare best in one run.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
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

/** The form's own throttling with its CPU slowdown multiplied by `--slower-host`. */
const slowerThrottling = (form) => {
  const own = form === 'desktop' ? desktopConfig.settings.throttling : mobileSlow4G;
  return { ...own, cpuSlowdownMultiplier: own.cpuSlowdownMultiplier * slowerHost };
};

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

const demo = await startDemoServer(root);
let chrome;
const stop = async () => {
  await chrome?.kill();
  await demo.stop();
};

try {
  const { cookie } = demo;
  // The anonymous pages first: Lighthouse keeps a page's local storage, and a signed-in page leaves
  // the demo's stored session behind, which a later anonymous page would check against the server
  // (a 401 for a visitor whose cookie Lighthouse does not send). The table keeps the issue's order.
  const pages = [
    { name: 'sign-in', url: demo.pages.signIn, order: 0 },
    { name: 'share page', url: demo.pages.share, order: 3 },
    { name: 'dashboard', url: demo.pages.dashboard, cookie, order: 1 },
    { name: 'campaign report', url: demo.pages.report, cookie, order: 2 },
  ].filter((page) => !onlyPages || onlyPages.some((wanted) => page.name.startsWith(wanted)));

  chrome = await chromeLauncher.launch({
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

  const rows = [];
  const benchmarkIndexes = [];
  let signedIn = false;
  for (const page of pages) {
    if (page.cookie && !signedIn) {
      await signInThroughTheBrowser(chrome.port, demo.pages.signIn, demo.account);
      signedIn = true;
    }
    for (const form of forms) {
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // A signed-in page: the browser signed in through the sign-in page (its cookie and the stored
        // session the console's guard reads), and Lighthouse keeps them; with a cookie alone and no
        // stored session the guard sends the page to the sign-in page, which is then what is measured.
        ...(page.cookie ? { disableStorageReset: true } : {}),
        ...(slowerHost === 1 ? {} : { throttling: slowerThrottling(form) }),
      };
      const results = [];
      for (let run = 0; run < runs; run += 1) {
        // Every run from a cold cache, as Lighthouse's own storage reset would leave it.
        if (page.cookie) await clearHttpCache(chrome.port);
        const result = await lighthouse(page.url, flags, form === 'desktop' ? desktopConfig : undefined);
        results.push(result.lhr);
        benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
      }
      // The run with the median performance score stands for the page.
      results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = results[Math.floor(results.length / 2)];
      const { categories, audits } = lhr;
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        writeFileSync(
          path.join(saveDir, `${page.name.replace(/ /g, '-')}-${form}.json`),
          JSON.stringify(lhr),
        );
      }
      const lcpElement =
        audits['largest-contentful-paint-element']?.details?.items
          ?.flatMap((item) => (item.type === 'table' ? item.items : []))
          .find((row) => row.node)?.node ?? {};
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      rows.push({
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
        scores: results.map((result) => Math.round((result.categories.performance?.score ?? 0) * 100)),
        lcpElement: `${(lcpElement.nodeLabel ?? '').slice(0, 60)} (${(lcpElement.snippet ?? '').match(/^<\w+/)?.[0]?.slice(1) ?? '?'})`,
        failing: [
          ...Object.values(categories.accessibility.auditRefs),
          ...categories['best-practices'].auditRefs,
        ]
          .map((ref) => audits[ref.id])
          .filter(
            (audit) =>
              audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
          )
          .map((audit) => audit.id),
      });
    }
  }

  console.log(
    '| page | form | performance | accessibility | best practices | FCP | LCP | TBT | CLS | transferred |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  rows.sort((a, b) => a.order - b.order);
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${row.form} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.fcp} | ${row.lcp} | ${row.tbt} | ${row.cls} | ${row.transferred} |`,
    );
  }
  console.log(`\n${GOALS}`);
  console.log(`\nLCP element${runs > 1 ? ` and the ${runs} runs' performance scores` : ''}:`);
  for (const row of rows)
    console.log(
      `  ${row.page} (${row.form}): ${row.lcpElement}${runs > 1 ? `; ${row.scores.join(', ')}` : ''}`,
    );
  const failing = rows.filter((row) => row.failing.length > 0);
  if (failing.length > 0) {
    console.log('\nfailed accessibility / best-practice audits:');
    for (const row of failing) console.log(`  ${row.page} (${row.form}): ${row.failing.join(', ')}`);
  }
  benchmarkIndexes.sort((a, b) => a - b);
  const median = benchmarkIndexes[Math.floor(benchmarkIndexes.length / 2)];
  console.log(
    `\nhost CPU: Lighthouse benchmark index ${Math.round(median)} (median of ${benchmarkIndexes.length} runs, ` +
      `${Math.round(benchmarkIndexes[0])}-${Math.round(benchmarkIndexes.at(-1))}); ` +
      'Lighthouse warns that scores are unreliable below 1000.' +
      (slowerHost === 1 ? '' : ` CPU slowdown multiplied by ${slowerHost} (--slower-host).`),
  );
} finally {
  await stop();
}

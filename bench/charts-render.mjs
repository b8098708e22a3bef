// Prints how long each reporting widget takes to render a year of figures (365 days × 20 creatives)
// in Chromium: React's commit plus layout, and until the next painted frame. Figures only.
// Builds bench/charts-render (a small Vite page on the charts' sources) into a temporary folder.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 9);
// As scripts/chromium.ts: Debian's Chromium unless CHROMIUM_PATH says otherwise.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--no-first-run',
];

const out = mkdtempSync(path.join(tmpdir(), 'charts-render-'));
await build({
  configFile: false,
  logLevel: 'error',
  root: path.join(here, 'charts-render'),
  plugins: [tailwindcss()],
  define: { 'process.env.NODE_ENV': '"production"' },
  build: { outDir: out, emptyOutDir: true },
});

const server = createServer((request, response) => {
  const file = path.join(out, request.url === '/' ? 'index.html' : (request.url ?? '').split('?')[0]);
  if (!file.startsWith(out) || !existsSync(file)) return response.writeHead(404).end();
  const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
  response.writeHead(200, { 'content-type': type }).end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const browser = await chromium.launch({ executablePath, args });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => Array.isArray(window.benchCases));
  // BENCH_CASES (a regular expression) narrows the run to the widgets it matches.
  const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : undefined;
  const cases = (await page.evaluate(() => window.benchCases)).filter((name) => !only || only.test(name));
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
  // Other work on the machine slows every figure: the load average says how busy it was.
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(
    `Chromium ${browser.version()}, ${runs} runs each (a warm-up run first, not counted); load average ${load} on ${availableParallelism()} cores`,
  );
  console.log(
    `${'widget'.padEnd(44)} ${'first paint'.padStart(11)} ${'commit+layout'.padStart(14)} ${'to paint'.padStart(10)}  max paint  drawn`,
  );
  for (const name of cases) {
    const results = [];
    for (let run = 0; run <= runs; run += 1)
      results.push(await page.evaluate((n) => window.benchRender(n), name));
    const counted = results.slice(1);
    const last = counted.at(-1);
    const drawn = [last.svg ? `${last.svg} svg` : '', last.rows ? `${last.rows} table rows` : '']
      .filter(Boolean)
      .join(', ');
    console.log(
      `${name.padEnd(44)} ${ms(results[0].painted).padStart(11)} ${ms(median(counted.map((r) => r.commit))).padStart(14)} ${ms(median(counted.map((r) => r.painted))).padStart(10)}  ${ms(Math.max(...counted.map((r) => r.painted)))}  ${drawn}`,
    );
  }
  if (errors.length > 0) console.log(`page errors: ${errors.join('; ')}`);
} finally {
  await browser.close();
  server.close();
  rmSync(out, { recursive: true, force: true });
}

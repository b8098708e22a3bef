// Starts the product as a user would (the built console + API in one process, `npm start`'s
// server) on a free port, a throwaway data directory and the embedded database: one product per
// Vitest worker, so the journey files run beside the other projects' files, each worker's files one
// after another against its own product (`e2e/support/product.ts` picks it by VITEST_POOL_ID). The
// demo is seeded once and the workers' products start from copies of that data directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildProduct, root } from '../scripts/lib.mjs';
import { DEMO_PASSWORD } from './support/constants';
import { PRODUCT_OUTPUT_FILE, type Product } from './support/product';
import { freePort, waitUntilServing } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One started product per worker, in the order of VITEST_POOL_ID (1, 2, ...). */
    products: Product[];
  }
}

interface Started extends Product {
  server: ChildProcess;
}

/**
 * Starts the product on a throwaway data directory: a new one (the first start seeds the demo), or a copy
 * of `from`, a stopped product's, whose demo is already seeded (its output file comes along, so each
 * product's output holds the first start's steps, banner and mails, then its own start's lines).
 */
async function startProduct(from?: string): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adconsole-e2e-'));
  if (from !== undefined) cpSync(from, dataDir, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let log = '';
  // The journeys may move this product's clock (e2e/support/clock-offset.mjs): the offset lives in a file.
  const clockFile = path.join(dataDir, 'clock-offset');
  const server = spawn(
    process.execPath,
    ['--enable-source-maps', '--import', './e2e/support/clock-offset.mjs', 'apps/api/dist/main.js'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        // Two buckets, so the file manager journey can choose one; 'files' stays the default.
        FILE_MANAGER_BUCKETS: 'files,archive',
        // Creative QA (Chromium per creative) is measured in its API suite; the journeys publish unmeasured.
        CREATIVE_QA_CHROMIUM: 'off',
        DEMO_PASSWORD,
        // The journeys' stand-in platform click trackers live on loopback (the publisher's own server):
        // honoured as a deployment's own click-tracker host, as CLICK_PREFIX_HOSTS allows.
        CLICK_PREFIX_HOSTS: '127.0.0.1',
        // A proxy on loopback passes the visitor's address on (X-Forwarded-For): the delivery rules
        // journey speaks for visitors of two countries.
        TRUST_PROXY: '127.0.0.1',
        E2E_CLOCK_OFFSET_FILE: clockFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Its output is kept in DATA_DIR too, for the journey that reads what a start prints (start-output.test.ts).
  const outputFile = path.join(dataDir, PRODUCT_OUTPUT_FILE);
  const keep = (chunk: Buffer) => {
    log += chunk;
    appendFileSync(outputFile, chunk);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  try {
    await waitUntilServing(`${baseURL}/api/ping`, server, () => log);
  } catch (error) {
    // A product that never answered is stopped here: the run's teardown knows only the started ones.
    await stopProduct({ baseURL, dataDir, server });
    throw error;
  }
  return { baseURL, dataDir, server };
}

/** Stops a product's process (SIGTERM: it writes what it holds and closes its database); its exit code. */
async function stopServer(server: ChildProcess): Promise<number | null> {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
  return server.exitCode;
}

/** Stops a product and removes its data directory. */
async function stopProduct({ server, dataDir }: Started): Promise<void> {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

export default async function setup(project: TestProject) {
  await buildProduct();
  // As many products as files can run at once (the pool hands out VITEST_POOL_ID 1..maxWorkers).
  const count = Math.max(1, project.vitest.config.maxWorkers ?? 1);
  // The demo is seeded once, by a first product that is then stopped, and each worker's product starts
  // from a copy of its data directory: seeding 90 days of events took about 31 s of CPU a product, three
  // of them at once about 47 s of the two cores' time before the first test (docs/testing.md, "How long
  // a run takes"); a start from a seeded copy takes a few seconds.
  const seeded = await startProduct();
  let started: PromiseSettledResult<Started>[];
  try {
    const exit = await stopServer(seeded.server);
    if (exit !== 0) throw new Error(`The product that seeded the demo exited with ${exit ?? 'a signal'}`);
    started = await Promise.allSettled(Array.from({ length: count }, () => startProduct(seeded.dataDir)));
  } finally {
    rmSync(seeded.dataDir, { recursive: true, force: true });
  }
  const products = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(products.map(stopProduct));
    throw failed.reason;
  }
  project.provide(
    'products',
    products.map(({ baseURL, dataDir }) => ({ baseURL, dataDir })),
  );
  return async () => {
    await Promise.all(products.map(stopProduct));
  };
}

// Starts the product as a user would (the built console + API in one process, `npm start`'s
// server) on a free port, a throwaway data directory and the embedded database, for every journey.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildProduct, root } from '../scripts/lib.mjs';
import { DEMO_PASSWORD } from './support/constants';
import { freePort, waitUntilServing } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  await buildProduct();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adconsole-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
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
      DEMO_PASSWORD,
      // The journeys' stand-in platform click trackers live on loopback (the publisher's own server):
      // honoured as a deployment's own click-tracker host, as CLICK_PREFIX_HOSTS allows.
      CLICK_PREFIX_HOSTS: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (log += chunk));
  server.stderr?.on('data', (chunk) => (log += chunk));
  await waitUntilServing(`${baseURL}/api/ping`, server, () => log);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

// The product as `npm start` runs it, for the benches that load its pages or its ads: the built console
// and the API of a checkout in one process, on a scratch data directory with the seeded demo (on
// PGlite unless `env` names a DATABASE_URL); then the demo account's session, its first campaign and a
// share link of it. `root` is the checkout (this one, or another built one to compare with).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DEMO_PASSWORD = 'bench-password';

/** A loopback port nothing listens on at the moment of asking (the benches' servers' ports). */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Servers still running, killed however the script ends. */
const running = new Set();
process.on('exit', () => {
  for (const server of running) server.kill('SIGTERM');
});

/**
 * Starts a built checkout's server with `env` added to its environment (and `nodeArgs` before its
 * script: `['--cpu-prof']` profiles it); answers its origin, the demo's session, first campaign and
 * pages, and `stop`.
 */
export async function startDemoServer(root, env = {}, { nodeArgs = [] } = {}) {
  if (
    !existsSync(path.join(root, 'apps/api/dist/main.js')) ||
    !existsSync(path.join(root, 'apps/console/dist'))
  ) {
    throw new Error(`Build the product first (pnpm build in ${root})`);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adconsole-bench-'));
  const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(server);
  let log = '';
  server.stdout.on('data', (chunk) => {
    log += chunk;
  });
  const stop = async () => {
    running.delete(server);
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (attempt > 480) throw new Error(`The server did not start within two minutes:\n${log}`);
      const up = await fetch(`${origin}/api/ping`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'adconsole' };
    const login = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        method: 'password',
        username: 'demo@adconsole.test',
        password: DEMO_PASSWORD,
        remember: true,
      }),
    });
    if (!login.ok) throw new Error(`The demo sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const signedIn = { ...headers, Cookie: cookie };
    const campaigns = await (await fetch(`${origin}/api/v1/campaign/mine`, { headers: signedIn })).json();
    const campaign = campaigns.data[0];
    const campaignID = campaign.id;
    const share = await (
      await fetch(`${origin}/api/v1/campaign/newToken`, {
        method: 'POST',
        headers: signedIn,
        body: JSON.stringify({ campaignID }),
      })
    ).json();
    return {
      origin,
      /** The server's process id (its CPU time is in /proc/<pid>/stat). */
      pid: server.pid,
      /** The demo account's session as a Cookie header. */
      cookie,
      /** The demo account's sign-in, for a browser that signs in itself. */
      account: { email: 'demo@adconsole.test', password: DEMO_PASSWORD },
      /** The demo campaign as the API lists it (its creatives and their live ids). */
      campaign,
      campaignID,
      pages: {
        signIn: `${origin}/signin`,
        dashboard: `${origin}/dashboard`,
        report: `${origin}/campaigns/${campaignID}/reporting`,
        share: `${origin}${new URL(share.data.url).pathname}`,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The counters the API answers for a creative of the demo server (its impressions, completes and clicks). */
export async function creativeCounts(demo, creativeId) {
  const response = await fetch(`${demo.origin}/api/v1/campaign/creative?id=${creativeId}`, {
    headers: { Cookie: demo.cookie, 'X-Requested-With': 'adconsole' },
  });
  const { data } = await response.json();
  return {
    impressions: data.data.impressions,
    completes: data.videoCompletes ?? 0,
    clicks: data.data.clicks,
  };
}

/**
 * The counters once they stop moving: with the event journal a beacon is answered before its event is
 * in the store, which writes the backlog afterwards (and must not do so during the next figure).
 */
export async function settledCounts(demo, creativeId) {
  let last = await creativeCounts(demo, creativeId);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = await creativeCounts(demo, creativeId);
    if (
      now.impressions === last.impressions &&
      now.completes === last.completes &&
      now.clicks === last.clicks
    )
      return now;
    last = now;
  }
}

/** A new PostgreSQL database for one bench's server (`adconsole_<name>_...`), and how to drop it after. */
export async function scratchPostgres(root, name) {
  const { Client } = createRequire(path.join(root, 'apps/api/package.json'))('pg');
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `adconsole_${name}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${database} with (force)`);
      await cleanup.end();
    },
  };
}

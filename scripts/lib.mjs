// Shared by `npm start`, `npm test` and `npm run dev`: they must work on a fresh machine that has
// only Node 20 and npm, so pnpm is taken from PATH when present and fetched with npx otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '12.21.0';

function pnpmOnPath() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  return probe.status === 0 && Number(probe.stdout.trim().split('.')[0]) >= 10;
}

/** The command that runs pnpm here: the installed one, or npx fetching the pinned version. */
export const pnpm = pnpmOnPath() ? ['pnpm'] : ['npx', '--yes', `pnpm@${PNPM_VERSION}`];

/**
 * Runs a command in the repo root with inherited output; rejects with its exit code. A SIGTERM or SIGINT
 * sent to this process while the command runs goes to the command first, and this process then ends by
 * the same signal: stopping `npm start` by its pid stops the server too, instead of leaving it on its port.
 */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    let stoppedBy;
    const forward = (signal) => {
      stoppedBy = signal;
      child.kill(signal);
    };
    const signals = ['SIGTERM', 'SIGINT'];
    for (const signal of signals) process.on(signal, forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const name of signals) process.off(name, forward);
      if (stoppedBy) process.kill(process.pid, stoppedBy);
      else if (code === 0) resolve();
      else
        reject(
          Object.assign(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`), { code }),
        );
    });
  });
}

export const runPnpm = (args, options) => run(pnpm[0], [...pnpm.slice(1), ...args], options);

/** Newest modification time of any file under the given paths (0 when none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stats = statSync(target);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(target)) {
        if (entry === 'node_modules' || entry === 'dist' || entry === '__screenshots__') continue;
        visit(path.join(target, entry));
      }
    } else newest = Math.max(newest, stats.mtimeMs);
  };
  for (const target of paths) visit(path.resolve(root, target));
  return newest;
}

/** Installs the workspace's dependencies when they are missing or older than the lockfile. */
export async function ensureInstalled() {
  const marker = path.join(root, 'node_modules/.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  const started = Date.now();
  process.stdout.write('Installing dependencies (the first run takes a minute or two)… ');
  await runQuietly(pnpm[0], [...pnpm.slice(1), 'install', '--frozen-lockfile'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  }).catch((error) => {
    process.stdout.write('failed\n');
    throw error;
  });
  process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/**
 * What the running product serves, with the sources each output is built from: the console's pages, the
 * API (and its report worker), and the ad runtime that every ad tag loads as /serve/init.js. A target's
 * inputs name the sources of every workspace package it bundles (scripts/lib.test.ts checks them against
 * the package.json files), or a change there would leave the running product stale.
 */
export const productTargets = [
  {
    name: '@adconsole/console',
    label: 'the console',
    // Its build ends with the share page's server module (vite.server.config.ts).
    output: 'apps/console/dist-server/shared-report.js',
    inputs: [
      'apps/console/src',
      'apps/console/index.html',
      'apps/console/vite.config.ts',
      'apps/console/vite.server.config.ts',
      'apps/console/build',
      'packages/domain/src',
      'packages/ui/src',
      'packages/forms/src',
      'packages/charts/src',
      'packages/ad-runtime/src',
    ],
  },
  {
    name: '@adconsole/api',
    label: 'the API',
    output: 'apps/api/dist/main.js',
    inputs: [
      'apps/api/src',
      'apps/api/tsup.config.ts',
      'packages/domain/src',
      'packages/charts/src',
      'packages/ui/src',
    ],
  },
  {
    name: '@adconsole/ad-runtime',
    label: 'the ad runtime (/serve/init.js)',
    output: 'packages/ad-runtime/dist/init.js',
    inputs: ['packages/ad-runtime/src', 'packages/ad-runtime/tsup.config.ts', 'packages/domain/src'],
  },
];

/**
 * Runs a command with its output held back: a newcomer's first start should show what they need, not
 * a build's chunk tables and warnings. On failure the held output is printed, then the error.
 */
function runQuietly(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      process.stderr.write(output);
      reject(
        Object.assign(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`), { code }),
      );
    });
  });
}

/**
 * Builds each product target whose output is missing or older than a source file (`only` narrows the
 * targets by package name), printing one line per build.
 */
export async function buildProduct({ only } = {}) {
  for (const target of productTargets) {
    if (only && !only.includes(target.name)) continue;
    const output = path.join(root, target.output);
    const stale = !existsSync(output) || statSync(output).mtimeMs < newestMtime(target.inputs);
    if (!stale) continue;
    const started = Date.now();
    process.stdout.write(`Building ${target.label}… `);
    // A caller such as Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    await runQuietly(pnpm[0], [...pnpm.slice(1), '--filter', target.name, 'run', 'build'], {
      env: { ...process.env, NODE_ENV: 'production' },
    }).catch((error) => {
      process.stdout.write('failed\n');
      throw error;
    });
    process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

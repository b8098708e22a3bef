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

/** Runs a command in the repo root with inherited output; rejects with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
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
  console.log('Installing dependencies (first run)…');
  await runPnpm(['install', '--frozen-lockfile'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
}

/** What `npm start` runs, with the sources each output is built from. */
export const productTargets = [
  {
    name: '@adconsole/console',
    output: 'apps/console/dist/index.html',
    inputs: [
      'apps/console/src',
      'apps/console/index.html',
      'apps/console/vite.config.ts',
      'packages/domain/src',
      'packages/ui/src',
      'packages/forms/src',
    ],
  },
  {
    name: '@adconsole/api',
    output: 'apps/api/dist/main.js',
    inputs: ['apps/api/src', 'apps/api/migrations', 'apps/api/tsup.config.ts', 'packages/domain/src'],
  },
];

/** Builds the console and the API when their output is missing or older than a source file. */
export async function buildProduct() {
  for (const target of productTargets) {
    const output = path.join(root, target.output);
    const stale = !existsSync(output) || statSync(output).mtimeMs < newestMtime(target.inputs);
    if (stale) {
      console.log(`Building ${target.name}…`);
      // A caller such as Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      await runPnpm(['--filter', target.name, 'run', 'build'], {
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }
  }
}

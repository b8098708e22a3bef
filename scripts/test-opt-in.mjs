// `npm run test:libreoffice` and `npm run test:clickhouse`: the suites that need something large, kept
// out of `npm test`. Installs what they need when it is missing (as root on Debian), builds what is
// stale, then runs the one Vitest project.
import { spawnSync } from 'node:child_process';
import { buildProduct, ensureInstalled, runPnpm } from './lib.mjs';

const suite = process.argv[2];
const suites = {
  libreoffice: { command: 'soffice', packages: ['libreoffice-calc-nogui'], project: 'libreoffice' },
};
const chosen = suites[suite];
if (!chosen) {
  console.error(`Unknown suite ${suite}: one of ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
if (!has(chosen.command)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `${chosen.command} is missing: apt-get install -y --no-install-recommends ${chosen.packages.join(' ')}`,
    );
    process.exit(1);
  }
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', ...chosen.packages],
    {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  );
  if (install.status !== 0) process.exit(install.status ?? 1);
}
try {
  await ensureInstalled();
  await buildProduct();
  await runPnpm(['exec', 'vitest', 'run', '--project', chosen.project], {
    env: { ...process.env, ADCONSOLE_OPT_IN: suite },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(typeof error?.code === 'number' ? error.code : 1);
}

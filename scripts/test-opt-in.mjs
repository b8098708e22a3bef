// `npm run test:libreoffice`, `npm run test:clickhouse`, `npm run test:fuzz`, `npm run test:fleet`,
// `npm run test:bus`, `npm run test:postgres`, `npm run test:pglite`, `npm run test:first-start` and
// `npm run test:share-shift`:
// the suites that need something large or long, kept out of `npm test`. Installs what they need when it
// is missing (LibreOffice and HAProxy from Debian as root; chdb from npm into tools/chdb, outside the
// workspace and its lockfile), builds what is stale, then runs the one Vitest project.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildProduct, ensureInstalled, newestMtime, root, run, runPnpm } from './lib.mjs';

const suite = process.argv[2];
const chdbDir = path.join(root, 'tools/chdb');
const suites = {
  libreoffice: { command: 'soffice', packages: ['libreoffice-calc-nogui'], project: 'libreoffice' },
  clickhouse: {
    project: 'clickhouse',
    // The serving suite also serves the built ad runtime (/serve/init.js).
    builds: [
      {
        name: '@adconsole/ad-runtime',
        output: 'packages/ad-runtime/dist/init.js',
        inputs: ['packages/ad-runtime/src'],
      },
    ],
    // The embedded ClickHouse (543 MB): installed here on first use, never by `pnpm install`.
    install: async () => {
      if (existsSync(path.join(chdbDir, 'node_modules/chdb/package.json'))) return;
      console.log('Installing chdb (embedded ClickHouse, about 550 MB) into tools/chdb…');
      await run(
        'npm',
        ['install', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
        { cwd: chdbDir },
      );
    },
  },
};
// The contract fuzzer's long run (docs/testing.md): many requests from a new seed each time, on both
// databases; FUZZ_REQUESTS and FUZZ_SEED choose others. It prints what it sent and the slowest answer.
suites.fuzz = {
  projects: ['api-pglite', 'api-postgres'],
  files: ['apps/api/src/routes/contract-fuzz.test.ts'],
  env: {
    FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? '20000',
    FUZZ_SEED: process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31)),
    FUZZ_REPORT: '1',
    // A run of this length holds the test longer than the suite's usual time-out.
    FUZZ_TIMEOUT_MS: '1800000',
  },
};
// The fleet (docs/deploy.md): three built API processes behind Debian's HAProxy on a fresh PostgreSQL
// database, under minutes of load; the built server is what it starts (buildProduct below).
suites.fleet = {
  command: 'haproxy',
  packages: ['haproxy'],
  project: 'fleet',
  postgres: true,
};
suites.fuzz.postgres = true;
// The serving, tracking and conversion suites with every server on the event log (NATS JetStream on
// 127.0.0.1:4222, from Debian if none), on both databases (docs/testing.md, "The event log").
suites.bus = {
  projects: ['bus-pglite', 'bus-postgres'],
  postgres: true,
  nats: true,
  builds: suites.clickhouse.builds,
};
// The ClickHouse suite runs the event log's tests too.
suites.clickhouse.nats = true;
// The fleet's second shape runs a NATS cluster of Debian's nats-server; its two shapes, each minutes of
// load on the machine's cores, run one after the other.
suites.fleet.nats = true;
suites.fleet.vitestArgs = ['--no-file-parallelism'];
// The first start from a fresh copy of the repository, as the README tells a newcomer (nothing installed,
// nothing built, then `npm start`): a whole build of its own, so out of `npm test` (docs/testing.md).
suites['first-start'] = { project: 'e2e', files: ['e2e/first-start.test.ts'] };
// Every API suite on the PostgreSQL server (as `npm test` runs them there, alone) and every API suite on
// PGlite, not only the ones `npm test` runs on both (BOTH_DATABASES_SUITES in vitest.config.ts;
// docs/testing.md, "Which suites run twice"). The serving suite serves the built ad runtime.
suites.postgres = { project: 'api-postgres', postgres: true, nats: true, builds: suites.clickhouse.builds };
suites.pglite = { project: 'api-pglite', nats: true, builds: suites.clickhouse.builds };
// The share page loaded cold 20 times on a throttled phone, its layout shift read each time (about two
// minutes of a throttled browser: docs/console.md, "No shift when the console takes over").
suites['share-shift'] = { project: 'e2e', files: ['e2e/share-no-shift.test.ts'] };
const chosen = suites[suite];
if (!chosen) {
  console.error(`Unknown suite ${suite}: one of ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
// Debian installs some commands into /usr/sbin, which is not on every user's PATH.
const has = (command) =>
  spawnSync('sh', ['-c', `command -v ${command} || test -x /usr/sbin/${command}`]).status === 0;
if (chosen.command && !has(chosen.command)) {
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
// The fleet's database and the fuzzer's second one: a PostgreSQL on 127.0.0.1:5432, from Debian if none.
if (chosen.postgres) {
  const postgres = spawnSync('bash', [path.join(root, 'scripts/ensure-postgres.sh')], { stdio: 'inherit' });
  if (postgres.status !== 0) process.exit(postgres.status ?? 1);
}
// The event log's NATS server with JetStream on 127.0.0.1:4222, from Debian if none.
if (chosen.nats) {
  const nats = spawnSync('bash', [path.join(root, 'scripts/ensure-nats.sh')], { stdio: 'inherit' });
  if (nats.status !== 0) process.exit(nats.status ?? 1);
}
try {
  await chosen.install?.();
  await ensureInstalled();
  await buildProduct();
  for (const target of chosen.builds ?? []) {
    if (newestMtime([target.output]) < newestMtime(target.inputs))
      await runPnpm(['--filter', target.name, 'run', 'build']);
  }
  const projects = (chosen.projects ?? [chosen.project]).flatMap((project) => ['--project', project]);
  await runPnpm(
    ['exec', 'vitest', 'run', ...projects, ...(chosen.vitestArgs ?? []), ...(chosen.files ?? [])],
    {
      env: { ...process.env, ADCONSOLE_OPT_IN: suite, ...chosen.env },
    },
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(typeof error?.code === 'number' ? error.code : 1);
}

import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { evaluateInFrame, movePointer, resetWindow, setWindowHeight } from './.storybook/frame-commands.ts';
import { chromiumLaunchArgs, chromiumPath } from './scripts/chromium.ts';
import LongFilesFirstSequencer from './scripts/test-sequencer.ts';
import { screenshotComparison } from './scripts/visual-review/review.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const ci = process.env.CI === 'true';
/** Opt-in suites (scripts/test-opt-in.mjs sets ADCONSOLE_OPT_IN): not part of `npm test`. */
const optIn = (process.env.ADCONSOLE_OPT_IN ?? '').split(',');

/**
 * The API suites `npm test` runs on PGlite as well as on the PostgreSQL server, which runs every API
 * suite. PGlite is PostgreSQL's own engine (parser, planner, executor) compiled to WebAssembly, so a
 * query answers the same on both; what differs is around the SQL: PGlite is one process's database, one
 * transaction at a time, started from a data directory (`npm start`'s default), and the server has
 * node-postgres's types and pool, several connections at once (group commit, locks, `SKIP LOCKED`,
 * advisory locks, `ON CONFLICT` under concurrent writers), and what a fleet shares through it. The
 * server runs every suite for a third less CPU than PGlite (341 against 474 CPU-seconds, each fresh
 * PGlite loading a 43 MB data directory); these run on both: the database layer and the migrations,
 * the event store's writes, the jobs, the limits and caps that count under concurrency, the reports'
 * figures and reach. Ten more (the grains, the gate's integrity, breakdowns, downloads, the request
 * counter, conversions, the drain, the contract fuzzer, the job queue, the demo's forecast) left this list
 * on 29 Nov 2026 to keep the run under its 20 minutes on a slow machine: `npm run test:pglite` runs every
 * API suite on PGlite (docs/testing.md, "Which suites run twice"); every journey runs the built product on
 * PGlite.
 */
const BOTH_DATABASES_SUITES = [
  'apps/api/src/db/*.test.ts',
  'apps/api/src/migrations/*.test.ts',
  'apps/api/src/security/{rate-limits,mail-limits,retention}.test.ts',
  'apps/api/src/services/jobs/*.test.ts',
  'apps/api/src/services/events/{store,journal,reach-store}.test.ts',
  'apps/api/src/services/reports/{figures,reach-report}.test.ts',
  'apps/api/src/services/serving/{frequency-caps-served,even-delivery,budgets}.test.ts',
  'apps/api/src/services/forecast/forecast.test.ts',
];

/**
 * The suites `npm test` (the serving ones) and `npm run test:bus` (all) run again with every test server on the event log (TEST_EVENTS_BUS, a
 * JetStream stream of its own each): serving and tracking, clicks, conversions, and the log's own tests
 * on both databases (docs/testing.md, "The event log").
 */
const BUS_SUITES = [
  'apps/api/src/services/serving/serving.test.ts',
  'apps/api/src/services/serving/vast-measurement.test.ts',
  'apps/api/src/services/serving/invalid-traffic.test.ts',
  'apps/api/src/services/serving/platform-clicks.test.ts',
  'apps/api/src/services/serving/conversions.test.ts',
  'apps/api/src/services/serving/conversion-values.test.ts',
  'apps/api/src/services/events/bus/*.test.ts',
];

/**
 * The API suite on the PostgreSQL server (every suite) and on the embedded PGlite (BOTH_DATABASES_SUITES,
 * or every suite under an opt-in run such as `npm run test:pglite`).
 */
const apiProject = (database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `api-${database}`,
    // An opt-in run (test:pglite, test:clickhouse, test:fuzz...) names its own files: every suite is
    // open to it on either database.
    include:
      database === 'pglite' && !optIn.some(Boolean) ? BOTH_DATABASES_SUITES : ['apps/api/src/**/*.test.ts'],
    // Suites that need something large run only through their own scripts (npm run test:<name>).
    exclude: [
      '**/*.libreoffice.test.ts',
      '**/*.clickhouse.test.ts',
      '**/*.fleet.test.ts',
      '**/node_modules/**',
    ],
    environment: 'node',
    env: { TEST_DATABASE: database },
    // A worker keeps its modules from one file to the next: each file re-importing the server (Fastify,
    // zod, the domain, the AWS SDK) cost more than its tests (import 189 s of 279 s on PostgreSQL), and
    // PGlite's WebAssembly is compiled once per worker. No API test mocks a module: what a test
    // observes inside the server, it observes through a diagnostics channel (docs/testing.md, rule 7).
    isolate: false,
    // s3rver (the S3 peer of the file-manager suite) makes ListObjectsV2 continuation tokens with
    // single DES, which Node's OpenSSL 3 offers only through its legacy provider: without it every
    // truncated listing is a 500. The server under test uses no legacy cipher.
    execArgv: ['--openssl-legacy-provider'],
    // Timeouts catch a hang, they do not measure speed: several times the slowest test on a loaded
    // 2-core machine (docs/testing.md, rule 6).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core CI machines that is one, and the
    // whole run went file by file (28 min). Most API and browser time is spent waiting (the database,
    // HTTP, Chromium), so more workers than cores keep both busy: on 2 cores, 2 workers took 758 s, 3
    // took 580 s and 4 took 604 s of the same clean clone (docs/testing.md, "How long a run takes").
    maxWorkers: availableParallelism() + 1,
    // Two groups, one after the other: the stories' browser tabs first, then every Node project. In one
    // group Vitest runs its browser pool (maxWorkers tabs) beside its Node pool (maxWorkers workers):
    // six heavy streams on two cores (docs/testing.md, "How long a run takes").
    // Within a group, the projects of the longest files (the consumer, the journeys) start first and the
    // short files fill the workers around them (scripts/test-sequencer.ts).
    sequence: { groupOrder: 1, sequencer: LongFilesFirstSequencer },
    // The visual review's reporter before the summary, whose line must end the output.
    reporters: ['default', './scripts/visual-review/reporter.ts', './scripts/summary-reporter.ts'],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text-summary', 'text'],
    },
    projects: [
      {
        extends: true,
        // Pure functions: the files share each worker's modules instead of importing the domain again
        // per file (import 33 s of a 29-s run before, docs/testing.md "How long a run takes").
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          include: [
            'apps/console/src/**/*.test.ts',
            'apps/console/*.test.ts',
            'apps/console/build/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        // The repository's own tools: the visual review (report and accept from fixture PNGs).
        test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        // The design system's pure functions (the data table's sort strategies), in Node.
        test: { name: 'ui', include: ['packages/ui/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        // The charts' pure functions and their server rendering (static SVG, as a PDF renderer gets it).
        // The files share each worker's modules (React and the charts imported once, not per file: import
        // 36 s of a 15-s run before).
        test: {
          name: 'charts',
          include: ['packages/charts/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Unit tests of the ad runtime's logic, and its built script driven in Chromium.
          name: 'ad-runtime',
          include: ['packages/ad-runtime/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      apiProject('pglite'),
      apiProject('postgres'),
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
        // The creative preview's stories frame a sandboxed page (an opaque origin, `Origin: null`) that
        // loads the ad runtime's source as a module from this server: a cross-origin request to it.
        server: { cors: true },
        test: {
          name: 'storybook',
          sequence: { groupOrder: 0 },
          setupFiles: ['./.storybook/vitest.setup.ts'],
          // The story files share each tab's page and modules instead of loading them again per file:
          // each file starts from the document a page just loaded has (the setup file's beforeAll), so
          // the files' order changes no screenshot (docs/testing.md, rule 10).
          isolate: false,
          // Browser mode's default is 15 s: a story of 4 s on a quiet machine timed out on a loaded CI.
          testTimeout: 45_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath(), args: chromiumLaunchArgs },
              contextOptions: { viewport: { width: 1280, height: 1000 } },
            }),
            instances: [{ browser: 'chromium' }],
            viewport: { width: 1200, height: 900 },
            commands: { evaluateInFrame, movePointer, resetWindow, setWindowHeight },
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                comparatorOptions: screenshotComparison,
              },
            },
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // The first start from a fresh copy builds the whole product again (minutes of both cores
          // beside the other suites): `npm run test:first-start` runs it (docs/testing.md).
          exclude: [
            '**/node_modules/**',
            ...(optIn.includes('first-start') ? [] : ['e2e/first-start.test.ts']),
            // The share page's twenty throttled loads (about two minutes): `npm run test:share-shift`.
            ...(optIn.includes('share-shift') ? [] : ['e2e/share-no-shift.test.ts']),
          ],
          environment: 'node',
          // One product per worker (e2e/support/product.ts): the journey files run beside the other
          // projects' files instead of one at a time after all of them.
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'consumer',
          include: ['consumer/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
      // The serving, tracking and conversion suites again with every test server on the event log: in
      // `npm test` on PostgreSQL (a fleet's log writes PostgreSQL: PGlite is one process's database);
      // `npm run test:bus` runs them on PGlite too, and the log's own suites on both (they set their own
      // EVENTS_BUS, so `npm test` runs them in api-pglite and, the consumer's SQL, event-log.test.ts in
      // api-postgres). docs/testing.md, "The event log".
      ...(optIn.includes('bus') ? (['pglite', 'postgres'] as const) : (['postgres'] as const)).map(
        (database) => {
          const project = apiProject(database);
          return {
            ...project,
            test: {
              ...project.test,
              name: `bus-${database}`,
              include: optIn.includes('bus')
                ? BUS_SUITES
                : BUS_SUITES.filter((suite) => !suite.includes('/bus/')),
              exclude: ['**/node_modules/**'],
              env: {
                TEST_DATABASE: database,
                TEST_EVENTS_BUS: process.env.TEST_EVENTS_BUS ?? 'nats://127.0.0.1:4222',
              },
            },
          };
        },
      ),
      ...(optIn.includes('libreoffice')
        ? [
            {
              extends: true as const,
              test: {
                name: 'libreoffice',
                include: ['apps/api/src/**/*.libreoffice.test.ts'],
                environment: 'node',
                testTimeout: 180_000,
                hookTimeout: 120_000,
                env: { TEST_DATABASE: 'pglite' },
              },
            },
          ]
        : []),
      ...(optIn.includes('clickhouse')
        ? [
            {
              extends: true as const,
              test: {
                // The event-store, serving, report, invalid-traffic and VAST-measurement suites again, with events in an embedded
                // ClickHouse (chdb), plus the ClickHouse-only tests (schema, TTL, parity with PostgreSQL).
                name: 'clickhouse',
                include: [
                  'apps/api/src/**/*.clickhouse.test.ts',
                  'apps/api/src/services/events/store.test.ts',
                  'apps/api/src/services/serving/serving.test.ts',
                  'apps/api/src/services/reports/figures.test.ts',
                  'apps/api/src/services/reports/dashboard.test.ts',
                  'apps/api/src/services/reports/downloads.test.ts',
                  'apps/api/src/services/reports/share.test.ts',
                  'apps/api/src/services/reports/schedules.test.ts',
                  'apps/api/src/services/serving/invalid-traffic.test.ts',
                  'apps/api/src/services/serving/vast-measurement.test.ts',
                  'apps/api/src/services/reports/breakdowns.test.ts',
                  'apps/api/src/services/reports/spend.test.ts',
                  'apps/api/src/services/reports/conversion-reports.test.ts',
                  'apps/api/src/services/serving/conversion-security-5.test.ts',
                  'apps/api/src/services/events/campaign-days.test.ts',
                  'apps/api/src/services/campaigns/ab-tests.test.ts',
                  'apps/api/src/services/serving/serving-placements.test.ts',
                  'apps/api/src/services/serving/delivery-rules-served.test.ts',
                  'apps/api/src/services/campaigns/delivery-rules.test.ts',
                  'apps/api/src/services/campaigns/placement-stats.test.ts',
                  'apps/api/src/services/events/alert-windows.test.ts',
                  'apps/api/src/services/events/pacing-days.test.ts',
                  'apps/api/src/services/alerts/alerts.test.ts',
                  // Reach: the store's merges and scopes, and the report over HTTP (docs/clickhouse.md, "Reach").
                  'apps/api/src/services/events/reach-store.test.ts',
                  'apps/api/src/services/reports/reach-report.test.ts',
                  // The event log's consumer writing ClickHouse: redelivery counted once by the seen-set.
                  'apps/api/src/services/events/bus/*.test.ts',
                ],
                environment: 'node',
                // One chdb engine per process: each test file in its own.
                pool: 'forks' as const,
                testTimeout: 60_000,
                hookTimeout: 120_000,
                env: { TEST_DATABASE: 'pglite', TEST_EVENTS: 'clickhouse' },
              },
            },
          ]
        : []),
      ...(optIn.includes('fleet')
        ? [
            {
              extends: true as const,
              test: {
                // Three built API processes behind HAProxy on a fresh PostgreSQL database (docs/deploy.md):
                // minutes of load, a kill -9 and a rolling restart, so one long file of its own.
                name: 'fleet',
                include: ['apps/api/src/**/*.fleet.test.ts'],
                environment: 'node',
                pool: 'forks' as const,
                testTimeout: 600_000,
                hookTimeout: 600_000,
                env: { TEST_DATABASE: 'postgres' },
              },
            },
          ]
        : []),
    ],
    // In CI a missing screenshot baseline fails instead of being written.
    update: ci ? false : undefined,
  },
});

// `npm test`: every test. First the set-up (scripts/setup: PostgreSQL, NATS, Chromium, xmllint and the
// PDF tools; as root it installs and starts what is missing, otherwise it names each missing part and its
// command and stops), then the install of the workspace. The lint step: lint + format (Biome) and the
// size rules (scripts/source-size.mjs: no source file over 550 lines, no function or component over
// 200). Then the type-check, unused exports (Knip, knip.jsonc) and the console's first-load budgets
// (bench/console-size.mjs: the sign-in page's and the dashboard's first load) beside the build of every
// package and app and the static Storybook build (the checks read only sources, never dist, and the two
// streams share the machine's cores), then one
// `vitest run` over all projects (domain, API on PGlite and PostgreSQL, every Storybook story in
// Chromium, the packed-tarball consumer test, the e2e journeys).
// Extra arguments go to vitest (e.g. `npm test -- --project storybook`).
import { ensureInstalled, run, runPnpm } from './lib.mjs';
import { ensureSetup } from './setup/index.mjs';

const vitestArgs = process.argv.slice(2);
try {
  await ensureSetup();
  await ensureInstalled();
  // First the two checks of a few seconds, so a format or size slip fails at once.
  await runPnpm(['exec', 'biome', 'check', '.']);
  await run(process.execPath, ['scripts/source-size.mjs']);
  // Then two streams, one per core: the type-check, Knip and the console's first-load budgets (a build
  // of the console into a temporary folder from the sources) beside the build of every package and app
  // and the static Storybook. None reads what the other writes (the type-check and Knip read sources,
  // never dist), so neither waits for the other; measured, no quicker than Knip and the budgets first
  // (113 s against 114 s before the tests: the type-check already keeps both cores busy beside the build;
  // docs/testing.md, "Where the CPU goes").
  const checks = async () => {
    await runPnpm(['run', 'typecheck']);
    await runPnpm(['exec', 'knip']);
    await run(process.execPath, ['bench/console-size.mjs']);
  };
  const built = async () => {
    await runPnpm(['run', 'build'], { env: { ...process.env, NODE_ENV: 'production' } });
    if (vitestArgs.length === 0) await runPnpm(['run', 'build-storybook', '--quiet']);
  };
  // Both run to their end, so neither leaves a child behind; the first failure is the one reported.
  const failed = (await Promise.allSettled([checks(), built()])).find(
    (result) => result.status === 'rejected',
  );
  if (failed) throw failed.reason;
  // Last, so its closing line (`N passed, N failed, N skipped`) ends the output.
  await runPnpm(['exec', 'vitest', 'run', ...vitestArgs]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(typeof error?.code === 'number' ? error.code : 1);
}

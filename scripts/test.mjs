// `npm test`: every test. First the set-up (scripts/setup: PostgreSQL, NATS, Chromium, xmllint and the
// PDF tools; as root it installs and starts what is missing, otherwise it names each missing part and its
// command and stops), then the install of the workspace. The lint step: lint + format (Biome), the size rules (scripts/source-size.mjs:
// no source file over 600 lines, no function or component over 200), unused exports (Knip,
// knip.jsonc) and the console's first-load budgets (bench/console-size.mjs: the sign-in page's and the
// dashboard's first load). Then the type-check beside the build of every package and app and the static Storybook
// build (the type-check reads only sources, never dist, and the two share the machine's cores), then one
// `vitest run` over all projects (domain, API on PGlite and PostgreSQL, every Storybook story in
// Chromium, the packed-tarball consumer test, the e2e journeys).
// Extra arguments go to vitest (e.g. `npm test -- --project storybook`).
import { ensureInstalled, run, runPnpm } from './lib.mjs';
import { ensureSetup } from './setup/index.mjs';

const vitestArgs = process.argv.slice(2);
try {
  await ensureSetup();
  await ensureInstalled();
  await runPnpm(['exec', 'biome', 'check', '.']);
  await run(process.execPath, ['scripts/source-size.mjs']);
  await runPnpm(['exec', 'knip']);
  // The console's first-load budgets (the sign-in page, the dashboard): a build of the console, ~10 s.
  await run(process.execPath, ['bench/console-size.mjs']);
  const built = async () => {
    await runPnpm(['run', 'build'], { env: { ...process.env, NODE_ENV: 'production' } });
    if (vitestArgs.length === 0) await runPnpm(['run', 'build-storybook', '--quiet']);
  };
  // Both run to their end, so neither leaves a child behind; the first failure is the one reported.
  const failed = (await Promise.allSettled([runPnpm(['run', 'typecheck']), built()])).find(
    (result) => result.status === 'rejected',
  );
  if (failed) throw failed.reason;
  // Last, so its closing line (`N passed, N failed, N skipped`) ends the output.
  await runPnpm(['exec', 'vitest', 'run', ...vitestArgs]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(typeof error?.code === 'number' ? error.code : 1);
}

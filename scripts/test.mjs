// `npm test`: every test. Lint + format + typecheck, build every package and app, then the static
// Storybook build, then one `vitest run` over all projects (domain, API on PGlite and PostgreSQL, every Storybook story in
// Chromium, the packed-tarball consumer test, the e2e journeys).
// Extra arguments go to vitest (e.g. `npm test -- --project storybook`).
import { ensureInstalled, runPnpm } from './lib.mjs';

const vitestArgs = process.argv.slice(2);
try {
  await ensureInstalled();
  await runPnpm(['run', 'lint']);
  await runPnpm(['run', 'build'], { env: { ...process.env, NODE_ENV: 'production' } });
  if (vitestArgs.length === 0) await runPnpm(['run', 'build-storybook', '--quiet']);
  // Last, so its closing line (`N passed, N failed, N skipped`) ends the output.
  await runPnpm(['exec', 'vitest', 'run', ...vitestArgs]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(typeof error?.code === 'number' ? error.code : 1);
}

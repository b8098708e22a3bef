// `npm start`: installs what is missing, builds what is stale, then runs ONE process on one port
// that serves the console at /, the API under /api and the ad-serving routes, on embedded
// defaults (PGlite and files under ./data, mail to ./data/outbox) with a seeded demo account.
import { buildProduct, ensureInstalled, run } from './lib.mjs';

await ensureInstalled();
await buildProduct();
await run(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
  env: { NODE_ENV: 'production', ...process.env },
});

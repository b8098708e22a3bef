// Prints the sizes of the scripts of @adconsole/ad-runtime beside their budgets (run
// `pnpm --filter @adconsole/ad-runtime build` first): dist/init.js, which every ad tag loads (budget
// 5 kB gzip), and dist/video.js, the In-Banner Video part that init.js loads only for an ad with that
// layout (budget 3 kB gzip), and dist/conv.js, the conversion tag on advertisers' pages (budget 1.5 kB
// gzip). gzip at level 9, kB of 1,024 bytes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'ad-runtime', 'dist');
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} kB`;
const budgets = { 'init.js': 5 * 1024, 'video.js': 3 * 1024, 'conv.js': 1.5 * 1024 };

let zod = false;
for (const [name, budget] of Object.entries(budgets)) {
  const source = readFileSync(path.join(dist, name));
  const gzipped = gzipSync(source, { level: 9 }).length;
  const brotli = brotliCompressSync(source).length;
  console.log(
    `${name.padEnd(8)}  raw ${kb(source.length).padStart(9)}  gzip ${kb(gzipped).padStart(8)} (${gzipped} B)  brotli ${kb(brotli).padStart(8)}  budget ${kb(budget)} gzip: ${gzipped <= budget ? 'met' : 'OVER'}`,
  );
  // zod (or any schema library) must never reach the scripts: its error class names would show.
  zod ||= /ZodError|\$ZodType/.test(source.toString());
}
console.log(`zod in the bundles: ${zod ? 'YES' : 'no'}`);

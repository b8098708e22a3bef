// Prints the size of the script ad tags load, @adconsole/ad-runtime's dist/init.js (run
// `pnpm --filter @adconsole/ad-runtime build` first). Budget: 6 kB gzip; goal: 5 kB.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const file = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'packages',
  'ad-runtime',
  'dist',
  'init.js',
);
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} kB`;

const source = readFileSync(file);
const gzipped = gzipSync(source, { level: 9 }).length;
const brotli = brotliCompressSync(source).length;
console.log(
  `init.js  raw ${kb(source.length).padStart(9)}  gzip ${kb(gzipped).padStart(8)}  brotli ${kb(brotli).padStart(8)}`,
);
// zod (or any schema library) must never reach the script: its error class names would show.
console.log(`zod in the bundle: ${/ZodError|\$ZodType/.test(source.toString()) ? 'YES' : 'no'}`);

// Prints the gzip size of @adconsole/ui's built JS and CSS (run `pnpm --filter @adconsole/ui build` first).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'ui', 'dist');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

for (const file of ['index.js', 'styles.css']) {
  const source = readFileSync(path.join(dist, file));
  const gzipped = gzipSync(source, { level: 9 }).length;
  console.log(`${file.padEnd(11)} raw ${kb(source.length).padStart(9)}  gzip ${kb(gzipped).padStart(8)}`);
}

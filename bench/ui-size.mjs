// Prints the gzip size of @adconsole/ui's built JS and CSS (run `pnpm --filter @adconsole/ui build` first).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'ui', 'dist');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

// The two entries (`.` and `./data-table`) share chunks: each is printed with the chunks it imports.
const chunksOf = (file) => [
  file,
  ...[...readFileSync(path.join(dist, file), 'utf8').matchAll(/from ["']\.\/(chunk-[\w-]+\.js)["']/g)].map(
    (match) => match[1],
  ),
];
const sizes = (files) => {
  const source = Buffer.concat(files.map((file) => readFileSync(path.join(dist, file))));
  return { raw: source.length, gzip: gzipSync(source, { level: 9 }).length };
};
for (const [name, files] of [
  ['index.js', chunksOf('index.js')],
  ['data-table.js', chunksOf('data-table.js')],
  ['styles.css', ['styles.css']],
]) {
  const { raw, gzip } = sizes(files);
  console.log(`${name.padEnd(14)} raw ${kb(raw).padStart(9)}  gzip ${kb(gzip).padStart(8)}`);
}

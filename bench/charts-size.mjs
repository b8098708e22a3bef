// Prints gzip sizes: @adconsole/charts' own build, what the widgets cost an app that already has
// ui and domain (charts + nivo + TanStack Table), and the console's first load (what index.html
// loads, and with the sign-in route), with whether any nivo code is in it.
// Run `pnpm --filter @adconsole/charts build` and `pnpm --filter @adconsole/console build` first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const gzip = (source) => gzipSync(source, { level: 9 }).length;
const line = (label, raw, gzipped) =>
  console.log(`${label.padEnd(44)} raw ${kb(raw).padStart(9)}  gzip ${kb(gzipped).padStart(8)}`);

// 1. The package's own build (its dependencies are peers or other packages).
const dist = path.join(root, 'packages/charts/dist');
for (const file of ['index.js', 'styles.css']) {
  const source = readFileSync(path.join(dist, file));
  line(`charts dist/${file}`, source.length, gzip(source));
}

// 2. Every widget with nivo and TanStack Table, bundled and minified as an app would ship it;
//    React, ui and domain are left out (an app using charts has them already).
const bundled = await build({
  configFile: false,
  logLevel: 'silent',
  root,
  build: {
    write: false,
    minify: true,
    lib: { entry: path.join(dist, 'index.js'), formats: ['es'], fileName: 'charts' },
    rollupOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/, /^@adconsole\//] },
  },
});
const chunks = (Array.isArray(bundled) ? bundled : [bundled]).flatMap((result) => result.output);
const code = chunks
  .filter((chunk) => chunk.type === 'chunk')
  .map((chunk) => chunk.code)
  .join('\n');
line('charts + nivo + TanStack Table (minified)', Buffer.byteLength(code), gzip(code));

// 3. The console's first load.
const consoleDist = path.join(root, 'apps/console/dist');
if (!existsSync(path.join(consoleDist, 'index.html'))) {
  console.log('console: not built (pnpm --filter @adconsole/console build)');
  process.exit(0);
}
const html = readFileSync(path.join(consoleDist, 'index.html'), 'utf8');
const loaded = new Set(
  [...html.matchAll(/<(?:script[^>]*src|link[^>]*href)="\/?([^"]+\.(?:js|css))"/g)].map((match) => match[1]),
);
/** A chunk and every chunk it imports statically (what the browser fetches before running it). */
function withStaticImports(file, into) {
  if (into.has(file) || !file.endsWith('.js')) {
    into.add(file);
    return into;
  }
  into.add(file);
  const source = readFileSync(path.join(consoleDist, file), 'utf8');
  for (const match of source.matchAll(
    /(?:^|[;}\s])import\s*(?:[\w${},\s*]+from\s*)?["']\.\/([^"']+\.js)["']/g,
  )) {
    withStaticImports(path.posix.join(path.posix.dirname(file), match[1]), into);
  }
  return into;
}
/** Whether a chunk's source map names a nivo module. */
const hasNivo = (file) => {
  const map = path.join(consoleDist, `${file}.map`);
  if (!existsSync(map)) return false;
  return JSON.parse(readFileSync(map, 'utf8')).sources.some((source) => source.includes('@nivo'));
};
function report(label, files) {
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const source = readFileSync(path.join(consoleDist, file));
    raw += source.length;
    gzipped += gzip(source);
  }
  line(`${label} (${files.size} files)`, raw, gzipped);
  const nivo = [...files].filter(hasNivo);
  console.log(`${''.padEnd(44)} nivo code: ${nivo.length > 0 ? `yes (${nivo.join(', ')})` : 'none'}`);
}
const firstLoad = new Set();
for (const file of loaded) withStaticImports(file, firstLoad);
report('console first load (index.html)', firstLoad);
const signInChunk = readdirSync(path.join(consoleDist, 'assets')).find((file) =>
  /^sign-in-.*\.js$/.test(file),
);
if (signInChunk) {
  const signIn = withStaticImports(`assets/${signInChunk}`, new Set(firstLoad));
  report('console /signin (first load + route)', signIn);
}
const anyNivo = readdirSync(path.join(consoleDist, 'assets')).filter(
  (file) => file.endsWith('.js') && hasNivo(`assets/${file}`),
);
console.log(`${'console chunks with nivo code, any route'.padEnd(44)} ${anyNivo.length}`);

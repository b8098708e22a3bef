// Prints what the console makes a browser download (gzip, level 9): the sign-in page's first load (the
// entry's JS and CSS with everything it imports statically, plus the sign-in screen's chunk), the
// dashboard's, and the report route's extra JS; beside a reference built by the same Vite in the same
// run: a bare React 19 page (react + react-dom rendering one element), the floor of any React screen.
// Beside the gzip figures, "sent" is what the server really transfers to a browser that accepts brotli:
// the build's pre-compressed .br copy of each file (files under its 1 KB floor go as they are).
// Builds the console into a temporary folder (run `pnpm build` first: it reads the packages' dist).
// `--chunks` lists the sign-in page's files; `--modules` what they hold, by npm package or source folder;
// `--page dashboard|report|share` lists another page's first load instead.
// Exits non-zero when the sign-in page's or the dashboard's first load is over its budget: the lint step
// (`pnpm lint`, `npm test`) runs it (docs/console.md, "The signed-in shell's first load").
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const consoleRoot = path.join(here, '..', 'apps', 'console');
// The budgets the lint step holds (docs/console.md, "The signed-in shell's first load"): the sign-in
// page's first load, and the signed-in shell's (the dashboard: the entry, the router part, the signed-in
// frame and the dashboard's first screen).
const SIGN_IN_BUDGET_KB = 130;
const DASHBOARD_BUDGET_KB = 200;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const quiet = { logLevel: 'error', define: { 'process.env.NODE_ENV': '"production"' } };

/** Where a bundled module comes from: its npm package, or the workspace folder of the source file. */
function originOf(id) {
  const clean = id.replace(/^\0/, '').split('?')[0];
  const inModules = clean.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope, name] = clean.slice(inModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const inRepo = path.relative(path.join(here, '..'), clean);
  return inRepo.startsWith('..') ? clean : inRepo.split('/').slice(0, 3).join('/');
}

/**
 * Builds into a fresh folder; answers the folder, each output chunk (its imports, CSS and modules) and
 * each file's modules by origin.
 */
async function buildRecorded(root, config = {}) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'console-size-'));
  // Each output file's modules and their minified length (Rollup's renderedLength), by origin.
  const modulesOf = new Map();
  // Each output chunk's static imports, CSS and modules, and whether it is the page's entry.
  const chunks = new Map();
  const recordModules = {
    name: 'record-modules',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, {
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
          moduleIds: output.moduleIds,
          isEntry: output.isEntry,
        });
        const origins = new Map();
        for (const [id, info] of Object.entries(output.modules)) {
          origins.set(originOf(id), (origins.get(originOf(id)) ?? 0) + info.renderedLength);
        }
        modulesOf.set(output.fileName, origins);
      }
    },
  };
  await build({
    root,
    mode: 'production',
    ...quiet,
    ...config,
    plugins: [...(config.plugins ?? []), recordModules],
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return { outDir, modulesOf, chunks, root };
}

/**
 * The files a browser loads for these parts of a build: `index.html` (the page's entry) or a source
 * file under the root (the chunk that holds it); each chunk, its static imports and their CSS.
 */
function closure({ chunks, root }, keys) {
  const files = new Set();
  const visit = (file) => {
    const chunk = chunks.get(file);
    if (!chunk || files.has(file)) return;
    files.add(file);
    for (const css of chunk.css) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const key of keys) {
    const id = path.join(root, key);
    const holder = [...chunks].find(([, chunk]) =>
      key === 'index.html' ? chunk.isEntry : chunk.moduleIds.includes(id),
    );
    if (!holder) throw new Error(`${key} is not in the console's build`);
    visit(holder[0]);
  }
  return files;
}

/** The bytes the server sends for a file: its pre-compressed brotli copy, else the file itself. */
const sentBytes = (outDir, file) => {
  const full = path.join(outDir, file);
  return existsSync(`${full}.br`) ? readFileSync(`${full}.br`).length : readFileSync(full).length;
};

const sizeOf = (outDir, files) => {
  let js = 0;
  let css = 0;
  let sent = 0;
  for (const file of files) {
    const gzipped = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
    if (file.endsWith('.css')) css += gzipped;
    else js += gzipped;
    sent += sentBytes(outDir, file);
  }
  return { js, css, total: js + css, sent, count: files.size };
};

// The reference: a bare React page, built from a folder inside the console so it resolves the same React.
const referenceRoot = path.join(consoleRoot, '.bench-reference');
mkdirSync(referenceRoot, { recursive: true });
writeFileSync(
  path.join(referenceRoot, 'index.html'),
  '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
);
writeFileSync(
  path.join(referenceRoot, 'main.js'),
  "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));\n",
);

const built = [];
try {
  const reference = await buildRecorded(referenceRoot, { configFile: false });
  built.push(reference.outDir);
  const app = await buildRecorded(consoleRoot);
  built.push(app.outDir);

  const { outDir } = app;
  // What each page loads before it draws: the entry, its frame and its screen; every page but the
  // account pages also the console's router part (src/app.tsx, preloaded by the page the server sends).
  const withRouter = ['index.html', 'src/app.tsx'];
  const page = {
    signIn: ['index.html', 'src/screens/account/sign-in.tsx'],
    dashboard: [...withRouter, 'src/routes/app-layout.tsx', 'src/screens/dashboard/dashboard.tsx'],
    report: [...withRouter, 'src/routes/app-layout.tsx', 'src/screens/reporting/reporting-page.tsx'],
    share: [...withRouter, 'src/routes/share-layout.tsx', 'src/screens/reporting/reporting-page.tsx'],
  };
  /** The files of `keys` that `before` has not already loaded. */
  const beyond = (keys, before) => {
    const loaded = closure(app, before);
    return new Set([...closure(app, keys)].filter((file) => !loaded.has(file)));
  };
  const rows = [
    ['a bare React 19 page (reference)', sizeOf(reference.outDir, closure(reference, ['index.html']))],
    ['sign-in page, first load', sizeOf(outDir, closure(app, page.signIn))],
    ['dashboard, first load', sizeOf(outDir, closure(app, page.dashboard))],
    ['campaign report, first load', sizeOf(outDir, closure(app, page.report))],
    ['share page, first load', sizeOf(outDir, closure(app, page.share))],
  ];
  const listed = process.argv.includes('--page')
    ? process.argv[process.argv.indexOf('--page') + 1]
    : 'signIn';
  if (!page[listed]) throw new Error(`--page takes one of ${Object.keys(page).join(', ')}`);
  const listedFiles = closure(app, page[listed]);
  // Fetched by the sign-in page too, but not needed to draw it: it loads beside the first screen.
  const afterPaint = sizeOf(outDir, beyond(['src/components/toaster.tsx'], page.signIn));
  const reportExtra = beyond(['src/screens/reporting/reporting-page.tsx'], ['index.html']);

  console.log(
    `${'what the browser loads'.padEnd(46)} ${'files'.padStart(5)} ${'JS'.padStart(9)} ${'CSS'.padStart(9)} ${'gzip'.padStart(9)} ${'sent (br)'.padStart(10)}`,
  );
  // The reference is built without the console's pre-compression: nothing to say about what it sends.
  const line = (name, size, sent = kb(size.sent)) =>
    console.log(
      `${name.padEnd(46)} ${String(size.count).padStart(5)} ${kb(size.js).padStart(9)} ${kb(size.css).padStart(9)} ${kb(size.total).padStart(9)} ${sent.padStart(10)}`,
    );
  for (const [index, [name, size]] of rows.entries()) line(name, size, index === 0 ? '–' : undefined);
  line('sign-in page, after paint (notifications)', afterPaint);
  line('report route, beyond the entry', sizeOf(outDir, reportExtra));
  line(
    'dashboard, after paint (the trend chart)',
    sizeOf(outDir, beyond(['src/screens/dashboard/trend-chart.ts'], page.dashboard)),
  );
  line(
    "dashboard, after paint (the bell's alerts)",
    sizeOf(outDir, beyond(['src/screens/alerts/alert-feed.tsx'], page.dashboard)),
  );
  // The signed-in frame's overlays, fetched when the reader first opens one (with what they share).
  for (const [name, key] of [
    ['dashboard, on opening the alert bell', 'src/screens/alerts/alert-panel.tsx'],
    ['dashboard, on opening the menu (phone)', '../../packages/ui/src/app-shell/app-shell-sheet.tsx'],
  ]) {
    line(name, sizeOf(outDir, beyond([key], page.dashboard)));
  }
  const verdict = (bytes, budget) => `budget ${budget} kB (${bytes <= budget * 1024 ? 'met' : 'MISSED'})`;
  const signIn = rows[1][1].total;
  console.log(
    `\nsign-in first load: ${kb(signIn)} gzip, ${verdict(signIn, SIGN_IN_BUDGET_KB)}; ${(signIn / rows[0][1].total).toFixed(1)}× the bare React page`,
  );
  const dashboard = rows[2][1].total;
  console.log(`dashboard first load: ${kb(dashboard)} gzip, ${verdict(dashboard, DASHBOARD_BUDGET_KB)}`);
  if (signIn > SIGN_IN_BUDGET_KB * 1024 || dashboard > DASHBOARD_BUDGET_KB * 1024) process.exitCode = 1;
  if (process.argv.includes('--modules')) {
    // Rendered (minified, before compression) bytes of the listed page's first load, by origin.
    const origins = new Map();
    for (const file of listedFiles) {
      for (const [origin, bytes] of app.modulesOf.get(file) ?? []) {
        origins.set(origin, (origins.get(origin) ?? 0) + bytes);
      }
    }
    const total = [...origins.values()].reduce((sum, bytes) => sum + bytes, 0);
    console.log(`\n${listed}: the first load by origin (minified, before compression; ${kb(total)} in all):`);
    for (const [origin, bytes] of [...origins].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
      console.log(`  ${origin.padEnd(60)} ${kb(bytes).padStart(9)}`);
    }
  }
  if (process.argv.includes('--chunks')) {
    console.log(`\n${listed}: the first load's files:`);
    for (const file of listedFiles) {
      console.log(
        `  ${file.padEnd(50)} ${kb(gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length).padStart(9)}`,
      );
    }
  }
} finally {
  rmSync(referenceRoot, { recursive: true, force: true });
  for (const dir of built) rmSync(dir, { recursive: true, force: true });
}

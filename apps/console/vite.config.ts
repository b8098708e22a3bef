import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type UserConfig } from 'vite';
import { consolePages } from './build/console-pages';
import { debarrel } from './build/debarrel';
import { precompress } from './build/precompress';
import { planRouteChunks } from './build/route-chunks';

// In dev the console runs on Vite with hot reload and forwards the API to the server in watch mode.
const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4000}`;

/**
 * React Router's package exports name only its development build (with its dev-time checks and
 * warnings, ~10 kB gzip more); a production build of the console takes its production build instead.
 */
function reactRouterProduction() {
  const fromDom = createRequire(createRequire(import.meta.url).resolve('react-router-dom'));
  const dist = path.join(path.dirname(fromDom.resolve('react-router/package.json')), 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

/**
 * The packages whose entry points only re-export (`"sideEffects": false`): the build imports what a
 * module takes from them from the modules that define it (debarrel.ts).
 */
const barrelPackages = [
  '@adconsole/domain',
  '@adconsole/ui',
  '@adconsole/forms',
  '@adconsole/charts',
  'lucide-react',
  '@tanstack/react-query',
  '@tanstack/query-core',
  '@tanstack/react-table',
  '@tanstack/table-core',
  'date-fns',
  'react-day-picker',
];

/** The npm modules of every page's first load (bench/console-size.mjs --modules lists them). */
const firstLoadLibraries = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler|tailwind-merge|class-variance-authority|clsx)[\\/]`,
    String.raw`node_modules[\\/]@radix-ui[\\/](react-slot|react-compose-refs)[\\/]`,
    String.raw`node_modules[\\/]zod[\\/]v4[\\/](core[\\/](schemas|api|checks|parse|regexes|errors|registries|doc|util)\.js|mini[\\/]|locales[\\/]en\.js)`,
  ].join('|'),
);

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  // Which lazy part's chunk each module goes to, read from a first build (route-chunks.ts).
  const routePlan =
    command === 'build'
      ? await planRouteChunks(import.meta.dirname, path.join(import.meta.dirname, 'vite.config.ts'))
      : new Map<string, string>();
  return {
    plugins: [tailwindcss(), debarrel(barrelPackages), consolePages(), precompress()],
    resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
    server: {
      port: 5173,
      proxy: {
        '/api': apiTarget,
        '/serve': apiTarget,
        '/uploads': apiTarget,
        '/tags': apiTarget,
        '/events': apiTarget,
      },
    },
    build: {
      outDir: 'dist',
      sourcemap: true,
      rollupOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Zod's core and mini API and the module that makes Zod jitless share one chunk, in that
              // order, which runs before any chunk that builds a schema: Zod decides whether to compile an
              // object's parser when the schema is built (at module load), so the setting must be in place
              // before then. Classic zod (the signed-in screens' schemas) imports the core, so it runs
              // after too, in a chunk of its own that the first load of the public pages does not fetch.
              {
                name: 'zod',
                test: /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js|src[\\/]lib[\\/]zod-jitless/,
                priority: 2,
              },
              // The libraries every page runs before its first screen, in one file after the one above:
              // React, the router, the class helpers of the ui package and the parts of Zod the public
              // pages' schemas use. Left to itself, Rolldown splits them by which lazy screens share them;
              // each file is compressed on its own, so a few files cost more than one (docs/console.md, "Shared files by page").
              { name: 'vendor', test: firstLoadLibraries, priority: 1 },
              // Every other module goes with the lazy part that always loads with all the parts that
              // need it, else in one of a few shared files (route-chunks.ts); a module only the parts
              // drawn after the paint need, Rolldown places. Its dependencies stay where they are (most are the entry's: in the route's chunk they
              // would make the entry import that chunk).
              { name: (id: string) => routePlan.get(id) ?? null, includeDependenciesRecursively: false },
            ],
          },
        },
        // Libraries mark modules "use client" for server-component frameworks; a SPA has no server side.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  };
});

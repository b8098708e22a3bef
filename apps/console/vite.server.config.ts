// The console's one module for the server (docs/console.md, "The share page drawn by the server"): the
// share page's first view (src/server/shared-report.tsx), built for Node into dist-server/, outside the
// files the API serves. Everything is bundled in (React among it, in its production build), so the API
// loads one file and resolves nothing from the console's dependencies. Run after the browser build
// (`pnpm build`), whose dist/ it leaves alone.
import { defineConfig } from 'vite';

// Given with --config, so the browser build's config (vite.config.ts) is not read: none of its chunking
// applies here.
export default defineConfig({
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/server/shared-report.tsx',
    outDir: 'dist-server',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    rollupOptions: {
      output: { format: 'es', entryFileNames: 'shared-report.js' },
      // Libraries mark modules "use client" for server-component frameworks; this is a plain render.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});

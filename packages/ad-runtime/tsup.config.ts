import { rmSync, writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

/**
 * The script ad tags load: dist/init.js, one minified IIFE for browsers from 2020 on (optional
 * chaining stays as written). The domain's plain constants are bundled in; zod never is
 * (`node bench/ad-runtime-size.mjs` prints the size). Also used by init.test.ts.
 */
export const scriptBuild = {
  entry: { init: 'src/init.ts' },
  format: ['iife'],
  outExtension: () => ({ js: '.js' }),
  minify: true,
  target: 'es2020',
  platform: 'browser',
  noExternal: [/^@adconsole\//],
} satisfies Options;

export default defineConfig(() => {
  // The two builds run in parallel: clean once, before both.
  rmSync('dist', { recursive: true, force: true });
  return [
    {
      ...scriptBuild,
      // The script has no exports; its types say so, for `@adconsole/ad-runtime/init.js` importers.
      async onSuccess() {
        writeFileSync(
          'dist/init.d.ts',
          '// A classic script with no exports: it starts the ad runtime.\nexport {};\n',
        );
      },
    },
    {
      // start() and its types, for pages that bundle the runtime themselves.
      entry: { index: 'src/index.ts' },
      format: ['esm'],
      dts: true,
      sourcemap: true,
      target: 'es2020',
      platform: 'browser',
      noExternal: [/^@adconsole\//],
    },
  ];
});

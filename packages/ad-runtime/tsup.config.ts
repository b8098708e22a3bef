import { rmSync, writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

/**
 * The scripts ad tags load: dist/init.js, and dist/video.js (the In-Banner Video part, which init.js
 * loads only for an ad with that layout), dist/preview.js (the creative editor's preview page) and dist/conv.js (the conversion tag on the advertiser's pages), each one minified IIFE for browsers from 2020 on (optional
 * chaining stays as written). The domain's plain constants are bundled in; zod never is
 * (`node bench/ad-runtime-size.mjs` prints the sizes). Also used by init.test.ts.
 */
export const scriptBuild = {
  entry: {
    init: 'src/init.ts',
    video: 'src/video.ts',
    preview: 'src/preview-page.ts',
    conv: 'src/conv.ts',
  },
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
      // The scripts have no exports; their types say so, for `@adconsole/ad-runtime/init.js` importers.
      async onSuccess() {
        writeFileSync(
          'dist/init.d.ts',
          '// A classic script with no exports: it starts the ad runtime.\nexport {};\n',
        );
        writeFileSync(
          'dist/video.d.ts',
          '// A classic script with no exports: the In-Banner Video part init.js loads.\nexport {};\n',
        );
        writeFileSync(
          'dist/conv.d.ts',
          "// A classic script with no exports: the conversion tag of the advertiser's pages.\nexport {};\n",
        );
        writeFileSync(
          'dist/preview.d.ts',
          "// A classic script with no exports: the creative editor's preview page's.\nexport {};\n",
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

import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  // The data table has an entry of its own: only a product that uses it needs TanStack Table.
  entry: { index: 'src/index.ts', 'data-table': 'src/data-table/index.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', /^@tanstack\//],
  // The stylesheet is built by the Tailwind CLI, not by esbuild: consumers without Tailwind get
  // every utility the components use, driven by the theme's CSS variables.
  async onSuccess() {
    execFileSync(
      'pnpm',
      ['exec', 'tailwindcss', '-i', 'src/styles.css', '-o', 'dist/styles.css', '--minify'],
      {
        stdio: 'inherit',
      },
    );
    copyFileSync('src/theme.css', 'dist/theme.css');
  },
});

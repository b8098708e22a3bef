import { execFileSync } from 'node:child_process';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', 'react-hook-form', 'zod', /^@adconsole\//],
  // The stylesheet is built by the Tailwind CLI: the forms' layout utilities for products without Tailwind.
  async onSuccess() {
    execFileSync(
      'pnpm',
      ['exec', 'tailwindcss', '-i', 'src/styles.css', '-o', 'dist/styles.css', '--minify'],
      { stdio: 'inherit' },
    );
  },
});

import { defineConfig } from 'tsup';

// The server bundles the workspace's own packages (consumed from source in the repo) and leaves
// every npm dependency external, resolved from node_modules at run time.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  noExternal: [/^@adconsole\//],
  // Data files the server reads beside its module (new URL('./x', import.meta.url)) go beside the bundle.
  onSuccess: 'cp src/services/common-passwords.txt dist/ && cp -r src/services/demo-assets dist/',
});

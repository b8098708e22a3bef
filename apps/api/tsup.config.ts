import { defineConfig } from 'tsup';

// The server bundles the workspace's own packages (consumed from source in the repo) and leaves
// every npm dependency external, resolved from node_modules at run time.
export default defineConfig({
  // The report and forecast workers (services/reports/report-worker.ts, forecast-worker.ts) are files of
  // their own beside main.js.
  entry: {
    main: 'src/main.ts',
    'report-worker': 'src/services/reports/report-worker.ts',
    'forecast-worker': 'src/services/reports/forecast-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  noExternal: [/^@adconsole\//],
  // Data files the server reads beside its module (new URL('./x', import.meta.url)) go beside the bundle.
  onSuccess:
    'cp src/services/identity/common-passwords.txt dist/ && cp -r src/services/demo/demo-assets dist/',
});

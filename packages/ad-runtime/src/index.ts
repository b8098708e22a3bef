// @adconsole/ad-runtime as a module: `start(options)` for pages that bundle the runtime themselves and
// for tests. Ad tags load the built script instead (`@adconsole/ad-runtime/init.js`, served as
// /serve/init.js), which calls start() with the page's own globals.
export { type AdRuntime, type StartOptions, start, type Timers } from './start';

// The script ad tags load (/serve/init.js, built to dist/init.js as one minified IIFE). Every tag of a
// page brings its own copy of the script tag, so the first run starts the runtime and later runs
// leave it to the running one (its MutationObserver already finds their tags).
import { type AdRuntime, start } from './start';

const KEY = '__adconsoleAdRuntime';

try {
  const page = window as Window & { [KEY]?: AdRuntime };
  if (page[KEY]) page[KEY].scan();
  else page[KEY] = start();
} catch {
  // Never into the host page.
}

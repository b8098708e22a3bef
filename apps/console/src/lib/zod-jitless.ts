// Imported first by the entry, before any module builds or parses a schema. Zod 4 compiles a fast
// object parser with `new Function` after probing whether eval is allowed; the console's CSP
// (script-src 'self') blocks the probe, and Chromium reports a CSP violation on every page. Jitless
// skips the probe and the compiled path. `zod/v4/core` owns the config Zod reads and adds only bytes.
import { config } from 'zod/v4/core';

config({ jitless: true });

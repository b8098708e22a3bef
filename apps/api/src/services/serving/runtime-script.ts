// Where the built ad runtime is: packages/ad-runtime/dist/init.js of the repository this server runs
// from (from the sources or from the bundle), or AD_RUNTIME_SCRIPT for a deployment that ships it elsewhere.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiError, MESSAGES } from '@adconsole/domain';

export function findRuntimeScript(moduleUrl: string = import.meta.url): string | undefined {
  const configured = process.env.AD_RUNTIME_SCRIPT;
  if (configured) return existsSync(configured) ? configured : undefined;
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (let depth = 0; depth < 8; depth += 1) {
    const candidate = path.join(dir, 'packages', 'ad-runtime', 'dist', 'init.js');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** The runtime script's bytes and its ETag (tags name /serve/init.js without a version). */
export interface RuntimeScript {
  body: Buffer;
  etag: string;
}

/**
 * The runtime script, read once on first use and kept (one loader per server); a 503 while it is not
 * built.
 */
export function runtimeScriptLoader(): () => Promise<RuntimeScript> {
  let runtime: RuntimeScript | undefined;
  return async () => {
    if (!runtime) {
      const file = findRuntimeScript();
      if (!file) throw ApiError.of(503, MESSAGES.runtimeNotBuilt);
      const body = await readFile(file);
      runtime = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 20)}"` };
    }
    return runtime;
  };
}

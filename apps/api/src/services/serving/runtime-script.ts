// Where the built ad runtime is: packages/ad-runtime/dist/ of the repository this server runs from (from
// the sources or from the bundle), or the directory of AD_RUNTIME_SCRIPT for a deployment that ships it
// elsewhere. Three files: init.js, which ad tags load, video.js, the In-Banner Video part that init.js
// loads only for an ad with that layout, and preview.js, the creative editor's preview page's script.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiError, MESSAGES } from '@adconsole/domain';

/** The runtime's served files, by their name in dist/. */
export type RuntimeFile = 'init.js' | 'video.js' | 'preview.js' | 'conv.js';

function findRuntimeScript(
  file: RuntimeFile = 'init.js',
  moduleUrl: string = import.meta.url,
): string | undefined {
  const configured = process.env.AD_RUNTIME_SCRIPT;
  if (configured) {
    // AD_RUNTIME_SCRIPT names init.js; video.js and preview.js are its neighbours.
    const candidate = file === 'init.js' ? configured : path.join(path.dirname(configured), file);
    return existsSync(candidate) ? candidate : undefined;
  }
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (let depth = 0; depth < 8; depth += 1) {
    const candidate = path.join(dir, 'packages', 'ad-runtime', 'dist', file);
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** A runtime script's bytes and its ETag (tags name /serve/init.js without a version). */
export interface RuntimeScript {
  body: Buffer;
  etag: string;
}

/**
 * A runtime script, read once on first use and kept (one loader per file and server); a 503 while it
 * is not built.
 */
export function runtimeScriptLoader(file: RuntimeFile = 'init.js'): () => Promise<RuntimeScript> {
  let runtime: RuntimeScript | undefined;
  return async () => {
    if (!runtime) {
      const found = findRuntimeScript(file);
      if (!found) throw ApiError.of(503, MESSAGES.runtimeNotBuilt);
      const body = await readFile(found);
      runtime = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 20)}"` };
    }
    return runtime;
  };
}

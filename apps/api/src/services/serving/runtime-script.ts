// Where the built ad runtime is: packages/ad-runtime/dist/init.js of the repository this server runs
// from (from the sources or from the bundle), or AD_RUNTIME_SCRIPT for a deployment that ships it elsewhere.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

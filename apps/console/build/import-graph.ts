// The console's own import graph, read from its sources, for the tests that hold a page's first load
// to what it draws (account-pages.test.ts, report-first-load.test.ts): which modules a module reaches
// through relative imports, static only or on demand (`import()`) too.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A relative import, static (`import … from`, `export … from`, `import '…'`); not `import type`. */
const STATIC_IMPORT =
  /(?:^import (?!type )(?:[^;]*? from )?|^export (?!type )[^;]*? from )\s*'(\.{1,2}\/[^']+)'/gm;
/** A relative import on demand: `import('…')`. */
const DYNAMIC_IMPORT = /import\(\s*'(\.{1,2}\/[^']+)'/gm;

function resolve(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
  if (!found) throw new Error(`${specifier} from ${from} does not resolve`);
  return found;
}

/**
 * The modules `entry` reaches (itself included), following static imports and, with `onDemand`,
 * `import()` too; never past `stop`.
 */
export function reachedModules(
  entry: string,
  { onDemand, stop }: { onDemand: boolean; stop?: string },
): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || file === stop || /\.(css|json)$/.test(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    const imports = [...code.matchAll(STATIC_IMPORT), ...(onDemand ? code.matchAll(DYNAMIC_IMPORT) : [])];
    for (const match of imports) queue.push(resolve(file, match[1] as string));
  }
  return seen;
}

// The account pages are drawn without React Router (docs/console.md, "The account pages without React
// Router"): no module the console reaches from its entry, statically or on demand, imports it, unless
// it is reached through the console's router part (src/app.tsx), which only the other pages load. One
// such import would put the router back in the sign-in page's first load (bench/console-size.mjs).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.join(import.meta.dirname, 'src');
/** The console's router part: where the account pages hand over to React Router. */
const CONSOLE_PART = path.join(src, 'app.tsx');
/** A relative import, static (`import … from`, `export … from`, `import '…'`) or on demand (`import('…')`); not `import type`. */
const RELATIVE_IMPORT =
  /(?:^import (?!type )(?:[^;]*? from )?|^export (?!type )[^;]*? from |import\()\s*'(\.{1,2}\/[^']+)'/gm;
const ROUTER = /from 'react-router(-dom)?'/;

function resolve(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
  if (!found) throw new Error(`${specifier} from ${from} does not resolve`);
  return found;
}

/** The console's modules reached from `entry`, not going through `stop`, that import React Router. */
function routerImporters(entry: string, stop: string): string[] {
  const seen = new Set<string>();
  const importers: string[] = [];
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || file === stop || /\.(css|json)$/.test(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    if (ROUTER.test(code)) importers.push(path.relative(src, file));
    for (const match of code.matchAll(RELATIVE_IMPORT)) queue.push(resolve(file, match[1] as string));
  }
  return importers;
}

describe('the account pages without React Router', () => {
  it('reach no module that imports React Router from the entry, outside the console router part', () => {
    expect(routerImporters(path.join(src, 'main.tsx'), CONSOLE_PART)).toEqual([]);
  });

  it('would name one: through the console router part, the router is reached', () => {
    const reached = routerImporters(path.join(src, 'main.tsx'), '');
    expect(reached).toContain('app.tsx');
    expect(reached).toContain(path.join('routes', 'app-layout.tsx'));
  });
});

// The account pages are drawn without React Router (docs/console.md, "The account pages without React
// Router"): no module the console reaches from its entry, statically or on demand, imports it, unless
// it is reached through the console's router part (src/app.tsx), which only the other pages load. One
// such import would put the router back in the sign-in page's first load (bench/console-size.mjs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachedModules } from './build/import-graph';

const src = path.join(import.meta.dirname, 'src');
/** The console's router part: where the account pages hand over to React Router. */
const CONSOLE_PART = path.join(src, 'app.tsx');
const ROUTER = /from 'react-router(-dom)?'/;

/** The console's modules reached from `entry`, not going through `stop`, that import React Router. */
function routerImporters(entry: string, stop: string): string[] {
  return [...reachedModules(entry, { onDemand: true, stop })]
    .filter((file) => ROUTER.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(src, file));
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

// The package's README is how another product learns what it can draw: every widget the entry point
// exports has its row in the README's table of widgets, and every other export is named there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as charts from './index';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The first column of the rows of the README's "## Widgets" table. */
function widgetRows(): string[] {
  const section = readme.split(/^## Widgets$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1] ?? '');
}

const entries = Object.entries(charts);
const exported = entries.map(([name]) => name).sort();
const widgets = entries
  .filter(([name, value]) => /^[A-Z][a-z]/.test(name) && typeof value === 'function')
  .map(([name]) => name)
  .sort();

describe('the charts README', () => {
  it('has a row in its Widgets table for every widget the package exports, and none for a widget it does not', () => {
    expect(widgets.length).toBeGreaterThan(10);
    expect(widgetRows().sort()).toEqual(widgets);
  });

  it('names every other export of the package', () => {
    const unnamed = exported.filter((name) => !widgets.includes(name) && !readme.includes(`\`${name}\``));
    expect(unnamed).toEqual([]);
  });
});

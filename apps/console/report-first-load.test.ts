// The report's first paint waits only for what it draws (docs/console.md, "The report's first paint"):
// the reporting page reaches its charts and its tables only through `import()`, which it starts once
// the heading and tiles are on screen. One static import would put nivo back in the share and report
// pages' first load (bench/console-size.mjs).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachedModules } from './build/import-graph';

const reporting = path.join(import.meta.dirname, 'src', 'screens', 'reporting');
const PAGE = path.join(reporting, 'reporting-page.tsx');
const AFTER_PAINT = ['report-charts.ts', 'report-tables.ts'].map((file) => path.join(reporting, file));

describe("the report's first load", () => {
  it('holds neither the charts nor the tables', () => {
    const firstLoad = reachedModules(PAGE, { onDemand: false });
    expect(AFTER_PAINT.filter((file) => firstLoad.has(file))).toEqual([]);
  });

  it('would: on demand, the page reaches both', () => {
    const reached = reachedModules(PAGE, { onDemand: true });
    expect(AFTER_PAINT.filter((file) => !reached.has(file))).toEqual([]);
  });
});

// Ends every `vitest run` with one plain line, `N passed, N failed, N skipped`, that any CI reads,
// whatever the projects in the run (node, browser, e2e, consumer). Before it, where the time went: each
// project's files, tests and the sum of its files' durations, then the 25 longest files (docs/testing.md,
// "How long a run takes").
import type { Reporter, TestModule } from 'vitest/node';

const projectOf = (testModule: TestModule): string => testModule.project.name || 'default';

/** `api-pglite 47 files, 564 tests, 616 s` lines, longest first. */
function timeByProject(testModules: ReadonlyArray<TestModule>): string {
  const projects = new Map<string, { files: number; tests: number; ms: number }>();
  for (const testModule of testModules) {
    const name = projectOf(testModule);
    const entry = projects.get(name) ?? { files: 0, tests: 0, ms: 0 };
    entry.files += 1;
    entry.tests += [...testModule.children.allTests()].length;
    entry.ms += testModule.diagnostic().duration;
    projects.set(name, entry);
  }
  return [...projects]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(
      ([name, { files, tests, ms }]) =>
        `  ${name.padEnd(14)} ${String(files).padStart(4)} files ${String(tests).padStart(5)} tests ${(ms / 1000).toFixed(0).padStart(6)} s`,
    )
    .join('\n');
}

/** The `count` longest files, `  76 s  storybook  packages/charts/src/report-view.stories.tsx` lines. */
function longestFiles(testModules: ReadonlyArray<TestModule>, count: number): string {
  return [...testModules]
    .sort((a, b) => b.diagnostic().duration - a.diagnostic().duration)
    .slice(0, count)
    .map((testModule) => {
      const seconds = (testModule.diagnostic().duration / 1000).toFixed(0).padStart(4);
      return `  ${seconds} s  ${projectOf(testModule).padEnd(14)} ${testModule.relativeModuleId}`;
    })
    .join('\n');
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    process.stdout.write(
      `\nTime by project (each file's duration, summed; files run side by side):\n${timeByProject(testModules)}\n`,
    );
    if (testModules.length > 1)
      process.stdout.write(`\nThe longest files:\n${longestFiles(testModules, 25)}\n`);
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      // A module that failed to load counts as a failure even though it holds no test.
      if (testModule.state() === 'failed' && testModule.children.size === 0) failed += 1;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

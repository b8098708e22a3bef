// Records what every story test of a run found about its screenshot (for `pnpm visual:review` and
// `pnpm visual:accept`), and when the story suite failed writes the review page and prints its path,
// so a reviewer opens one page instead of hunting for PNGs under .vitest-attachments/.
// Listed before scripts/summary-reporter.ts: everything here is synchronous, so its line comes out
// before the run's closing `N passed, N failed, N skipped`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import {
  baselinePath,
  type RunRecord,
  recordRun,
  type StoryRecord,
  storyOutcome,
  writeReview,
} from './review';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences of coloured output
const colours = /\x1b\[[0-9;]*m/g;

export default class VisualReviewReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files: RunRecord['files'] = {};
    let storySuiteFailed = false;
    for (const testModule of testModules) {
      if (!testModule.project.name.startsWith('storybook')) continue;
      if (testModule.state() === 'failed') storySuiteFailed = true;
      const file = path.relative(this.root, testModule.moduleId).split(path.sep).join('/');
      const stories: StoryRecord[] = [];
      for (const test of testModule.children.allTests()) {
        // The Storybook plugin sets these when the story runs.
        const meta = test.meta() as { storyId?: string; componentName?: string };
        const result = test.result();
        if (!meta.storyId || (result.state !== 'passed' && result.state !== 'failed')) continue;
        const baseline = baselinePath(file, meta.storyId);
        const outcome = storyOutcome({
          passed: result.state === 'passed',
          baselineExists: existsSync(path.join(this.root, baseline)),
          artifacts: test.artifacts(),
          error: result.errors?.[0]?.message.replace(colours, ''),
        });
        stories.push({
          storyId: meta.storyId,
          name: test.name,
          ...(meta.componentName ? { componentName: meta.componentName } : {}),
          baseline,
          ...outcome,
          ...(outcome.newImage
            ? { newImage: path.relative(this.root, outcome.newImage).split(path.sep).join('/') }
            : {}),
        });
      }
      files[file] = { ranAt: new Date().toISOString(), stories };
    }
    if (Object.keys(files).length === 0) return;
    const record = recordRun(this.root, files);
    if (!storySuiteFailed) return;
    const review = writeReview(this.root, record);
    process.stdout.write(
      `\nVisual review of the failed story run (${review.differs.length} differ, ${review.added.length} new): ${review.report}\n`,
    );
  }
}

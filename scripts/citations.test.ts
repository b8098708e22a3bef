// A reader of the repository cannot open our issue tracker, so code, docs, changesets, tests and benches
// cite a section of docs/ (docs/style.md, 'Written conventions travel with the code'), never an issue's
// number. This test reads every tracked text file and fails on a tracker citation, naming file and line.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './lib.mjs';

/** "issue" or "issues", a space and a number (an optional '#'): what a tracker citation looks like. */
const TRACKER_CITATION = new RegExp(['\\b[Ii]ssues?', ' #?\\d+'].join(''));
const BINARY = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|pdf|zip|xlsx|mp4|webm|gz|br)$/i;

/** Each `file:line: text` of the tracked text files that cites the tracker by number. */
function trackerCitations(files: readonly string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (BINARY.test(file) || file === 'pnpm-lock.yaml') continue;
    read(file)
      .split('\n')
      .forEach((line, index) => {
        if (TRACKER_CITATION.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  return found;
}

describe('citations name a docs/ section, never an issue number', () => {
  it('finds a citation by number in a line, and leaves docs/ citations and words like "tissue 3" alone', () => {
    const files = {
      'a.ts': `// the rule (${'issue'} 45)\n// docs/reports.md, "Pacing"`,
      'b.md': 'a tissue 3 and no issue',
    };
    expect(trackerCitations(Object.keys(files), (file) => files[file as keyof typeof files])).toEqual([
      `a.ts:1: // the rule (${'issue'} 45)`,
    ]);
  });

  it('no tracked file of the repository cites an issue by number', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
    const read = (file: string) => {
      try {
        return readFileSync(path.join(root, file), 'utf8');
      } catch {
        return ''; // listed by git but deleted in the working tree
      }
    };
    expect(trackerCitations(tracked, read)).toEqual([]);
  });
});

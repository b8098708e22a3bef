// The size rules of scripts/source-size.mjs (docs/style.md, "Size, checked"): a source file may have 550
// lines (a test, story or fixture 600), a function or component 200, and a file past 500 is named in a
// warning. The script runs on a small Git work tree made for each case, so the limits are seen to hold
// at the line: 550, 600 and 200 pass, 551, 601 and 201 fail, each named; 500 is quiet, 501 warned.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { root } from './lib.mjs';

const script = path.join(root, 'scripts', 'source-size.mjs');
const trees: string[] = [];

/** A Git work tree (nothing committed: the script reads new files too) holding `files`. */
function workTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'source-size-'));
  trees.push(dir);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** A function declaration of exactly `lines` lines, its opening and closing lines included. */
const functionOf = (name: string, lines: number) =>
  [
    `export function ${name}(): number {`,
    ...Array.from({ length: lines - 3 }, (_, index) => `  const step${index} = ${index};`),
    `  return ${lines};`,
    '}',
  ].join('\n');

/** An arrow component of exactly `lines` lines. */
const componentOf = (name: string, lines: number) =>
  [
    `export const ${name} = () => (`,
    '  <ul>',
    ...Array.from({ length: lines - 4 }, (_, index) => `    <li>${index}</li>`),
    '  </ul>',
    ');',
  ].join('\n');

/** A file of exactly `lines` lines (each a short constant), ending with a newline. */
const fileOf = (lines: number) =>
  `${Array.from({ length: lines }, (_, index) => `export const value${index} = ${index};`).join('\n')}\n`;

const check = (dir: string) => {
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
};

afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each test makes a git folder and runs the script in a node of its own: a second alone, several beside
// a loaded run (a clean-clone CI took over 5 s), so 30 s catches a hang and nothing else.
describe('scripts/source-size.mjs: files at most 550 lines (tests 600), functions and components at most 200', {
  timeout: 30_000,
}, () => {
  it('passes a 550-line file, a 600-line test, a 200-line function and a 200-line component', () => {
    const dir = workTree({
      'src/long-file.ts': fileOf(550),
      'src/long-file.test.ts': fileOf(600),
      'src/long-function.ts': `${functionOf('longest', 200)}\n`,
      'src/long-component.tsx': `${componentOf('Longest', 200)}\n`,
    });
    const result = check(dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('  200 lines  longest  src/long-function.ts:1');
    expect(result.stdout).toContain('  200 lines  Longest  src/long-component.tsx:1');
  });

  it('fails on a 551-line file outside tests and names it with its length and limit', () => {
    const dir = workTree({ 'src/long-file.ts': fileOf(551), 'src/short.ts': fileOf(10) });
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('1 source file(s) over their limit, 550 lines');
    expect(result.stderr).toContain('src/long-file.ts: 551 lines (limit 550)');
    expect(result.stderr).not.toContain('src/short.ts');
  });

  it('fails on a 601-line test and names it with its length and limit', () => {
    const dir = workTree({ 'src/long-file.test.ts': fileOf(601) });
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('src/long-file.test.ts: 601 lines (limit 600)');
  });

  it('warns about a file past 500 lines without failing, and says nothing of one at 500', () => {
    const dir = workTree({
      'src/near.ts': fileOf(501),
      'src/near.stories.tsx': fileOf(580),
      'src/at-warning.ts': fileOf(500),
    });
    const result = check(dir);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Warning: 2 source file(s) over 500 lines');
    expect(result.stdout).toContain('src/near.ts: 501 lines (limit 550)');
    expect(result.stdout).toContain('src/near.stories.tsx: 580 lines (limit 600)');
    expect(result.stdout).not.toContain('src/at-warning.ts');
  });

  it('fails on a 201-line function and names it with its place and length', () => {
    const dir = workTree({
      'src/long-function.ts': `${functionOf('tooLong', 201)}\n\n${functionOf('fits', 200)}\n`,
    });
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('1 function(s) or component(s) over 200 lines');
    expect(result.stderr).toContain('tooLong  src/long-function.ts:1: 201 lines');
    expect(result.stderr).not.toContain('fits');
  });

  it('fails on a 201-line component', () => {
    const dir = workTree({ 'src/long-component.tsx': `${componentOf('TooLong', 201)}\n` });
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('TooLong  src/long-component.tsx:1: 201 lines');
  });

  it('leaves the functions of tests, stories and fixtures apart, but not their files', () => {
    const dir = workTree({
      'src/thing.test.ts': `${functionOf('longCase', 300)}\n`,
      'src/thing.stories.tsx': `${componentOf('LongStory', 300)}\n`,
      'src/thing.fixtures.ts': `${functionOf('longTable', 300)}\n`,
    });
    expect(check(dir).status).toBe(0);
    const long = workTree({ 'src/thing.test.ts': fileOf(601) });
    const result = check(long);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('src/thing.test.ts: 601 lines');
  });
});

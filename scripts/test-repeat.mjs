// `pnpm test:repeat <N> [vitest arguments]`: runs the chosen Vitest project(s) or file(s) N times and
// reports every test that did not pass every time, with its first failure. For hunting flakes: a test
// that fails once in five runs is a flake, whatever the other four said. Each run writes Vitest's JSON
// report; with several --project options each project runs on its own (the JSON report does not name
// the project, and the API files run in two). Exit code 1 when any test failed at least once.
//
//   pnpm test:repeat 5 --project api-postgres apps/api/src/security/sessions-and-csrf.test.ts
//   pnpm test:repeat 3 --project storybook packages/ui/src/toaster
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pnpm, root } from './lib.mjs';

const [countArgument, ...vitestArgs] = process.argv.slice(2);
const runs = Number(countArgument);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(
    'Usage: pnpm test:repeat <N> [--project <name>]... [file or folder]... [other vitest options]',
  );
  process.exit(2);
}

/** The --project values, and the other arguments (files, folders, options) every run gets. */
function splitProjects(args) {
  const projects = [];
  const rest = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === '--project') projects.push(args[++index]);
    else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
    else rest.push(arg);
  }
  return { projects, rest };
}

const { projects, rest } = splitProjects(vitestArgs);
// Without --project, one run covers every project the files belong to.
const targets = projects.length > 0 ? projects : [undefined];
const reportDir = mkdtempSync(path.join(tmpdir(), 'adconsole-repeat-'));

/** Per test (project, file and full name): how often it passed, failed or was skipped, first failure. */
const tally = new Map();
const note = (key, status, failure) => {
  const entry = tally.get(key) ?? { passed: 0, failed: 0, skipped: 0, failure: undefined };
  entry[status] += 1;
  if (status === 'failed' && entry.failure === undefined) entry.failure = failure;
  tally.set(key, entry);
};
const relative = (file) => path.relative(root, file);
const runTimes = [];

for (let run = 1; run <= runs; run += 1) {
  for (const project of targets) {
    const label = `run ${run}/${runs}${project ? ` · ${project}` : ''}`;
    const report = path.join(reportDir, `run-${run}-${project ?? 'all'}.json`);
    console.log(`\n── ${label}`);
    const started = Date.now();
    const result = spawnSync(
      pnpm[0],
      [
        ...pnpm.slice(1),
        'exec',
        'vitest',
        'run',
        ...(project ? ['--project', project] : []),
        ...rest,
        // Each test's line, so two tests of one name in a file are told apart.
        '--includeTaskLocation',
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { cwd: root, stdio: 'inherit' },
    );
    const seconds = (Date.now() - started) / 1000;
    runTimes.push(`${label}: ${seconds.toFixed(0)} s, exit ${result.status ?? result.signal}`);
    let parsed;
    try {
      parsed = JSON.parse(readFileSync(report, 'utf8'));
    } catch {
      // Vitest died before reporting (a crash, a failed global setup): the whole run counts as failed.
      note(`${project ?? 'all'} › (the run itself)`, 'failed', `vitest exited with ${result.status}`);
      continue;
    }
    // A test counts once per run even where one file runs in two projects without --project.
    const seen = new Map();
    for (const file of parsed.testResults) {
      const prefix = `${project ? `${project} › ` : ''}${relative(file.name)}`;
      if (file.assertionResults.length === 0 && file.status === 'failed') {
        seen.set(`${prefix} › (the file did not load)`, { status: 'failed', failure: file.message });
      }
      for (const test of file.assertionResults) {
        const key = `${prefix}${test.location ? `:${test.location.line}` : ''} › ${test.fullName}`;
        const status = test.status === 'passed' ? 'passed' : test.status === 'failed' ? 'failed' : 'skipped';
        const earlier = seen.get(key);
        if (earlier?.status === 'failed') continue;
        seen.set(key, { status, failure: test.failureMessages[0] });
      }
    }
    for (const [key, { status, failure }] of seen) note(key, status, failure);
  }
}
rmSync(reportDir, { recursive: true, force: true });

console.log(`\n── test:repeat: ${runs} run(s) of ${vitestArgs.join(' ') || 'every project'}`);
for (const line of runTimes) console.log(`   ${line}`);
const unsteady = [...tally].filter(([, entry]) => entry.failed > 0);
const tests = [...tally].length;
if (unsteady.length === 0) {
  console.log(`\nAll ${tests} tests passed every time.`);
  process.exit(0);
}
console.log(`\n${unsteady.length} of ${tests} tests did not pass every time:\n`);
for (const [key, entry] of unsteady) {
  console.log(`✗ ${key}`);
  console.log(`  passed ${entry.passed}, failed ${entry.failed}, skipped ${entry.skipped}`);
  const first = (entry.failure ?? '').split('\n').slice(0, 6).join('\n    ');
  if (first) console.log(`    ${first}`);
}
process.exit(1);

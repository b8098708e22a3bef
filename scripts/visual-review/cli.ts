// `pnpm visual:review [--serve]`: writes the review page of the last story runs and prints its path;
// with --serve also serves it beside the built Storybook, whose pages need HTTP to run.
// `pnpm visual:accept <story id | folder>... | --all`: makes the reviewed new images baselines.
import path from 'node:path';
import { root } from '../lib.mjs';
import { serveFolder } from '../static-server';
import { acceptStories, readRunRecord, reviewFolder, writeReview } from './review';

const [command, ...args] = process.argv.slice(2);

async function review() {
  const record = readRunRecord(root);
  if (!record) {
    throw new Error(
      'No story run is recorded yet: run the stories first (pnpm test:stories, or a folder: pnpm exec vitest run --project storybook <folder>).',
    );
  }
  const result = writeReview(root, record);
  const files = Object.keys(record.files).length;
  console.log(
    result.differs.length === 0 && result.added.length === 0
      ? `Unchanged: every screenshot of the last runs of ${files} stories files matches its baseline (${result.unchanged} stories).`
      : `${result.differs.length} differ, ${result.added.length} new, ${result.unchanged} unchanged (last runs of ${files} stories files).`,
  );
  for (const story of result.differs) console.log(`  differs  ${story.storyId}  ${story.share}`);
  for (const story of result.added) console.log(`  new      ${story.storyId}`);
  if (result.failed.length > 0)
    console.log(`${result.failed.length} failed for another reason (listed in the page).`);
  console.log(`Visual review: ${result.report}`);
  if (!args.includes('--serve')) return;
  const server = await serveFolder(root, { only: [reviewFolder, 'storybook-static'] });
  console.log(`Served with the built Storybook at ${server.url}${reviewFolder}/index.html (Ctrl-C stops it)`);
}

function accept() {
  const all = args.includes('--all');
  const names = args.filter((arg) => arg !== '--all');
  // pnpm runs scripts from the repository root; a folder is meant from where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const { changed, alreadyInPlace } = acceptStories(root, { names, all, cwd });
  for (const file of changed) console.log(`updated  ${file}`);
  for (const file of alreadyInPlace)
    console.log(`kept     ${file} (the run already wrote this new baseline)`);
  console.log(
    `${changed.length} baseline${changed.length === 1 ? '' : 's'} changed. Look at them before committing: git status -- '*.png'`,
  );
}

try {
  if (command === 'review') await review();
  else if (command === 'accept') accept();
  else
    throw new Error(
      `Usage: ${path.basename(process.argv[1] ?? 'cli.ts')} review [--serve] | accept <story id | folder>... | accept --all`,
    );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

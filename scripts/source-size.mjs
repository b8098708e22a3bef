// `node scripts/source-size.mjs`, part of the lint step (`pnpm lint`, `npm test`): the repository's size
// rules (docs/style.md, "Size, checked"). It fails when a test, story or fixture file is over 600 lines,
// any other source file over 550, or a function or component outside tests, stories and fixtures over
// 200 (a function that grows past a screen is usually several visible parts, to split along them),
// naming each; it warns, without failing, about every file over 500, the ones to split next, and prints
// the longest functions. Reads every source file Git knows of (tracked or new, not ignored) with TypeScript's
// parser: about two seconds for the whole repository. `node scripts/source-size.mjs <folder>` checks
// another Git work tree instead (scripts/source-size.test.ts checks the limits so).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { root } from './lib.mjs';

/** The most lines a test, story or fixture file may have. */
const MAX_FILE_LINES = 600;
/** The most lines any other source file may have. */
const MAX_PRODUCTION_FILE_LINES = 550;
/** Past this many lines a file is named in a warning: the next to split, before it reaches its limit. */
const WARN_FILE_LINES = 500;
/**
 * Files over 550 lines whose split waits on the work under way in them, each kept to 600 meanwhile:
 * named in every run's warnings. Take a file off when it is split; never add one to pass.
 */
const SPLIT_PENDING = new Set([]);
/** The most lines a function or component may have, tests, stories and fixtures apart. */
const MAX_FUNCTION_LINES = 200;
/** How many of the longest functions the report prints. */
const REPORTED_FUNCTIONS = 15;
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** The work tree checked: the one named on the command line, or this repository. */
const tree = process.argv[2] ? path.resolve(process.argv[2]) : root;

const sourceFiles = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: tree,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts'));

/** A function's name as a reader finds it: its own, or the variable, property or method it is bound to. */
function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText();
  }
  if (parent && ts.isCallExpression(parent)) {
    const bound = parent.parent;
    if (bound && ts.isVariableDeclaration(bound)) return bound.name.getText();
  }
  return '(anonymous)';
}

/** Every function of one file with its length in lines; a function inside another counts apart too. */
function functionsOf(file, text) {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, line: start + 1, name: functionName(node), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Tests, stories and fixtures: their functions are apart from the function rule, their files may be longer. */
const TEST_LIKE = /\.(test|stories|fixtures)\.[jt]sx?$/;
const fileLimit = (file) =>
  TEST_LIKE.test(file) || SPLIT_PENDING.has(file) ? MAX_FILE_LINES : MAX_PRODUCTION_FILE_LINES;

const tooLong = [];
const nearLimit = [];
const functions = [];
for (const file of sourceFiles()) {
  let text;
  try {
    text = readFileSync(path.join(tree, file), 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > fileLimit(file)) tooLong.push({ file, lines, limit: fileLimit(file) });
  else if (lines > WARN_FILE_LINES) nearLimit.push({ file, lines, limit: fileLimit(file) });
  functions.push(...functionsOf(file, text));
}

// Tests and stories hold one `describe` of many cases, fixtures one table: the rule is about the code
// they test.
const counted = functions.filter(({ file }) => !TEST_LIKE.test(file)).sort((a, b) => b.lines - a.lines);
console.log(`The ${REPORTED_FUNCTIONS} longest functions (tests, stories and fixtures apart):`);
for (const { file, line, name, lines } of counted.slice(0, REPORTED_FUNCTIONS)) {
  console.log(`${String(lines).padStart(5)} lines  ${name}  ${file}:${line}`);
}
const longFunctions = counted.filter(({ lines }) => lines > MAX_FUNCTION_LINES);

if (nearLimit.length > 0) {
  console.log(
    `\nWarning: ${nearLimit.length} source file(s) over ${WARN_FILE_LINES} lines, the next to split along their parts:`,
  );
  for (const { file, lines, limit } of nearLimit.sort((a, b) => b.lines - a.lines)) {
    const pending = SPLIT_PENDING.has(file) ? ', its split pending' : '';
    console.log(`  ${file}: ${lines} lines (limit ${limit}${pending})`);
  }
}
if (tooLong.length > 0) {
  console.error(
    `\n${tooLong.length} source file(s) over their limit, ${MAX_PRODUCTION_FILE_LINES} lines (tests, stories and fixtures ${MAX_FILE_LINES}; split them along their parts):`,
  );
  for (const { file, lines, limit } of tooLong.sort((a, b) => b.lines - a.lines)) {
    console.error(`  ${file}: ${lines} lines (limit ${limit})`);
  }
}
if (longFunctions.length > 0) {
  console.error(
    `\n${longFunctions.length} function(s) or component(s) over ${MAX_FUNCTION_LINES} lines (split them along their parts: a form's sections, a page's cards, a table's builders):`,
  );
  for (const { file, line, name, lines } of longFunctions) {
    console.error(`  ${name}  ${file}:${line}: ${lines} lines`);
  }
}
// A file on the pending list once split (or gone) is taken off it, so the list names only what waits.
const seen = new Map([...nearLimit, ...tooLong].map(({ file, lines }) => [file, lines]));
const splitDone = [...SPLIT_PENDING].filter(
  (file) => tree === root && !((seen.get(file) ?? 0) > MAX_PRODUCTION_FILE_LINES),
);
if (splitDone.length > 0) {
  console.error(
    `\n${splitDone.length} file(s) on SPLIT_PENDING now at most ${MAX_PRODUCTION_FILE_LINES} lines or gone (take them off the list in scripts/source-size.mjs):`,
  );
  for (const file of splitDone) console.error(`  ${file}`);
}
if (tooLong.length > 0 || longFunctions.length > 0 || splitDone.length > 0) process.exit(1);
console.log(
  `Every source file is within its limit (${MAX_PRODUCTION_FILE_LINES} lines; tests, stories, fixtures and the ${SPLIT_PENDING.size} pending a split ${MAX_FILE_LINES}), every function and component at most ${MAX_FUNCTION_LINES}.`,
);

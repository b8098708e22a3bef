// `node scripts/source-size.mjs`, part of the lint step (`pnpm lint`, `npm test`): the repository's size
// rules (docs/style.md, "Size, checked"). It fails when a source file is over 600 lines, or a function
// or component outside tests, stories and fixtures is over 200 (a function that grows past a screen is
// usually several visible parts, to split along them), naming each; it also prints the longest
// functions. Reads every source file Git knows of (tracked or new, not ignored) with TypeScript's
// parser: about two seconds for the whole repository. `node scripts/source-size.mjs <folder>` checks
// another Git work tree instead (scripts/source-size.test.ts checks the limits so).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { root } from './lib.mjs';

/** The most lines a source file may have. */
const MAX_FILE_LINES = 600;
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

const tooLong = [];
const functions = [];
for (const file of sourceFiles()) {
  let text;
  try {
    text = readFileSync(path.join(tree, file), 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE_LINES) tooLong.push({ file, lines });
  functions.push(...functionsOf(file, text));
}

// Tests and stories hold one `describe` of many cases, fixtures one table: the rule is about the code
// they test.
const counted = functions
  .filter(({ file }) => !/\.(test|stories|fixtures)\.[jt]sx?$/.test(file))
  .sort((a, b) => b.lines - a.lines);
console.log(`The ${REPORTED_FUNCTIONS} longest functions (tests, stories and fixtures apart):`);
for (const { file, line, name, lines } of counted.slice(0, REPORTED_FUNCTIONS)) {
  console.log(`${String(lines).padStart(5)} lines  ${name}  ${file}:${line}`);
}
const longFunctions = counted.filter(({ lines }) => lines > MAX_FUNCTION_LINES);

if (tooLong.length > 0) {
  console.error(
    `\n${tooLong.length} source file(s) over ${MAX_FILE_LINES} lines (split them along their parts):`,
  );
  for (const { file, lines } of tooLong.sort((a, b) => b.lines - a.lines)) {
    console.error(`  ${file}: ${lines} lines`);
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
if (tooLong.length > 0 || longFunctions.length > 0) process.exit(1);
console.log(
  `Every source file is at most ${MAX_FILE_LINES} lines, every function and component at most ${MAX_FUNCTION_LINES}.`,
);

// Rules of the repository a reviewer would otherwise keep by hand (docs/style.md, "Errors are values a
// person can read"): every text a user reads is an entry of the one catalogue, MESSAGES
// (packages/domain/src/validation/messages.ts). So the console, the forms and the design system never
// hand a literal to `errorMessage(error, fallback)`, `showError(title)` or `notifyFailure(title)` (nor
// to `<Loaded errorText>`, nor as the `title` or `text` of a notification, `notify({ title, text })`),
// and the domain declares no second `*_MESSAGES` catalogue beside it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The files Git knows of under `folders` whose names end with `.ts` or `.tsx`, tests and stories left out
 * (a story hands the design system's toaster sample texts of its own).
 */
function sources(folders: readonly string[]): string[] {
  const listed = execFileSync('git', ['ls-files', '--', ...folders], { cwd: root, encoding: 'utf8' });
  return listed.split('\n').filter((file) => /\.tsx?$/.test(file) && !/\.(test|stories)\.tsx?$/.test(file));
}

/** The index just past the string, template or comment starting at `at`, or `at` when none starts there. */
function skipQuoted(text: string, at: number): number {
  const char = text[at];
  if (char === '/' && text[at + 1] === '/') {
    const end = text.indexOf('\n', at);
    return end === -1 ? text.length : end;
  }
  if (char === '/' && text[at + 1] === '*') {
    const end = text.indexOf('*/', at + 2);
    return end === -1 ? text.length : end + 2;
  }
  if (char !== "'" && char !== '"' && char !== '`') return at;
  let index = at + 1;
  while (index < text.length && text[index] !== char) index += text[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** The top-level arguments of the call whose opening parenthesis is at `open`, as source text. */
function callArguments(text: string, open: number): string[] {
  const found: string[] = [];
  let depth = 0;
  let start = open + 1;
  let index = open;
  while (index < text.length) {
    const skipped = skipQuoted(text, index);
    if (skipped !== index) {
      index = skipped;
      continue;
    }
    const char = text[index];
    if (char === '(' || char === '[' || char === '{') depth += 1;
    if (char === ')' || char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0) {
        found.push(text.slice(start, index));
        return found;
      }
    }
    if (char === ',' && depth === 1) {
      found.push(text.slice(start, index));
      start = index + 1;
    }
    index += 1;
  }
  return found;
}

/** Whether an argument's text holds a string literal or a template (a ternary of two included). */
function holdsLiteral(argument: string): boolean {
  let index = 0;
  while (index < argument.length) {
    const char = argument[index];
    if (char === "'" || char === '"' || char === '`') return true;
    const skipped = skipQuoted(argument, index);
    index = skipped === index ? index + 1 : skipped;
  }
  return false;
}

/** Which argument of each call carries a text a user reads. */
const TEXT_ARGUMENT: Readonly<Record<string, number>> = { errorMessage: 1, showError: 0, notifyFailure: 0 };

/** Each call in `text` that hands a literal where a catalogue entry belongs, as 'line N: call'. */
function literalMessages(text: string): string[] {
  const found: string[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(/\b(errorMessage|showError|notifyFailure)\s*\(/g)) {
    const name = match[1] as string;
    // A declaration (`function notifyFailure(title: string, ...)`) is not a call.
    if (/\bfunction\s+$/.test(text.slice(Math.max(0, match.index - 20), match.index))) continue;
    const argument = callArguments(text, match.index + match[0].length - 1)[TEXT_ARGUMENT[name] ?? 0];
    if (argument !== undefined && holdsLiteral(argument)) found.push(`line ${lineOf(match.index)}: ${name}`);
  }
  // A notification's title and text (`notify({ type: 'success', title: ..., text: ... })`).
  for (const match of text.matchAll(/\bnotify\s*\(\s*\{/g)) {
    const fields = callArguments(text, match.index + match[0].length - 1);
    for (const field of fields) {
      const property = /^\s*(title|text)\s*:/.exec(field);
      if (property && holdsLiteral(field.slice(property[0].length)))
        found.push(`line ${lineOf(match.index)}: notify ${property[1]}`);
    }
  }
  for (const match of text.matchAll(/\berrorText=["'{]\s*["'`]?/g)) {
    if (/["'`]/.test(match[0].slice('errorText='.length)))
      found.push(`line ${lineOf(match.index)}: errorText`);
  }
  return found;
}

/** Each `*_MESSAGES` constant `text` declares (MESSAGES itself is the one catalogue). */
function siblingCatalogues(text: string): string[] {
  return [...text.matchAll(/\b(?:const|let|var)\s+([A-Z0-9_]+_MESSAGES)\b/g)].map(
    (match) => match[1] as string,
  );
}

describe('the scanners find what they are for', () => {
  it("a literal fallback, toast title, notification's title or text or loading text is found, a catalogue entry is not", () => {
    const source = [
      "setError(errorMessage(error, 'The campaign was not saved.'));",
      'setError(errorMessage(error, MESSAGES.campaignNotSaved));',
      "onError: showError(paused ? 'The creative was not paused' : MESSAGES.creativeNotResumed),",
      'onError: showError(MESSAGES.creativeNotDeleted),',
      `notifyFailure(\`The \${thing} was not sent\`, failure);`,
      'function notifyFailure(title: string, failure: unknown) {}',
      'errorMessage(failure, fallbackFor("x"))',
      '<Loaded errorText="The users could not be loaded." />',
      '<Loaded errorText={MESSAGES.usersNotLoaded} />',
      "<Loaded errorText={'The users could not be loaded.'} />",
      "notify({ type: 'success', title: 'Published', text: MESSAGES.creativePublishedText });",
      'notify({ type: "success", title: MESSAGES.draftDeleted, text: `The draft was deleted.` });',
      "notify({ type: 'success', title: MESSAGES.invitationSentAgain, text: invitationSentAgainMessage(email) });",
      'notify({ type: outcome.tone, title: outcome.title, text: outcome.text });',
    ].join('\n');
    expect(literalMessages(source)).toEqual([
      'line 1: errorMessage',
      'line 3: showError',
      'line 5: notifyFailure',
      'line 7: errorMessage',
      'line 11: notify title',
      'line 12: notify text',
      'line 8: errorText',
      'line 10: errorText',
    ]);
  });

  it('a second catalogue is found, MESSAGES and other names are not', () => {
    const source =
      "export const MESSAGES = {};\nconst GOAL_MESSAGES = { a: 'b' };\nexport const BUFFERED = 16;\nlet X_MESSAGES;";
    expect(siblingCatalogues(source)).toEqual(['GOAL_MESSAGES', 'X_MESSAGES']);
  });
});

describe('messages are decided once (docs/style.md, "Errors are values a person can read")', () => {
  it('the console, the forms and the design system hand no literal text to errorMessage, showError, notifyFailure or a notification', () => {
    const files = sources(['apps/console/src', 'packages/forms/src', 'packages/ui/src']);
    expect(files.length).toBeGreaterThan(100);
    const offences = files.flatMap((file) =>
      literalMessages(readFileSync(path.join(root, file), 'utf8')).map((where) => `${file} ${where}`),
    );
    expect(offences, 'use an entry of MESSAGES (packages/domain/src/validation/messages.ts)').toEqual([]);
  });

  it('the domain declares no catalogue of messages but MESSAGES and the parts MESSAGES spreads', () => {
    const files = sources(['packages/domain/src']);
    expect(files.length).toBeGreaterThan(100);
    // A part of the one catalogue (a module of its own so a page's first load carries only its texts)
    // is spread into MESSAGES: its keys and texts are MESSAGES' own.
    const catalogue = readFileSync(path.join(root, 'packages/domain/src/validation/messages.ts'), 'utf8');
    const parts = new Set([...catalogue.matchAll(/\.\.\.([A-Z0-9_]+_MESSAGES)\b/g)].map((match) => match[1]));
    expect(parts).toContain('ACCOUNT_MESSAGES');
    const offences = files.flatMap((file) =>
      siblingCatalogues(readFileSync(path.join(root, file), 'utf8'))
        .filter((name) => !parts.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(
      offences,
      'make its texts entries of MESSAGES (packages/domain/src/validation/messages.ts)',
    ).toEqual([]);
  });
});

// A build step of the console: an import of a workspace package's entry point (`@adconsole/ui`'s
// `index.ts` re-exports every component) is rewritten into imports of the modules that define the
// names it takes. The packages are free of side effects, so what runs is the same; what changes is
// the module graph the bundler splits by: through the entry points every module looked reachable from
// every screen that imports one name of its package, and chunks were formed by that (docs/console.md,
// "Chunks by route").
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, parseSync } from 'vite';

/** Where an exported name is defined: the module and the name it has there. */
interface Definition {
  file: string;
  name: string;
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  if (existsSync(base) && /\.[cm]?[jt]sx?$/.test(base)) return base;
  for (const extension of SOURCE_EXTENSIONS) {
    if (existsSync(base + extension)) return base + extension;
  }
  return undefined;
}

/** Follows a module's exports to their definitions: `export *` and `export { a as b } from` alike. */
export function createExportResolver() {
  const cache = new Map<string, Map<string, Definition>>();

  function exportsOf(file: string): Map<string, Definition> {
    const known = cache.get(file);
    if (known) return known;
    const definitions = new Map<string, Definition>();
    cache.set(file, definitions); // a cycle of re-exports ends here instead of recursing forever
    const { module } = parseSync(file, readFileSync(file, 'utf8'));
    const starModules: string[] = [];
    for (const statement of module.staticExports) {
      for (const entry of statement.entries) {
        const request = entry.moduleRequest?.value;
        const target = request?.startsWith('.') ? resolveRelative(file, request) : undefined;
        if (entry.importName.kind === 'AllButDefault') {
          if (target) starModules.push(target);
          continue;
        }
        const exported = entry.exportName.name;
        if (!exported) continue;
        if (target && entry.importName.kind === 'Name' && entry.importName.name) {
          // `export { a as b } from './x'`, or `import { a } from './x'; export { a as b }`
          const definition = exportsOf(target).get(entry.importName.name);
          definitions.set(exported, definition ?? { file: target, name: entry.importName.name });
        } else if (!request) {
          definitions.set(exported, { file, name: exported });
        }
      }
    }
    // An explicit export wins over a star export of the same name, as in the language.
    for (const starModule of starModules) {
      for (const [name, definition] of exportsOf(starModule)) {
        if (name !== 'default' && !definitions.has(name)) definitions.set(name, definition);
      }
    }
    return definitions;
  }

  return exportsOf;
}

/** Where `specifier` leads from `importer`: a source file, or undefined when it is not one. */
type Resolve = (specifier: string, importer: string) => Promise<string | undefined>;

/**
 * Rewrites `import { a, b as c } from '<package>'` into imports from the defining modules, keeping
 * each statement's line count so the source maps stay right. Statements it cannot rewrite whole (a
 * namespace or default import, a name it cannot find) stay as they are.
 */
export async function rewriteBarrelImports(
  id: string,
  code: string,
  packages: ReadonlySet<string>,
  resolve: Resolve,
  exportsOf: (file: string) => Map<string, Definition>,
): Promise<string | undefined> {
  const { module } = parseSync(id.replace(/\.[cm]?[jt]sx?$/, '.js'), code);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of module.staticImports) {
    const specifier = statement.moduleRequest.value;
    if (!packages.has(specifier) || statement.entries.length === 0) continue;
    const entryPoint = await resolve(specifier, id);
    if (!entryPoint) continue;
    const definitions = exportsOf(entryPoint);
    const byFile = new Map<string, string[]>();
    let whole = true;
    for (const entry of statement.entries) {
      const definition =
        entry.importName.kind === 'Name' && entry.importName.name
          ? definitions.get(entry.importName.name)
          : undefined;
      if (!definition) {
        whole = false;
        break;
      }
      const local = entry.localName.value;
      const imported = definition.name === local ? local : `${definition.name} as ${local}`;
      byFile.set(definition.file, [...(byFile.get(definition.file) ?? []), imported]);
    }
    if (!whole) continue;
    const original = code.slice(statement.start, statement.end);
    const lines = original.split('\n').length - 1;
    const text = [...byFile]
      .map(([file, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(file)};`)
      .join(' ');
    edits.push({ start: statement.start, end: statement.end, text: text + '\n'.repeat(lines) });
  }
  if (edits.length === 0) return undefined;
  let rewritten = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    rewritten = rewritten.slice(0, edit.start) + edit.text + rewritten.slice(edit.end);
  }
  return rewritten;
}

/**
 * The plugin, for the named packages: each must be free of side effects (`"sideEffects": false`), or
 * skipping its entry point would skip code that has to run.
 */
export function debarrel(packageNames: readonly string[]): Plugin {
  const packages = new Set(packageNames);
  const exportsOf = createExportResolver();
  const mentioned = new RegExp(
    packageNames.map((name) => `['"]${name.replace(/[/.]/g, '\\$&')}['"]`).join('|'),
  );
  return {
    name: 'adconsole:debarrel',
    apply: 'build',
    transform: {
      // after TypeScript and JSX are compiled: only imports that carry values are left
      filter: { code: mentioned },
      async handler(code, id) {
        const resolve: Resolve = async (specifier, importer) => {
          const resolved = await this.resolve(specifier, importer);
          return resolved && !resolved.external && path.isAbsolute(resolved.id) ? resolved.id : undefined;
        };
        const rewritten = await rewriteBarrelImports(id, code, packages, resolve, exportsOf);
        return rewritten === undefined ? undefined : { code: rewritten, map: null };
      },
    },
  };
}

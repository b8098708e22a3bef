import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExportResolver, rewriteBarrelImports } from './debarrel';

// A package laid out as ours and lucide-react's are: an entry point that only re-exports.
let root = '';
const file = (name: string) => path.join(root, name);

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'debarrel-'));
  mkdirSync(file('icons'));
  mkdirSync(file('button'));
  writeFileSync(
    file('index.ts'),
    [
      "export * from './button';",
      "export { default as Link, default as LinkIcon } from './icons/link.mjs';",
      "export { cn as classNames } from './cn';",
      "export * from './a';",
      "export * from './b';",
    ].join('\n'),
  );
  writeFileSync(file('button/index.ts'), "export * from './button';\n");
  writeFileSync(file('button/button.tsx'), 'export function Button() {}\nexport const buttonVariants = 1;\n');
  writeFileSync(file('icons/link.mjs'), 'const Link = 1;\nexport { Link as default };\n');
  writeFileSync(file('cn.ts'), "import { join } from './join';\nexport function cn() {}\nexport { join };\n");
  writeFileSync(file('join.ts'), 'export const join = 1;\n');
  // A star export does not hide an explicit one of the same name, and a cycle of stars ends.
  writeFileSync(file('a.ts'), "export const shared = 'a';\nexport * from './b';\n");
  writeFileSync(file('b.ts'), "export const shared = 'b';\nexport const onlyB = 1;\nexport * from './a';\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the exports of an entry point, followed to where each name is defined', () => {
  it('follows star exports through folders, renamed and default re-exports, and imports exported again', () => {
    const definitions = createExportResolver()(file('index.ts'));
    expect(definitions.get('Button')).toEqual({ file: file('button/button.tsx'), name: 'Button' });
    expect(definitions.get('Link')).toEqual({ file: file('icons/link.mjs'), name: 'default' });
    expect(definitions.get('LinkIcon')).toEqual({ file: file('icons/link.mjs'), name: 'default' });
    expect(definitions.get('classNames')).toEqual({ file: file('cn.ts'), name: 'cn' });
    expect(createExportResolver()(file('cn.ts')).get('join')).toEqual({
      file: file('join.ts'),
      name: 'join',
    });
  });

  it('keeps a module’s own export over a star export of the same name, and ends a cycle of stars', () => {
    const exportsOf = createExportResolver();
    expect(exportsOf(file('a.ts')).get('shared')).toEqual({ file: file('a.ts'), name: 'shared' });
    expect(exportsOf(file('a.ts')).get('onlyB')).toEqual({ file: file('b.ts'), name: 'onlyB' });
  });
});

describe('imports of an entry point rewritten to the defining modules', () => {
  const resolve = async (specifier: string) => (specifier === 'pkg' ? file('index.ts') : undefined);

  it('imports each name from its module, under the same local name, on as many lines as before', async () => {
    const code =
      "import {\n  Button,\n  Link as LinkIcon,\n  classNames,\n} from 'pkg';\nButton(LinkIcon, classNames);\n";
    const rewritten = await rewriteBarrelImports(
      '/app/screen.js',
      code,
      new Set(['pkg']),
      resolve,
      createExportResolver(),
    );
    expect(rewritten?.split('\n')).toEqual([
      `import { Button } from ${JSON.stringify(file('button/button.tsx'))}; import { default as LinkIcon } from ${JSON.stringify(file('icons/link.mjs'))}; import { cn as classNames } from ${JSON.stringify(file('cn.ts'))};`,
      '',
      '',
      '',
      '',
      'Button(LinkIcon, classNames);',
      '',
    ]);
  });

  it('leaves a namespace import, a default import, a name it cannot find and other packages as they are', async () => {
    const code = [
      "import * as everything from 'pkg';",
      "import pkg from 'pkg';",
      "import { Button, missing } from 'pkg';",
      "import { Button as Other } from 'other';",
      "import 'pkg';",
    ].join('\n');
    expect(
      await rewriteBarrelImports('/app/screen.js', code, new Set(['pkg']), resolve, createExportResolver()),
    ).toBeUndefined();
  });
});

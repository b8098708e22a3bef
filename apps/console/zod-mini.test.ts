// What a browser runs builds its schemas with `zod/mini` (docs/console.md, "The whole domain in
// zod/mini"). Tree-shaking is global: one module of a lazy screen that imports classic zod keeps every
// constructor classic zod uses in `zod/v4/core`, which every page loads first, and brings classic
// zod's own 60 kB to the pages that import it. Tests and stories may use classic zod; the API server too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.join(import.meta.dirname, '..', '..');
/** The source folders the console's build bundles. */
const BUNDLED = [
  'apps/console/src',
  'packages/domain/src',
  'packages/forms/src',
  'packages/ui/src',
  'packages/charts/src',
];
const isShipped = (file: string) =>
  /\.(ts|tsx)$/.test(file) && !/\.(test|stories)\.tsx?$/.test(file) && !file.includes('/fixtures/');

/** Imports of classic zod: `zod` itself, `zod/v4` and `zod/v4/classic` (not `zod/mini`, `zod/v4/core`, a locale). */
const CLASSIC_ZOD = /from\s+['"]zod(\/v4(\/classic)?)?['"]/;

function classicZodImporters(folders: readonly string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(repo, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => path.join(folder, file))
      .filter((file) => isShipped(file) && CLASSIC_ZOD.test(readFileSync(path.join(repo, file), 'utf8'))),
  );
}

describe('the schemas a browser builds (docs/console.md, "The whole domain in zod/mini")', () => {
  it('come from zod/mini: no module the console bundles imports classic zod', () => {
    expect(classicZodImporters(BUNDLED)).toEqual([]);
  });

  it('would name a module that does: the rule reads imports, not only its own folders', () => {
    // The API server builds its own configuration with classic zod: the check finds it there.
    expect(classicZodImporters(['apps/api/src'])).toContain(path.join('apps/api/src', 'config.ts'));
    expect(CLASSIC_ZOD.test("import { z } from 'zod/mini';")).toBe(false);
    expect(CLASSIC_ZOD.test("import type { z } from 'zod';")).toBe(true);
  });
});

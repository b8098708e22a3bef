import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import LongFilesFirstSequencer, { projectRank } from './test-sequencer';

/** A file of `project` in `group`, `size` bytes long, as Vitest's sequencer sees it on a clean clone. */
function spec(project: string, group: number, file: string, size: number) {
  return {
    moduleId: `/repo/${file}`,
    project: { name: project, config: { sequence: { groupOrder: group }, isolate: true } },
    size,
  };
}

function sequencer(files: ReturnType<typeof spec>[]) {
  const sizes = new Map(files.map((file) => [`${file.project.name}:${file.moduleId.slice(6)}`, file.size]));
  const ctx = {
    config: { root: '/repo' },
    cache: {
      // A clean clone: no earlier results, so Vitest orders each project's files by size.
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({ size: sizes.get(key) ?? 0 }),
    },
  };
  return new LongFilesFirstSequencer(ctx as unknown as Vitest);
}

describe('the order a run starts its files in (docs/testing.md, "How long a run takes")', () => {
  it('ranks the consumer, then the journeys, before every other project', () => {
    expect(projectRank('consumer')).toBe(0);
    expect(projectRank('e2e')).toBe(1);
    expect(projectRank('api-pglite')).toBe(2);
    expect(projectRank('bus-postgres')).toBe(2);
  });

  it('starts the long-file projects first in their group, the rest in Vitest’s own order, the stories’ group before all', async () => {
    const files = [
      spec('api-pglite', 1, 'apps/api/a.test.ts', 10),
      spec('api-pglite', 1, 'apps/api/b.test.ts', 30),
      spec('e2e', 1, 'e2e/one.test.ts', 5),
      spec('domain', 1, 'packages/domain/d.test.ts', 50),
      spec('storybook', 0, 'packages/ui/x.stories.tsx', 1),
      spec('consumer', 1, 'consumer/consumer.test.ts', 1),
      spec('e2e', 1, 'e2e/two.test.ts', 9),
    ];
    const sorted = await sequencer(files).sort(files as unknown as TestSpecification[]);
    expect(sorted.map((file) => `${file.project.name} ${file.moduleId.slice(6)}`)).toEqual([
      'storybook packages/ui/x.stories.tsx',
      'consumer consumer/consumer.test.ts',
      'e2e e2e/two.test.ts',
      'e2e e2e/one.test.ts',
      'api-pglite apps/api/b.test.ts',
      'api-pglite apps/api/a.test.ts',
      'domain packages/domain/d.test.ts',
    ]);
  });
});

// The order `vitest run` starts its files in (docs/testing.md, "How long a run takes"). Vitest's own
// sequencer runs a group's projects one after the other by name, each project's larger files first; on a
// clean clone that put the journeys (`e2e`, a product and a Chromium each, one to two minutes a file) and
// the packed-tarball consumer (minutes: it installs and builds a scratch app) last, three at a time, so the
// run ended on a tail of a few long files while the short API files had long finished. Longest first is
// the classic rule for packing jobs on a few workers: these projects now start their group, and the many
// short files fill the workers around them.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Projects whose files are the longest of their group (minutes each), started first, in this order. */
export const LONG_FILE_PROJECTS = ['consumer', 'e2e'] as const;

/** Where a project's files go in its group: the long-file projects first, the rest after, in Vitest's own order. */
export function projectRank(name: string): number {
  const rank = (LONG_FILE_PROJECTS as ReadonlyArray<string>).indexOf(name);
  return rank === -1 ? LONG_FILE_PROJECTS.length : rank;
}

export default class LongFilesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a rank, Vitest's own order (group, project, size) stands.
    return sorted
      .map((file, index) => ({ file, index }))
      .sort(
        (a, b) =>
          a.file.project.config.sequence.groupOrder - b.file.project.config.sequence.groupOrder ||
          projectRank(a.file.project.name) - projectRank(b.file.project.name) ||
          a.index - b.index,
      )
      .map(({ file }) => file);
  }
}

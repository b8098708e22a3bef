// `npm start` rebuilds a product target when one of its inputs changed: its inputs must name the sources
// of every workspace package the target bundles, or a change to, say, the charts would leave the console
// of the running product stale (the console's inputs once lacked the charts and the ad runtime).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productTargets, root } from './lib.mjs';

type Manifest = { name: string; dependencies?: Record<string, string> };

/** Every workspace package by name, with its folder relative to the root. */
function workspacePackages(): Map<string, { dir: string; manifest: Manifest }> {
  const packages = new Map<string, { dir: string; manifest: Manifest }>();
  for (const parent of ['packages', 'apps']) {
    for (const entry of readdirSync(path.join(root, parent))) {
      const file = path.join(root, parent, entry, 'package.json');
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      packages.set(manifest.name, { dir: `${parent}/${entry}`, manifest });
    }
  }
  return packages;
}

/** The workspace packages `name` depends on at run time, directly or through another. */
function workspaceDependencies(name: string, packages: ReturnType<typeof workspacePackages>): Set<string> {
  const found = new Set<string>();
  const visit = (current: string) => {
    for (const [dependency, range] of Object.entries(packages.get(current)?.manifest.dependencies ?? {})) {
      if (!range.startsWith('workspace:') || found.has(dependency)) continue;
      found.add(dependency);
      visit(dependency);
    }
  };
  visit(name);
  return found;
}

describe("npm start's product targets", () => {
  const packages = workspacePackages();

  it.each(productTargets.map((target) => [target.name, target] as const))(
    '%s is rebuilt when the sources of any workspace package it bundles change',
    (name, target) => {
      const expected = [...workspaceDependencies(name, packages)].map(
        (dependency) => `${packages.get(dependency)?.dir}/src`,
      );
      expect(expected.filter((source) => !target.inputs.includes(source))).toEqual([]);
      // Its own sources, and only paths that exist.
      expect(target.inputs).toContain(`${packages.get(name)?.dir}/src`);
      expect(target.inputs.filter((input) => !existsSync(path.join(root, input)))).toEqual([]);
    },
  );
});

// A product outside the monorepo that installs the published packages: the packing, the scratch app
// and its browser page, shared by the consumer test (packed tarballs) and the release rehearsal
// (a local registry).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { chromiumLaunchArgs, chromiumPath } from '../scripts/chromium';
import { pnpm, root } from '../scripts/lib.mjs';
import { type StaticServer, serveFolder } from '../scripts/static-server';

export type Manifest = {
  name: string;
  version: string;
  private?: boolean;
  exports?: Record<string, unknown>;
  publishConfig?: { exports?: Record<string, unknown> };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

export const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

/** The folders of the published (not private) packages under `<repo>/packages`. */
export const publishedPackageDirs = (repo = root): string[] =>
  readdirSync(path.join(repo, 'packages'))
    .map((name) => path.join(repo, 'packages', name))
    .filter((dir) => existsSync(path.join(dir, 'package.json')) && !readManifest(dir).private);

/** Runs a command and, when it fails, throws its full output so the caller says why. */
export function check(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', NODE_ENV: 'development', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${command} ${args.join(' ')} failed:\n${failure.stdout ?? ''}\n${failure.stderr ?? failure.message}`,
    );
  }
}

export const runPnpmIn = (args: string[], cwd: string, env?: NodeJS.ProcessEnv) =>
  check(pnpm[0] as string, [...pnpm.slice(1), ...args], cwd, env);

/** Packs every published package as npm would receive it: package name → tarball. */
export function packPackages(destination: string): Map<string, string> {
  mkdirSync(destination, { recursive: true });
  const tarballs = new Map<string, string>();
  for (const dir of publishedPackageDirs()) {
    const manifest = readManifest(dir);
    if (!existsSync(path.join(dir, 'dist')))
      throw new Error(`${manifest.name} is not built: run \`pnpm build\` first.`);
    runPnpmIn(['pack', '--pack-destination', destination], dir);
    const file = path.join(
      destination,
      `${manifest.name.replace('@', '').replace('/', '-')}-${manifest.version}.tgz`,
    );
    if (!existsSync(file)) throw new Error(`pnpm pack wrote no ${file}`);
    tarballs.set(manifest.name, file);
  }
  return tarballs;
}

/** Every file under a folder, as paths relative to it. */
export const filesUnder = (dir: string, base = dir): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(dir, entry.name), base)
      : [path.relative(base, path.join(dir, entry.name))],
  );

/** Bare module specifiers a built file imports (ESM `import`/`export ... from`, dynamic `import()`). */
function importedPackages(file: string): Set<string> {
  const source = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'\s./][^"'\s]*)["']/g)) {
    const specifier = match[1] as string;
    if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
    const parts = specifier.split('/');
    found.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
  }
  return found;
}

/**
 * What an installer would trip on in an unpacked tarball: each built file (`.js`, `.mjs`, `.d.ts`) that
 * imports a package the manifest (as packed: ranges and `exports` rewritten) names neither as a
 * dependency nor as a peer. A type import may be covered by the package's `@types/` instead.
 */
export function undeclaredImports(unpacked: string): string[] {
  const manifest = readManifest(unpacked);
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  const found: string[] = [];
  for (const file of filesUnder(unpacked).filter((candidate) => /\.(m?js|d\.ts)$/.test(candidate))) {
    for (const imported of importedPackages(path.join(unpacked, file))) {
      const types = `@types/${imported.replace('@', '').replace('/', '__')}`;
      if (declared.has(imported) || (file.endsWith('.d.ts') && declared.has(types))) continue;
      found.push(`${manifest.name}: ${file} imports ${imported}, which is neither a dependency nor a peer`);
    }
  }
  return found;
}

/** The range the workspace itself uses for a third-party package (a package's or the root's). */
export function workspaceRange(name: string): string {
  for (const dir of publishedPackageDirs()) {
    const found = readManifest(dir).devDependencies?.[name];
    if (found) return found;
  }
  return readManifest(root).devDependencies?.[name] ?? 'latest';
}

/** The workspace's ranges for these packages: the ones a product would add itself. */
export const workspaceRanges = (names: Iterable<string>) =>
  Object.fromEntries([...names].map((name) => [name, workspaceRange(name)]));

/**
 * Copies `consumer/<template>` to `dir`, gives it a package.json with these dependencies (plus Vite,
 * TypeScript 7 and React's types), and installs it with npm, as a product outside the workspace would.
 */
export function createScratchApp(options: {
  template: 'app' | 'report-app';
  dir: string;
  dependencies: Record<string, string>;
  overrides?: Record<string, string>;
  env?: NodeJS.ProcessEnv;
}): string {
  cpSync(path.join(root, 'consumer', options.template), options.dir, { recursive: true });
  const devDependencies = {
    ...workspaceRanges(['vite', '@types/react', '@types/react-dom']),
    // The TypeScript a product installs today (`npm install typescript`: 7, the native compiler; the
    // workspace's own `typescript-native`). Its checks are TypeScript 6's, ported, at about a quarter
    // of the time (docs/testing.md, "How long a run takes").
    typescript: workspaceRange('typescript-native').replace(/^npm:typescript@/, ''),
  };
  writeFileSync(
    path.join(options.dir, 'package.json'),
    JSON.stringify(
      {
        name: `adconsole-consumer-${options.template}`,
        private: true,
        type: 'module',
        dependencies: options.dependencies,
        devDependencies,
        ...(options.overrides ? { overrides: options.overrides } : {}),
      },
      null,
      2,
    ),
  );
  check(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--ignore-scripts'],
    options.dir,
    options.env,
  );
  return options.dir;
}

/** Builds the scratch app with Vite and serves its `dist` on loopback. */
export function buildAndServe(app: string): Promise<StaticServer> {
  check('npx', ['vite', 'build', '--logLevel', 'warn'], app);
  return serveFolder(path.join(app, 'dist'));
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath(), args: chromiumLaunchArgs });

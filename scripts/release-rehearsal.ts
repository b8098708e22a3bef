// `npm run release:rehearsal`: the release of docs/releasing.md, end to end, without touching the
// working tree or the real registry. A scratch clone of the repository (with the working tree's
// uncommitted changes) is versioned with Changesets, its packages are built and published with `changeset publish` to a Verdaccio started for the run
// (temporary storage, a free port; only third-party packages come from the real registry), then a
// scratch product installs @adconsole/charts and @adconsole/ui from it, type-checks, builds and renders
// in Chromium. It prints what someone installing from a registry sees: versions, dependency ranges as
// published, exports, changelog heads; and fails on a packaging defect.
// `--keep` leaves the scratch folder (printed) for a look around.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildAndServe,
  check,
  createScratchApp,
  filesUnder,
  launchChromium,
  type Manifest,
  publishedPackageDirs,
  readManifest,
  runPnpmIn,
  undeclaredImports,
  workspaceRanges,
} from '../consumer/scratch-app';
import { freePort } from './free-port';
import { root } from './lib.mjs';

const keep = process.argv.includes('--keep');
const work = mkdtempSync(path.join(tmpdir(), 'adconsole-release-'));
const repo = path.join(work, 'repo');
const problems: string[] = [];
const started = Date.now();

function step(text: string) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);
}

const git = (...args: string[]) =>
  check(
    'git',
    ['-c', 'user.name=Release rehearsal', '-c', 'user.email=rehearsal@adconsole.test', ...args],
    repo,
  );

/**
 * A clone of the repository at HEAD (so the changelogs name real commits) with the working tree's
 * uncommitted changes on top, as one more commit: the release of what is about to be committed.
 */
function scratchRepository() {
  const head = check('git', ['rev-parse', 'HEAD'], root).trim();
  check('git', ['clone', '--quiet', '--local', '--no-checkout', root, repo], work);
  git('checkout', '--quiet', '--detach', head);
  const listed = (...flags: string[]) =>
    check('git', ['ls-files', '-z', ...flags, '--exclude-standard'], root)
      .split('\0')
      .filter(Boolean);
  for (const file of listed('--deleted')) rmSync(path.join(repo, file), { force: true });
  for (const file of listed('--modified', '--others')) {
    const source = path.join(root, file);
    if (!existsSync(source) || !statSync(source).isFile()) continue;
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    copyFileSync(source, path.join(repo, file));
  }
  git('add', '-A');
  const uncommitted = git('status', '--porcelain').trim() !== '';
  if (uncommitted) git('commit', '-qm', 'Uncommitted changes of the working tree');
  return { head, uncommitted };
}

/** Verdaccio on loopback: our scope only from what this run publishes, the rest through the real registry. */
async function startRegistry(): Promise<{ url: string; process: ChildProcess; output: () => string }> {
  const folder = path.join(work, 'verdaccio');
  mkdirSync(folder, { recursive: true });
  const upstream = check('npm', ['config', 'get', 'registry'], root).trim() || 'https://registry.npmjs.org/';
  writeFileSync(
    path.join(folder, 'config.yaml'),
    [
      `storage: ${path.join(folder, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${path.join(folder, 'htpasswd')}`,
      'uplinks:',
      '  npmjs:',
      `    url: ${upstream}`,
      '    timeout: 60s',
      'packages:',
      "  '@adconsole/*':",
      '    access: $all',
      '    publish: $authenticated',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      '    proxy: npmjs',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/verdaccio/bin/verdaccio'),
      '--config',
      path.join(folder, 'config.yaml'),
      '--listen',
      `127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${url}-/ping`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`Verdaccio did not answer on ${url} within 60 s:\n${Buffer.concat(output).toString()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, process: child, output: () => Buffer.concat(output).toString() };
}

/** Registers the publishing user, as `npm adduser` does, and returns its token. */
async function addUser(registry: string): Promise<string> {
  const name = 'rehearsal';
  const response = await fetch(`${registry}-/user/org.couchdb.user:${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      password: 'rehearsal-only',
      email: 'rehearsal@adconsole.test',
      type: 'user',
    }),
  });
  const body = (await response.json()) as { token?: string; error?: string };
  if (!response.ok || !body.token)
    throw new Error(`Verdaccio refused the user: ${body.error ?? response.status}`);
  return body.token;
}

/** Every string target of an `exports` map. */
const exportTargets = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(exportTargets)
      : [];

/** The newest section of a changelog, shortened: its version heading and first lines. */
function changelogHead(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('## '));
  if (start < 0) return ['(no version section)'];
  const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const section = lines.slice(start, next < 0 ? undefined : next).filter((line) => line.trim() !== '');
  const shown = section.slice(0, 5).map((line) => (line.length > 110 ? `${line.slice(0, 107)}...` : line));
  if (section.length > shown.length) shown.push(`(${section.length - shown.length} more lines)`);
  return shown;
}

type Published = Manifest & { files: string[]; changelog?: string; folder: string };

/** Downloads a published version's tarball from the registry and reads it as an installer would. */
function fetchPublished(name: string, version: string, registry: string): Published {
  const folder = path.join(work, 'published', name.replace('/', '__'));
  mkdirSync(folder, { recursive: true });
  const tarball = check(
    'npm',
    ['pack', `${name}@${version}`, '--pack-destination', folder, '--registry', registry, '--loglevel=error'],
    folder,
  ).trim();
  check('tar', ['-xzf', path.join(folder, tarball.split('\n').at(-1) as string), '-C', folder], folder);
  const unpacked = path.join(folder, 'package');
  const changelog = path.join(unpacked, 'CHANGELOG.md');
  return {
    ...readManifest(unpacked),
    folder: unpacked,
    files: filesUnder(unpacked),
    ...(existsSync(changelog) ? { changelog: readFileSync(changelog, 'utf8') } : {}),
  };
}

/** What an installer would trip on (or miss) in a published package. */
function packagingDefects(published: Published): string[] {
  const found: string[] = [];
  const changelog = path.join(repo, 'packages', published.name.split('/')[1] as string, 'CHANGELOG.md');
  if (!published.changelog && existsSync(changelog)) {
    found.push(
      `${published.name}: CHANGELOG.md is not in the tarball, so an installer never sees what changed`,
    );
  }
  const ranges = { ...published.dependencies, ...published.peerDependencies };
  for (const [dependency, range] of Object.entries(ranges)) {
    if (/^(workspace|link|file|portal):/.test(range)) {
      found.push(`${published.name}: ${dependency} is published as "${range}", which no registry resolves`);
    }
  }
  for (const target of exportTargets(published.exports)) {
    if (!published.files.includes(path.normalize(target))) {
      found.push(`${published.name}: exports points at ${target}, which is not in the tarball`);
    }
  }
  found.push(...undeclaredImports(published.folder));
  return [...new Set(found)];
}

let registry: Awaited<ReturnType<typeof startRegistry>> | undefined;
let closeServer: (() => Promise<void>) | undefined;
try {
  step(`Scratch clone of the repository with the working tree's changes in ${repo}`);
  const { head, uncommitted } = scratchRepository();
  runPnpmIn(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], repo);

  step('pnpm version-packages (changeset version)');
  const before = new Map(
    publishedPackageDirs(repo).map((dir) => [readManifest(dir).name, readManifest(dir).version]),
  );
  runPnpmIn(['run', 'version-packages'], repo);
  git('add', '-A');
  git('commit', '-qm', 'Version packages');
  const versions = new Map(
    publishedPackageDirs(repo).map((dir) => [readManifest(dir).name, readManifest(dir).version]),
  );

  step('Building the packages');
  runPnpmIn(['-r', '--filter', './packages/**', 'run', 'build'], repo, { NODE_ENV: 'production' });

  step('Starting Verdaccio');
  registry = await startRegistry();
  const token = await addUser(registry.url);
  // pnpm 12 publishes to the registry of .npmrc and ignores npm_config_registry (which Changesets'
  // `npm info` reads): both are set, and a dry run of every package must name the local registry
  // before anything is published.
  writeFileSync(
    path.join(repo, '.npmrc'),
    `registry=${registry.url}\n//${new URL(registry.url).host}/:_authToken=${token}\n`,
  );
  const registryEnv = { npm_config_registry: registry.url };
  for (const dir of publishedPackageDirs(repo)) {
    const dryRun = runPnpmIn(['publish', '--dry-run', '--no-git-checks'], dir, registryEnv);
    const target = /→ (\S+)/.exec(dryRun)?.[1];
    if (target !== registry.url) {
      throw new Error(
        `pnpm would publish ${readManifest(dir).name} to ${target}, not to ${registry.url}: stopped.`,
      );
    }
  }

  step(`changeset publish to ${registry.url}`);
  runPnpmIn(['exec', 'changeset', 'publish'], repo, registryEnv);
  const tags = check('git', ['tag', '--list'], repo).trim().split('\n').filter(Boolean);

  step('A scratch product installs @adconsole/charts and @adconsole/ui from the registry');
  const charts = versions.get('@adconsole/charts') as string;
  const ui = versions.get('@adconsole/ui') as string;
  const app = createScratchApp({
    template: 'report-app',
    dir: path.join(work, 'app'),
    dependencies: {
      '@adconsole/charts': `^${charts}`,
      '@adconsole/ui': `^${ui}`,
      ...workspaceRanges(['react', 'react-dom']),
    },
    env: registryEnv,
  });
  const lock = JSON.parse(readFileSync(path.join(app, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; integrity?: string }>;
  };
  const installed = (name: string) => lock.packages[`node_modules/${name}`];
  // The peers of our packages the product did not list: npm 7+ and pnpm install them, Yarn only warns.
  const listed = new Set(Object.keys(readManifest(app).dependencies ?? {}));
  const peersInstalled = [
    ...new Set(
      ['@adconsole/charts', '@adconsole/ui', '@adconsole/domain'].flatMap((name) =>
        Object.keys(readManifest(path.join(app, 'node_modules', name)).peerDependencies ?? {}),
      ),
    ),
  ]
    .filter((name) => !listed.has(name))
    .sort()
    .map((name) => {
      if (!installed(name)) problems.push(`the peer ${name} was not installed`);
      return `${name}@${installed(name)?.version ?? 'missing'}`;
    });
  // The very tarballs this run published (the lockfile may leave out `resolved`: compare integrity).
  for (const name of ['@adconsole/charts', '@adconsole/ui', '@adconsole/domain']) {
    const entry = installed(name);
    const integrity = check(
      'npm',
      ['view', `${name}@${entry?.version}`, 'dist.integrity', '--registry', registry.url],
      app,
    ).trim();
    if (!entry?.integrity || entry.integrity !== integrity) {
      problems.push(`${name}@${entry?.version} in the product is not the tarball this run published`);
    }
  }
  // npm ls exits non-zero when it finds a problem: its JSON lists them.
  const listing = spawnSync('npm', ['ls', '--all', '--json'], { cwd: app, encoding: 'utf8' });
  const tree = JSON.parse(listing.stdout || '{}') as { problems?: string[] };
  for (const problem of tree.problems ?? []) problems.push(`npm ls: ${problem}`);

  step('Type-check, Vite build and render in Chromium');
  check('npx', ['tsc', '-p', 'tsconfig.json'], app);
  const server = await buildAndServe(app);
  closeServer = server.close;
  const browser = await launchChromium();
  const screenshot = path.join(root, '.consumer/release-rehearsal.png');
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.url);
    await page.getByRole('img', { name: /^Impressions by day, Nov 16, 2026 to Nov 22, 2026/ }).waitFor();
    const tiles = await page.locator('[data-slot="kpi-tiles"] dt').allTextContents();
    const rows = await page.getByRole('table', { name: 'Report by day' }).locator('tbody tr').count();
    const button = await page
      .getByRole('button', { name: 'Download report' })
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    if (!tiles.includes('Impressions')) problems.push(`the KPI tiles show ${JSON.stringify(tiles)}`);
    if (rows !== 7) problems.push(`the report table shows ${rows} days instead of 7`);
    if (/rgba\(0, 0, 0, 0\)|transparent/.test(button))
      problems.push("ui's stylesheet did not style the Button");
    for (const error of errors) problems.push(`page error: ${error}`);
    mkdirSync(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: true });
  } finally {
    await browser.close();
  }

  step('Reading what the registry serves');
  const published = [...versions].map(([name, version]) =>
    fetchPublished(name, version, registry?.url ?? ''),
  );
  for (const manifest of published) problems.push(...packagingDefects(manifest));

  const ranges = (record: Record<string, string> | undefined) =>
    Object.entries(record ?? {})
      .map(([name, range]) => `${name} ${range}`)
      .join(', ') || 'none';
  console.log(
    `\nRelease rehearsal of ${head.slice(0, 7)}${uncommitted ? ' with the uncommitted changes' : ''}, published to ${registry.url} (Verdaccio)`,
  );
  console.log(`Git tags the release creates: ${tags.join(', ') || 'none'}`);
  for (const manifest of published) {
    console.log(`\n${manifest.name} ${before.get(manifest.name)} -> ${manifest.version}`);
    console.log(`  dependencies: ${ranges(manifest.dependencies)}`);
    console.log(`  peerDependencies: ${ranges(manifest.peerDependencies)}`);
    const entryPoints = Object.entries(manifest.exports ?? {}).map(([subpath, target]) => {
      const file = exportTargets(target).find((candidate) => !candidate.endsWith('.d.ts'));
      return file === subpath ? subpath : `${subpath} -> ${file}`;
    });
    console.log(`  exports: ${entryPoints.join(', ')}`);
    console.log(
      `  tarball: ${manifest.files.length} files; CHANGELOG.md ${manifest.changelog ? 'included' : 'NOT included'}`,
    );
    const inRepo = path.join(repo, 'packages', manifest.name.split('/')[1] as string, 'CHANGELOG.md');
    const changelog = manifest.changelog ?? (existsSync(inRepo) ? readFileSync(inRepo, 'utf8') : '');
    for (const line of changelogHead(changelog)) console.log(`    ${line}`);
  }
  console.log(
    `\nThe product installed @adconsole/charts@${installed('@adconsole/charts')?.version}, @adconsole/ui@${installed('@adconsole/ui')?.version} and, through charts, @adconsole/domain@${installed('@adconsole/domain')?.version}`,
  );
  console.log(`npm added the peers the product did not list: ${peersInstalled.join(', ') || 'none'}`);
  console.log(`Type-checked, built and rendered in Chromium: ${screenshot}`);
  console.log(
    problems.length === 0
      ? '\nNo packaging problem found.'
      : `\n${problems.length} problems:\n  ${problems.join('\n  ')}`,
  );
  if (problems.length > 0) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (registry) console.error(`Verdaccio's output:\n${registry.output()}`);
  process.exitCode = 1;
} finally {
  await closeServer?.();
  const verdaccio = registry?.process;
  if (verdaccio && verdaccio.exitCode === null) {
    const exited = new Promise((resolve) => verdaccio.once('exit', resolve));
    verdaccio.kill();
    // It takes a few seconds to stop on SIGTERM; it must not outlive the run.
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise((resolve) => setTimeout(resolve, 10_000, false)),
    ]);
    if (!stopped) verdaccio.kill('SIGKILL');
  }
  if (keep) console.log(`Kept the scratch folder: ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

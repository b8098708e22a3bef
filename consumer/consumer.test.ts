// Primer's consumer test: every publishable package is packed as npm would publish it, checked with
// publint and Are the Types Wrong and for imports it does not declare (a built file importing a package
// that is neither its dependency nor its peer installs broken), then installed into a scratch Vite +
// React app OUTSIDE the workspace, which typechecks, builds for the browser, imports in plain Node, and
// renders styled.
// The same app is then another product using the API: its server fetches a campaign's report from a
// running API with a personal API token, through the packed domain's client, and its page draws it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../apps/api/src/test/harness';
import { signedInAdmin, signedInUser } from '../apps/api/src/test/helpers';
import { variantWinsVerdict } from '../packages/charts/src/fixtures/ab-tests';
import { root } from '../scripts/lib.mjs';
import type { StaticServer } from '../scripts/static-server';
import {
  buildAndServe,
  check,
  createScratchApp,
  launchChromium,
  packPackages,
  publishedPackageDirs,
  readManifest,
  undeclaredImports,
  workspaceRanges,
} from './scratch-app';

const packageDirs = publishedPackageDirs();

/** Starts the scratch app's own server (product-server.mjs) and waits for the address it prints. */
async function startProductServer(app: string, env: NodeJS.ProcessEnv) {
  const child = spawn('node', ['product-server.mjs'], {
    cwd: app,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\S+)/.exec(output);
      if (match) resolve(match[1] as string);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`product-server.mjs exited (${code}):\n${output}`)));
  });
  return { url, child };
}

/**
 * Runs the scratch app's token-check.mjs: asynchronously, since the API under test answers from this
 * very process (a synchronous child would block it and wait forever).
 */
async function tokenCheck(app: string, env: NodeJS.ProcessEnv): Promise<unknown> {
  const { stdout } = await promisify(execFile)('node', ['token-check.mjs'], {
    cwd: app,
    env: { ...process.env, ...env },
  });
  return JSON.parse(stdout);
}

const stopProcess = (child: ChildProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill();
  });

describe('the published packages, installed by a scratch consumer', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'adconsole-consumer-'));
  let tarballs = new Map<string, string>();
  const app = path.join(work, 'app');
  let server: StaticServer | undefined;

  beforeAll(() => {
    tarballs = packPackages(path.join(work, 'tarballs'));
    const local = Object.fromEntries([...tarballs].map(([name, file]) => [name, `file:${file}`]));
    const peers = new Set(
      packageDirs.flatMap((dir) => Object.keys(readManifest(dir).peerDependencies ?? {})),
    );
    createScratchApp({
      template: 'app',
      dir: app,
      dependencies: { ...local, ...workspaceRanges(peers) },
      overrides: local,
    });
  });

  let api: TestServer | undefined;
  let product: ChildProcess | undefined;

  afterAll(async () => {
    await stopProcess(product);
    await api?.close();
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it.each(packageDirs.map((dir) => readManifest(dir).name))('%s passes publint (strict)', (name) => {
    const output = check(
      path.join(root, 'node_modules/.bin/publint'),
      ['run', tarballs.get(name) as string, '--strict'],
      root,
    );
    expect(output).not.toMatch(/error|warning/i);
  });

  it.each(packageDirs.map((dir) => readManifest(dir).name))(
    '%s has types that resolve (Are the Types Wrong, ESM)',
    (name) => {
      // Stylesheets and package.json are not JavaScript entry points (publint checks that they exist).
      const dir = packageDirs.find((candidate) => readManifest(candidate).name === name) as string;
      const subpaths = Object.keys(readManifest(dir).publishConfig?.exports ?? {});
      const notCode = subpaths.filter(
        (subpath) => subpath.endsWith('.css') || subpath.endsWith('package.json'),
      );
      const exclude = notCode.length > 0 ? ['--exclude-entrypoints', ...notCode] : [];
      check(
        path.join(root, 'node_modules/.bin/attw'),
        [
          tarballs.get(name) as string,
          '--profile',
          'esm-only',
          '--format',
          'ascii',
          '--no-emoji',
          ...exclude,
        ],
        root,
      );
    },
  );

  it.each(packageDirs.map((dir) => readManifest(dir).name))(
    '%s imports only its dependencies and peers (its .js and .d.ts files, as packed)',
    (name) => {
      const unpacked = path.join(work, 'unpacked', name.replace('/', '__'));
      mkdirSync(unpacked, { recursive: true });
      check('tar', ['-xzf', tarballs.get(name) as string, '-C', unpacked], root);
      expect(undeclaredImports(path.join(unpacked, 'package'))).toEqual([]);
    },
  );

  it('typechecks a React app against the packed type declarations', () => {
    check('npx', ['tsc', '-p', 'tsconfig.json'], app);
  });

  it('imports @adconsole/domain in plain Node', () => {
    const output = JSON.parse(check('node', ['node-check.mjs'], app)) as { exports: number };
    expect(output.exports).toBeGreaterThan(0);
  });

  it('renders the PerformanceChart and the BreakdownBars from @adconsole/charts to static SVG in plain Node', () => {
    const output = JSON.parse(check('node', ['ssr-check.mjs'], app)) as Record<string, boolean>;
    expect(output).toEqual({ svg: true, line: true, axis: true, cssVariables: false, bars: true, lag: true });
  });

  it("builds for the browser and renders Button, DateRangePicker, Select, a notification, a form and the report widgets styled by the packages' built stylesheets alone", async () => {
    server = await buildAndServe(app);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(server.url);
      const save = page.getByRole('button', { name: 'Save campaign' });
      await save.waitFor();
      const style = await save.evaluate((element) => {
        const computed = getComputedStyle(element);
        return {
          background: computed.backgroundColor,
          radius: computed.borderTopLeftRadius,
          height: computed.height,
        };
      });
      // Styled by the shipped CSS: the primary token as background, the theme radius, the md height.
      expect(style.background).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
      expect(style.radius).not.toBe('0px');
      expect(style.height).toBe('36px');
      // The domain's rules run in the browser bundle.
      await page.getByText('Banner (Copy) · (GMT+00:00) UTC').waitFor();
      // The date range picker, the select and a notification render, styled.
      const picker = page.locator('[data-slot="date-range-picker-trigger"]');
      expect(await picker.textContent()).toContain('2026');
      expect(await picker.evaluate((element) => getComputedStyle(element).borderTopWidth)).toBe('1px');
      // Its calendar is a chunk of its own in the published package, fetched when the picker opens.
      await picker.click();
      const calendar = page.getByRole('dialog', { name: 'Reporting dates' }).getByRole('grid');
      await calendar.first().waitFor();
      expect(await calendar.count()).toBe(2);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Reporting dates' }).waitFor({ state: 'detached' });
      const select = page.getByRole('combobox', { name: 'Download format' });
      expect(await select.evaluate((element) => getComputedStyle(element).borderTopWidth)).toBe('1px');
      const toast = page.locator('[data-slot="toast-title"]', { hasText: 'Report ready' });
      await toast.waitFor();
      const toastStyle = await toast.evaluate((element) => ({
        card: getComputedStyle(element.closest('[data-slot="toast"]') ?? element).backgroundColor,
        viewport: getComputedStyle(element.closest('[data-slot="toaster"]') ?? element).position,
      }));
      expect(toastStyle.card).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
      expect(toastStyle.viewport).toBe('fixed');
      // The sign-in form from @adconsole/forms validates with the domain's messages.
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Fill in your email').waitFor();
      // The forms' own layout comes from @adconsole/forms/styles.css: the campaign form's start date and
      // its time of day sit side by side (a two-column grid), which ui's stylesheet alone lacks.
      const dates = page.getByLabel('Start time (optional)').locator('..');
      const columns = await dates.evaluate((element) => getComputedStyle(element).gridTemplateColumns);
      expect(columns.split(' ')).toHaveLength(2);
      // @adconsole/charts: the performance chart draws its line in the theme's colour, and the
      // report table sorts, totals and links, styled by the charts' stylesheet on ui's tokens.
      const chart = page.getByRole('img', { name: /^Impressions by day, Nov 16, 2026 to Nov 22, 2026/ });
      await chart.waitFor();
      const line = chart.locator('svg path[fill="none"]').first();
      expect(await line.evaluate((element) => getComputedStyle(element).stroke)).toMatch(
        /^(rgb|oklch|color)\(/,
      );
      expect(await chart.locator('svg text', { hasText: 'Nov 19' }).count()).toBe(1);
      const table = page.getByRole('table', { name: 'Report by creative' });
      expect(await table.locator('tbody tr').count()).toBe(4);
      expect(
        await table.getByRole('columnheader', { name: 'Impressions', exact: true }).getAttribute('aria-sort'),
      ).toBe('descending');
      const totals = table.getByRole('row', { name: /^Total/ });
      const impressionsTotal = totals.locator('td').nth(2);
      const impressionsTotalText = await impressionsTotal.textContent();
      expect(await impressionsTotal.evaluate((cell) => getComputedStyle(cell).textAlign)).toBe('right');
      expect(await impressionsTotal.evaluate((cell) => getComputedStyle(cell).fontVariantNumeric)).toBe(
        'tabular-nums',
      );
      expect(await table.locator('thead').evaluate((head) => getComputedStyle(head).position)).toBe('sticky');
      await table.getByRole('columnheader', { name: 'Clicks' }).getByRole('button').click();
      expect(await table.getByRole('columnheader', { name: 'Clicks' }).getAttribute('aria-sort')).toBe(
        'descending',
      );
      expect(await table.getByRole('link').first().getAttribute('href')).toMatch(
        /^\/creatives\/cr-\d+\/report$/,
      );
      // The breakdown widgets: the site bars drawn in SVG, the country table sorted by impressions with
      // Unknown kept last, totals that equal the report's, and the country database named.
      const bars = page.locator('[data-slot="breakdown-bars"]');
      await bars.locator('svg rect').first().waitFor();
      expect(await bars.locator('svg rect').count()).toBeGreaterThan(5);
      const countries = page.getByRole('table', { name: 'Report by country' });
      const countryRows = await countries.locator('tbody tr').allTextContents();
      expect(countryRows.length).toBeGreaterThan(10);
      expect(countryRows.at(-1)).toMatch(/^Unknown/);
      expect(
        await countries
          .getByRole('columnheader', { name: 'Impressions', exact: true })
          .getAttribute('aria-sort'),
      ).toBe('descending');
      // The fixtures' countries add up to the report: the same impressions total as the report table's.
      expect(
        await countries
          .getByRole('row', { name: /^Total/ })
          .locator('td, th')
          .allTextContents(),
      ).toContain(impressionsTotalText);
      await page.getByText(/^Countries from ip-location-db/).waitFor();
      // Pacing and spend (docs/reports.md, "Goals, rates and spend"): the at-risk fixture and a week at USD 2.50 CPM.
      await page.getByText('At risk · 20% under plan').waitFor();
      await page.getByRole('img', { name: /^Pacing of 300,000 impressions/ }).waitFor();
      expect(await page.locator('[data-slot="pacing-projected"]').getAttribute('stroke-dasharray')).toBe(
        '5 4',
      );
      expect(await page.locator('[data-slot="spend-tile"][data-metric="ecpm"]').textContent()).toBe(
        'eCPM$2.50',
      );
      // An A/B test (docs/reports.md, "A/B tests"): the fixture, B wins, each variant's interval drawn as a whisker.
      expect(await page.locator('[data-slot="variant-verdict"]').textContent()).toBe(
        variantWinsVerdict.label,
      );
      expect(await page.locator('[data-slot="variant-interval"]').count()).toBe(2);
      // Conversions (docs/conversions.md): the tiles in the conversion currency, the lag chart's bars, the invalid ones.
      // ROAS reads as a ratio (docs/reports.md, "ROAS as a ratio"): the fixture's 356 % is 3.56x.
      expect(await page.locator('[data-slot="conversion-tile"][data-metric="roas"]').textContent()).toBe(
        'ROAS3.56x',
      );
      await page
        .getByRole('img', { name: /^Conversions by days from click to conversion: 114 in all/ })
        .waitFor();
      expect(await page.locator('[data-slot="conversion-lag-chart"] svg rect[data-testid]').count()).toBe(9);
      await page.getByRole('table', { name: 'Invalid conversions by reason' }).waitFor();
      mkdirSync(path.join(root, '.consumer'), { recursive: true });
      await page.screenshot({ path: path.join(root, '.consumer/consumer.png'), fullPage: true });
      await page.getByTestId('report').screenshot({ path: path.join(root, '.consumer/consumer-charts.png') });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
  it("another product fetches a campaign report with a reports:read token through the packed domain's client and draws it; the token cannot write, and answers 401 once revoked", async () => {
    // The API, running: a person with a campaign of two live creatives and a week of figures.
    api = await startServer();
    const { client: owner } = await signedInUser(api);
    const { client: admin } = await signedInAdmin(api);
    const campaignID = (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Winter sale 2026' }))
      .body.data?.id as string;
    const live: string[] = [];
    for (const name of ['Leaderboard', 'Skyscraper']) {
      const creative = await owner.post<{ id: string }>('/v1/campaign/creatives', {
        campaignID,
        name,
        type: 'Banner',
        width: 728,
        height: 90,
        trackers: { click: [{ type: 'redirect', url: 'https://advertiser.example/' }] },
      });
      const published = await owner.post<{ liveCreatives: { id: string }[] }>(
        '/v1/campaign/creatives/publish',
        { id: creative.body.data?.id },
      );
      live.push(published.body.data?.liveCreatives.at(-1)?.id as string);
    }
    const events = [16, 17, 18, 19, 20, 21, 22].flatMap((day, index) => [
      { liveID: live[0], type: 'impression', at: `2026-11-${day}T12:00:00Z`, count: 1000 + index * 100 },
      { liveID: live[0], type: 'click', at: `2026-11-${day}T12:00:00Z`, count: 10 + index },
      { liveID: live[1], type: 'impression', at: `2026-11-${day}T15:00:00Z`, count: 500 },
    ]);
    const imported = await admin.post('/v1/events/import', { events });
    expect(imported.httpStatus, JSON.stringify(imported.body)).toBe(200);
    const made = await owner.post<{ id: string; secret: string }>('/v1/tokens', {
      name: 'Partner report screen',
      scopes: ['reports:read'],
    });
    const token = made.body.data as { id: string; secret: string };
    const env = {
      ADCONSOLE_API_URL: `${api.url}/api`,
      ADCONSOLE_TOKEN: token.secret,
      CAMPAIGN_ID: campaignID,
    };

    // The product's page, built by the earlier test (or here when run alone), served by its server.
    if (!existsSync(path.join(app, 'dist', 'report.html')))
      check('npx', ['vite', 'build', '--logLevel', 'warn'], app);
    const started = await startProductServer(app, env);
    product = started.child;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const query = new URLSearchParams({ campaignID, start: '2026-11-16', end: '2026-11-22' });
      await page.goto(`${started.url}/report.html?${query.toString()}`);
      await page.getByText('Winter sale 2026').waitFor();
      // 7 days of 1,000 + 100 × (day - 16) on one creative and 500 a day on the other: 9,100 + 3,500.
      const impressions = page.locator('[data-slot="kpi-tile"][data-metric="impressions"] dd');
      expect(await impressions.textContent()).toBe('12,600');
      expect(await page.locator('[data-slot="kpi-tile"][data-metric="clicks"] dd').textContent()).toBe('91');
      const chart = page.getByRole('img', {
        name: /^Impressions by day, Nov 16, 2026 to Nov 22, 2026: 12,600 in total/,
      });
      await chart.waitFor();
      const table = page.getByRole('table', { name: 'Report by creative' });
      expect(await table.locator('tbody tr').count()).toBe(2);
      expect(await table.locator('tbody').textContent()).toMatch(
        /Leaderboard[\s\S]*Skyscraper|Skyscraper[\s\S]*Leaderboard/,
      );
      mkdirSync(path.join(root, '.consumer'), { recursive: true });
      await page.screenshot({ path: path.join(root, '.consumer/consumer-api-report.png'), fullPage: true });

      // The same token, through the same client: it reads, it cannot write.
      expect(await tokenCheck(app, env)).toEqual({ read: 200, write: 403 });
      // Revoked by its owner, it answers 401, and the product's page says so.
      expect((await owner.delete(`/v1/tokens?id=${token.id}`)).httpStatus).toBe(200);
      expect(await tokenCheck(app, env)).toEqual({ read: 401, write: 401 });
      await page.reload();
      const refused = page.getByRole('alert');
      await refused.waitFor();
      expect(await refused.textContent()).toContain('The API token is not valid');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

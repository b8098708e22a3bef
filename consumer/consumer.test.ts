// Primer's consumer test: every publishable package is packed as npm would publish it, checked
// with publint and Are the Types Wrong, then installed into a scratch Vite + React app OUTSIDE the
// workspace, which typechecks, builds for the browser, imports in plain Node, and renders styled.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  workspaceRanges,
} from './scratch-app';

const packageDirs = publishedPackageDirs();

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

  afterAll(async () => {
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

  it('typechecks a React app against the packed type declarations', () => {
    check('npx', ['tsc', '-p', 'tsconfig.json'], app);
  });

  it('imports @adconsole/domain in plain Node', () => {
    const output = JSON.parse(check('node', ['node-check.mjs'], app)) as { exports: number };
    expect(output.exports).toBeGreaterThan(0);
  });

  it('renders the PerformanceChart from @adconsole/charts to static SVG in plain Node', () => {
    const output = JSON.parse(check('node', ['ssr-check.mjs'], app)) as Record<string, boolean>;
    expect(output).toEqual({ svg: true, line: true, axis: true, cssVariables: false });
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
      // The forms' own layout comes from @adconsole/forms/styles.css: the campaign form's dates sit
      // side by side (a two-column grid from the sm breakpoint), which ui's stylesheet alone lacks.
      const dates = page.locator('[data-slot="campaign-form"] > div.grid', { hasText: 'Start date' });
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
      expect(await impressionsTotal.evaluate((cell) => getComputedStyle(cell).textAlign)).toBe('right');
      expect(await impressionsTotal.evaluate((cell) => getComputedStyle(cell).fontVariantNumeric)).toBe(
        'tabular-nums',
      );
      expect(
        await page
          .locator('[data-slot="data-table"] thead')
          .evaluate((head) => getComputedStyle(head).position),
      ).toBe('sticky');
      await table.getByRole('columnheader', { name: 'Clicks' }).getByRole('button').click();
      expect(await table.getByRole('columnheader', { name: 'Clicks' }).getAttribute('aria-sort')).toBe(
        'descending',
      );
      expect(await table.getByRole('link').first().getAttribute('href')).toMatch(
        /^\/creatives\/cr-\d+\/report$/,
      );
      mkdirSync(path.join(root, '.consumer'), { recursive: true });
      await page.screenshot({ path: path.join(root, '.consumer/consumer.png'), fullPage: true });
      await page.getByTestId('report').screenshot({ path: path.join(root, '.consumer/consumer-charts.png') });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

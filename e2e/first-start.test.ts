// The first start, as the README tells a newcomer: a copy of the repository with nothing installed and
// nothing built, then `npm start` alone (no pnpm build). What it prints is what a newcomer needs (the
// address that works, the demo sign-in, where mail goes) without build noise; the ad runtime is built
// with the rest, so /serve/init.js answers and a banner tag copied from the console renders and counts
// on a publisher's page of another origin; the tag sheet downloads and opens; a share link's page comes
// drawn by the server; and an address the server answers on that is not PUBLIC_URL shows a word instead
// of a white page.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchArgs, chromiumPath } from '../scripts/chromium';
import { root } from '../scripts/lib.mjs';
import { signIn as signInPage } from './support/account';
import { personUserAgent } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { api, demoCreative, eventually, type Publisher, signIn, startPublisher } from './support/publisher';
import { freePort } from './support/server';

/** The repository as a clone has it (tracked files, plus new ones not yet committed), without any build. */
function copyRepository(target: string) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file !== '');
  for (const file of files) {
    const from = path.join(root, file);
    const to = path.join(target, file);
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      copyFileSync(from, to);
    } catch (error) {
      // A file deleted in the working tree but still tracked: a clone of this tree would not have it.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Resolves with the output once `pattern` appears in it; rejects when the process exits first. */
function waitForOutput(child: ChildProcess, output: () => string, pattern: RegExp, timeoutMs: number) {
  return new Promise<string>((resolve, reject) => {
    const deadline = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`npm start printed no ${pattern} within ${timeoutMs / 1000} s:\n${output()}`));
    }, timeoutMs);
    const poll = setInterval(() => {
      if (pattern.test(output())) {
        clearInterval(poll);
        clearTimeout(deadline);
        resolve(output());
      } else if (child.exitCode !== null || child.signalCode !== null) {
        clearInterval(poll);
        clearTimeout(deadline);
        reject(new Error(`npm start exited with ${child.exitCode ?? child.signalCode}:\n${output()}`));
      }
    }, 200);
  });
}

describe('the first start from a fresh copy of the repository, as the README says', () => {
  let checkout: string;
  let child: ChildProcess;
  let output = '';
  let printed = '';
  let port: number;
  let publicUrl: string;
  let browser: Browser;
  let publisher: Publisher;
  let tag = '';

  beforeAll(async () => {
    checkout = mkdtempSync(path.join(tmpdir(), 'adconsole-first-start-'));
    copyRepository(checkout);
    port = await freePort();
    publicUrl = `http://localhost:${port}`;
    // A newcomer's shell: no test settings (NODE_ENV, the suite's database), only where to listen and
    // the demo password the test signs in with.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DEMO_PASSWORD,
      ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
    };
    const started = Date.now();
    child = spawn('npm', ['start'], {
      cwd: checkout,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    printed = await waitForOutput(child, () => output, /Demo publisher page[^\n]*\n/, 480_000);
    // The time a newcomer waits for the first page (printed, never asserted: docs/testing.md, "The first
    // start"): from `npm start` in a fresh copy to the console's page answering.
    const firstPage = await fetch(`${publicUrl}/`);
    expect(firstPage.status).toBe(200);
    console.log(
      `First page ${((Date.now() - started) / 1000).toFixed(1)} s after npm start in a fresh copy (install, builds, migrations, demo seeding)`,
    );
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumLaunchArgs });
  }, 540_000);

  afterAll(async () => {
    await browser?.close();
    await publisher?.close();
    if (child?.pid !== undefined && child.exitCode === null) {
      // npm, the start script and the server: the whole group.
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(checkout, { recursive: true, force: true });
  });

  it('prints the address that works, the demo sign-in and where mail goes, and no build noise', () => {
    expect(printed).toContain(`Adconsole is running at ${publicUrl}`);
    expect(printed).toContain(`Sign in as the demo admin: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
    expect(printed).toMatch(/Mail \(invitations, password resets, reports\) is written to \S+outbox/);
    expect(printed).toContain('Building the ad runtime (/serve/init.js)… done');
    // After the build it says what it is doing, never a minute of silence (scripts/start.mjs, main.ts).
    expect(printed).toMatch(
      /Opening the database \(PGlite in \S+\) and applying its migrations…\n {2}done in/,
    );
    expect(printed).toContain(
      'Seeding the demo data: an account, a campaign and 90 days of events (first start only)…',
    );
    // Fastify's own "Server listening at http://127.0.0.1:…" names addresses whose pages cannot load.
    expect(printed).not.toContain('Server listening at');
    // Vite's warnings, chunk tables and pnpm's engine warnings read like errors to a newcomer. (npm's
    // own complaints about the machine's npm configuration, `npm warn Unknown user config`, are not the
    // product's and are left out.)
    const ours = printed
      .split('\n')
      .filter((line) => !line.startsWith('npm warn Unknown user config'))
      .join('\n');
    expect(ours).not.toMatch(/\bwarn(ing)?\b|\(!\)|gzip:|Unsupported engine/i);
    // No JSON log record among the friendly text (the demo's own alert mails print plain lines).
    expect(ours).not.toMatch(/^\{/m);
  });

  it('serves the ad runtime that ad tags load: GET /serve/init.js is 200 JavaScript', async () => {
    const response = await fetch(`${publicUrl}/serve/init.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect((await response.text()).length).toBeGreaterThan(1000);
  });

  it('a banner tag copied from the console renders on a publisher page of another origin and counts its impression', async () => {
    const session = await signIn(publicUrl);
    const campaigns = await api<{ id: string; name: string }[]>(session, 'GET', '/v1/campaign/all');
    const demo = campaigns.find((campaign) => campaign.name === 'Demo campaign');
    const campaign = await api<{ creatives: { id: string; type: string; liveCreatives: unknown[] }[] }>(
      session,
      'GET',
      `/v1/campaign/get?campaignID=${demo?.id}`,
    );
    const banner = campaign.creatives.find(
      (creative) => creative.type === 'Banner' && creative.liveCreatives.length > 0,
    );
    expect(banner).toBeDefined();
    const impressionsOf = async () =>
      (await api<{ data: { impressions: number } }>(session, 'GET', `/v1/campaign/creative?id=${banner?.id}`))
        .data.impressions;
    const before = await impressionsOf();

    // In the console: the creative's tag panel, its copy button, the clipboard.
    const context = await browser.newContext({
      baseURL: publicUrl,
      permissions: ['clipboard-read', 'clipboard-write'],
      // A person's browser: a headless one's impression is rightly filed as invalid traffic.
      userAgent: personUserAgent(browser),
    });
    const page = await context.newPage();
    await page.goto('/signin');
    await signInPage(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL(/\/dashboard/);
    await page.goto(`/campaigns/${demo?.id}/creative/${banner?.id}`);
    await page.getByRole('button', { name: /^Copy/ }).first().click();
    tag = await page.evaluate(() => navigator.clipboard.readText());
    expect(tag).toContain(`${publicUrl}/serve/init.js`);

    // The publisher's page, on another origin (127.0.0.1 and its own port, the console on localhost).
    publisher = await startPublisher({
      '/article.html': () =>
        `<!doctype html><html><head><title>A publisher</title></head><body><h1>News</h1>${tag}</body></html>`,
    });
    const reader = await context.newPage();
    await reader.goto(`${publisher.origin}/article.html`);
    const slot = reader.locator('ins.adconsole-ad');
    await expect.poll(() => slot.getAttribute('data-adconsole-state'), { timeout: 15_000 }).toBe('rendered');
    const size = await slot.locator('iframe').evaluate((frame) => [frame.clientWidth, frame.clientHeight]);
    expect(size[0]).toBeGreaterThan(0);
    expect(size[1]).toBeGreaterThan(0);
    await eventually(async () => expect(await impressionsOf()).toBe(before + 1));
    await context.close();
  });

  it("downloads the banner's tag sheet from its editor: an xlsx a spreadsheet reader opens, holding the tag the panel shows", async () => {
    const session = await signIn(publicUrl);
    const { campaignID, creativeID } = await demoCreative(session, 'Trail season banner');
    const context = await browser.newContext({ baseURL: publicUrl, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto('/signin');
    await signInPage(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL(/\/dashboard/);
    await page.goto(`/campaigns/${campaignID}/creative/${creativeID}`);
    const shown = await page
      .getByRole('textbox', { name: /tag for live creative/ })
      .first()
      .inputValue();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the tag sheet (xlsx)' }).click();
    // Read by ExcelJS, a reader of its own (not the code that wrote the file's rows).
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await readFile(await (await download).path())).buffer);
    const rows = (workbook.getWorksheet('Tags')?.getSheetValues() ?? []).map((row) =>
      Array.isArray(row) ? row.slice(1) : [],
    );
    expect(rows.some((row) => row[1] === 'Trail season banner' && row[7] === shown)).toBe(true);
    await context.close();
  });

  it("sends a share link's page with its heading and key figures drawn (the console's server module is built too)", async () => {
    const session = await signIn(publicUrl);
    const { campaignID } = await demoCreative(session, 'Trail season banner');
    const link = await api<{ url: string }>(session, 'POST', '/v1/campaign/newToken', { campaignID });
    const html = await (await fetch(link.url)).text();
    expect(html).toContain('data-server-view');
    expect(html).toContain('Campaign summary');
  });

  it('an address the server answers on that is not PUBLIC_URL shows where the console works, not a white page', async () => {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/signin`);
    const notice = page.getByText('Adconsole did not start at this address');
    await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('link', { name: publicUrl }).getAttribute('href')).toBe(`${publicUrl}/`);
    // At PUBLIC_URL the console starts and the notice is gone.
    await page.goto(`${publicUrl}/signin`);
    await expect.poll(() => page.getByRole('form', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.getByText('Adconsole did not start at this address').count()).toBe(0);
    await page.close();
  });
});

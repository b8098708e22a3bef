// Alerts end to end (docs/alerts.md): the product with its own SMTP server (the test's SMTP peer) and a
// PostgreSQL database of its own, polling its jobs every second. The journey breaks a campaign's
// delivery: four past weeks of 1,000 impressions in the hour it now checks, none this week. The
// evaluation runs once every 15 minutes across the fleet under a lease; the journey frees the lease
// (as 15 minutes passing would) so the next poll evaluates. Then the bell in the top bar shows the
// delivery drop of that campaign, and its mail arrives in the SMTP peer with its unsubscribe headers.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from '../apps/api/src/db/database';
import { type SmtpPeer, startSmtpPeer } from '../apps/api/src/test/peers';
import { chromiumLaunchArgs, chromiumPath } from '../scripts/chromium';
import { root } from '../scripts/lib.mjs';
import { signIn as signInPage } from './support/account';
import { personUserAgent } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { api, eventually, publishedBanner, type Session, signIn } from './support/publisher';
import { freePort, waitUntilServing } from './support/server';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const dayOf = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('alerts: a delivery drop the journey causes', () => {
  let smtp: SmtpPeer;
  let child: ChildProcess | undefined;
  let origin = '';
  let db: Database;
  let browser: Browser;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adconsole-alerts-'));
  const database = `adconsole_e2e_alerts_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const admin = await createPostgresDatabase(adminUrl);
    await admin.exec(`create database ${database}`);
    await admin.close();
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        SMTP_URL: smtp.url,
        DEMO_PASSWORD,
        DEMO_DAYS: '2',
        JOB_POLL_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    await waitUntilServing(`${origin}/api/ping`, child, () => output);
    db = await createPostgresDatabase(url.toString());
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumLaunchArgs });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child?.once('exit', resolve));
    }
    await db?.close();
    const admin = await createPostgresDatabase(adminUrl);
    await admin.exec(`drop database if exists ${database} with (force)`);
    await admin.close();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the bell shows the alert and its mail reaches the SMTP server', async () => {
    const session: Session = await signIn(origin);
    const name = `Dropped ${Date.now()}`;
    const campaign = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', {
      name,
      data: { start: { date: dayOf(-35) }, end: { date: dayOf(10) }, timezone: 'UTC' },
    });
    const liveID = await publishedBanner(session, campaign.id);
    // 1,000 impressions in the last full UTC hour of each of the past four weeks, and in the hour after
    // it (should the hour turn while the journey runs); none in those hours this week.
    const lastHour = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
    const events = [1, 2, 3, 4].flatMap((week) =>
      [0, HOUR].map((shift) => ({
        liveID,
        type: 'impression',
        at: new Date(lastHour + shift - week * WEEK + 10 * 60_000).toISOString(),
        count: 1_000,
      })),
    );
    await api(session, 'POST', '/v1/events/import', { events });
    // 15 minutes pass for the fleet's lease: the next poll evaluates.
    await db.query("delete from job_leases where name = 'alert-evaluation'");
    await eventually(async () => {
      const alerts = await api<{ rule: string; status: string }[]>(
        session,
        'GET',
        `/v1/alerts?campaignID=${campaign.id}`,
      );
      // (It has had no impression for about a week either: "no delivery" fires beside it.)
      expect(alerts.find((alert) => alert.rule === 'delivery-drop')?.status).toBe('open');
    }, 30_000);

    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      userAgent: personUserAgent(browser),
    });
    const page = await context.newPage();
    await page.goto(`${origin}/signin`);
    await signInPage(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    const bell = page.getByRole('button', { name: /^Alerts, \d+ open$/ });
    await bell.click();
    const entry = page
      .getByRole('list', { name: 'Open alerts list' })
      .getByRole('link', { name: new RegExp(`Delivery drop · ${name}`) });
    await entry.waitFor();
    await entry.click();
    await page.waitForURL(`**/campaigns/${campaign.id}/alerts`);
    await page.getByRole('button', { name: 'Acknowledge (Delivery drop)' }).waitFor();
    await context.close();

    const subject = `Alert: Delivery drop on "${name}"`;
    await eventually(async () => {
      expect(smtp.received.map((mail) => mail.parsed.subject)).toContain(subject);
    }, 30_000);
    const mail = smtp.received.find((received) => received.parsed.subject === subject);
    expect(mail?.envelope.to).toEqual([DEMO_EMAIL]);
    expect(mail?.parsed.text).toContain('Impressions dropped to 0');
    const headers = new Map(mail?.parsed.headers.map((header) => [header.key, header.value]));
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headers.get('list-unsubscribe')).toContain(`${origin}/api/reportMail/unsubscribe?token=`);
  });
});

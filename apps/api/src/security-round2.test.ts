// The second security review (issue 21), each finding as the attack it names. docs/security.md lists
// the limits and their settings.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { uploadQuotaMessage } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { RESET_LINK_INVALID } from './services/auth';
import { TOO_MANY_CALLS_FOR_IDENTITY } from './services/identity-limit';
import { newId } from './services/ids';
import { beginLoginAttempt, LOGIN_MAX_DELAY_SECONDS, loginKeys } from './services/login-limit';
import type { FiguresWithRows } from './services/reports/build-input';
import { DOWNLOADS_QUEUED, downloadTooLong, SHARE_DOWNLOADS_USED } from './services/reports/download-limits';
import { REPORT_MAIL_QUOTA_REACHED } from './services/reports/recipients';
import { retryAfterOf } from './services/retry-after';
import { Client, startServer, type TestServer, testDatabaseKind } from './test/harness';
import { publishedLive, readOutboxTo, settled, signedInUser, uniqueEmail, waitForMail } from './test/helpers';
import { deflatedZeros, testZip } from './test/zip';

const INDEX = Buffer.from('<!doctype html><title>Banner</title><p>Hello</p>');

/** Samples the process's memory while `work` runs: the largest growth of array buffers and of RSS. */
async function memoryGrowth<T>(
  work: () => Promise<T>,
): Promise<{ result: T; arrayBuffers: number; rss: number }> {
  const before = process.memoryUsage();
  let peak = { arrayBuffers: before.arrayBuffers, rss: before.rss };
  const sample = () => {
    const now = process.memoryUsage();
    peak = { arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers), rss: Math.max(peak.rss, now.rss) };
  };
  const sampler = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return { result, arrayBuffers: peak.arrayBuffers - before.arrayBuffers, rss: peak.rss - before.rss };
  } finally {
    clearInterval(sampler);
  }
}

const MB = 1024 * 1024;

describe(`security review, round 2 (issue 21) on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      COMPANY_DOMAIN: 'adconsole.test',
      REPORT_MAILS_PER_USER_PER_DAY: '4',
      REPORT_DOWNLOADS_PER_TOKEN_PER_HOUR: '4',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  describe('High: zip bomb', () => {
    let owner: Client;
    let campaignID: string;
    let creativeID: string;
    beforeAll(async () => {
      owner = (await signedInUser(server)).client;
      campaignID =
        (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Bombs' })).body.data?.id ?? '';
      creativeID =
        (
          await owner.post<{ id: string }>('/v1/campaign/creatives', {
            campaignID,
            name: 'HTML5',
            type: 'Banner',
            width: 300,
            height: 250,
          })
        ).body.data?.id ?? '';
    });
    const upload = (bytes: Buffer, name = 'banner.zip') => {
      const form = new FormData();
      form.append('creativeID', creativeID);
      form.append('files[]', new Blob([new Uint8Array(bytes)]), name);
      return owner.post<{ created: unknown[] }>('/v1/campaign/creatives/assets', form);
    };

    it('a 400 MB bomb whose directory claims 1 KB is cut off at 1 KB: refused, memory stays bounded', async () => {
      const bomb = testZip([
        { name: 'index.html', data: INDEX },
        { name: 'bomb.js', deflated: await deflatedZeros(400), declaredSize: 1024 },
      ]);
      expect(bomb.length).toBeLessThan(1 * MB);
      const { result, arrayBuffers, rss } = await memoryGrowth(() => upload(bomb));
      expect(result.httpStatus).toBe(415);
      expect(result.body.message).toMatch(/bomb\.js inflates past its declared size/);
      // Inflating the entry whole (the old serving path) grew memory by its 400 MB; streamed through
      // the byte budget only a few chunks are ever held. Generous bounds: garbage may be taken late.
      expect(arrayBuffers).toBeLessThan(100 * MB);
      expect(rss).toBeLessThan(200 * MB);
      // Nothing of it stays: no asset, no stored file, nothing unpacked.
      const [{ count } = { count: -1 }] = await server.db.query<{ count: number }>(
        'select count(*)::int as count from assets where creative_id = $1',
        [creativeID],
      );
      expect(count).toBe(0);
      expect(await server.db.query('select * from html5_archives')).toEqual([]);
    });

    it('a bomb that declares its 400 MB honestly is refused before a byte is inflated', async () => {
      const bomb = testZip([
        { name: 'index.html', data: INDEX },
        { name: 'bomb.js', deflated: await deflatedZeros(400) },
      ]);
      const { result, arrayBuffers } = await memoryGrowth(() => upload(bomb));
      expect(result.httpStatus).toBe(415);
      expect(result.body.message).toMatch(/more than 50 MB unpacked/);
      expect(arrayBuffers).toBeLessThan(100 * MB);
    });

    it('many small entries that add up past the 50 MB cap are stopped at the cap', async () => {
      const zeros = await deflatedZeros(20);
      const bomb = testZip([
        { name: 'index.html', data: INDEX },
        ...[1, 2, 3].map((index) => ({ name: `part${index}.js`, deflated: zeros, declaredSize: 1024 })),
      ]);
      const answer = await upload(bomb);
      expect(answer.httpStatus).toBe(415);
    });

    it.each([
      [
        'more than 500 entries',
        Array.from({ length: 501 }, (_, index) => ({ name: `f${index}.txt`, data: INDEX })),
      ],
      ['a path out of the archive', [{ name: '../index.html', data: INDEX }]],
      ['an absolute path', [{ name: '/etc/index.html', data: INDEX }]],
      ['a backslash path', [{ name: 'a\\..\\index.html', data: INDEX }]],
      ['a name over 255 bytes', [{ name: `${'n'.repeat(256)}.html`, data: INDEX }]],
      ['folders nested more than 10 deep', [{ name: `${'d/'.repeat(11)}index.html`, data: INDEX }]],
      ['an archive inside the archive', [{ name: 'inner.zip', data: INDEX }]],
      [
        'the same name twice',
        [
          { name: 'index.html', data: INDEX },
          { name: 'index.html', data: INDEX },
        ],
      ],
      [
        'a size that disagrees with the bytes',
        [{ name: 'index.html', data: INDEX, declaredSize: INDEX.length + 5 }],
      ],
    ])('refuses a ZIP with %s (415)', async (_reason, entries) => {
      const answer = await upload(testZip(entries));
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(415);
    });

    it('unpacks a good ZIP once at upload and serves its files from storage, never inflating again', async () => {
      const liveId = await publishedLive(
        owner,
        campaignID,
        { name: 'Good', type: 'Banner', width: 300, height: 250 },
        [
          {
            name: 'good.zip',
            bytes: testZip([
              { name: 'banner/index.html', data: INDEX },
              { name: 'banner/js/app.js', data: Buffer.from('console.log(1)') },
            ]),
          },
        ],
      );
      const [archive] = await server.db.query<{ file_name: string; files: string[] }>(
        "select file_name, files from html5_archives where file_name like '%/good.zip'",
      );
      expect(archive?.files.sort()).toEqual(['index.html', 'js/app.js']);
      // The ZIP itself is gone from storage; the files are still served: they come from the unpacked copy.
      await writeFile(
        path.join(server.dataDir, 'files', ...(archive?.file_name ?? '').split('/')),
        'not a zip',
      );
      const page = await fetch(`${server.url}/serve/h5/${liveId}/index.html`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(INDEX.toString());
      expect((await fetch(`${server.url}/serve/h5/${liveId}/js/app.js`)).status).toBe(200);
      expect((await fetch(`${server.url}/serve/h5/${liveId}/missing.js`)).status).toBe(404);
    });

    it('an anonymous GET of a creative whose bomb was stored before the check inflates no more than the cap', async () => {
      const liveId = await publishedLive(
        owner,
        campaignID,
        { name: 'Old', type: 'Banner', width: 300, height: 250 },
        [{ name: 'old.zip', bytes: testZip([{ name: 'index.html', data: INDEX }]) }],
      );
      const [archive] = await server.db.query<{ file_name: string }>(
        "select file_name from html5_archives where file_name like '%/old.zip'",
      );
      const zipKey = archive?.file_name ?? '';
      // As a ZIP stored before uploads were checked: the bomb in its place, never unpacked.
      const bomb = testZip([
        { name: 'index.html', data: INDEX },
        { name: 'bomb.js', deflated: await deflatedZeros(400), declaredSize: 1024 },
      ]);
      await writeFile(path.join(server.dataDir, 'files', ...zipKey.split('/')), bomb);
      await server.db.query('update files set size = $2 where name = $1', [zipKey, bomb.length]);
      await server.db.query('delete from html5_archives where file_name = $1', [zipKey]);
      const { result, arrayBuffers, rss } = await memoryGrowth(() =>
        fetch(`${server.url}/serve/h5/${liveId}/index.html`),
      );
      expect(result.status).toBe(404);
      expect(arrayBuffers).toBeLessThan(100 * MB);
      expect(rss).toBeLessThan(200 * MB);
      // Refused once and recorded: later requests do not inflate it again.
      const [row] = await server.db.query<{ files: string[] }>(
        'select files from html5_archives where file_name = $1',
        [zipKey],
      );
      expect(row?.files).toEqual([]);
    });
  });

  describe('Medium: scheduled reports relay mail', () => {
    const PHISHING = 'Urgent: your account is locked, sign in at https://evil.example/login now';
    const subjectOf = (text: string) => /^Subject: (.*)$/m.exec(text)?.[1] ?? '';

    it('an outside recipient gets only an opt-in request until it confirms; every mail can unsubscribe; a daily quota per user', async () => {
      const { client: owner } = await signedInUser(server);
      const campaignID =
        (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Relay' })).body.data?.id ?? '';
      const outsider = uniqueEmail('partner.example');
      const colleague = uniqueEmail('adconsole.test');
      const created = await owner.post<{ id: string }>('/v1/campaign/scheduledReport', {
        campaignID,
        name: PHISHING,
        frequency: 'Monthly',
        reportType: 'Summary',
        format: 'csv',
        timezone: 'UTC',
        recipients: [outsider, colleague],
        withVideo: false,
      });
      expect(created.httpStatus, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data?.id;
      await settled(server);
      // The outsider: one opt-in request, a fixed subject, the name quoted as data; nothing else.
      const optIn = await waitForMail(server, outsider);
      expect(subjectOf(optIn.text)).toBe('Confirm scheduled report mails from Adconsole');
      expect(optIn.text).toContain(`Report name (as entered by the sender): "${PHISHING}"`);
      expect(optIn.links.some((link) => link.includes('/api/reportMail/unsubscribe?token='))).toBe(true);
      expect(await readOutboxTo(server, colleague)).toHaveLength(0);

      // Send now: only the confirmed company address is mailed.
      const first = await owner.post<{ recipients: string[] }>('/v1/campaign/scheduledReport/send', { id });
      expect(first.httpStatus, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data?.recipients).toEqual([colleague]);
      const report = await waitForMail(server, colleague);
      expect(subjectOf(report.text)).toMatch(/^Adconsole scheduled report, /);
      expect(subjectOf(report.text)).not.toContain('evil');
      expect(report.text).toMatch(
        /^List-Unsubscribe:\s+<http:\/\/\S+\/api\/reportMail\/unsubscribe\?token=/m,
      );
      expect(report.text).toContain(`Report name (as entered by its sender): "${PHISHING}"`);
      expect(await readOutboxTo(server, outsider)).toHaveLength(1);

      // The outsider confirms: from now on the report reaches it too, with its own unsubscribe link.
      const confirm = optIn.links.find((link) => link.includes('/api/reportMail/confirm?token=')) ?? '';
      expect(
        (await fetch(`${server.url}${new URL(confirm).pathname}${new URL(confirm).search}`)).status,
      ).toBe(200);
      const second = await owner.post<{ recipients: string[] }>('/v1/campaign/scheduledReport/send', { id });
      expect(second.body.data?.recipients).toEqual([outsider, colleague]);
      const outsiderReport = await waitForMail(server, outsider, 1);
      const unsubscribe = outsiderReport.links.find((link) =>
        link.includes('/api/reportMail/unsubscribe?token='),
      );
      expect(unsubscribe).toBeTruthy();
      expect(
        (
          await fetch(
            `${server.url}${new URL(unsubscribe ?? '').pathname}${new URL(unsubscribe ?? '').search}`,
          )
        ).status,
      ).toBe(200);
      // A forged or used-up token is a 404, never a 5xx.
      expect((await fetch(`${server.url}/api/reportMail/confirm?token=${'x'.repeat(32)}`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/reportMail/confirm`)).status).toBe(404);

      // 4 mails a day for this user (1 opt-in + 1 + 2 reports): the next send is refused, in the database.
      const third = await owner.post('/v1/campaign/scheduledReport/send', { id });
      expect(third.httpStatus).toBe(429);
      expect(third.body.message).toBe(REPORT_MAIL_QUOTA_REACHED);
      expect(await readOutboxTo(server, outsider)).toHaveLength(2);
      expect(await readOutboxTo(server, colleague)).toHaveLength(2);
    });
  });

  describe('Medium: denial of service through a share link', () => {
    let owner: Client;
    let token: string;
    const anonymous = () => new Client(server.url);
    const download = (client: Client, type: string, start: string, end: string, extra = '') =>
      client.get<{ file: string }>(
        `/share/reports?sharedToken=${token}&type=${type}&tzOffset=%2B00:00&start_dt=${start}%2000:00:00&end_dt=${end}%2023:59:59${extra}`,
      );
    /** Holds every report build until released: the state "files are being built" made to last. */
    const holdBuilds = () => {
      const builder = server.app.adconsole.reportBuilder;
      const original = builder.build.bind(builder);
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const seen: FiguresWithRows[] = [];
      builder.build = async (rows, format, detail) => {
        seen.push(rows);
        await gate;
        return original(rows, format, detail);
      };
      return {
        seen,
        release: () => {
          release();
          builder.build = original;
        },
      };
    };
    const buildingRows = async () =>
      (
        await server.db.query<{ count: number }>(
          "select count(*)::int as count from report_downloads where caller = $1 and state = 'building'",
          [`token:${token}`],
        )
      )[0]?.count ?? 0;

    beforeAll(async () => {
      owner = (await signedInUser(server)).client;
      const campaignID =
        (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Shared' })).body.data?.id ?? '';
      await publishedLive(
        owner,
        campaignID,
        { name: 'Shared banner', type: 'Banner', width: 300, height: 250 },
        [{ name: 'shared.zip', bytes: testZip([{ name: 'index.html', data: INDEX }]) }],
      );
      token =
        (await owner.post<{ token: string }>('/v1/campaign/newToken', { campaignID })).body.data?.token ?? '';
    });

    it('a long pivot is built off the event loop: /api/ping answers while it builds', async () => {
      const held = holdBuilds();
      const answer = download(anonymous(), 'xlsx-pivot', '2025-01-01', '2025-12-31');
      await vi.waitFor(() => expect(held.seen).toHaveLength(1));
      held.release();
      expect((await answer).httpStatus).toBe(200);
      // The request's own figures, grown to 60 creatives: a pivot of some 90,000 rows, seconds of CPU.
      const [rows] = held.seen as [FiguresWithRows];
      const [creative] = rows.figures.creatives;
      const periods = rows.creativePeriods.get(creative?.id ?? '') ?? new Map();
      const big: FiguresWithRows = {
        ...rows,
        figures: {
          ...rows.figures,
          creatives: Array.from({ length: 60 }, (_, index) => ({
            ...(creative as NonNullable<typeof creative>),
            id: `c${index}`,
            name: `Creative ${index}`,
          })),
        },
        creativePeriods: new Map(Array.from({ length: 60 }, (_, index) => [`c${index}`, periods])),
      };
      const building = server.app.adconsole.reportBuilder.build(big, 'xlsx-pivot').then(() => 'built');
      const ping = fetch(`${server.url}/api/ping`).then(() => 'ping');
      // Built on the event loop (before the fix), the ping could only be answered after the file.
      expect(await Promise.race([building, ping])).toBe('ping');
      expect(await building).toBe('built');
    });

    it('each format has a range limit: a 10-year pivot is refused with a clear 400', async () => {
      const pivot = await download(anonymous(), 'xlsx-pivot', '2016-01-01', '2025-12-31');
      expect(pivot.httpStatus).toBe(400);
      expect(pivot.body.message).toBe(downloadTooLong('xlsx-pivot'));
      const xlsx = await download(anonymous(), 'xlsx', '2016-01-01', '2025-12-31');
      expect(xlsx.body.message).toBe(downloadTooLong('xlsx'));
    });

    it('identical requests share one file; at most 2 builds queue per share link, from any address', async () => {
      await server.db.query('delete from report_downloads where caller = $1', [`token:${token}`]);
      const held = holdBuilds();
      const [first, same] = [
        download(anonymous(), 'csv', '2025-02-01', '2025-02-28'),
        download(anonymous(), 'csv', '2025-02-01', '2025-02-28'),
      ];
      const second = download(anonymous(), 'csv', '2025-03-01', '2025-03-31');
      await vi.waitFor(async () => expect(await buildingRows()).toBe(2));
      // A third file while two are being built: refused, whatever address it comes from.
      const third = await download(anonymous(), 'csv', '2025-04-01', '2025-04-30');
      expect(third.httpStatus).toBe(429);
      expect(third.body.message).toBe(DOWNLOADS_QUEUED);
      held.release();
      const [a, b, c] = await Promise.all([first, same, second]);
      expect(a.httpStatus).toBe(200);
      expect(b.body.data?.file).toBe(a.body.data?.file);
      expect(c.body.data?.file).not.toBe(a.body.data?.file);
      expect(held.seen).toHaveLength(2);
      // Asked again later: the file already built.
      expect((await download(anonymous(), 'csv', '2025-02-01', '2025-02-28')).body.data?.file).toBe(
        a.body.data?.file,
      );
    });

    it('a share link builds at most REPORT_DOWNLOADS_PER_TOKEN_PER_HOUR files an hour, counted in the database', async () => {
      await server.db.query('delete from report_downloads where caller = $1', [`token:${token}`]);
      for (const month of ['05', '06', '07', '08']) {
        expect((await download(anonymous(), 'csv', `2025-${month}-01`, `2025-${month}-28`)).httpStatus).toBe(
          200,
        );
      }
      const fifth = await download(anonymous(), 'csv', '2025-09-01', '2025-09-28');
      expect(fifth.httpStatus).toBe(429);
      expect(fifth.body.message).toBe(SHARE_DOWNLOADS_USED);
      const [{ count } = { count: 0 }] = await server.db.query<{ count: number }>(
        'select count(*)::int as count from report_downloads where caller = $1',
        [`token:${token}`],
      );
      expect(count).toBe(4);
    });
  });

  describe('Medium: old reset links stay valid', () => {
    it('issuing a new reset link revokes the earlier ones: the first link no longer works', async () => {
      const { email } = await signedInUser(server);
      const client = new Client(server.url);
      await client.post('/forgotPassword', { email });
      const first = await waitForMail(server, email, 1);
      await client.post('/forgotPassword', { email });
      const second = await waitForMail(server, email, 2);
      const token = (mail: { links: string[] }) =>
        new URL(mail.links.find((l) => l.includes('forgotToken')) ?? '').searchParams.get('forgotToken');
      const body = (code: string | null) => ({
        username: email,
        password: 'brand new secret',
        confirmPassword: 'brand new secret',
        code,
      });
      const old = await client.post('/changePassword', body(token(first)));
      expect(old.httpStatus).toBe(400);
      expect(old.body.message).toBe(RESET_LINK_INVALID);
      expect((await client.post('/changePassword', body(token(second)))).httpStatus).toBe(200);
    });
  });

  describe('Low findings', () => {
    it('a private upload answers 404 to an anonymous caller, as a missing one does', async () => {
      const { email } = await signedInUser(server);
      const [user] = await server.db.query<{ id: string }>('select id from users where email = $1', [email]);
      // A private file of the user's (as report downloads and tag sheets are), on disk and recorded.
      const file = `reports/${'a'.repeat(32)}/private.csv`;
      await mkdir(path.join(server.dataDir, 'files', 'reports', 'a'.repeat(32)), { recursive: true });
      await writeFile(path.join(server.dataDir, 'files', ...file.split('/')), 'a,b\n');
      await server.db.query(
        `insert into files (name, owner_id, public, content_type, size) values ($1, $2, false, 'text/csv', 4)`,
        [file, user?.id],
      );
      const existing = await fetch(`${server.url}/api/uploads/${file}`);
      const missing = await fetch(`${server.url}/api/uploads/reports/${'0'.repeat(32)}/nothing.csv`);
      expect([existing.status, missing.status]).toEqual([404, 404]);
      expect(await existing.json()).toEqual(await missing.json());
    });

    it('sign-up takes the company domain exactly; subdomains only when COMPANY_DOMAIN is *.domain', async () => {
      const body = (email: string) => ({
        firstName: 'Sub',
        lastName: 'Domain',
        email,
        password: 'correct horse 1',
        confirmPassword: 'correct horse 1',
        termsChecked: true,
      });
      const exact = await new Client(server.url).post('/signup', body(uniqueEmail('sub.adconsole.test')));
      expect(exact.httpStatus).toBe(400);
      const wildcard = await startServer({ COMPANY_DOMAIN: '*.adconsole.test' });
      try {
        const sub = await new Client(wildcard.url).post('/signup', body(uniqueEmail('sub.adconsole.test')));
        expect(sub.httpStatus, JSON.stringify(sub.body)).toBe(200);
        const own = await new Client(wildcard.url).post('/signup', body(uniqueEmail('adconsole.test')));
        expect(own.httpStatus).toBe(200);
        // The server's own addresses use the bare domain.
        expect(wildcard.config.adminEmail).toBe('demo@adconsole.test');
        await settled(wildcard);
      } finally {
        await wildcard.close();
      }
    });
  });

  describe('Medium: file-manager quota bypass', () => {
    it('an upload ticket is single-use: its signed URL replayed after the file moved away is refused', async () => {
      const { client: user } = await signedInUser(server);
      const body = Buffer.alloc(1000, 7);
      const ticket = await user.post<{ url: string; headers: Record<string, string> }>('/v1/files/upload', {
        directory: '',
        name: 'replay.png',
        size: body.length,
      });
      expect(ticket.httpStatus, JSON.stringify(ticket.body)).toBe(200);
      const put = () =>
        fetch(new URL(ticket.body.data?.url ?? '', server.url), {
          method: 'PUT',
          headers: ticket.body.data?.headers ?? {},
          body: new Uint8Array(body),
        });
      expect((await put()).status).toBe(200);
      const moved = await user.post('/v1/files/move', { from: 'replay.png', to: 'elsewhere.png' });
      expect(moved.httpStatus, JSON.stringify(moved.body)).toBe(200);
      // The name is free again: before the fix the same URL wrote a second copy past the quota.
      const replay = await put();
      expect(replay.status).toBe(403);
      const listing = await user.get<{ entries: { name: string }[] }>('/v1/files?directory=');
      expect(JSON.stringify(listing.body.data)).not.toContain('replay.png');
    });
  });

  describe('Low: ten wrong passwords locked an account for 15 minutes for every browser', () => {
    const second = 1000;
    /** One attempt at `at`, from an address of its own (the per-address window stays out of it). */
    const attempt = async (identity: string, at: Date) => {
      try {
        await beginLoginAttempt(server.db, { ip: loginKeys.ip(`198.51.100.${newId()}`), identity }, at);
        return { allowed: true as const };
      } catch (error) {
        const status = (error as { status?: number }).status;
        expect(status).toBe(429);
        return { allowed: false as const, retryAfter: retryAfterOf(error, 429) ?? 0 };
      }
    };

    it('after 10 failures each attempt waits a doubling delay (15 s up to 5 min), never a 15-minute lock; the owner’s browser waits none', async () => {
      const account = loginKeys.account(uniqueEmail());
      const t0 = Date.now();
      const at = (seconds: number) => new Date(t0 + seconds * second);
      for (let index = 0; index < 10; index += 1)
        expect((await attempt(account, at(index))).allowed).toBe(true);
      // The 11th right after: the first delay, counted from the last failure (at 9 s).
      expect(await attempt(account, at(10))).toEqual({ allowed: false, retryAfter: 14 });
      // A refused attempt is not a failure: it does not lengthen the wait.
      expect(await attempt(account, at(23))).toEqual({ allowed: false, retryAfter: 1 });
      // The right password from a new browser is checked 15 s after the last failure, not 15 minutes.
      expect((await attempt(account, at(24))).allowed).toBe(true);
      let last = 24;
      const delays: number[] = [];
      for (let failure = 11; failure < 16; failure += 1) {
        const refused = await attempt(account, at(last + 1));
        expect(refused.allowed).toBe(false);
        const delay = (refused.allowed ? 0 : refused.retryAfter) + 1;
        delays.push(delay);
        expect((await attempt(account, at(last + delay - 1))).allowed).toBe(false);
        expect((await attempt(account, at(last + delay))).allowed).toBe(true);
        last += delay;
      }
      expect(delays).toEqual([30, 60, 120, 240, LOGIN_MAX_DELAY_SECONDS]);
      // The browser where the owner signed in before is counted by its device: no wait at all.
      expect((await attempt(loginKeys.device(newId()), at(last + 1))).allowed).toBe(true);
    });

    it('guessing stays bounded: a guesser trying whenever allowed gets about 300 guesses in 24 hours', async () => {
      const account = loginKeys.account(uniqueEmail());
      const t0 = Date.now();
      let now = 0;
      let guesses = 0;
      while (now < 24 * 3600) {
        const answer = await attempt(account, new Date(t0 + now * second));
        if (answer.allowed) {
          guesses += 1;
          now += 1;
        } else {
          now += answer.retryAfter;
        }
      }
      // 10 free, then one every delay: 15 + 30 + ... + 240 s, then one each 5 minutes.
      expect(guesses).toBeLessThanOrEqual(10 + 5 + (24 * 3600) / LOGIN_MAX_DELAY_SECONDS);
      expect(guesses).toBeGreaterThan(10);
    }, 120_000);
  });

  describe('Low: per-IP limits kept in memory reset when a caller changed address', () => {
    it('a user’s calls are counted in the database: a new address or a second API process does not reset them', async () => {
      const { client } = await signedInUser(server);
      const wrong = (address: string, on = client) =>
        on.call(
          'PUT',
          '/v1/me/password',
          {
            currentPassword: 'not the password',
            password: 'a fresh secret',
            confirmPassword: 'a fresh secret',
          },
          { 'X-Forwarded-For': address },
        );
      // 30 guesses at the current password, each from an address of its own (before: 30 per address).
      for (let index = 0; index < 30; index += 1) {
        expect((await wrong(`203.0.113.${index}`)).httpStatus).toBe(400);
      }
      const limited = await wrong('198.51.100.77');
      expect(limited.httpStatus).toBe(429);
      expect(limited.body.message).toBe(TOO_MANY_CALLS_FOR_IDENTITY);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // A second API process on the same database knows the count.
      const second = await buildApp(server.config, { db: server.db, logger: false });
      await second.listen({ port: 0, host: '127.0.0.1' });
      const address = second.server.address();
      try {
        const secondClient = new Client(
          `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        );
        secondClient.cookie = client.cookie;
        const there = await wrong('198.51.100.78', secondClient);
        expect(there.httpStatus).toBe(429);
        expect(there.body.message).toBe(TOO_MANY_CALLS_FOR_IDENTITY);
      } finally {
        await second.close();
      }
      // The limit is this user's: another user still gets their own calls.
      const other = (await signedInUser(server)).client;
      expect(
        (
          await other.put('/v1/me/password', {
            currentPassword: 'not the password',
            password: 'a fresh secret',
            confirmPassword: 'a fresh secret',
          })
        ).httpStatus,
      ).toBe(400);
    });

    it('an e-mail address is counted in the database: password-reset requests for one address from many addresses stop at 30', async () => {
      const email = uniqueEmail();
      const reset = (address: string) =>
        new Client(server.url).call('POST', '/forgotPassword', { email }, { 'X-Forwarded-For': address });
      for (let index = 0; index < 30; index += 1) {
        expect((await reset(`192.0.2.${index}`)).httpStatus).toBe(200);
      }
      const limited = await reset('192.0.2.200');
      expect(limited.httpStatus).toBe(429);
      expect(limited.body.message).toBe(TOO_MANY_CALLS_FOR_IDENTITY);
      const [row] = await server.db.query<{ calls: number }>(
        'select calls from identity_limits where key = $1',
        [`POST /forgotPassword:email:${email}`],
      );
      expect(row?.calls).toBe(31);
    });
  });

  describe('Low: /serve/demo ran an inline script without a CSP', () => {
    it('answers a nonce policy, a new nonce each time, and every script of the page carries it', async () => {
      const first = await fetch(new URL('/serve/demo', server.url));
      const second = await fetch(new URL('/serve/demo', server.url));
      const policy = first.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
      expect(nonce).toBeTruthy();
      expect(policy).toContain("'strict-dynamic'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toContain('unsafe-inline');
      expect(second.headers.get('content-security-policy')).not.toBe(policy);
      const html = await first.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    });
  });

  describe('Low: creative assets had no storage quota (one quota covers assets and the file manager)', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startServer({ FILE_MANAGER_QUOTA_MB: '1' });
    });
    afterAll(() => limited.close());
    const script = (bytes: number) => Buffer.alloc(bytes, 'a');
    const newCreative = async (client: Client) => {
      const campaignID =
        (await client.post<{ id: string }>('/v1/campaign/new', { name: 'Quota' })).body.data?.id ?? '';
      return (
        (
          await client.post<{ id: string }>('/v1/campaign/creatives', {
            campaignID,
            name: 'VPAID',
            type: 'Banner',
            width: 300,
            height: 250,
          })
        ).body.data?.id ?? ''
      );
    };
    const uploadAsset = (client: Client, creativeID: string, bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('creativeID', creativeID);
      form.append('files[]', new Blob([new Uint8Array(bytes)]), name);
      return client.post<{ created: unknown[] }>('/v1/campaign/creatives/assets', form);
    };

    it('a user cannot fill storage through creative assets: past the quota an asset upload is refused with the file manager’s 413', async () => {
      const { client } = await signedInUser(limited);
      const creativeID = await newCreative(client);
      // 900 KB of assets fit in the 1 MB quota.
      const first = await uploadAsset(client, creativeID, script(900 * 1024), 'first.js');
      expect(first.httpStatus, JSON.stringify(first.body)).toBe(200);
      // 200 KB more do not: the same 413 and message as a file-manager upload, and nothing is kept.
      const second = await uploadAsset(client, creativeID, script(200 * 1024), 'second.js');
      expect(second.httpStatus).toBe(413);
      expect(second.body.message).toBe(
        uploadQuotaMessage({ name: 'second.js', size: 200 * 1024, used: 900 * 1024, quotaBytes: MB }),
      );
      const assets = await limited.db.query<{ name: string }>(
        'select name from assets where creative_id = $1 order by name',
        [creativeID],
      );
      expect(assets.map((asset) => asset.name)).toEqual(['first.js']);
      // Before the fix every asset upload was taken: ten more of 200 KB went into the same space.
      for (let index = 0; index < 3; index += 1) {
        expect(
          (await uploadAsset(client, creativeID, script(200 * 1024), `more-${index}.js`)).httpStatus,
        ).toBe(413);
      }
    });

    it('the assets count in the file manager: a ticket that fits beside the files but not beside the assets is refused', async () => {
      const { client } = await signedInUser(limited);
      const creativeID = await newCreative(client);
      expect((await uploadAsset(client, creativeID, script(600 * 1024), 'asset.js')).httpStatus).toBe(200);
      const ticket = await client.post('/v1/files/upload', {
        directory: '',
        name: 'big.mp4',
        size: 500 * 1024,
      });
      expect(ticket.httpStatus).toBe(413);
      expect(ticket.body.message).toBe(
        uploadQuotaMessage({ name: 'big.mp4', size: 500 * 1024, used: 600 * 1024, quotaBytes: MB }),
      );
      // And the other way: the file manager's files count against an asset upload.
      const other = (await signedInUser(limited)).client;
      const otherCreative = await newCreative(other);
      const put = await other.post<{ url: string; headers: Record<string, string> }>('/v1/files/upload', {
        directory: '',
        name: 'held.png',
        size: 700 * 1024,
      });
      expect(put.httpStatus, JSON.stringify(put.body)).toBe(200);
      const stored = await fetch(new URL(put.body.data?.url ?? '', limited.url), {
        method: 'PUT',
        headers: put.body.data?.headers ?? {},
        body: new Uint8Array(700 * 1024),
      });
      expect(stored.status).toBe(200);
      const asset = await uploadAsset(other, otherCreative, script(400 * 1024), 'asset.js');
      expect(asset.httpStatus).toBe(413);
      expect(asset.body.message).toBe(
        uploadQuotaMessage({ name: 'asset.js', size: 400 * 1024, used: 700 * 1024, quotaBytes: MB }),
      );
    });
  });
});

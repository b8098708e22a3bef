// The second security review (issue 21), each finding as the attack it names. docs/security.md lists
// the limits and their settings.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MAIL_QUOTA_REACHED } from './services/reports/recipients';
import { type Client, startServer, type TestServer, testDatabaseKind } from './test/harness';
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
    server = await startServer({ COMPANY_DOMAIN: 'adconsole.test', REPORT_MAILS_PER_USER_PER_DAY: '4' });
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
});

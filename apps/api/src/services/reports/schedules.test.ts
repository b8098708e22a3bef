// Scheduled reports, e-mailed: the mail and its attachment received by a real SMTP server, at most once
// per period, retried after a failed send.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createPostgresDatabase } from '../../db/database';
import { testStoresLabel } from '../../test/harness';
import {
  campaignID,
  day,
  endOf,
  figures,
  other,
  owner,
  server,
  smtp,
  useReportsWorld,
} from '../../test/reports-world';

describe(`reports on ${testStoresLabel()}`, () => {
  useReportsWorld();

  describe('scheduled reports, e-mailed', () => {
    /** Creates a schedule; its recipients (outside the company domain) confirm by their opt-in link. */
    const schedule = async (body: Record<string, unknown>) => {
      const recipients = (body.recipients as string[] | undefined) ?? [
        'boss@client.example',
        'analyst@client.example',
      ];
      const before = smtp.received.length;
      const created = await owner.post<{ id: string; nextRunAt: string }>('/v1/campaign/scheduledReport', {
        campaignID,
        name: 'Weekly numbers',
        frequency: 'Weekly',
        reportType: 'Full',
        format: 'pdf',
        timezone: 'Europe/Berlin',
        recipients,
        withVideo: true,
        ...body,
      });
      const optIns = (await smtp.waitFor(before + recipients.length)).slice(before);
      for (const mail of optIns) {
        const confirm = (mail.parsed.text ?? '').match(
          /https?:\/\/\S+\/api\/reportMail\/confirm\?token=\S+/,
        )?.[0];
        // The recipient opens the link and presses its button (the POST confirms; the GET only asks).
        const page = await fetch(
          `${server.url}${new URL(confirm ?? '').pathname}${new URL(confirm ?? '').search}`,
          { method: 'POST' },
        );
        expect(page.status).toBe(200);
      }
      return created;
    };

    it('answers the schedule with its next run (Monday 08:00 in its zone) and lists it in the report and campaign', async () => {
      const created = await schedule({});
      expect(created.httpStatus, JSON.stringify(created.body)).toBe(200);
      const next = new Date(created.body.data?.nextRunAt ?? '');
      expect(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/Berlin',
          weekday: 'long',
          hour: '2-digit',
          minute: '2-digit',
        }).format(next),
      ).toBe('Monday 08:00');
      const answer = await figures({ start_dt: day('2026-03-01'), end_dt: endOf('2026-03-01') });
      expect(answer.scheduledReports.map((s) => s.id)).toContain(created.body.data?.id);
      const campaign = await owner.get<{ scheduledReports: { id: string }[] }>(
        `/v1/campaign/get?campaignID=${campaignID}`,
      );
      expect(campaign.body.data?.scheduledReports.map((s) => s.id)).toContain(created.body.data?.id);
      expect(
        (await other.delete(`/v1/campaign/scheduledReport?id=${created.body.data?.id}`)).httpStatus,
      ).toBe(404);
      expect(
        (await owner.delete(`/v1/campaign/scheduledReport?id=${created.body.data?.id}`)).httpStatus,
      ).toBe(200);
    });

    it('send now mails the last complete period with a PDF drawn like the console report', async () => {
      const created = await schedule({ frequency: 'Monthly' });
      const before = smtp.received.length;
      const sent = await owner.post<{ start: string; end: string; recipients: string[] }>(
        '/v1/campaign/scheduledReport/send',
        {
          id: created.body.data?.id,
        },
      );
      expect(sent.httpStatus, JSON.stringify(sent.body)).toBe(200);
      const mails = (await smtp.waitFor(before + 2)).slice(before);
      expect(mails.map((mail) => mail.envelope.to[0]).sort()).toEqual([
        'analyst@client.example',
        'boss@client.example',
      ]);
      const [attachment] = mails[0]?.parsed.attachments ?? [];
      expect(attachment?.mimeType).toBe('application/pdf');
      expect(attachment?.filename).toMatch(
        /^Spring_sale_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}_Europe-Berlin\.pdf$/,
      );
      const text = await pdfText(Buffer.from(attachment?.content as ArrayBuffer));
      expect(text).toContain('Weekly numbers');
      expect(text).toContain('Impressions by day');
      expect(text).toContain('By creative');
      expect(text).toContain('Video quartiles');
    });

    it('a due schedule is delivered once per period, even with two API processes polling the same database', async () => {
      const created = await schedule({
        frequency: 'Daily',
        format: 'csv',
        reportType: 'Summary',
        withVideo: false,
      });
      const id = created.body.data?.id ?? '';
      await server.db.query(
        "update scheduled_reports set next_run_at = now() - interval '1 minute' where id = $1",
        [id],
      );
      const before = smtp.received.length;
      // A second process on the same database: its own connection pool on PostgreSQL (on PGlite both
      // share the one in-process database).
      const secondDb = server.databaseUrl ? await createPostgresDatabase(server.databaseUrl) : server.db;
      const second = await buildApp(
        loadConfig({
          DATA_DIR: server.dataDir,
          LOG_LEVEL: 'silent',
          SMTP_URL: smtp.url,
          JOB_POLL_SECONDS: '0',
        }),
        { db: secondDb, logger: false },
      );
      try {
        await Promise.all([
          server.app.jobs.runOnce(),
          second.jobs.runOnce(),
          server.app.jobs.runOnce(),
          second.jobs.runOnce(),
        ]);
        await server.app.jobs.runOnce();
      } finally {
        await second.close();
        if (secondDb !== server.db) await secondDb.close();
      }
      // Every runner's runOnce() resolved after its sends were accepted, and the peer accepts a message
      // only once it is in `received`: nothing more is on its way, the count is final.
      const mails = smtp.received.slice(before);
      expect(mails).toHaveLength(2);
      expect(mails.map((mail) => mail.parsed.attachments[0]?.mimeType)).toEqual(['text/csv', 'text/csv']);
      const [job] = await server.db.query<{ state: string; key: string }>(
        'select state, key from jobs where key like $1',
        [`report:${id}:%`],
      );
      expect(job?.state).toBe('done');
      const [after] = await server.db.query<{ next_run_at: Date }>(
        'select next_run_at from scheduled_reports where id = $1',
        [id],
      );
      expect(new Date(after?.next_run_at ?? 0).getTime()).toBeGreaterThan(Date.now());
    });

    it('a failed send is retried with back-off, to the recipients who did not get it, then recorded', async () => {
      const created = await schedule({
        frequency: 'Daily',
        format: 'xlsx',
        recipients: ['ok@client.example', 'bounce@client.example'],
      });
      const id = created.body.data?.id ?? '';
      await server.db.query(
        "update scheduled_reports set next_run_at = now() - interval '1 minute' where id = $1",
        [id],
      );
      smtp.reject('bounce@client.example');
      const before = smtp.received.length;
      await server.app.jobs.runOnce();
      const [failed] = await server.db.query<{
        state: string;
        attempts: number;
        last_error: string;
        run_at: Date;
      }>('select state, attempts, last_error, run_at from jobs where key like $1', [`report:${id}:%`]);
      expect(failed).toMatchObject({ state: 'pending', attempts: 1 });
      expect(failed?.last_error).toMatch(/bounce@client\.example/);
      expect(new Date(failed?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 50_000);
      smtp.accept('bounce@client.example');
      await server.db.query('update jobs set run_at = now() where key like $1', [`report:${id}:%`]);
      await server.app.jobs.runOnce();
      const received = (await smtp.waitFor(before + 2)).slice(before).map((mail) => mail.envelope.to[0]);
      expect(received).toEqual(['ok@client.example', 'bounce@client.example']);
      const [done] = await server.db.query<{ state: string }>('select state from jobs where key like $1', [
        `report:${id}:%`,
      ]);
      expect(done?.state).toBe('done');
    });
  });
});

/** The text of a PDF, as pdftotext (poppler) reads it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    await writeFile(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

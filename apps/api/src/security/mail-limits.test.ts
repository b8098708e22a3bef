// Mail the server sends on a caller's behalf: link mails go after the answer, at most 5 an hour per
// address (counted atomically in the database), links are logged only in development; scheduled reports
// mail an outside recipient only after it opts in, within a daily quota per user.
import { MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { findScheduleAnswer } from '../db/queries/schedules';
import { takeMailAllowance } from '../services/outbound/mail';
import { Client, readOutbox, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { readOutboxTo, settled, signedInUser, uniqueEmail, waitForMail } from '../test/helpers';

describe(`mail limits on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      COMPANY_DOMAIN: 'adconsole.test',
      USER_MAILS_PER_DAY: '5',
    });
  });
  afterAll(() => server.close());

  describe('link mails go after the answer, at most 5 an hour to an address', () => {
    it('mail goes after the answer: forgot password answers while its mail cannot be sent yet', async () => {
      const { email } = await signedInUser(server);
      await settled(server);
      const ctx = server.app.adconsole;
      const mailer = ctx.mailer;
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held: string[] = [];
      // The real mailer behind a gate the test opens.
      ctx.mailer = {
        async send(message) {
          held.push(message.to);
          await gate;
          await mailer.send(message);
        },
      };
      try {
        const answer = await new Client(server.url).post('/forgotPassword', { email });
        expect(answer.httpStatus).toBe(200);
        // Answered, and its mail is waiting at the gate: only the sign-up's mail is in the outbox.
        await vi.waitFor(() => expect(held).toEqual([email]), { timeout: 10_000 });
        expect(
          (await readOutbox(server.dataDir)).filter((m) => m.text.includes(`To: ${email}`)),
        ).toHaveLength(1);
      } finally {
        release();
        await settled(server);
        ctx.mailer = mailer;
      }
      expect((await readOutbox(server.dataDir)).filter((m) => m.text.includes(`To: ${email}`))).toHaveLength(
        2,
      );
    });

    /** How many messages to `email` the outbox holds. */
    const mailsTo = async (email: string) =>
      (await readOutbox(server.dataDir)).filter((m) => m.text.includes(`To: ${email}`)).length;

    it('an address gets at most 5 link mails an hour, with the same answer beyond', async () => {
      const { email } = await signedInUser(server);
      // Counted from a state the sign-up's own mail has settled into: it is one of the hour's five.
      await settled(server);
      const already = await mailsTo(email);
      expect(already).toBe(1);
      const client = new Client(server.url);
      for (let index = 0; index < 8; index += 1) {
        expect((await client.post('/forgotPassword', { email })).httpStatus).toBe(200);
      }
      await settled(server);
      expect((await mailsTo(email)) - already).toBe(4);
    });

    it('the hourly mail limit holds when link requests for one address arrive together', async () => {
      const { email } = await signedInUser(server);
      await settled(server);
      const already = await mailsTo(email);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => new Client(server.url).post('/forgotPassword', { email })),
      );
      expect(answers.map((answer) => answer.httpStatus)).toEqual(answers.map(() => 200));
      await settled(server);
      expect((await mailsTo(email)) - already).toBe(4);
    });

    it('the mail allowance is taken atomically: of 10 takers at once exactly 5 get one', async () => {
      // Counting then inserting in separate statements let concurrent takers all see room left.
      const address = uniqueEmail();
      const taken = await Promise.all(
        Array.from({ length: 10 }, () => takeMailAllowance(server.db, address, 'reset')),
      );
      expect(taken.filter(Boolean)).toHaveLength(5);
      const [row] = await server.db.query<{ count: number }>(
        'select count(*)::int as count from mail_sends where address = $1',
        [address],
      );
      expect(row?.count).toBe(5);
    });

    it('mail links are logged only in development', () => {
      expect(loadConfig({ NODE_ENV: 'production' }).logMailLinks).toBe(false);
      expect(loadConfig({}).logMailLinks).toBe(false);
      expect(loadConfig({ NODE_ENV: 'development' }).logMailLinks).toBe(true);
    });
  });

  describe('scheduled reports mail only recipients who opted in, within a daily quota', () => {
    const PHISHING = 'Urgent: your account is locked, sign in at https://evil.example/login now';
    const subjectOf = (text: string) => /^Subject: (.*)$/m.exec(text)?.[1] ?? '';

    it('attack: a mail scanner that opens every link of a mail (GET) neither confirms an outside recipient nor unsubscribes one (security round 3, finding 7)', async () => {
      const { client: owner } = await signedInUser(server);
      const campaignID =
        (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Scanned' })).body.data?.id ?? '';
      const outsider = uniqueEmail('scanner.example');
      const created = await owner.post<{ id: string }>('/v1/campaign/scheduledReport', {
        campaignID,
        name: 'Weekly',
        frequency: 'Weekly',
        reportType: 'Summary',
        format: 'csv',
        timezone: 'UTC',
        recipients: [outsider],
        withVideo: false,
      });
      expect(created.httpStatus, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data?.id ?? '';
      const stateOf = async () => (await findScheduleAnswer(server.db, id))?.recipientStates;
      await settled(server);
      const optIn = await waitForMail(server, outsider);
      /** What a scanner does: follow every link of the mail with a plain GET, twice. */
      const scan = async (links: readonly string[]) => {
        for (const link of links.filter((each) => each.includes('/api/reportMail/'))) {
          const at = `${server.url}${new URL(link).pathname}${new URL(link).search}`;
          for (let round = 0; round < 2; round += 1) {
            // A page that asks (200), or a used-up link (404): never an action.
            expect([200, 404]).toContain((await fetch(at)).status);
          }
        }
      };
      await scan(optIn.links);
      // Opened, never acted on: the outsider still awaits its own confirmation.
      expect(await stateOf()).toEqual([{ address: outsider, state: 'awaiting' }]);
      // The person presses Confirm (a POST); the scanner then opens the unsubscribe link: still confirmed.
      const confirm = optIn.links.find((link) => link.includes('/api/reportMail/confirm?token=')) ?? '';
      const pressed = await fetch(`${server.url}${new URL(confirm).pathname}${new URL(confirm).search}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(pressed.status).toBe(200);
      expect(await stateOf()).toEqual([{ address: outsider, state: 'confirmed' }]);
      await scan(optIn.links);
      expect(await stateOf()).toEqual([{ address: outsider, state: 'confirmed' }]);
    });

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
      // The answer says where each recipient stands: the company's address at once, the other waits.
      expect((created.body.data as { recipientStates?: unknown }).recipientStates).toEqual([
        { address: outsider, state: 'awaiting' },
        { address: colleague, state: 'confirmed' },
      ]);
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
      expect((first.body.data as { notMailed?: unknown }).notMailed).toEqual([
        { address: outsider, state: 'awaiting' },
      ]);
      const report = await waitForMail(server, colleague);
      expect(subjectOf(report.text)).toMatch(/^Adconsole scheduled report, /);
      expect(subjectOf(report.text)).not.toContain('evil');
      expect(report.text).toMatch(
        /^List-Unsubscribe:\s+<http:\/\/\S+\/api\/reportMail\/unsubscribe\?token=/m,
      );
      // RFC 8058: the mail program unsubscribes with one POST, never by following the link.
      expect(report.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(report.text).toContain(`Report name (as entered by its sender): "${PHISHING}"`);
      expect(await readOutboxTo(server, outsider)).toHaveLength(1);

      // A mail scanner opens the confirm link (GET): a page with a button, and nothing confirmed.
      const confirm = optIn.links.find((link) => link.includes('/api/reportMail/confirm?token=')) ?? '';
      const confirmAt = `${server.url}${new URL(confirm).pathname}${new URL(confirm).search}`;
      const opened = await fetch(confirmAt);
      expect(opened.status).toBe(200);
      const askPage = await opened.text();
      expect(askPage).toContain('<form method="post"');
      expect(askPage).toContain('>Confirm</button>');
      const scanned = await owner.post<{ recipients: string[] }>('/v1/campaign/scheduledReport/send', { id });
      expect(scanned.body.data?.recipients).toEqual([colleague]);
      await waitForMail(server, colleague, 1);
      // The outsider presses the button (POST): from now on the report reaches it too, with its own
      // unsubscribe link.
      const pressed = await fetch(confirmAt, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(pressed.status).toBe(200);
      expect(await pressed.text()).toContain(`${outsider} will receive this scheduled report.`);
      const second = await owner.post<{ recipients: string[] }>('/v1/campaign/scheduledReport/send', { id });
      expect(second.body.data?.recipients).toEqual([outsider, colleague]);
      const outsiderReport = await waitForMail(server, outsider, 1);
      const unsubscribe = outsiderReport.links.find((link) =>
        link.includes('/api/reportMail/unsubscribe?token='),
      );
      expect(unsubscribe).toBeTruthy();
      const unsubscribeAt = `${server.url}${new URL(unsubscribe ?? '').pathname}${new URL(unsubscribe ?? '').search}`;
      // Opened, it only asks; the mail program's one-click POST (no Origin, no cookie) unsubscribes.
      expect(await (await fetch(unsubscribeAt)).text()).toContain('>Unsubscribe</button>');
      const oneClick = await fetch(unsubscribeAt, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect(await (await fetch(unsubscribeAt)).text()).toContain('receives no more mails');
      // A forged or used-up token is a 404, never a 5xx.
      expect((await fetch(`${server.url}/api/reportMail/confirm?token=${'x'.repeat(32)}`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/reportMail/confirm`)).status).toBe(404);

      // 5 mails a day for this user (1 opt-in + 1 + 1 + 2 reports): the next send is refused, in the database.
      const third = await owner.post('/v1/campaign/scheduledReport/send', { id });
      expect(third.httpStatus).toBe(429);
      expect(third.body.message).toBe(MESSAGES.reportMailQuotaReached);
      expect(await readOutboxTo(server, outsider)).toHaveLength(2);
      expect(await readOutboxTo(server, colleague)).toHaveLength(3);
    });
  });
});

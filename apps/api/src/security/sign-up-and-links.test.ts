// Sign-up, reset and invitation: an address is one address in the company domain, a reset never
// verifies an outsider, a newer reset link or a revoked invitation ends the older link, and sign-up and
// forgot password do the same work whether an account exists or not. docs/security.md lists the rules.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASHED } from '../services/identity/passwords';
import { Client, readOutbox, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { PASSWORD, settled, signedInAdmin, signedInUser, uniqueEmail, waitForMail } from '../test/helpers';
import { type SmtpPeer, startSmtpPeer } from '../test/peers';
import { login, signUpBody } from '../test/security';

describe(`sign-up, reset links and invitations on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startServer({ COMPANY_DOMAIN: 'adconsole.test' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  describe('an address is exactly one address, in the company domain', () => {
    const attack = 'attacker@evil.com,x@adconsole.test';

    it('sign-up, forgot password, change password and login refuse a list of addresses', async () => {
      const client = new Client(server.url);
      const signup = await client.post('/signup', signUpBody(attack));
      expect(signup.httpStatus).toBe(400);
      expect(signup.body.errors).toContain('Fill in your email correctly');
      expect((await client.post('/forgotPassword', { email: attack })).httpStatus).toBe(400);
      expect(
        (
          await client.post('/changePassword', {
            username: attack,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            code: 'x',
          })
        ).httpStatus,
      ).toBe(400);
      expect((await login(client, attack)).httpStatus).toBe(400);
      const [{ count } = { count: -1 }] = await server.db.query<{ count: number }>(
        "select count(*)::int as count from users where email like '%evil.com%'",
      );
      expect(count).toBe(0);
      await settled(server);
      expect((await readOutbox(server.dataDir)).filter((mail) => mail.text.includes('evil.com'))).toEqual([]);
    });

    it('a password reset never verifies an address outside the company domain that was not invited', async () => {
      const outsider = uniqueEmail('evil.example');
      await server.db.query(
        `insert into users (id, email, first_name, last_name, password_hash, role) values ($1, $2, 'Eve', 'O', $3, 'user')`,
        [`out${Date.now()}`, outsider, await hashPassword(PASSWORD)],
      );
      const client = new Client(server.url);
      expect((await client.post('/forgotPassword', { email: outsider })).httpStatus).toBe(200);
      const mail = await waitForMail(server, outsider);
      const token = new URL(mail.links.find((l) => l.includes('forgotToken')) ?? '').searchParams.get(
        'forgotToken',
      );
      const changed = await client.post('/changePassword', {
        username: outsider,
        password: 'a new long password',
        confirmPassword: 'a new long password',
        code: token,
      });
      expect(changed.httpStatus).toBe(200);
      const [row] = await server.db.query<{ verified_at: Date | null }>(
        'select verified_at from users where email = $1',
        [outsider],
      );
      expect(row?.verified_at).toBeNull();
      expect((await login(client, outsider, 'a new long password')).httpStatus).toBe(403);
    });

    it('mails exactly one parsed recipient with an explicit SMTP envelope', async () => {
      const mailServer = await startServer({ SMTP_URL: smtp.url });
      try {
        const email = uniqueEmail();
        await mailServer.db.query(
          `insert into users (id, email, first_name, last_name, password_hash, role, verified_at)
           values ($1, $2, 'Ada', 'L', $3, 'user', now())`,
          [`smtp${Date.now()}`, email, await hashPassword(PASSWORD)],
        );
        const before = smtp.received.length;
        await new Client(mailServer.url).post('/forgotPassword', { email });
        const received = await smtp.waitFor(before + 1);
        const mail = received[received.length - 1];
        expect(mail?.envelope.to).toEqual([email]);
        expect(mail?.parsed.to?.map((to) => to.address)).toEqual([email]);
      } finally {
        await mailServer.close();
      }
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

  describe('a reset link or an invitation stops working once replaced or revoked', () => {
    it("a reset ends the account's other unused reset links", async () => {
      const { email } = await signedInUser(server);
      const client = new Client(server.url);
      await client.post('/forgotPassword', { email });
      // The first link is mailed (and revokes nothing yet) before the second is asked for: a link
      // revokes the earlier ones when it is mailed, after the answer.
      await settled(server);
      await client.post('/forgotPassword', { email });
      const first = await waitForMail(server, email, 1);
      const second = await waitForMail(server, email, 2);
      const token = (mail: { links: string[] }) =>
        new URL(mail.links.find((l) => l.includes('forgotToken')) ?? '').searchParams.get('forgotToken');
      const body = (code: string | null) => ({
        username: email,
        password: 'brand new secret',
        confirmPassword: 'brand new secret',
        code,
      });
      expect((await client.post('/changePassword', body(token(second)))).httpStatus).toBe(200);
      const reused = await client.post('/changePassword', body(token(first)));
      expect(reused.httpStatus).toBe(400);
      expect(reused.body.message).toBe(MESSAGES.resetLinkInvalid);
    });

    it('an admin revokes an invitation: DELETE /v1/users/invite, and its link stops working', async () => {
      const { client: admin } = await signedInAdmin(server);
      const invitee = uniqueEmail('partner.example');
      await admin.post('/v1/users/invite', { emails: [invitee] });
      const mail = await waitForMail(server, invitee);
      const invite = new URL(mail.links.find((l) => l.includes('invite=')) ?? '').searchParams.get('invite');
      const revoked = await admin.delete<{ revoked: number }>(
        `/v1/users/invite?email=${encodeURIComponent(invitee)}`,
      );
      expect(revoked.body.data).toEqual({ revoked: 1 });
      expect((await admin.delete(`/v1/users/invite?email=${encodeURIComponent(invitee)}`)).httpStatus).toBe(
        404,
      );
      const signup = await new Client(server.url).post('/signup', { ...signUpBody(invitee), invite });
      expect(signup.httpStatus).toBe(400);
      expect(signup.body.message).toBe(MESSAGES.inviteInvalid);
    });

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
      expect(old.body.message).toBe(MESSAGES.resetLinkInvalid);
      expect((await client.post('/changePassword', body(token(second)))).httpStatus).toBe(200);
    });
  });

  describe('sign-up and forgot password do not tell which addresses have an account', () => {
    it('sign-up and forgot password do the same work for an address that has an account as for one that has not', async () => {
      // So their answers take as long (bench/auth-timing.ts prints the times): before the fix an
      // existing address skipped the password hash and answered several times faster.
      const { email: existing } = await signedInUser(server);
      await settled(server);
      // The real hashing, counted where it announces itself (a diagnostics channel).
      let hashes = 0;
      const count = () => {
        hashes += 1;
      };
      subscribe(PASSWORD_HASHED, count);
      try {
        for (const email of [existing, uniqueEmail()]) {
          hashes = 0;
          expect((await new Client(server.url).post('/signup', signUpBody(email))).httpStatus).toBe(200);
          expect(hashes, email).toBe(1);
        }
      } finally {
        unsubscribe(PASSWORD_HASHED, count);
      }
      // Forgot password issues a reset token on both paths, and answers the same.
      const resetTokens = async (email: string) => {
        const [row] = await server.db.query<{ count: number }>(
          "select count(*)::int as count from tokens where email = $1 and kind = 'reset'",
          [email],
        );
        return row?.count ?? -1;
      };
      const answers = [];
      for (const email of [existing, uniqueEmail()]) {
        const before = await resetTokens(email);
        answers.push((await new Client(server.url).post('/forgotPassword', { email })).body);
        expect(await resetTokens(email), email).toBe(before + 1);
      }
      expect(answers[0]).toEqual(answers[1]);
      await settled(server);
    });
  });
});

// Helpers shared by the API tests: accounts, sign-in, waiting for mail in the outbox and for the
// server's work after its answers.
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, readOutbox, type TestServer } from './harness';

export const PASSWORD = 'correct horse 1';

/** Message number `after` (0: the first) to `to` in the outbox, and its links, waiting for it to be written. */
export async function waitForMail(
  server: TestServer,
  to: string,
  after = 0,
): Promise<{ text: string; links: string[] }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const messages = (await readOutbox(server.dataDir)).filter((m) => m.text.includes(`To: ${to}`));
    const message = messages[after];
    if (message) {
      // The .eml body is quoted-printable: join soft line breaks and decode escapes before reading links.
      const decoded = message.text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      const links = [...decoded.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0].replace(/=$/, ''));
      return { text: decoded, links };
    }
    await sleep(50);
  }
  throw new Error(`No mail number ${after + 1} to ${to} in the outbox within 10 s`);
}

/**
 * Waits until the server has finished the work its answers left behind (link mails go after the
 * answer): a count of mail taken after this is final, and "no mail was sent" can be asserted.
 */
export const settled = (server: TestServer): Promise<void> => server.app.adconsole.background.settled();

let counter = 0;
export const uniqueEmail = (domain = 'adconsole.test') => {
  counter += 1;
  return `user${Date.now().toString(36)}${counter}@${domain}`;
};

/** Signs up, verifies through the mailed link and signs in: a client with a session. */
export async function signedInUser(
  server: TestServer,
  email = uniqueEmail(),
): Promise<{ client: Client; email: string }> {
  const client = new Client(server.url);
  const signup = await client.post('/signup', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    termsChecked: true,
  });
  if (signup.httpStatus !== 200) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const mail = await waitForMail(server, email);
  const link = new URL(mail.links.find((l) => l.includes('verifyCode')) ?? '');
  const verifyCode = link.searchParams.get('verifyCode') ?? '';
  const verify = await client.post('/verify', {
    code: verifyCode,
    verifyToken: link.searchParams.get('code'),
    email: Buffer.from(verifyCode, 'base64').toString('utf8'),
  });
  if (verify.httpStatus !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
  const login = await client.post('/login', {
    method: 'password',
    username: email,
    password: PASSWORD,
    remember: false,
  });
  if (login.httpStatus !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { client, email };
}

/** Makes an existing account an admin (as ADMIN_EMAIL would) and signs it in again. */
export async function signedInAdmin(server: TestServer): Promise<{ client: Client; email: string }> {
  const { client, email } = await signedInUser(server);
  await server.db.query("update users set role = 'admin' where email = $1", [email]);
  return { client, email };
}

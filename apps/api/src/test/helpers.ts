// Helpers shared by the API tests: accounts, sign-in, waiting for mail in the outbox and for the
// server's work after its answers.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import PostalMime from 'postal-mime';
import { seedDemoData } from '../services/demo/demo';
import { Client, readOutbox, startServer, type TestServer } from './harness';

export const PASSWORD = 'correct horse 1';

/** A file of the demo's assets (`banner.png`, `main.mp4`, `poster.png`), as the tests upload it. */
export const demoAsset = (name: string) =>
  readFile(path.join(__dirname, '../services/demo/demo-assets', name));

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
      // Each part decoded by its own Content-Transfer-Encoding, as a mail client does (postal-mime): a
      // 7bit part is not quoted-printable, and decoding it as such broke a link whose token began with
      // two hex digits ('token=E9…'). The text keeps the raw message (headers, part headers) too.
      const email = await PostalMime.parse(message.text);
      const headers = message.text.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
      const bodies = [email.text ?? '', email.html ?? ''].join('\n');
      const links = [...`${headers}\n${bodies}`.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
      return { text: `${message.text}\n${bodies}`, links };
    }
    await sleep(50);
  }
  throw new Error(`No mail number ${after + 1} to ${to} in the outbox within 10 s`);
}

/** The messages to `to` in the outbox now (call after `settled`). */
export const readOutboxTo = async (server: TestServer, to: string) =>
  (await readOutbox(server.dataDir)).filter((m) => m.text.includes(`To: ${to}`));

/**
 * Waits until the server has finished the work its answers left behind (link mails go after the
 * answer): a count of mail taken after this is final, and "no mail was sent" can be asserted.
 */
export const settled = (server: TestServer): Promise<void> => server.app.adconsole.background.settled();

let counter = 0;
/**
 * A report range from `before` days ago to `after` days ahead, as UTC days: a test that reads its own
 * events of today still finds them when it runs near midnight.
 */
export const daysAroundToday = (before = 1, after = 1) => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { start_dt: `${day(-before)} 00:00:00`, end_dt: `${day(after)} 23:59:59` };
};

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

/**
 * A desktop Chrome's user agent. Serving tests speak as a browser: Node's fetch says `node`, which the
 * bot list rightly flags, so its events would be stored as invalid traffic.
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let visitors = 0;
/** A new private address each call (the harness trusts X-Forwarded-For from loopback). */
export const visitorAddress = () => {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
};

/**
 * fetch as a new visitor's browser: a browser's user agent from its own address, so neither the bot list
 * nor the per-client rate rule joins one test's requests with another's.
 */
export const visit = (url: string | URL, init: RequestInit = {}) =>
  fetch(url, {
    ...init,
    headers: {
      'User-Agent': BROWSER_USER_AGENT,
      'X-Forwarded-For': visitorAddress(),
      ...(init.headers as Record<string, string> | undefined),
    },
  });

/** Creates a creative in the campaign, uploads its files and publishes it: its new live creative's id. */
export async function publishedLive(
  client: Client,
  campaignID: string,
  body: Record<string, unknown>,
  files: { name: string; bytes: Buffer }[],
): Promise<string> {
  const made = await client.post<{ id: string }>('/v1/campaign/creatives', {
    campaignID,
    trackers: { click: [{ type: 'redirect', url: 'https://advertiser.example/landing' }] },
    platform: 'google-ad-manager',
    ...body,
  });
  const id = made.body.data?.id ?? '';
  for (const file of files) {
    const form = new FormData();
    form.append('creativeID', id);
    form.append('files[]', new Blob([new Uint8Array(file.bytes)]), file.name);
    const upload = await client.post('/v1/campaign/creatives/assets', form);
    if (upload.httpStatus !== 200) throw new Error(`upload failed: ${JSON.stringify(upload.body)}`);
  }
  const published = await client.post<{ liveCreatives: { id: string }[] }>('/v1/campaign/creatives/publish', {
    id,
  });
  return published.body.data?.liveCreatives.at(-1)?.id ?? '';
}

/**
 * A landing URL (or a click tracker's URL with the landing URL encoded at its end) without the click id
 * the click redirect appends last (docs/conversions.md), which must be there and shaped as one.
 */
export function withoutClickId(url: string): string {
  const encoded = url.includes('%26adc_click%3D') || url.includes('%3Fadc_click%3D');
  const separator = encoded ? /%(?:26|3F)adc_click%3D/ : /[&?]adc_click=/;
  const [rest = '', id = ''] = url.split(separator);
  if (!/^c1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/.test(id))
    throw new Error(`no click id at the end of ${url}`);
  return rest;
}

/**
 * A server with the demo seeded over `days` days (the demo's password `demo-password`, its domain
 * example.org) and a client signed in as the demo admin.
 */
export async function seededDemo(days: number): Promise<{ server: TestServer; client: Client }> {
  const server = await startServer({ DEMO_PASSWORD: 'demo-password', COMPANY_DOMAIN: 'example.org' });
  await seedDemoData(server.app.adconsole, { days });
  const client = new Client(server.url);
  await client.post('/login', {
    method: 'password',
    username: 'demo@example.org',
    password: 'demo-password',
    remember: true,
  });
  return { server, client };
}

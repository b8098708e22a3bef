// Client accounts for the tests (docs/security.md, "Client access"): an admin invites an address as a
// client of some advertisers, the invitee signs up through the mailed link and signs in.
import { Client, type TestServer } from './harness';
import { PASSWORD, uniqueEmail, waitForMail } from './helpers';

/** A signed-in client of `advertiserIds`, invited by `admin`: its session, address and user id. */
export async function signedInClient(
  server: TestServer,
  admin: Client,
  advertiserIds: string[],
): Promise<{ client: Client; email: string; id: string }> {
  const email = uniqueEmail('client.example');
  const invited = await admin.post('/v1/users/invite', { emails: [email], role: 'client', advertiserIds });
  if (invited.httpStatus !== 200) throw new Error(`invite failed: ${JSON.stringify(invited.body)}`);
  const mail = await waitForMail(server, email);
  const link = new URL(mail.links.find((l) => l.includes('invite=')) ?? '');
  const client = new Client(server.url);
  const signup = await client.post('/signup', {
    firstName: 'Cli',
    lastName: 'Ent',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    termsChecked: true,
    invite: link.searchParams.get('invite'),
  });
  if (signup.httpStatus !== 200) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const login = await client.post<{ user: { id: string } }>('/login', {
    method: 'password',
    username: email,
    password: PASSWORD,
    remember: false,
  });
  if (login.httpStatus !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { client, email, id: login.body.data?.user.id ?? '' };
}

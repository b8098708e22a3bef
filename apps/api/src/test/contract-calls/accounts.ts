// The contract test's calls of sign-up, sign-in, passwords, the profile, users, invitations and API tokens.
import { Client } from '../harness';
import { PASSWORD, signedInAdmin, signedInUser, uniqueEmail, waitForMail } from '../helpers';
import type { Calls, ContractWorld } from './world';

/** Sign-up, sign-in, passwords, the profile, users, invitations and API tokens. */
export function accountCalls(world: ContractWorld): Calls {
  /** A fresh account for the admin calls that change another user. */
  const anotherUser = async () => {
    const { client } = await signedInUser(world.server);
    return (await client.get<{ user: { id: string } }>('/me')).body.data?.user.id;
  };
  return {
    getPing: () => world.admin.get('/ping'),
    getConfig: () => world.admin.get('/config'),
    postSignup: () =>
      new Client(world.server.url).post('/signup', {
        firstName: 'Con',
        lastName: 'Tract',
        email: uniqueEmail(),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsChecked: true,
      }),
    postVerify: async () => {
      const email = uniqueEmail();
      const client = new Client(world.server.url);
      await client.post('/signup', {
        firstName: 'V',
        lastName: 'F',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsChecked: true,
      });
      const link = new URL(
        (await waitForMail(world.server, email)).links.find((l) => l.includes('verifyCode')) ?? '',
      );
      return client.post('/verify', {
        code: link.searchParams.get('verifyCode'),
        verifyToken: link.searchParams.get('code'),
        email,
      });
    },
    postLogin: () =>
      new Client(world.server.url).post('/login', {
        method: 'password',
        username: world.adminEmail,
        password: PASSWORD,
        remember: false,
      }),
    getMe: () => world.admin.get('/me'),
    postLogout: async () => {
      const client = new Client(world.server.url);
      await client.post('/login', {
        method: 'password',
        username: world.adminEmail,
        password: PASSWORD,
        remember: false,
      });
      return client.post('/logout', {});
    },
    postForgotPassword: () => world.admin.post('/forgotPassword', { email: uniqueEmail() }),
    postChangePassword: async () => {
      const { email } = await signedInAdmin(world.server);
      await world.admin.post('/forgotPassword', { email });
      const mail = await waitForMail(world.server, email, 1);
      const code = new URL(mail.links.find((l) => l.includes('forgotToken')) ?? '').searchParams.get(
        'forgotToken',
      );
      return world.admin.post('/changePassword', {
        username: email,
        password: 'a fresh secret',
        confirmPassword: 'a fresh secret',
        code,
      });
    },
    putV1Me: () => world.admin.put('/v1/me', { firstName: 'Con', lastName: 'Tract' }),
    putV1MePassword: async () => {
      const { client } = await signedInUser(world.server);
      return client.put('/v1/me/password', {
        currentPassword: PASSWORD,
        password: 'a fresh secret',
        confirmPassword: 'a fresh secret',
      });
    },
    getV1Users: () => world.admin.get('/v1/users'),
    getV1UsersShareLinks: async () => {
      // Another account with a campaign and a share link of it: what the admin's per-user view lists.
      const { client } = await signedInUser(world.server);
      const userID = (await client.get<{ user: { id: string } }>('/me')).body.data?.user.id ?? '';
      const campaign = await client.post<{ id: string }>('/v1/campaign/new', { name: 'Shared' });
      await client.post('/v1/campaign/newToken', { campaignID: campaign.body.data?.id });
      return world.admin.get(`/v1/users/shareLinks?userID=${userID}`);
    },
    getV1Tokens: async () => {
      await world.admin.post('/v1/tokens', { name: 'Listed', scopes: ['reports:read'] });
      return world.admin.get('/v1/tokens');
    },
    postV1Tokens: () => world.admin.post('/v1/tokens', { name: 'Contract', scopes: ['campaigns:read'] }),
    deleteV1Tokens: async () => {
      const made = await world.admin.post<{ id: string }>('/v1/tokens', {
        name: 'Revoked',
        scopes: ['reports:read'],
      });
      return world.admin.delete(`/v1/tokens?id=${made.body.data?.id}`);
    },
    postV1UsersInvite: () =>
      world.admin.post('/v1/users/invite', { emails: [uniqueEmail('partner.example')] }),
    getV1UsersInvitations: async () => {
      await world.admin.post('/v1/users/invite', { emails: [uniqueEmail('partner.example')] });
      return world.admin.get('/v1/users/invitations');
    },
    postV1UsersInviteResend: async () => {
      const email = uniqueEmail('partner.example');
      await world.admin.post('/v1/users/invite', { emails: [email] });
      return world.admin.post('/v1/users/invite/resend', { email });
    },
    putV1UsersRole: async () => world.admin.put('/v1/users/role', { id: await anotherUser(), role: 'admin' }),
    putV1UsersDisabled: async () =>
      world.admin.put('/v1/users/disabled', { id: await anotherUser(), disabled: true }),
    deleteV1Users: async () => world.admin.delete(`/v1/users?id=${await anotherUser()}`),
    deleteV1UsersInvite: async () => {
      const email = uniqueEmail('partner.example');
      await world.admin.post('/v1/users/invite', { emails: [email] });
      return world.admin.delete(`/v1/users/invite?email=${encodeURIComponent(email)}`);
    },
  };
}

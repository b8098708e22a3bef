// Accounts: the users table as the API answers it, and the admin calls (the user list, invitations
// and their revocation). An invitee's link lets an address of any domain sign up, already verified,
// with the role the admin chose.
import {
  ApiError,
  type InviteUsersRequest,
  normaliseEmail,
  type User,
  type UserListEntry,
} from '@adconsole/domain';
import type { Context } from '../context';
import { revokeOpenInvitations } from '../db/queries/tokens';
import { listUsers as listUserRows, type PublicUserRow } from '../db/queries/users';
import { linkMessage } from './mail';
import type { SessionUser } from './sessions';
import { issueToken } from './tokens';

export const toPublicUser = (row: PublicUserRow): User => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  role: row.role,
});

export const sessionUserAsPublic = (user: SessionUser): User =>
  toPublicUser({
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
  });

/** GET /v1/users: every user with role, verification and last sign-in. */
export async function listUsers(ctx: Context): Promise<UserListEntry[]> {
  const rows = await listUserRows(ctx.db);
  return rows.map((row) => ({
    ...toPublicUser(row),
    verified: row.verified_at !== null,
    lastLogin: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** POST /v1/users/invite: a single-use sign-up link valid 14 days to each address. */
export async function inviteUsers(ctx: Context, admin: SessionUser, input: InviteUsersRequest) {
  const invited: string[] = [];
  for (const [index, address] of input.emails.entries()) {
    const email = normaliseEmail(address);
    const firstName = input.firstNames?.[index] ?? '';
    const token = await issueToken(ctx.db, 'invite', email, { role: input.role, invitedBy: admin.id });
    const params = new URLSearchParams({ email, ...(firstName ? { firstName } : {}), invite: token });
    const inviter = `${admin.firstName} ${admin.lastName}`.trim();
    await ctx.mailer.send(
      linkMessage({
        to: email,
        subject: 'You are invited to Adconsole',
        intro: `${firstName ? `Hello ${firstName}, y` : 'Y'}ou have been invited to Adconsole${inviter ? ` by ${inviter}` : ''}.`,
        action: 'Create your account',
        link: `${ctx.config.publicUrl}/signup?${params.toString()}`,
        outro: 'The invitation is valid for 14 days and works once.',
      }),
    );
    invited.push(email);
  }
  return { invited };
}

export const NO_OPEN_INVITATION = 'There is no open invitation for this address.';

/** DELETE /v1/users/invite: the address's unused invitation links stop working. */
export async function revokeInvite(ctx: Context, email: string) {
  const revoked = await revokeOpenInvitations(ctx.db, normaliseEmail(email));
  if (revoked === 0) throw ApiError.of(404, NO_OPEN_INVITATION);
  return { revoked };
}

// Users and roles (admin only): the user list and invitations. An invitee's link lets an address of
// any domain sign up, already verified, with the role the admin chose.
import { inviteUsersRequestSchema, userListEntrySchema } from '@adconsole/domain';
import { z } from 'zod';
import { defineRoute } from '../http/routes';
import { linkMessage } from '../services/mail';
import { issueToken } from '../services/tokens';
import { normaliseEmail, type UserRow } from '../services/users';

export const userRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/users',
    summary: 'Every user with role, verification and last sign-in (admins only).',
    tag: 'Users',
    access: 'admin',
    answer: z.array(userListEntrySchema),
    handler: async ({ ctx }) => {
      const rows = await ctx.db.query<UserRow>('select * from users order by created_at, email');
      return rows.map((row) => ({
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        role: row.role,
        verified: row.verified_at !== null,
        lastLogin: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
        createdAt: new Date(row.created_at).toISOString(),
      }));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/users/invite',
    perIpLimit: 30,
    summary: 'Invite people by e-mail (admins only): each gets a sign-up link valid for 14 days.',
    description: 'The link is `/signup?email=..&firstName=..&invite=<token>`; the token is single-use.',
    tag: 'Users',
    access: 'admin',
    input: inviteUsersRequestSchema,
    answer: z.object({ invited: z.array(z.string()) }),
    handler: async ({ input, ctx, user }) => {
      const invited: string[] = [];
      for (const [index, rawEmail] of input.emails.entries()) {
        const email = normaliseEmail(rawEmail);
        const firstName = input.firstNames?.[index] ?? '';
        const token = await issueToken(ctx.db, 'invite', email, {
          role: input.role,
          invitedBy: user?.id ?? null,
        });
        const params = new URLSearchParams({ email, ...(firstName ? { firstName } : {}), invite: token });
        const link = `${ctx.config.publicUrl}/signup?${params.toString()}`;
        await ctx.mailer.send(
          linkMessage({
            to: email,
            subject: 'You are invited to Adconsole',
            intro: `${firstName ? `Hello ${firstName}, y` : 'Y'}ou have been invited to Adconsole${user ? ` by ${user.firstName} ${user.lastName}`.trimEnd() : ''}.`,
            action: 'Create your account',
            link,
            outro: 'The invitation is valid for 14 days and works once.',
          }),
        );
        invited.push(email);
      }
      return { invited };
    },
  }),
];

// Users and invitations (admins only): declarations; the work is in services/users.
import { contract } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import * as users from '../services/users';

export const userRoutes = [
  defineRoute({
    call: contract.listUsers,
    access: 'admin',
    summary: 'Every user with role, verification and last sign-in (admins only).',
    tag: 'Users',
    handler: ({ ctx }) => users.listUsers(ctx),
  }),
  defineRoute({
    call: contract.inviteUsers,
    access: 'admin',
    perIdentityLimit: { max: 30, by: 'user' },
    summary: 'Invite people by e-mail (admins only): each gets a sign-up link valid for 14 days.',
    description: 'The link is `/signup?email=..&firstName=..&invite=<token>`; the token is single-use.',
    tag: 'Users',
    handler: ({ input, ctx, user }) => users.inviteUsers(ctx, user, input),
  }),
  defineRoute({
    call: contract.revokeInvite,
    access: 'admin',
    summary: "Revoke an address's open invitations (admins only): their links stop working.",
    description: '`email` in the query.',
    tag: 'Users',
    errors: { 404: users.NO_OPEN_INVITATION },
    handler: ({ input, ctx }) => users.revokeInvite(ctx, input.email),
  }),
];

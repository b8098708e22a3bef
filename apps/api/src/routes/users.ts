// Users and invitations (admins only): declarations; the work is in services/identity/users.
import { CLIENT_MESSAGES, contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import * as webhooks from '../services/alerts/webhook-endpoints';
import * as users from '../services/identity/users';
import * as share from '../services/reports/share';

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
    audit: 'invitation',
    access: 'admin',
    perIdentityLimit: { max: 30, by: 'user' },
    summary: 'Invite people by e-mail (admins only): each gets a sign-up link valid for 14 days.',
    description:
      'The link is `/signup?email=..&firstName=..&invite=<token>`; the token is single-use. The role `client` needs `advertiserIds` (each an existing advertiser: 400 otherwise): the account made from the link reads those advertisers only (docs/security.md, "Client access").',
    tag: 'Users',
    handler: ({ input, ctx, user }) => users.inviteUsers(ctx, user, input),
  }),
  defineRoute({
    call: contract.revokeInvite,
    audit: 'invitation',
    access: 'admin',
    summary: "Revoke an address's open invitations (admins only): their links stop working.",
    description: '`email` in the query.',
    tag: 'Users',
    errors: { 404: MESSAGES.noOpenInvitation },
    handler: ({ input, ctx, user }) => users.revokeInvite(ctx, user, input.email),
  }),
  defineRoute({
    call: contract.listInvitations,
    access: 'admin',
    summary:
      'The invitations not used yet (admins only): address, role, when sent and until when the link works.',
    tag: 'Users',
    handler: ({ ctx }) => users.listInvitations(ctx),
  }),
  defineRoute({
    call: contract.resendInvite,
    audit: 'invitation',
    access: 'admin',
    perIdentityLimit: { max: 30, by: 'user' },
    summary:
      "Send an address's open invitation again (admins only): a new link with the same role, valid 14 days.",
    description: 'The earlier links of the address stop working.',
    tag: 'Users',
    errors: { 404: MESSAGES.noOpenInvitation },
    handler: ({ input, ctx, user }) => users.resendInvite(ctx, user, input.email),
  }),
  defineRoute({
    call: contract.setUserRole,
    audit: 'user',
    access: 'admin',
    summary:
      "Change a user's role (admins only); never one's own, and never the ADMIN_EMAIL account's away from admin.",
    tag: 'Users',
    errors: {
      400: MESSAGES.notOwnAccount,
      404: MESSAGES.userNotFound,
      409: `${MESSAGES.adminEmailStaysAdmin} / ${CLIENT_MESSAGES.clientRoleFixed}`,
    },
    handler: ({ input, ctx, user }) => users.setUserRole(ctx, user, input),
  }),
  defineRoute({
    call: contract.setClientAdvertisers,
    audit: 'user',
    access: 'admin',
    summary: "Set a client's advertisers (admins only): the ones it reads, from its next call on.",
    description:
      'docs/security.md, "Client access": `advertiserIds` replaces the list (at least one, at most 50, each an existing advertiser).',
    tag: 'Users',
    errors: {
      400: `${MESSAGES.notOwnAccount} / ${CLIENT_MESSAGES.unknownAdvertisers}`,
      404: MESSAGES.userNotFound,
      409: CLIENT_MESSAGES.notAClient,
    },
    handler: ({ input, ctx, user }) => users.setClientAdvertisers(ctx, user, input),
  }),
  defineRoute({
    call: contract.setUserDisabled,
    audit: 'user',
    access: 'admin',
    summary:
      'Disable an account, or enable it again (admins only): disabled, it cannot sign in, its sessions end and its API tokens stop working.',
    tag: 'Users',
    errors: { 400: MESSAGES.notOwnAccount, 404: MESSAGES.userNotFound },
    handler: ({ input, ctx, user }) => users.setUserDisabled(ctx, user, input),
  }),
  defineRoute({
    call: contract.deleteUser,
    audit: 'user',
    access: 'admin',
    summary:
      'Delete an account (admins only) with its sessions, API tokens and drafts; its uploaded files pass to the administrator. Refused while it owns campaigns (delete them first, or disable the account).',
    description: '`id` in the query.',
    tag: 'Users',
    errors: {
      400: MESSAGES.notOwnAccount,
      404: MESSAGES.userNotFound,
      409: 'The user owns campaigns (the message says how many).',
    },
    handler: ({ input, ctx, user }) => users.deleteUser(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.listUserWebhooks,
    access: 'admin',
    summary:
      "One account's webhook endpoints (admins only): URL, description, whether each is on, when it was made and its secret last rotated; never the secrets.",
    description: '`userID` in the query.',
    tag: 'Users',
    errors: { 404: MESSAGES.userNotFound },
    handler: ({ input, ctx }) => webhooks.listAccountWebhooks(ctx, input.userID),
  }),
  defineRoute({
    call: contract.listUserShareLinks,
    access: 'admin',
    summary:
      "One account's working share links (admins only), beside its webhooks: those it made and those of its campaigns, newest first, each with its campaign. A disabled account's links answer 404 as an unknown token; revoke one with DELETE /v1/campaign/newToken.",
    description: '`userID` in the query.',
    tag: 'Users',
    errors: { 404: MESSAGES.userNotFound },
    handler: ({ input, ctx }) => share.listAccountShareLinks(ctx, input.userID),
  }),
  defineRoute({
    call: contract.setUserWebhookEnabled,
    audit: 'webhook',
    access: 'admin',
    summary:
      "Switch any account's webhook endpoint off, or on again (admins only): off, nothing more is sent to it and its waiting messages fail at their next attempt.",
    tag: 'Users',
    errors: { 404: MESSAGES.webhookNotFound },
    handler: ({ input, ctx, user }) => webhooks.setAccountWebhookEnabled(ctx, user, input),
  }),
  defineRoute({
    call: contract.deleteUserWebhook,
    audit: 'webhook',
    access: 'admin',
    summary:
      "Delete any account's webhook endpoint with its delivery log (admins only); its waiting messages are dropped.",
    description: '`id` in the query.',
    tag: 'Users',
    errors: { 404: MESSAGES.webhookNotFound },
    handler: ({ input, ctx, user }) => webhooks.deleteAccountWebhook(ctx, user, input.id),
  }),
];

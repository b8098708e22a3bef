// Requests of the admin calls on users: invitations (sent again, revoked), a user's role, disabling and
// deleting an account.
import { z } from 'zod/mini';
import { MAX_CLIENT_ADVERTISERS, STAFF_ROLES, USER_ROLES } from '../../app/user';
import { CLIENT_MESSAGES } from '../../validation/client-messages';
import { booleanField, emailField, idField } from '../../validation/fields';

export const inviteUsersRequestSchema = z
  .strictObject({
    emails: z
      .array(emailField('Each invitee'), { error: 'emails must be a list of e-mail addresses' })
      .check(
        z.minLength(1, 'Add at least one e-mail address'),
        z.maxLength(100, 'At most 100 invitations at once'),
      ),
    role: z._default(z.enum(USER_ROLES, { error: `role must be one of: ${USER_ROLES.join(', ')}` }), 'user'),
    /** First names for the invitation links, matched to `emails` by position. */
    firstNames: z.optional(
      z
        .array(
          z.string().check(z.trim(), z.maxLength(100, 'A first name is too long (100 characters at most)')),
          { error: 'firstNames must be a list of names' },
        )
        .check(z.maxLength(100, 'At most 100 invitations at once')),
    ),
    /** A client's advertisers (required for the role client, refused for the others): docs/security.md, "Client access". */
    advertiserIds: z.optional(
      z
        .array(idField('advertiserIds'), { error: 'advertiserIds must be a list of ids' })
        .check(
          z.maxLength(MAX_CLIENT_ADVERTISERS, `At most ${MAX_CLIENT_ADVERTISERS} advertisers for a client`),
        ),
    ),
  })
  .check(
    z.refine((input) => input.role !== 'client' || (input.advertiserIds?.length ?? 0) > 0, {
      message: CLIENT_MESSAGES.clientNeedsAdvertisers,
      path: ['advertiserIds'],
    }),
    z.refine((input) => input.role === 'client' || input.advertiserIds === undefined, {
      message: CLIENT_MESSAGES.advertisersOnlyForClients,
      path: ['advertiserIds'],
    }),
  );
export type InviteUsersRequest = z.infer<typeof inviteUsersRequestSchema>;

/** PUT /v1/users/advertisers: a client's advertisers (docs/security.md, "Client access"). */
export const clientAdvertisersRequestSchema = z.strictObject({
  id: idField('id'),
  advertiserIds: z
    .array(idField('advertiserIds'), { error: 'advertiserIds must be a list of ids' })
    .check(
      z.minLength(1, CLIENT_MESSAGES.clientNeedsAdvertisers),
      z.maxLength(MAX_CLIENT_ADVERTISERS, `At most ${MAX_CLIENT_ADVERTISERS} advertisers for a client`),
    ),
});
export type ClientAdvertisersRequest = z.infer<typeof clientAdvertisersRequestSchema>;

/** DELETE /v1/users/invite: revokes the unused invitations of one address. */
export const revokeInviteQuerySchema = z.strictObject({ email: emailField('email') });
export type RevokeInviteQuery = z.infer<typeof revokeInviteQuerySchema>;

/** PUT /v1/users/role: an account's role. */
export const userRoleRequestSchema = z.strictObject({
  id: idField('id'),
  role: z.enum(STAFF_ROLES, { error: `role must be one of: ${STAFF_ROLES.join(', ')}` }),
});
export type UserRoleRequest = z.infer<typeof userRoleRequestSchema>;

/** PUT /v1/users/disabled: disables an account, or enables it again. */
export const userDisabledRequestSchema = z.strictObject({
  id: idField('id'),
  disabled: booleanField('disabled'),
});
export type UserDisabledRequest = z.infer<typeof userDisabledRequestSchema>;

/** GET /v1/users/webhooks: one account's webhook endpoints, for an administrator. */
export const userWebhooksQuerySchema = z.strictObject({ userID: idField('userID') });

/** PUT /v1/users/webhooks: an administrator switches any account's endpoint off, or on again. */
export const userWebhookEnabledRequestSchema = z.strictObject({
  id: idField('id'),
  enabled: booleanField('enabled'),
});
export type UserWebhookEnabledRequest = z.infer<typeof userWebhookEnabledRequestSchema>;

/** POST /v1/users/invite/resend: a new link for an address's open invitation (the old one stops working). */
export const resendInviteRequestSchema = z.strictObject({ email: emailField('email') });
export type ResendInviteRequest = z.infer<typeof resendInviteRequestSchema>;

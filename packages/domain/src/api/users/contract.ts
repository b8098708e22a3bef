// The admin calls on users of the contract: the user list, a user's role, disabling and deleting an
// account, invitations (listed, sent again, revoked), and any account's webhook endpoints (listed,
// switched off or on, deleted: never their secrets, which stay their owner's).
import { z } from 'zod/mini';
import { webhookEndpointSchema } from '../../alerts/alert';
import { invitationSchema, userListEntrySchema } from '../../app/user';
import { userShareLinkSchema } from '../../reports/report';
import { call } from '../call';
import { idQuerySchema } from '../common/requests';
import {
  clientAdvertisersRequestSchema,
  inviteUsersRequestSchema,
  resendInviteRequestSchema,
  revokeInviteQuerySchema,
  userDisabledRequestSchema,
  userRoleRequestSchema,
  userWebhookEnabledRequestSchema,
  userWebhooksQuerySchema,
} from './requests';

/** POST /v1/users/invite. */
export const inviteAnswerSchema = z.object({ invited: z.array(z.string()) });
/** DELETE /v1/users/invite. */
export const revokeInviteAnswerSchema = z.object({ revoked: z.number().check(z.int(), z.nonnegative()) });

export const usersContract = {
  listUsers: call({ method: 'GET', path: '/v1/users', answer: z.array(userListEntrySchema) }),
  inviteUsers: call({
    method: 'POST',
    path: '/v1/users/invite',
    input: inviteUsersRequestSchema,
    answer: inviteAnswerSchema,
  }),
  revokeInvite: call({
    method: 'DELETE',
    path: '/v1/users/invite',
    input: revokeInviteQuerySchema,
    answer: revokeInviteAnswerSchema,
  }),
  listInvitations: call({ method: 'GET', path: '/v1/users/invitations', answer: z.array(invitationSchema) }),
  resendInvite: call({
    method: 'POST',
    path: '/v1/users/invite/resend',
    input: resendInviteRequestSchema,
    answer: inviteAnswerSchema,
  }),
  setUserRole: call({
    method: 'PUT',
    path: '/v1/users/role',
    input: userRoleRequestSchema,
    answer: userListEntrySchema,
  }),
  setClientAdvertisers: call({
    method: 'PUT',
    path: '/v1/users/advertisers',
    input: clientAdvertisersRequestSchema,
    answer: userListEntrySchema,
  }),
  setUserDisabled: call({
    method: 'PUT',
    path: '/v1/users/disabled',
    input: userDisabledRequestSchema,
    answer: userListEntrySchema,
  }),
  deleteUser: call({ method: 'DELETE', path: '/v1/users', input: idQuerySchema, answer: z.null() }),
  listUserWebhooks: call({
    method: 'GET',
    path: '/v1/users/webhooks',
    input: userWebhooksQuerySchema,
    answer: z.array(webhookEndpointSchema),
  }),
  setUserWebhookEnabled: call({
    method: 'PUT',
    path: '/v1/users/webhooks',
    input: userWebhookEnabledRequestSchema,
    answer: webhookEndpointSchema,
  }),
  listUserShareLinks: call({
    method: 'GET',
    path: '/v1/users/shareLinks',
    input: userWebhooksQuerySchema,
    answer: z.array(userShareLinkSchema),
  }),
  deleteUserWebhook: call({
    method: 'DELETE',
    path: '/v1/users/webhooks',
    input: idQuerySchema,
    answer: z.null(),
  }),
} as const;

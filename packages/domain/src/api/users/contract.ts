// The admin calls on users of the contract: the user list and invitations.
import { z } from 'zod/mini';
import { userListEntrySchema } from '../../entities/user';
import { call } from '../call';
import { inviteUsersRequestSchema, revokeInviteQuerySchema } from './requests';

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
} as const;

// Admin calls (users with role 'admin'): the user list and invitations. Not in the spec's call table;
// they back the /admin and /admin/invite screens.
import type { z } from 'zod';
import type { UserListEntry } from '../../entities/user';
import { validate } from '../../validation/validation-error';
import type { Http } from '../http';
import { readData } from '../responses';
import { usersContract } from './contract';
import { inviteUsersRequestSchema, revokeInviteQuerySchema } from './requests';

export const USER_PATHS = {
  list: usersContract.listUsers.path,
  invite: usersContract.inviteUsers.path,
} as const;

export function userCalls(http: Http) {
  return {
    async listUsers(): Promise<UserListEntry[]> {
      return readData(
        usersContract.listUsers.answer,
        (await http({ method: 'GET', path: USER_PATHS.list })).data,
      );
    },
    async inviteUsers(input: z.input<typeof inviteUsersRequestSchema>): Promise<{ invited: string[] }> {
      const body = validate(inviteUsersRequestSchema, input);
      return readData(
        usersContract.inviteUsers.answer,
        (await http({ method: 'POST', path: USER_PATHS.invite, json: body })).data,
      );
    },
    /** DELETE /v1/users/invite: the address's unused invitation links stop working. */
    async revokeInvite(email: string): Promise<{ revoked: number }> {
      const query = validate(revokeInviteQuerySchema, { email });
      return readData(
        usersContract.revokeInvite.answer,
        (await http({ method: 'DELETE', path: USER_PATHS.invite, query })).data,
      );
    },
  };
}

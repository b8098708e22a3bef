// Admin calls (users with role 'admin'): the user list and invitations. Not in the spec's call table;
// they back the /admin and /admin/invite screens.
import type { z } from 'zod';
import type { UserListEntry } from '../entities/user';
import { inviteUsersRequestSchema, revokeInviteQuerySchema } from '../validation/requests';
import { validate } from '../validation/validation-error';
import { contract } from './contract';
import type { Http } from './http';
import { readData } from './responses';

export const USER_PATHS = { list: contract.listUsers.path, invite: contract.inviteUsers.path } as const;

export function userCalls(http: Http) {
  return {
    async listUsers(): Promise<UserListEntry[]> {
      return readData(contract.listUsers.answer, (await http({ method: 'GET', path: USER_PATHS.list })).data);
    },
    async inviteUsers(input: z.input<typeof inviteUsersRequestSchema>): Promise<{ invited: string[] }> {
      const body = validate(inviteUsersRequestSchema, input);
      return readData(
        contract.inviteUsers.answer,
        (await http({ method: 'POST', path: USER_PATHS.invite, json: body })).data,
      );
    },
    /** DELETE /v1/users/invite: the address's unused invitation links stop working. */
    async revokeInvite(email: string): Promise<{ revoked: number }> {
      const query = validate(revokeInviteQuerySchema, { email });
      return readData(
        contract.revokeInvite.answer,
        (await http({ method: 'DELETE', path: USER_PATHS.invite, query })).data,
      );
    },
  };
}

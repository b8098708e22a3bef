// Admin calls (users with role 'admin'): the user list and invitations. Not in the spec's call table;
// they back the /admin and /admin/invite screens.
import { z } from 'zod';
import { type UserListEntry, userListEntrySchema } from '../entities/user';
import { inviteUsersRequestSchema } from '../validation/requests';
import { validate } from '../validation/validation-error';
import type { Http } from './http';
import { readData } from './responses';

export const USER_PATHS = { list: '/v1/users', invite: '/v1/users/invite' } as const;

export function userCalls(http: Http) {
  return {
    async listUsers(): Promise<UserListEntry[]> {
      return readData(
        z.array(userListEntrySchema),
        (await http({ method: 'GET', path: USER_PATHS.list })).data ?? [],
      );
    },
    async inviteUsers(input: z.input<typeof inviteUsersRequestSchema>): Promise<unknown> {
      const body = validate(inviteUsersRequestSchema, input);
      return (await http({ method: 'POST', path: USER_PATHS.invite, json: body })).data;
    },
  };
}

// Admin calls (users with role 'admin'): the user list and invitations. Not in the spec's call table;
// they back the /admin and /admin/invite screens.
import { z } from 'zod';
import { type User, userSchema } from '../entities/user';
import { inviteUsersRequestSchema } from '../validation/requests';
import { validate } from '../validation/validation-error';
import type { Http } from './http';
import { readData } from './responses';

export const USER_PATHS = { list: '/v1/admin/users', invite: '/v1/admin/invite' } as const;

export function userCalls(http: Http) {
  return {
    async listUsers(): Promise<User[]> {
      return readData(z.array(userSchema), (await http({ method: 'GET', path: USER_PATHS.list })).data ?? []);
    },
    async inviteUsers(input: z.input<typeof inviteUsersRequestSchema>): Promise<unknown> {
      const body = validate(inviteUsersRequestSchema, input);
      return (await http({ method: 'POST', path: USER_PATHS.invite, json: body })).data;
    },
  };
}

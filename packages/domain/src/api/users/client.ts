// Admin calls (users with role 'admin'): the user list and invitations. Beyond the original list of calls (docs/product.md §7);
// they back the /admin and /admin/invite screens.
import type { UserListEntry } from '../../entities/user';
import type { Http } from '../http';
import { type CallInput, send } from '../send';
import { usersContract } from './contract';

const { listUsers, inviteUsers, revokeInvite } = usersContract;

export const USER_PATHS = { list: listUsers.path, invite: inviteUsers.path } as const;

export function userCalls(http: Http) {
  return {
    listUsers: (): Promise<UserListEntry[]> => send(http, listUsers, undefined),
    inviteUsers: (input: CallInput<typeof inviteUsers>): Promise<{ invited: string[] }> =>
      send(http, inviteUsers, input),
    /** DELETE /v1/users/invite: the address's unused invitation links stop working. */
    revokeInvite: (email: string): Promise<{ revoked: number }> => send(http, revokeInvite, { email }),
  };
}

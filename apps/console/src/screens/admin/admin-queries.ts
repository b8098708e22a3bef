// Server state of the admin screens (TanStack Query): the user list, and invitations that refresh it.
import { type InviteUsersRequest, userCalls } from '@adconsole/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';

const usersApi = areaCalls(userCalls);

const USERS_KEY = ['users'] as const;

/** Every user with role, verification and last login. */
export const useUsers = () => useQuery({ queryKey: USERS_KEY, queryFn: () => usersApi().listUsers() });

/**
 * Invites colleagues by e-mail (each gets a sign-up link); `usersChanged` reads the user list again
 * once the page has said who was invited.
 */
export function useInviteUsers() {
  const queryClient = useQueryClient();
  return {
    invite: (invitation: InviteUsersRequest) => usersApi().inviteUsers(invitation),
    usersChanged: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  };
}

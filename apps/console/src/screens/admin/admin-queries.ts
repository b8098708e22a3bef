// Server state of the admin screens (TanStack Query): the user list and the open invitations, and what
// changes them (a role, disabling, deleting, invitations sent, sent again or revoked); an account's
// webhook endpoints, switched off or on, or deleted; its share links, revoked; a client's advertisers, and
// every advertiser to choose them from.
import {
  advertiserCalls,
  type InviteUsersRequest,
  reportCalls,
  type UserListEntry,
  type UserShareLink,
  userCalls,
  type WebhookEndpoint,
} from '@adconsole/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFileUrl, areaCalls } from '../../lib/api';

const usersApi = areaCalls(userCalls);
const reportsApi = areaCalls((http) => reportCalls(http, apiFileUrl));
const advertisersApi = areaCalls(advertiserCalls);

const USERS_KEY = ['users'] as const;
const INVITATIONS_KEY = ['users', 'invitations'] as const;
const WEBHOOKS_KEY = ['users', 'webhooks'] as const;
const SHARE_LINKS_KEY = ['users', 'shareLinks'] as const;

/** Every user with role, verification, last login and whether it is disabled. */
export const useUsers = () => useQuery({ queryKey: USERS_KEY, queryFn: () => usersApi().listUsers() });

/** Every advertiser (an admin's view=all), to choose a client's from: id and name. */
export const useAdvertiserChoices = () =>
  useQuery({
    queryKey: ['advertisers', 'all', 'choices'],
    queryFn: async () =>
      (await advertisersApi().listAdvertisers('all')).map(({ id, name, ownerEmail }) => ({
        id,
        name: ownerEmail ? `${name} (${ownerEmail})` : name,
      })),
  });

/** The invitations not used yet. */
export const useInvitations = () =>
  useQuery({ queryKey: INVITATIONS_KEY, queryFn: () => usersApi().listInvitations() });

/** What an administrator changes of other accounts and invitations; each reads the lists again after. */
export function useUserAdmin() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: USERS_KEY });
  return {
    setRole: useMutation({
      mutationFn: ({ user, role }: { user: UserListEntry; role: 'user' | 'admin' }) =>
        usersApi().setUserRole({ id: user.id, role }),
      onSettled: refresh,
    }),
    setDisabled: useMutation({
      mutationFn: ({ user, disabled }: { user: UserListEntry; disabled: boolean }) =>
        usersApi().setUserDisabled({ id: user.id, disabled }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (user: UserListEntry) => usersApi().deleteUser(user.id),
      onSettled: refresh,
    }),
    setAdvertisers: useMutation({
      mutationFn: ({ user, advertiserIds }: { user: UserListEntry; advertiserIds: string[] }) =>
        usersApi().setClientAdvertisers({ id: user.id, advertiserIds }),
      onSettled: refresh,
    }),
    resend: useMutation({
      mutationFn: (email: string) => usersApi().resendInvite(email),
      onSettled: refresh,
    }),
    revoke: useMutation({
      mutationFn: (email: string) => usersApi().revokeInvite(email),
      onSettled: refresh,
    }),
  };
}

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

/** One account's webhook endpoints, loaded while `userID` is set (the dialog is open). */
export const useUserWebhooks = (userID: string | undefined) =>
  useQuery({
    queryKey: [...WEBHOOKS_KEY, userID],
    queryFn: () => usersApi().listUserWebhooks(userID ?? ''),
    enabled: Boolean(userID),
  });

/** What an administrator changes of an account's endpoints; each reads the account's list again after. */
export function useUserWebhookAdmin() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  return {
    setEnabled: useMutation({
      mutationFn: ({ endpoint, enabled }: { endpoint: WebhookEndpoint; enabled: boolean }) =>
        usersApi().setUserWebhookEnabled({ id: endpoint.id, enabled }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (endpoint: WebhookEndpoint) => usersApi().deleteUserWebhook(endpoint.id),
      onSettled: refresh,
    }),
  };
}

/** One account's working share links (made by it or of its campaigns), loaded while `userID` is set. */
export const useUserShareLinks = (userID: string | undefined) =>
  useQuery({
    queryKey: [...SHARE_LINKS_KEY, userID],
    queryFn: () => usersApi().listUserShareLinks(userID ?? ''),
    enabled: Boolean(userID),
  });

/** An administrator revokes an account's share link (the campaign's own call); the list is read again after. */
export function useRevokeUserShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: UserShareLink) => reportsApi().revokeToken(link.token),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SHARE_LINKS_KEY }),
  });
}

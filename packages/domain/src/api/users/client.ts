// Admin calls (users with role 'admin'): the user list, a user's role, disabling and deleting an account,
// invitations, and any account's webhook endpoints. Beyond the original list of calls (docs/product.md
// §7); they back the /admin and /admin/invite screens.
import type { WebhookEndpoint } from '../../alerts/alert';
import type { Invitation, UserListEntry } from '../../app/user';
import type { UserShareLink } from '../../reports/report';
import type { Http } from '../http';
import { type CallInput, send, sendOnly } from '../send';
import { usersContract } from './contract';

const {
  listUsers,
  inviteUsers,
  revokeInvite,
  listInvitations,
  resendInvite,
  setUserRole,
  setUserDisabled,
  setClientAdvertisers,
  deleteUser,
  listUserWebhooks,
  listUserShareLinks,
  setUserWebhookEnabled,
  deleteUserWebhook,
} = usersContract;

export const USER_PATHS = { list: listUsers.path, invite: inviteUsers.path } as const;

export function userCalls(http: Http) {
  return {
    listUsers: (): Promise<UserListEntry[]> => send(http, listUsers, undefined),
    inviteUsers: (input: CallInput<typeof inviteUsers>): Promise<{ invited: string[] }> =>
      send(http, inviteUsers, input),
    /** DELETE /v1/users/invite: the address's unused invitation links stop working. */
    revokeInvite: (email: string): Promise<{ revoked: number }> => send(http, revokeInvite, { email }),
    /** GET /v1/users/invitations: the invitations not used yet. */
    listInvitations: (): Promise<Invitation[]> => send(http, listInvitations, undefined),
    /** POST /v1/users/invite/resend: a new link for the address (its earlier links stop working). */
    resendInvite: (email: string): Promise<{ invited: string[] }> => send(http, resendInvite, { email }),
    /** PUT /v1/users/role. */
    setUserRole: (input: CallInput<typeof setUserRole>): Promise<UserListEntry> =>
      send(http, setUserRole, input),
    /** PUT /v1/users/advertisers: a client's advertisers (docs/security.md, "Client access"). */
    setClientAdvertisers: (input: CallInput<typeof setClientAdvertisers>): Promise<UserListEntry> =>
      send(http, setClientAdvertisers, input),
    /** PUT /v1/users/disabled: disabled, the account signs in no more and its sessions end. */
    setUserDisabled: (input: CallInput<typeof setUserDisabled>): Promise<UserListEntry> =>
      send(http, setUserDisabled, input),
    /** DELETE /v1/users?id=: refused while the account owns campaigns. */
    deleteUser: (id: string): Promise<void> => sendOnly(http, deleteUser, { id }),
    /** GET /v1/users/webhooks?userID=: an account's webhook endpoints (never their secrets). */
    listUserWebhooks: (userID: string): Promise<WebhookEndpoint[]> =>
      send(http, listUserWebhooks, { userID }, { emptyAnswer: [] }),
    /** PUT /v1/users/webhooks: switches an account's endpoint off (nothing more is sent to it) or on. */
    setUserWebhookEnabled: (input: CallInput<typeof setUserWebhookEnabled>): Promise<WebhookEndpoint> =>
      send(http, setUserWebhookEnabled, input),
    /** GET /v1/users/shareLinks?userID=: the working share links the account made or its campaigns have. */
    listUserShareLinks: (userID: string): Promise<UserShareLink[]> =>
      send(http, listUserShareLinks, { userID }, { emptyAnswer: [] }),
    /** DELETE /v1/users/webhooks?id=: deletes an account's endpoint with its delivery log. */
    deleteUserWebhook: (id: string): Promise<void> => sendOnly(http, deleteUserWebhook, { id }),
  };
}

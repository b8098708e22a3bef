// /admin: every user with role, state and last login, what an administrator can change of each (role,
// disabled, webhooks, deleted), and the invitations not used yet (sent again, revoked). Admins only; the
// server enforces it, and never lets an administrator change their own account.

import type { UserListEntry } from '@adconsole/domain';
import { CLIENT_MESSAGES, invitationSentAgainMessage, MESSAGES } from '@adconsole/domain';
import { Button, Card, CardContent, CardHeader, CardTitle, notify, Skeleton } from '@adconsole/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Loaded } from '../../components/loaded';
import { showError } from '../../lib/notify-error';
import { useSession } from '../../session/session';
import {
  useAdvertiserChoices,
  useInvitations,
  useRevokeUserShareLink,
  useUserAdmin,
  useUserShareLinks,
  useUsers,
  useUserWebhookAdmin,
  useUserWebhooks,
} from './admin-queries';
import { ClientAdvertisersDialog } from './client-advertisers-dialog';
import { fullName, InvitationList, UserTable } from './user-table';
import { UserWebhooks } from './user-webhooks';

/** The webhooks dialog of the user it is open for (none: closed), with its calls. */
function AccountWebhooks({ user, onClose }: { user: UserListEntry | undefined; onClose: () => void }) {
  const endpoints = useUserWebhooks(user?.id);
  const links = useUserShareLinks(user?.id);
  const revoke = useRevokeUserShareLink();
  const { setEnabled, remove } = useUserWebhookAdmin();
  return (
    <UserWebhooks
      name={user && fullName(user)}
      onClose={onClose}
      endpoints={endpoints.data}
      loadError={endpoints.error}
      onToggle={(endpoint, enabled) =>
        setEnabled.mutate(
          { endpoint, enabled },
          {
            onError: showError(enabled ? MESSAGES.webhookNotSwitchedOn : MESSAGES.webhookNotSwitchedOff),
          },
        )
      }
      onDelete={(endpoint) => remove.mutate(endpoint, { onError: showError(MESSAGES.webhookNotDeleted) })}
      pendingId={
        (setEnabled.isPending && setEnabled.variables?.endpoint.id) ||
        (remove.isPending && remove.variables?.id) ||
        undefined
      }
      shareLinks={{
        links: links.data,
        loadError: links.error,
        onRevoke: (link) => revoke.mutate(link, { onError: showError(MESSAGES.shareLinkNotRevoked) }),
        pendingToken: (revoke.isPending && revoke.variables?.token) || undefined,
      }}
    />
  );
}

export function UserListPage() {
  const session = useSession();
  const users = useUsers();
  const invitations = useInvitations();
  const admin = useUserAdmin();
  const [webhooksOf, setWebhooksOf] = useState<UserListEntry>();
  const [advertisersOf, setAdvertisersOf] = useState<UserListEntry>();
  const choices = useAdvertiserChoices();
  const advertiserNames = new Map((choices.data ?? []).map((choice) => [choice.id, choice.name]));
  const pendingUser =
    (admin.setRole.isPending && admin.setRole.variables?.user.id) ||
    (admin.setDisabled.isPending && admin.setDisabled.variables?.user.id) ||
    (admin.remove.isPending && admin.remove.variables?.id) ||
    (admin.setAdvertisers.isPending && admin.setAdvertisers.variables?.user.id) ||
    undefined;
  const pendingEmail =
    (admin.resend.isPending && admin.resend.variables) ||
    (admin.revoke.isPending && admin.revoke.variables) ||
    undefined;
  return (
    <div className="grid grid-cols-1 gap-6 [&>*]:min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl">Users</h1>
        <Button asChild>
          <Link to="/admin/invite">Invite users</Link>
        </Button>
      </div>
      <Loaded
        data={users.data}
        error={users.error}
        errorText={MESSAGES.usersNotLoaded}
        loading={<Skeleton className="h-40" aria-label="Loading users" />}
      >
        {(list) => (
          <UserTable
            users={list}
            selfId={session?.user.id ?? ''}
            pendingId={pendingUser || undefined}
            advertiserNames={advertiserNames}
            actions={{
              setRole: (user, role) =>
                admin.setRole.mutate({ user, role }, { onError: showError(MESSAGES.roleNotChanged) }),
              setDisabled: (user, disabled) =>
                admin.setDisabled.mutate(
                  { user, disabled },
                  { onError: showError(disabled ? MESSAGES.userNotDisabled : MESSAGES.userNotEnabled) },
                ),
              remove: (user) => admin.remove.mutate(user, { onError: showError(MESSAGES.userNotDeleted) }),
              showWebhooks: setWebhooksOf,
              editAdvertisers: setAdvertisersOf,
            }}
          />
        )}
      </Loaded>
      <AccountWebhooks user={webhooksOf} onClose={() => setWebhooksOf(undefined)} />
      <ClientAdvertisersDialog
        user={advertisersOf}
        advertisers={choices.data ?? []}
        onClose={() => setAdvertisersOf(undefined)}
        pending={admin.setAdvertisers.isPending}
        onSave={(user, advertiserIds) =>
          admin.setAdvertisers.mutate(
            { user, advertiserIds },
            {
              onSuccess: () => setAdvertisersOf(undefined),
              onError: showError(CLIENT_MESSAGES.advertisersNotChanged),
            },
          )
        }
      />
      <Card>
        <CardHeader>
          <CardTitle level={2}>Open invitations</CardTitle>
        </CardHeader>
        <CardContent>
          <Loaded
            data={invitations.data}
            error={invitations.error}
            errorText={MESSAGES.invitationsNotLoaded}
            loading={<Skeleton className="h-20" aria-label="Loading invitations" />}
          >
            {(open) => (
              <InvitationList
                invitations={open}
                pendingEmail={pendingEmail || undefined}
                onResend={(invitation) =>
                  admin.resend.mutate(invitation.email, {
                    onSuccess: () =>
                      notify({
                        type: 'success',
                        title: MESSAGES.invitationSentAgain,
                        text: invitationSentAgainMessage(invitation.email),
                      }),
                    onError: showError(MESSAGES.invitationNotSentAgain),
                  })
                }
                onRevoke={(invitation) =>
                  admin.revoke.mutate(invitation.email, {
                    onError: showError(MESSAGES.invitationNotRevoked),
                  })
                }
              />
            )}
          </Loaded>
        </CardContent>
      </Card>
    </div>
  );
}

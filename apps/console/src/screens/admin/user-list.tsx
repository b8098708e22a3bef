// /admin: every user with role, state and last login, what an administrator can change of each (role,
// disabled, deleted), and the invitations not used yet (sent again, revoked). Admins only; the server
// enforces it, and never lets an administrator change their own account.
import { Button, Card, CardContent, CardHeader, CardTitle, notify, Skeleton } from '@adconsole/ui';
import { Link } from 'react-router-dom';
import { Loaded } from '../../components/loaded';
import { showError } from '../../lib/notify-error';
import { useSession } from '../../session/session';
import { useInvitations, useUserAdmin, useUsers } from './admin-queries';
import { InvitationList, UserTable } from './user-table';

export function UserListPage() {
  const session = useSession();
  const users = useUsers();
  const invitations = useInvitations();
  const admin = useUserAdmin();
  const pendingUser =
    (admin.setRole.isPending && admin.setRole.variables?.user.id) ||
    (admin.setDisabled.isPending && admin.setDisabled.variables?.user.id) ||
    (admin.remove.isPending && admin.remove.variables?.id) ||
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
        errorText="The users could not be loaded."
        loading={<Skeleton className="h-40" aria-label="Loading users" />}
      >
        {(list) => (
          <UserTable
            users={list}
            selfId={session?.user.id ?? ''}
            pendingId={pendingUser || undefined}
            actions={{
              setRole: (user, role) =>
                admin.setRole.mutate({ user, role }, { onError: showError('The role was not changed') }),
              setDisabled: (user, disabled) =>
                admin.setDisabled.mutate(
                  { user, disabled },
                  { onError: showError(disabled ? 'The user was not disabled' : 'The user was not enabled') },
                ),
              remove: (user) => admin.remove.mutate(user, { onError: showError('The user was not deleted') }),
            }}
          />
        )}
      </Loaded>
      <Card>
        <CardHeader>
          <CardTitle level={2}>Open invitations</CardTitle>
        </CardHeader>
        <CardContent>
          <Loaded
            data={invitations.data}
            error={invitations.error}
            errorText="The invitations could not be loaded."
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
                        title: 'Invitation sent again',
                        text: `${invitation.email} got a new link; the one before no longer works.`,
                      }),
                    onError: showError('The invitation was not sent again'),
                  })
                }
                onRevoke={(invitation) =>
                  admin.revoke.mutate(invitation.email, {
                    onError: showError('The invitation was not revoked'),
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

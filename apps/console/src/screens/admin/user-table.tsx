// The users an administrator manages, and the invitations not used yet: each user's role, verification,
// last sign-in and state, with what can be done to it (make an administrator or a user, disable or enable,
// its webhooks, delete after confirming); never to the administrator's own account, which another
// administrator changes. Each invitation can be sent again or revoked. A client shows its advertisers,
// which can be changed; its role cannot (docs/security.md, "Client access").
import type { Invitation, UserListEntry } from '@adconsole/domain';
import { Badge, Button, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@adconsole/ui';
import { ConfirmDelete } from '../../components/confirm-delete';
import { formatDay } from '../campaigns/format';

interface UserActions {
  setRole: (user: UserListEntry, role: 'user' | 'admin') => void;
  setDisabled: (user: UserListEntry, disabled: boolean) => void;
  remove: (user: UserListEntry) => void;
  /** Opens the account's webhook endpoints (./user-webhooks.tsx). */
  showWebhooks: (user: UserListEntry) => void;
  /** Opens a client's advertisers (./client-advertisers-dialog.tsx). */
  editAdvertisers?: (user: UserListEntry) => void;
}

/** A client's advertisers by name (an advertiser not in `names`, by its id). */
const advertiserNamesOf = (ids: readonly string[] | undefined, names?: ReadonlyMap<string, string>) =>
  (ids ?? []).map((id) => names?.get(id) ?? id).join(', ');

export interface UserTableProps {
  users: readonly UserListEntry[];
  /** The signed-in administrator: their own row offers nothing to change. */
  selfId: string;
  actions: UserActions;
  /** The user whose change is under way (its buttons wait). */
  pendingId?: string | undefined;
  /** Advertisers' names by id, for the clients' rows. */
  advertiserNames?: ReadonlyMap<string, string>;
}

export const fullName = (user: UserListEntry) => `${user.first_name} ${user.last_name}`.trim() || user.email;

export function UserTable({ users, selfId, actions, pendingId, advertiserNames }: UserTableProps) {
  return (
    <Table aria-label="Users">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>E-mail</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>State</TableHead>
          <TableHead>Last login</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const name = fullName(user);
          const self = user.id === selfId;
          const waiting = pendingId === user.id;
          return (
            <TableRow key={user.id} data-disabled={user.disabled || undefined}>
              <TableCell>
                {name}
                {self ? <span className="ml-2 text-muted-foreground text-xs">(you)</span> : null}
              </TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>
                <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>{user.role}</Badge>
                {user.role === 'client' ? (
                  <span className="mt-1 block text-muted-foreground text-xs">
                    {advertiserNamesOf(user.advertiserIds, advertiserNames) || 'No advertisers'}
                  </span>
                ) : null}
              </TableCell>
              <TableCell>
                {user.disabled ? (
                  <Badge variant="outline">Disabled</Badge>
                ) : user.verified ? (
                  <Badge variant="success">Active</Badge>
                ) : (
                  <Badge variant="warning">Not verified</Badge>
                )}
              </TableCell>
              <TableCell>{formatDay(user.lastLogin)}</TableCell>
              <TableCell>
                {self ? null : (
                  <div className="flex justify-end gap-2">
                    {user.role === 'client' ? (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={waiting}
                        onClick={() => actions.editAdvertisers?.(user)}
                      >
                        Advertisers
                        <span className="sr-only"> ({name})</span>
                      </Button>
                    ) : (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={waiting}
                        onClick={() => actions.setRole(user, user.role === 'admin' ? 'user' : 'admin')}
                      >
                        {user.role === 'admin' ? 'Make user' : 'Make admin'}
                        <span className="sr-only"> ({name})</span>
                      </Button>
                    )}
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={waiting}
                      aria-label={user.disabled ? `Enable ${name}` : `Disable ${name}`}
                      onClick={() => actions.setDisabled(user, !user.disabled)}
                    >
                      {user.disabled ? 'Enable' : 'Disable'}
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => actions.showWebhooks(user)}>
                      Webhooks
                      <span className="sr-only"> ({name})</span>
                    </Button>
                    <ConfirmDelete
                      name={name}
                      what="user"
                      consequence="Their account, sessions and API tokens go; their uploaded files pass to you. A user who owns campaigns is not deleted: delete the campaigns first, or disable the user instead."
                      disabled={waiting}
                      onConfirm={() => actions.remove(user)}
                    />
                  </div>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

export interface InvitationListProps {
  invitations: readonly Invitation[];
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
  /** The address whose invitation is being sent or revoked. */
  pendingEmail?: string | undefined;
}

/** The invitations not used yet: sent again (a new link, the old one dead) or revoked. */
export function InvitationList({ invitations, onResend, onRevoke, pendingEmail }: InvitationListProps) {
  if (invitations.length === 0) {
    return <p className="text-muted-foreground text-sm">No invitation is waiting to be used.</p>;
  }
  return (
    <Table aria-label="Open invitations">
      <TableHeader>
        <TableRow>
          <TableHead>E-mail</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Sent</TableHead>
          <TableHead>Link works until</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invitations.map((invitation) => (
          <TableRow key={invitation.email}>
            <TableCell>{invitation.email}</TableCell>
            <TableCell>
              <Badge variant={invitation.role === 'admin' ? 'default' : 'secondary'}>{invitation.role}</Badge>
            </TableCell>
            <TableCell>{formatDay(invitation.invitedAt)}</TableCell>
            <TableCell>{formatDay(invitation.expiresAt)}</TableCell>
            <TableCell>
              <div className="flex justify-end gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={pendingEmail === invitation.email}
                  onClick={() => onResend(invitation)}
                >
                  Send again
                  <span className="sr-only"> ({invitation.email})</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={pendingEmail === invitation.email}
                  onClick={() => onRevoke(invitation)}
                >
                  Revoke
                  <span className="sr-only"> ({invitation.email})</span>
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

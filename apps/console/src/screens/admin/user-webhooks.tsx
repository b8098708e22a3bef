// One account's webhook endpoints as an administrator sees them (docs/security.md, "Round 4"): each URL,
// description and whether it receives messages, switched off or on, or deleted after confirming. Never
// a secret, a test or the delivery log: those stay the owner's. Beside them, the account's share links
// (user-share-links.tsx; docs/security.md, "Off-boarding"). Props in, no fetching (user-list.tsx
// loads them).

import type { WebhookEndpoint } from '@adconsole/domain';
import { MESSAGES } from '@adconsole/domain';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Field,
  Skeleton,
  Switch,
} from '@adconsole/ui';
import { ConfirmDelete } from '../../components/confirm-delete';
import { Loaded } from '../../components/loaded';
import { formatDay } from '../campaigns/format';
import { UserShareLinks, type UserShareLinksProps } from './user-share-links';

export interface UserWebhooksProps {
  /** The account's name as the user table shows it; undefined: the dialog is closed. */
  name: string | undefined;
  onClose: () => void;
  /** Its endpoints; undefined while they load. */
  endpoints: readonly WebhookEndpoint[] | undefined;
  /** Why they could not be loaded. */
  loadError?: unknown;
  onToggle: (endpoint: WebhookEndpoint, enabled: boolean) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
  /** The endpoint whose change is under way (its controls wait). */
  pendingId?: string | undefined;
  /** The account's share links, shown beside its webhooks (docs/security.md, "Off-boarding"). */
  shareLinks?: UserShareLinksProps;
}

function EndpointList({
  endpoints,
  onToggle,
  onDelete,
  pendingId,
}: Pick<UserWebhooksProps, 'onToggle' | 'onDelete' | 'pendingId'> & {
  endpoints: readonly WebhookEndpoint[];
}) {
  if (endpoints.length === 0)
    return <p className="text-muted-foreground text-sm">This account has no webhooks.</p>;
  return (
    <ul aria-label="Webhooks of the account" className="grid gap-3">
      {endpoints.map((endpoint) => {
        const name = endpoint.description || endpoint.url;
        const waiting = pendingId === endpoint.id;
        return (
          <li key={endpoint.id} className="grid gap-2 rounded-md border p-3">
            <div className="grid min-w-0 gap-1">
              <span className="break-all font-medium text-sm">{endpoint.url}</span>
              <span className="text-muted-foreground text-xs">
                {endpoint.description ? `${endpoint.description} · ` : ''}added{' '}
                {formatDay(endpoint.createdAt)}
              </span>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Field label="Receives alerts" orientation="horizontal" className="gap-2">
                {(control) => (
                  <Switch
                    {...control}
                    aria-label={`Receives alerts (${name})`}
                    checked={endpoint.enabled}
                    disabled={waiting}
                    onCheckedChange={(checked) => onToggle(endpoint, checked)}
                  />
                )}
              </Field>
              <ConfirmDelete
                name={name}
                what="webhook"
                consequence="Its owner's alerts stop going to this URL at once, its waiting messages are dropped and its delivery log goes with it. The owner can add it again: to silence the whole account, disable the user."
                ariaLabel={`Delete (${name})`}
                disabled={waiting}
                onConfirm={() => onDelete(endpoint)}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The dialog an administrator opens from a user's row. */
export function UserWebhooks({
  name,
  onClose,
  endpoints,
  loadError,
  shareLinks,
  ...actions
}: UserWebhooksProps) {
  return (
    <Dialog open={name !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Webhooks of {name}</DialogTitle>
          <DialogDescription>
            Where this account's alerts are POSTed. Switched off, an endpoint gets nothing until it is
            switched on again; its secret and delivery log stay its owner's.
          </DialogDescription>
        </DialogHeader>
        <Loaded
          data={endpoints}
          error={loadError}
          errorText={MESSAGES.webhooksNotLoaded}
          loading={<Skeleton className="h-20" aria-label="Loading webhooks" />}
        >
          {(list) => <EndpointList endpoints={list} {...actions} />}
        </Loaded>
        {shareLinks && <UserShareLinks {...shareLinks} />}
      </DialogContent>
    </Dialog>
  );
}

// One account's share links as an administrator sees them, beside its webhooks (docs/security.md,
// "Off-boarding"): each link's campaign, when it was made, until when it works and whether it shows the
// costs, revoked after confirming. A disabled account's links answer 404 until it is enabled again;
// revoking ends one for good. Props in, no fetching (user-list.tsx loads them).

import type { UserShareLink } from '@adconsole/domain';
import { MESSAGES } from '@adconsole/domain';
import { Button, ConfirmDialog, Skeleton } from '@adconsole/ui';
import { Loaded } from '../../components/loaded';
import { formatDay } from '../campaigns/format';

export interface UserShareLinksProps {
  /** The account's working share links; undefined while they load. */
  links: readonly UserShareLink[] | undefined;
  /** Why they could not be loaded. */
  loadError?: unknown;
  onRevoke: (link: UserShareLink) => void;
  /** The link being revoked (its button waits). */
  pendingToken?: string | undefined;
}

function LinkList({
  links,
  onRevoke,
  pendingToken,
}: Omit<UserShareLinksProps, 'links' | 'loadError'> & {
  links: readonly UserShareLink[];
}) {
  if (links.length === 0)
    return <p className="text-muted-foreground text-sm">This account has no share links.</p>;
  return (
    <ul aria-label="Share links of the account" className="grid gap-3">
      {links.map((link) => {
        const name = `${link.campaignName} (…${link.token.slice(-6)})`;
        return (
          <li
            key={link.token}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
          >
            <div className="grid min-w-0 gap-1">
              <span className="break-all font-medium text-sm">{name}</span>
              <span className="text-muted-foreground text-xs">
                made {formatDay(link.createdAt)} ·{' '}
                {link.expiresAt ? `until ${formatDay(link.expiresAt)}` : 'until revoked'}
                {link.includeCosts ? ' · shows costs' : ''}
              </span>
            </div>
            <ConfirmDialog
              trigger={
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Revoke (${name})`}
                  disabled={pendingToken === link.token}
                >
                  Revoke
                </Button>
              }
              title={`Revoke ${name}?`}
              description="Whoever holds the link gets “not found” from now on, whatever the account's state. The campaign's owner can make a new one."
              confirmLabel="Revoke share link"
              cancelLabel="Keep it"
              tone="danger"
              onConfirm={() => onRevoke(link)}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** The share-links section of the administrator's per-user dialog (user-webhooks.tsx). */
export function UserShareLinks({ links, loadError, ...actions }: UserShareLinksProps) {
  return (
    <section aria-labelledby="user-share-links" className="grid gap-2">
      <h3 id="user-share-links" className="font-medium text-sm">
        Share links
      </h3>
      <p className="text-muted-foreground text-xs">
        Links to the reports of this account's campaigns, and those it made. They answer “not found” while the
        account is disabled.
      </p>
      <Loaded
        data={links}
        error={loadError}
        errorText={MESSAGES.shareLinksNotLoaded}
        loading={<Skeleton className="h-16" aria-label="Loading share links" />}
      >
        {(list) => <LinkList links={list} {...actions} />}
      </Loaded>
    </section>
  );
}

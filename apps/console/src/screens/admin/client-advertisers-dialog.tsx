// A client's advertisers as an administrator changes them (docs/security.md, "Client access"): a
// checkbox per advertiser, at least one. Props in, no fetching (user-list.tsx loads and saves).
import { CLIENT_MESSAGES, type UserListEntry } from '@adconsole/domain';
import { type AdvertiserChoice, AdvertiserChoices } from '@adconsole/forms';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@adconsole/ui';
import { useEffect, useState } from 'react';
import { fullName } from './user-table';

export interface ClientAdvertisersDialogProps {
  /** The client; undefined: the dialog is closed. */
  user: UserListEntry | undefined;
  advertisers: readonly AdvertiserChoice[];
  onClose: () => void;
  onSave: (user: UserListEntry, advertiserIds: string[]) => void;
  pending?: boolean;
}

export function ClientAdvertisersDialog({
  user,
  advertisers,
  onClose,
  onSave,
  pending = false,
}: ClientAdvertisersDialogProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setChosen(user?.advertiserIds ?? []);
    setError(undefined);
  }, [user]);
  return (
    <Dialog open={user !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Advertisers of {user ? fullName(user) : ''}</DialogTitle>
          <DialogDescription>
            The client reads these advertisers' campaigns, creatives and reports, and nothing else.
          </DialogDescription>
        </DialogHeader>
        <form
          aria-label="Client's advertisers"
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!user) return;
            if (chosen.length === 0) {
              setError(CLIENT_MESSAGES.clientNeedsAdvertisers);
              return;
            }
            onSave(user, chosen);
          }}
        >
          <AdvertiserChoices
            advertisers={advertisers}
            value={chosen}
            onChange={(ids) => {
              setChosen(ids);
              setError(undefined);
            }}
            error={error}
          />
          <Button type="submit" loading={pending} className="justify-self-start">
            Save advertisers
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// The campaign page's "Duplicate campaign" (docs/console.md, "Campaigns"; docs/product.md §4): a small dialog
// asking for the copy's name (prefilled with the copy rule's: "Spring sale (Copy)") and its flight dates
// (prefilled by the domain's duplicateFlightDays: a flight that has started moves to start today with its
// length kept, so the copy is "Not started" rather than at once "At risk"; otherwise the original's days),
// as Google Ad Manager's copy of a line item asks for new dates. Made, the page opens the copy.
import {
  type Campaign,
  type CampaignCopy,
  copyName,
  duplicateFlightDays,
  errorMessage,
  MESSAGES,
} from '@adconsole/domain';
import { DuplicateCampaignForm } from '@adconsole/forms';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@adconsole/ui';
import { useState } from 'react';

/** The dialog's first values for a copy of `campaign` at `now`. */
function copyDefaults(campaign: Pick<Campaign, 'name' | 'data'>, now: Date): CampaignCopy {
  const { start, end } = duplicateFlightDays(campaign.data, now);
  return {
    name: copyName(campaign.name),
    start: start === null ? null : { date: start },
    end: end === null ? null : { date: end },
  };
}

export interface DuplicateCampaignDialogProps {
  campaign: Pick<Campaign, 'name' | 'data'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Makes the copy; rejects with the server's error, shown in the dialog. */
  onDuplicate: (copy: { name: string; start: string | null; end: string | null }) => Promise<unknown>;
  /** The clock (stories pin it); now by default. */
  now?: Date;
}

export function DuplicateCampaignDialog({
  campaign,
  open,
  onOpenChange,
  onDuplicate,
  now,
}: DuplicateCampaignDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Duplicate {campaign.name}</DialogTitle>
          <DialogDescription>
            The copy keeps the creatives, goal, rate and delivery rules; nothing is published and it has no
            figures. Give it a name and its own flight.
          </DialogDescription>
        </DialogHeader>
        {/* Inside the content: each opening starts from the defaults of that moment. */}
        <DuplicateForm campaign={campaign} onDuplicate={onDuplicate} now={now} />
      </DialogContent>
    </Dialog>
  );
}

function DuplicateForm({
  campaign,
  onDuplicate,
  now,
}: Pick<DuplicateCampaignDialogProps, 'campaign' | 'onDuplicate' | 'now'>) {
  const [defaultValues] = useState(() => copyDefaults(campaign, now ?? new Date()));
  const [serverError, setServerError] = useState<string | null>(null);
  return (
    <DuplicateCampaignForm
      defaultValues={defaultValues}
      timezone={campaign.data.timezone ?? 'UTC'}
      serverError={serverError}
      actions={
        <DialogClose asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </DialogClose>
      }
      onSubmit={async (values) => {
        setServerError(null);
        try {
          await onDuplicate({
            name: values.name,
            start: values.start?.date.slice(0, 10) ?? null,
            end: values.end?.date.slice(0, 10) ?? null,
          });
        } catch (error) {
          setServerError(errorMessage(error, MESSAGES.campaignNotDuplicated));
        }
      }}
    />
  );
}

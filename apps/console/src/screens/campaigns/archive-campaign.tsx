// The campaign page's "Archive campaign" action: a confirm dialog that says what archiving does (the
// campaign stops serving and leaves the campaign list; its reports and share links stay), and, once
// archived, "Unarchive", which needs no confirmation (it takes nothing away).
import { Button, ConfirmDialog } from '@adconsole/ui';

export interface ArchiveCampaignProps {
  /** The campaign's name, as the dialog's title names it. */
  name: string;
  archived: boolean;
  pending?: boolean;
  onArchive: () => void;
  onUnarchive: () => void;
}

export function ArchiveCampaign({
  name,
  archived,
  pending = false,
  onArchive,
  onUnarchive,
}: ArchiveCampaignProps) {
  if (archived)
    return (
      <Button variant="outline" loading={pending} onClick={onUnarchive}>
        Unarchive
      </Button>
    );
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" loading={pending}>
          Archive campaign
        </Button>
      }
      title={`Archive ${name}?`}
      description="Its ads stop serving at once, wherever their tags are placed, and it leaves the campaign list (the Archived status shows it). Its reports and share links keep working, and you can unarchive it at any time."
      confirmLabel="Archive campaign"
      cancelLabel="Keep serving"
      onConfirm={onArchive}
    />
  );
}

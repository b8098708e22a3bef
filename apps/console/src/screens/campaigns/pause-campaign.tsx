// The campaign page's "Pause" action: a confirm dialog saying that its ads stop serving at once (it stays
// in the campaign list, shown as paused), and, once paused, "Resume", which needs no confirmation (it
// takes nothing away). Who paused it and when the page says beside the "Paused" badge (pausedLine).
import { Button, ConfirmDialog } from '@adconsole/ui';
import { formatDay } from './format';

/** 'Paused 29 Nov 2026 by ana@example.com', for a paused campaign; null for one that is not. */
export const pausedLine = (pausedAt: string | null | undefined, pausedBy: string | null | undefined) =>
  pausedAt ? `Paused ${formatDay(pausedAt)}${pausedBy ? ` by ${pausedBy}` : ''}` : null;

export interface PauseCampaignProps {
  /** The campaign's name, as the dialog's title names it. */
  name: string;
  /** When it was paused (ISO 8601); null or absent while it is not. */
  pausedAt?: string | null | undefined;
  pending?: boolean;
  onPause: () => void;
  onResume: () => void;
}

export function PauseCampaign({ name, pausedAt, pending = false, onPause, onResume }: PauseCampaignProps) {
  if (pausedAt)
    return (
      <Button variant="outline" loading={pending} onClick={onResume}>
        Resume
      </Button>
    );
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" loading={pending}>
          Pause
        </Button>
      }
      title={`Pause ${name}?`}
      description="Its ads stop serving at once, wherever their tags are placed, until you resume it. It stays in the campaign list, shown as paused; its reports, share links and schedules keep working."
      confirmLabel="Pause"
      cancelLabel="Keep serving"
      onConfirm={onPause}
    />
  );
}

// When an edit moves a live campaign's start into the future, its ads stop serving until then: the
// campaign form asks first (docs/console.md, "Goals, rates and pacing").
import { type CampaignFlight, flightInstants, flightState } from '@adconsole/domain';
import { ConfirmDialog } from '@adconsole/ui';

/**
 * The start's text for people ('1 Dec 2026, 09:00 (Europe/Berlin)') when saving `next` would pause a
 * campaign that is live now under `current`; undefined when it would not.
 */
export function servingPausedUntil(
  current: CampaignFlight | undefined,
  next: CampaignFlight,
  now: Date,
): string | undefined {
  if (!current || flightState(current, now) !== 'live') return undefined;
  const { from } = flightInstants(next);
  const start = next.start?.date;
  if (!from || from <= now || !start) return undefined;
  const [year, month, day] = start.slice(0, 10).split('-').map(Number);
  const date = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
  const time = start.slice(11, 16) || '00:00';
  return `${date}, ${time} (${next.timezone || 'UTC'})`;
}

export function ServingPauseDialog({
  until,
  onConfirm,
  onCancel,
}: {
  /** The start's text; the dialog is open while it is set. */
  until: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={until !== undefined}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={<>Serving stops until {until}</>}
      description="The campaign is live. With its start moved into the future, its ad tags serve nothing until then, and its pacing starts again from that date."
      confirmLabel="Move the start"
      cancelLabel="Keep editing"
      onConfirm={onConfirm}
    />
  );
}

// A campaign's status beside its flight dates: Scheduled, Live or Ended (the domain's flight rule, the
// same ad serving applies), "No live creative" while nothing is published, whatever the dates say, or
// "Paused" for a paused campaign and "Archived" for an archived one (either serves nothing); e.g. "Live · 01 Nov 2026 – 30 Nov 2026 (UTC)".
import {
  CAMPAIGN_STATUS_LABELS,
  type CampaignFlight,
  type CampaignStatus,
  servingStatus,
} from '@adconsole/domain';
import { Badge } from '@adconsole/ui';
import { formatFlight } from './format';

export const STATUS_VARIANT: Record<
  CampaignStatus,
  'info' | 'success' | 'secondary' | 'outline' | 'warning'
> = {
  scheduled: 'info',
  live: 'success',
  ended: 'secondary',
  'not-serving': 'outline',
  paused: 'warning',
  archived: 'secondary',
};

export interface FlightBadgeProps {
  flight: CampaignFlight;
  /** Whether anything is published to serve (a live creative); without one the campaign is not "Live". */
  serving?: boolean;
  /** Whether the campaign is archived: then "Archived", whatever its flight says. */
  archived?: boolean;
  /** Whether the campaign is paused: then "Paused" (unless archived), whatever its flight says. */
  paused?: boolean;
  /** The clock (stories and tests pin it); now by default. */
  now?: Date;
}

/** The status as a badge, then the dates and, when not UTC, the zone they are read in. */
export function FlightBadge({
  flight,
  serving = true,
  archived = false,
  paused = false,
  now = new Date(),
}: FlightBadgeProps) {
  const status: CampaignStatus = archived
    ? 'archived'
    : paused
      ? 'paused'
      : servingStatus(flight, serving, now);
  const zone = flight.timezone && flight.timezone !== 'UTC' ? ` (${flight.timezone})` : '';
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1" data-flight-state={status}>
      <Badge variant={STATUS_VARIANT[status]}>{CAMPAIGN_STATUS_LABELS[status]}</Badge>
      {/* A long zone name breaks where it must rather than widening its column (the campaign list). */}
      <span className="text-muted-foreground text-sm [overflow-wrap:anywhere]">
        {formatFlight(flight.start?.date, flight.end?.date)}
        {flight.start || flight.end ? zone : ''}
      </span>
    </span>
  );
}

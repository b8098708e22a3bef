// A campaign's flight state beside its dates: Scheduled, Live or Ended (the domain's flightState, the
// same rule ad serving applies), e.g. "Live · 01 Nov 2026 – 30 Nov 2026 (UTC)".
import { type CampaignFlight, FLIGHT_STATE_LABELS, type FlightState, flightState } from '@adconsole/domain';
import { Badge } from '@adconsole/ui';
import { formatFlight } from './format';

const VARIANT: Record<FlightState, 'info' | 'success' | 'secondary'> = {
  scheduled: 'info',
  live: 'success',
  ended: 'secondary',
};

export interface FlightBadgeProps {
  flight: CampaignFlight;
  /** The clock (stories and tests pin it); now by default. */
  now?: Date;
}

/** The state as a badge, then the dates and, when not UTC, the zone they are read in. */
export function FlightBadge({ flight, now = new Date() }: FlightBadgeProps) {
  const state = flightState(flight, now);
  const zone = flight.timezone && flight.timezone !== 'UTC' ? ` (${flight.timezone})` : '';
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-flight-state={state}>
      <Badge variant={VARIANT[state]}>{FLIGHT_STATE_LABELS[state]}</Badge>
      <span className="text-muted-foreground text-sm">
        {formatFlight(flight.start?.date, flight.end?.date)}
        {flight.start || flight.end ? zone : ''}
      </span>
    </span>
  );
}

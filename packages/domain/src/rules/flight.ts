// A campaign's flight: the local calendar days from its start date to its end date (both included) in
// the campaign's timezone. Ad serving answers only while the flight is live; the console shows the state.
import { findTimezone } from '../timezones/timezones';
import { zonedTimeToUtc } from '../timezones/zoned-range';

export const FLIGHT_STATES = ['scheduled', 'live', 'ended'] as const;
export type FlightState = (typeof FLIGHT_STATES)[number];

export const FLIGHT_STATE_LABELS: Record<FlightState, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
};

/** A campaign's timezone when it names none. */
export const DEFAULT_CAMPAIGN_TIMEZONE = 'UTC';

export interface CampaignFlight {
  start?: { date: string } | null | undefined;
  end?: { date: string } | null | undefined;
  /** An IANA zone or '+HH:MM'; UTC when absent. */
  timezone?: string | null | undefined;
}

const dayOf = (value: { date: string } | null | undefined) => {
  const day = value?.date.slice(0, 10);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
};

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const zoneOf = (flight: CampaignFlight) => flight.timezone || DEFAULT_CAMPAIGN_TIMEZONE;

/**
 * The instants a flight runs between: from 00:00 local on its start day, until 00:00 local on the day
 * after its end day (exclusive). An open side is undefined. A zone that cannot be read counts as UTC.
 */
export function flightInstants(flight: CampaignFlight): { from?: Date; until?: Date } {
  const start = dayOf(flight.start);
  const end = dayOf(flight.end);
  const at = (day: string) => {
    try {
      return zonedTimeToUtc(day, '00:00:00', zoneOf(flight));
    } catch {
      return zonedTimeToUtc(day, '00:00:00', DEFAULT_CAMPAIGN_TIMEZONE);
    }
  };
  return {
    ...(start ? { from: at(start) } : {}),
    ...(end ? { until: at(nextDay(end)) } : {}),
  };
}

/** Scheduled before the start, Ended from the day after the end, Live otherwise (no dates: always live). */
export function flightState(flight: CampaignFlight, now: Date): FlightState {
  const { from, until } = flightInstants(flight);
  if (from && now < from) return 'scheduled';
  if (until && now >= until) return 'ended';
  return 'live';
}

/** A campaign timezone the form and the API accept: one of the console's zones, or UTC. */
export const isCampaignTimezone = (zone: string) =>
  zone === DEFAULT_CAMPAIGN_TIMEZONE || findTimezone(zone)?.tzCode === zone;

// A campaign's flight: from its start to its end in the campaign's timezone, whole local days (both
// included) unless a date names its time of day. Ad serving answers only while the flight is live; the console shows the state.
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

/** The time of day a flight date names ('HH:mm:ss'), or undefined for a date alone (or 00:00 sharp). */
const timeOf = (value: { date: string } | null | undefined) => {
  const match = /^\d{4}-\d{2}-\d{2}[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value?.date ?? '');
  if (!match) return undefined;
  const time = `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
  return time === '00:00:00' ? undefined : time;
};

/**
 * A campaign's flight from its stored data: an open side null, and the campaign's zone, UTC when it names
 * none. What the campaign answers, what pacing reads, what alerts watch.
 */
export function campaignFlight(data: CampaignFlight | null | undefined): {
  start: { date: string } | null;
  end: { date: string } | null;
  timezone: string;
} {
  return {
    start: data?.start ?? null,
    end: data?.end ?? null,
    timezone: data?.timezone ?? DEFAULT_CAMPAIGN_TIMEZONE,
  };
}

/** A flight's first and last local days ('YYYY-MM-DD'), null for an open side (schedules 'On campaign end'). */
export function flightDays(flight: CampaignFlight | null | undefined): {
  start: string | null;
  end: string | null;
} {
  return { start: dayOf(flight?.start) ?? null, end: dayOf(flight?.end) ?? null };
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A flight's zone: its campaign's, or UTC when it names none (absent or empty). */
export const flightZone = (flight: CampaignFlight): string => flight.timezone || DEFAULT_CAMPAIGN_TIMEZONE;

/**
 * The instants a flight runs between, in the campaign's zone. A start date alone starts at 00:00 local,
 * a start with a time of day at that time; an end date alone runs to the end of that day (until 00:00
 * local of the next, exclusive), an end with a time of day until that time (exclusive). An open side is
 * undefined. A zone that cannot be read counts as UTC.
 */
export function flightInstants(flight: CampaignFlight): { from?: Date; until?: Date } {
  const start = dayOf(flight.start);
  const end = dayOf(flight.end);
  const at = (day: string, time: string) => {
    try {
      return zonedTimeToUtc(day, time, flightZone(flight));
    } catch {
      return zonedTimeToUtc(day, time, DEFAULT_CAMPAIGN_TIMEZONE);
    }
  };
  const endTime = timeOf(flight.end);
  return {
    ...(start ? { from: at(start, timeOf(flight.start) ?? '00:00:00') } : {}),
    ...(end ? { until: endTime ? at(end, endTime) : at(nextDay(end), '00:00:00') } : {}),
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

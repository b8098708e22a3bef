// The flight a campaign's copy is offered (docs/product.md §4, "Duplicating a campaign"), as Google Ad
// Manager's copy of a line item asks for new dates: a flight that has started moves to start today, in the
// campaign's zone, and keeps its length (an open end stays open); a flight not started yet, or without a
// start, keeps its days. A copy that starts today has delivered nothing, so its pacing is "not started"
// until it could have (campaigns/pacing.ts): never "at risk" before it could deliver.
import { offsetAt, offsetToMinutes } from '../timezones/offsets';
import { type CampaignFlight, flightDays, flightZone } from './flight';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayOfNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The local day ('YYYY-MM-DD') of an instant in a flight's zone (UTC when it cannot be read). */
function todayIn(flight: CampaignFlight, now: Date): string {
  let offset = 0;
  try {
    offset = offsetToMinutes(offsetAt(flightZone(flight), now)) * 60_000;
  } catch {
    offset = 0;
  }
  return new Date(now.getTime() + offset).toISOString().slice(0, 10);
}

/** The days ('YYYY-MM-DD', null for an open side) a copy of a campaign with this flight is offered. */
export function duplicateFlightDays(
  flight: CampaignFlight,
  now: Date,
): { start: string | null; end: string | null } {
  const { start, end } = flightDays(flight);
  const today = todayIn(flight, now);
  if (start === null || start >= today) return { start, end };
  const length = end === null ? null : dayNumber(end) - dayNumber(start);
  return {
    start: today,
    end: length === null ? null : dayOfNumber(dayNumber(today) + Math.max(0, length)),
  };
}

// What the console says once a creative is published (docs/product.md §2, "Creative"): when the new
// live creative serves, by its campaign's flight and state. Now while the flight runs; from its first
// day while it is scheduled ("serves from 1 Dec 2026, when the campaign starts": once it said "serves
// now" for a campaign starting next month); not while the flight is over or the campaign is paused.
import { MESSAGES } from '../validation/messages';
import { creativePublishedFromMessage } from '../validation/value-messages';
import { type CampaignFlight, flightState, flightZone } from './flight';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A flight's start as people read it: '1 Dec 2026', a time of day after it, the zone when not UTC. */
function startText(flight: CampaignFlight): string {
  const date = flight.start?.date ?? '';
  const day = date.slice(0, 10);
  const time = /^\d{4}-\d{2}-\d{2}[ T](\d{2}:\d{2})/.exec(date)?.[1];
  const zone = flightZone(flight);
  return [
    dayFormat.format(new Date(`${day}T00:00:00Z`)),
    time && time !== '00:00' ? ` ${time}` : '',
    zone === 'UTC' ? '' : ` (${zone})`,
  ].join('');
}

/** The text of the "Published" notification: when the new live creative serves. */
export function creativePublishedText(
  campaign: { flight: CampaignFlight; paused?: boolean | undefined },
  now: Date,
): string {
  if (campaign.paused) return MESSAGES.creativePublishedPausedText;
  const state = flightState(campaign.flight, now);
  if (state === 'scheduled') return creativePublishedFromMessage(startText(campaign.flight));
  if (state === 'ended') return MESSAGES.creativePublishedEndedText;
  return MESSAGES.creativePublishedText;
}

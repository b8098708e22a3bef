// The inventory forecast's call (docs/reports.md, "The inventory forecast"; docs/api.md): a declaration;
// the work is in services/forecast/forecast.ts.
import { contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import { FLIGHT_ENDED, FORECASTS_BUSY, forecastInventoryOf } from '../services/forecast/forecast';

/** Forecasts a user may ask for in 15 minutes (the forecast panel asks again as rules are edited). */
const FORECASTS_PER_USER = 300;

export const forecastRoutes = [
  defineRoute({
    call: contract.forecastInventory,
    audit: { none: 'reads figures only' },
    access: 'user',
    perIdentityLimit: { max: FORECASTS_PER_USER, by: 'user' },
    summary:
      "Before booking: for delivery rules, a flight (first and last local days in a zone) and an impressions goal, the account's own ad requests of the last 60 days (every tag, every site, with the facts the rules read) forecast per day over the flight: by hour of the week, scaled by the last 14 days; the share the rules keep, rule by rule in serving's order; the account's other campaigns whose flights meet it and whose rules keep the same requests, with their goals and delivery modes, and what they take; and a verdict (`fits`, `fitsWithMode`, `short` by `shortPerDay`, or `noHistory`) with a sentence of how it was computed. With `campaignID` (a campaign being edited) the account is its owner's, the campaign is no contender of itself, and what it delivered so far counts: its need a day is the rest of the goal over the days left, as its page's pacing says. Computed off the event loop; a user's forecasts run one at a time.",
    tag: 'Forecast',
    errors: {
      400: `Rules that are not rules (as the delivery rules calls refuse them); ${[MESSAGES.forecastGoal, MESSAGES.forecastTimezone, MESSAGES.forecastOrder, MESSAGES.forecastLength].join('; ')}; ${MESSAGES.deliveryMode}; ${FLIGHT_ENDED}; a day that is not 'YYYY-MM-DD' (the field named in the message).`,
      404: `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)`,
      429: `${FORECASTS_BUSY} (Retry-After: 1); or more than ${FORECASTS_PER_USER} forecasts in 15 minutes.`,
    },
    handler: ({ input, user, ctx, request }) => forecastInventoryOf(ctx, user, input, request.raw),
  }),
];

// The inventory forecast's call (docs/reports.md, "The inventory forecast"; docs/api.md): a declaration;
// the work is in services/forecast/forecast.ts.
import { contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import { FLIGHT_ENDED, forecastInventoryOf } from '../services/forecast/forecast';

export const forecastRoutes = [
  defineRoute({
    call: contract.forecastInventory,
    audit: { none: 'reads figures only' },
    access: 'user',
    summary:
      "Before booking: for delivery rules, a flight (first and last local days in a zone) and an impressions goal, the account's own ad requests of the last 60 days (every tag, every site, with the facts the rules read) forecast per day over the flight: by hour of the week, scaled by the last 14 days; the share the rules keep, rule by rule in serving's order; the account's other campaigns whose flights meet it and whose rules keep the same requests, with their goals and delivery modes, and what they take; and a verdict (`fits`, `fitsWithMode`, `short` by `shortPerDay`, or `noHistory`) with a sentence of how it was computed. With `campaignID` (a campaign being edited) the account is its owner's and the campaign is no contender of itself.",
    tag: 'Forecast',
    errors: {
      400: `Rules that are not rules (as the delivery rules calls refuse them); ${[MESSAGES.forecastGoal, MESSAGES.forecastTimezone, MESSAGES.forecastOrder, MESSAGES.forecastLength].join('; ')}; ${MESSAGES.deliveryMode}; ${FLIGHT_ENDED}; a day that is not 'YYYY-MM-DD' (the field named in the message).`,
      404: `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)`,
    },
    handler: ({ input, user, ctx }) => forecastInventoryOf(ctx, user, input),
  }),
];

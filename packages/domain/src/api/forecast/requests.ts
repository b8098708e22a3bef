// The inventory forecast's request and answer (docs/reports.md, "The inventory forecast"; docs/api.md):
// a targeting (delivery rules not saved yet), a flight and an impressions goal, answered with the
// account's requests and impressions per day over the flight, the funnel of the rules, the other
// campaigns that want the same requests, and a verdict with a sentence of how it was computed.
import { z } from 'zod/mini';
import { isCampaignTimezone } from '../../campaigns/flight';
import { DELIVERY_MODES } from '../../constants';
import { campaignDeliveryRulesSchema } from '../../delivery/delivery-rules';
import { DELIVERY_RULE_NAMES, type DeliveryRuleName } from '../../delivery/rule-list';
import { MAX_FORECAST_DAYS } from '../../forecast/forecast-days';
import { dayField, idField } from '../../validation/fields';
import { MESSAGES } from '../../validation/messages';

const dayOf = (value: string) => value.slice(0, 10);

/** POST /v1/forecast: what to forecast; `campaignID` is a campaign being edited (it is no contender). */
export const forecastRequestSchema = z
  .strictObject({
    campaignID: z.optional(idField('campaignID')),
    rules: campaignDeliveryRulesSchema,
    start: dayField('start'),
    end: dayField('end'),
    timezone: z
      .string({ error: MESSAGES.forecastTimezone })
      .check(z.refine(isCampaignTimezone, MESSAGES.forecastTimezone)),
    goal: z
      .number({ error: MESSAGES.forecastGoal })
      .check(
        z.int(MESSAGES.forecastGoal),
        z.gte(1, MESSAGES.forecastGoal),
        z.lte(10_000_000_000, MESSAGES.forecastGoal),
      ),
    deliveryMode: z._default(z.enum(DELIVERY_MODES, { error: MESSAGES.deliveryMode }), 'asap'),
  })
  .check(
    z.refine((input) => dayOf(input.end) >= dayOf(input.start), {
      message: MESSAGES.forecastOrder,
      path: ['end'],
    }),
    z.refine(
      (input) =>
        (Date.parse(`${dayOf(input.end)}T00:00:00Z`) - Date.parse(`${dayOf(input.start)}T00:00:00Z`)) /
          86_400_000 <
        MAX_FORECAST_DAYS,
      { message: MESSAGES.forecastLength, path: ['end'] },
    ),
  );
export type ForecastRequest = z.output<typeof forecastRequestSchema>;
export type ForecastRequestInput = z.input<typeof forecastRequestSchema>;

const count = z.number().check(z.nonnegative());
const share = z.number().check(z.gte(0), z.lte(1));

/** The forecast (forecast/forecast.ts), with its verdict and method in words. */
export const forecastAnswerSchema = z.object({
  /** The history read: the 60 days before now. */
  historyFrom: z.string(),
  historyTo: z.string(),
  historyRequests: count,
  serveRate: share,
  level: count,
  timezone: z.string(),
  goal: count,
  deliveryMode: z.enum(DELIVERY_MODES),
  /** The flight's days from today: requests, those the rules keep, those others take, and what is left. */
  days: z.array(
    z.object({
      date: z.string(),
      requests: count,
      kept: count,
      contention: count,
      available: count,
      impressions: count,
      needed: count,
    }),
  ),
  requestsPerDay: count,
  /** Each rule of the set in serving's order: requests a day still kept after it, and its own share. */
  funnel: z.array(
    z.object({
      rule: z.enum(DELIVERY_RULE_NAMES as unknown as [DeliveryRuleName, ...DeliveryRuleName[]]),
      label: z.string(),
      requestsPerDay: count,
      share,
      /** False when the history carries no value of the rule's fact: the rule was not judged. */
      read: z.boolean(),
    }),
  ),
  /** The account's other campaigns whose flights meet this one, with what they take of it. */
  contention: z.array(
    z.object({
      campaignID: z.string(),
      name: z.string(),
      goal: z.nullable(count),
      deliveryMode: z.enum(DELIVERY_MODES),
      delivered: count,
      overlap: share,
      takenPerDay: count,
    }),
  ),
  verdict: z.object({
    kind: z.enum(['fits', 'fitsWithMode', 'short', 'noHistory']),
    deliverable: count,
    shortPerDay: count,
    text: z.string(),
  }),
  /** How it was computed, in one plain paragraph. */
  method: z.string(),
});
export type ForecastAnswer = z.infer<typeof forecastAnswerSchema>;

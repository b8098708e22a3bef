// A campaign's pacing as the API answers it (campaigns/pacing.ts computes it): in the campaign answers and
// in the report, so the list, the campaign page, the report and the dashboard read one shape.
import { z } from 'zod/mini';
import { DELIVERY_MODES, GOAL_METRICS } from '../constants';
import { PACING_STATUSES } from './pacing';

const amount = z.number().check(z.nonnegative());

export const pacingDaySchema = z.object({
  date: z.string(),
  delivered: z.nullable(amount),
  plan: amount,
  projected: z.nullable(amount),
});

export const pacingSchema = z.object({
  metric: z.enum(GOAL_METRICS),
  goal: amount,
  status: z.enum(PACING_STATUSES),
  delivered: amount,
  plan: amount,
  deviation: z.nullable(z.number()),
  projected: amount,
  dailyRate: amount,
  neededDailyRate: amount,
  elapsedDays: amount,
  flightDays: amount,
  days: z.array(pacingDaySchema),
  /** How the goal is delivered (docs/serving.md, "Even delivery"); absent in older answers: asap. */
  deliveryMode: z.optional(z.enum(DELIVERY_MODES)),
  /** Evenly: the share of the requests the throttle serves now (0 to 1); null before it has one. */
  throttleRate: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(1)))),
});
export type PacingAnswer = z.infer<typeof pacingSchema>;

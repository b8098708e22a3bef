// A campaign's pacing as the API answers it (rules/pacing.ts computes it): in the campaign answers and
// in the report, so the list, the campaign page, the report and the dashboard read one shape.
import { z } from 'zod/mini';
import { GOAL_METRICS } from '../constants';
import { PACING_STATUSES } from '../rules/pacing';

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
});
export type PacingAnswer = z.infer<typeof pacingSchema>;

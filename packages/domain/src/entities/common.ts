// Building blocks shared by the entity schemas.
import { z } from 'zod';

/** Ids travel as strings; numeric ids from older servers are accepted and turned into strings. */
export const idSchema = z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String);

/** Counters a campaign or creative report carries. */
export const countersSchema = z.object({
  impressions: z.number().nonnegative().default(0),
  engagement: z.number().nonnegative().default(0),
  clicks: z.number().nonnegative().default(0),
});
export type Counters = z.infer<typeof countersSchema>;

export const zeroCounters = (): Counters => ({ impressions: 0, engagement: 0, clicks: 0 });

/** A date as the server sends it: `{ date: 'YYYY-MM-DD HH:mm:ss' }`. */
export const serverDateSchema = z.object({ date: z.string() });

/** A start and end instant, as ISO strings so they survive JSON and local storage. */
export const dateRangeSchema = z.object({ start: z.string(), end: z.string() });
export type DateRange = z.infer<typeof dateRangeSchema>;

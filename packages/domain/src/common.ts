// Building blocks shared by the entity schemas. Built with `zod/mini` (docs/console.md, "What the
// sign-in page downloads"): the session and the settings use them on every page's first load.
import { z } from 'zod/mini';

/** Ids travel as strings; numeric ids from older servers are accepted and turned into strings. */
export const idSchema = z.pipe(
  z.union([z.string().check(z.minLength(1)), z.number().check(z.int(), z.nonnegative())]),
  z.transform(String),
);

/** Counters a campaign or creative report carries. */
export const countersSchema = z.object({
  impressions: z._default(z.number().check(z.nonnegative()), 0),
  engagement: z._default(z.number().check(z.nonnegative()), 0),
  clicks: z._default(z.number().check(z.nonnegative()), 0),
});
export type Counters = z.infer<typeof countersSchema>;

export const zeroCounters = (): Counters => ({ impressions: 0, engagement: 0, clicks: 0 });

/** A date as the server sends it: `{ date: 'YYYY-MM-DD HH:mm:ss' }`. */
export const serverDateSchema = z.object({ date: z.string() });

/** A start and end instant, as ISO strings so they survive JSON and local storage. */
export const dateRangeSchema = z.object({ start: z.string(), end: z.string() });
export type DateRange = z.infer<typeof dateRangeSchema>;

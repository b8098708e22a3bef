// Why an event is invalid traffic: the reasons the ad server records with an event it stores but never
// counts (docs/traffic-quality.md). The first six come from the request itself (general invalid traffic
// found by lists, and the rate rule); the last two from the event's own story (event integrity).
import { z } from 'zod/mini';

export const INVALID_TRAFFIC_REASONS = [
  'bot',
  'headless',
  'no-user-agent',
  'data-centre',
  'prefetch',
  'rate',
  'sequence',
  'mismatch',
] as const;
export type InvalidTrafficReason = (typeof INVALID_TRAFFIC_REASONS)[number];

/** What the report shows for each reason. */
export const INVALID_TRAFFIC_LABELS: Readonly<Record<InvalidTrafficReason, string>> = {
  bot: 'Known bot, crawler or link preview',
  headless: 'Headless or automated browser',
  'no-user-agent': 'No user agent',
  'data-centre': 'Data-centre or hosting address',
  prefetch: 'Prefetch or preview request',
  rate: 'Too many ad requests from one client',
  sequence: 'Event without its counted impression (or start)',
  mismatch: 'Event the creative cannot send',
};

export const isInvalidTrafficReason = (value: unknown): value is InvalidTrafficReason =>
  typeof value === 'string' && (INVALID_TRAFFIC_REASONS as readonly string[]).includes(value);

const count = z.number().check(z.int(), z.nonnegative());

/** One reason's filtered counts in a report. */
export const invalidTrafficRowSchema = z.object({
  reason: z.enum(INVALID_TRAFFIC_REASONS),
  label: z.string(),
  impressions: count,
  clicks: count,
  /** Every filtered event of this reason (impressions, clicks, viewable, engagements, video events). */
  events: count,
});
export type InvalidTrafficRow = z.infer<typeof invalidTrafficRowSchema>;

/**
 * The invalid traffic of a report's range: stored with its reason, never in the report's figures.
 * `total` counts every filtered event; `byReason` lists the reasons that have any, most events first.
 */
export const invalidTrafficSchema = z.object({
  total: count,
  byReason: z.array(invalidTrafficRowSchema),
});
export type InvalidTraffic = z.infer<typeof invalidTrafficSchema>;

export const NO_INVALID_TRAFFIC: InvalidTraffic = { total: 0, byReason: [] };

/** Per-reason counts (events of every type, impressions and clicks) as the report answers them. */
export function invalidTrafficOf(
  counts: ReadonlyMap<InvalidTrafficReason, { impressions: number; clicks: number; events: number }>,
): InvalidTraffic {
  const byReason = INVALID_TRAFFIC_REASONS.flatMap((reason) => {
    const row = counts.get(reason);
    return row && row.events > 0 ? [{ reason, label: INVALID_TRAFFIC_LABELS[reason], ...row }] : [];
  }).sort((a, b) => b.events - a.events || a.reason.localeCompare(b.reason));
  return { total: byReason.reduce((sum, row) => sum + row.events, 0), byReason };
}

/** The invalid impressions and clicks of every reason together. */
export const filteredTotals = (invalid: InvalidTraffic): { impressions: number; clicks: number } => ({
  impressions: invalid.byReason.reduce((sum, row) => sum + row.impressions, 0),
  clicks: invalid.byReason.reduce((sum, row) => sum + row.clicks, 0),
});

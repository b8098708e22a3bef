// Derived report metrics.

/** Click-through rate in percent: clicks per impression × 100; 0 when there are no impressions. */
export function clickThroughRate(counters: {
  impressions?: number | undefined;
  clicks?: number | undefined;
}): number {
  const impressions = counters.impressions ?? 0;
  return impressions > 0 ? ((counters.clicks ?? 0) / impressions) * 100 : 0;
}

/** Sums counters (impressions, engagement, clicks, ...) over several rows, missing values as 0. */
export function sumCounters<K extends string>(
  rows: ReadonlyArray<Partial<Record<K, number>>>,
  keys: readonly K[],
): Record<K, number> {
  return Object.fromEntries(
    keys.map((key) => [key, rows.reduce((sum, row) => sum + (row[key] ?? 0), 0)]),
  ) as Record<K, number>;
}

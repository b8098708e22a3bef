// The event counters in the stores: the domain's list (EVENT_COUNTERS) as the columns both stores
// share, and their rows read back as counters. A counter is added in the domain's list and a migration
// of each store (docs/architecture.md, "How to add a figure"); nothing here names one.
import { COUNTER_COLUMN, EVENT_COUNTER_KEYS, type EventCounters } from '@adconsole/domain';

/** Every counter's column, in the list's order: the same in PostgreSQL's and ClickHouse's tables. */
export const COLUMNS: readonly string[] = EVENT_COUNTER_KEYS.map((key) => COUNTER_COLUMN[key]);

/** A row's counter columns (numbers, or ClickHouse's quoted 64-bit integers) as counters. */
const KEY_COLUMNS = EVENT_COUNTER_KEYS.map((key) => [key, COUNTER_COLUMN[key]] as const);
export const numberRow = (row: Record<string, unknown>): EventCounters => {
  const counters = {} as EventCounters;
  for (const [key, column] of KEY_COLUMNS) counters[key] = Number(row[column] ?? 0);
  return counters;
};

/** `sum(c)::bigint as c, ...` (PostgreSQL, `cast` '::bigint') or `sum(c) as c, ...` (ClickHouse). */
export const counterSumsSql = (cast = ''): string =>
  COLUMNS.map((c) => `sum(${c})${cast} as ${c}`).join(', ');

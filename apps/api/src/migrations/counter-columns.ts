// The PostgreSQL DDL of the event counters (the domain's EVENT_COUNTERS; docs/architecture.md, "How to
// add a counter"). Every table that holds one column per counter, and the statement that adds counters'
// columns to all of them. A migration names its columns itself: what it did must not change when the
// list grows.

/** The tables with a column per counter: the figures' rollups of every grain, by live creative and by campaign, the totals and the invalid rollups. */
const COUNTER_TABLES = [
  'event_rollups',
  'event_hour_rollups',
  'event_day_rollups',
  'event_campaign_rollups',
  'event_campaign_hour_rollups',
  'event_campaign_day_rollups',
  'event_totals',
  'event_invalid_rollups',
] as const;

/** `alter table <t> add column <c> bigint not null default 0, ...;` for each table, one table a statement. */
export const addCounterColumns = (
  columns: readonly string[],
  tables: readonly string[] = COUNTER_TABLES,
): string =>
  tables
    .map(
      (table) =>
        `alter table ${table}\n${columns.map((column) => `  add column ${column} bigint not null default 0`).join(',\n')};`,
    )
    .join('\n');

/** A `create table`'s lines of counter columns (each with its comma): `  <c> bigint not null default 0,`. */
export const counterColumnLines = (columns: readonly string[]): string =>
  columns.map((column) => `  ${column} bigint not null default 0,`).join('\n');

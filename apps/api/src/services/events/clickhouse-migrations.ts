// The ClickHouse event store's schema, as ordered, versioned migrations recorded in its own
// schema_migrations table (ClickHouse runs one statement per call and has no DDL transactions, so every
// statement is idempotent: a migration cut short is simply run again). `{db}` is the database.
//
// Raw events: a MergeTree partitioned by month and ordered by live creative and time. Two materialized
// views turn every inserted block into 15-minute UTC rollups and all-time totals per live creative, in
// SummingMergeTrees: background merges add up rows with the same key, and readers `sum()` by key, so a
// read is exact whether or not the merges have run.
import { EVENT_COUNTERS } from '@adconsole/domain';
import type { ClickHouseClient } from '@clickhouse/client';
import { COLUMNS } from './counters';
import { DIMENSION_COLUMN_OF, DIMENSION_COLUMNS } from './dimensions';

export interface ClickHouseMigration {
  name: string;
  statements: readonly string[];
}

/** The counters' columns of a table (the domain's EVENT_COUNTERS). */
const counterColumns = COLUMNS.map((column) => `${column} UInt64`).join(', ');
/** `sumIf(count, type = 'impression') as impressions, ...`: what one block of raw events adds. */
const counterSums = EVENT_COUNTERS.map(
  (counter) => `sumIf(count, type = '${counter.event}') as ${counter.column}`,
).join(', ');

/**
 * The breakdowns' counters before conversions: 0004 to 0006 made their tables and views with these, in
 * this order (written out: what a migration did must not change when the list grows).
 */
const FIRST_DIMENSION_COLUMNS: readonly string[] = [
  'impressions',
  'viewable',
  'not_viewable',
  'engagement',
  'clicks',
  'video_starts',
  'video_completes',
];

/** A breakdown grain: its table, and its time column (`of(at)` the grain's bucket of an instant). */
interface DimensionGrain {
  name: string;
  column: { name: string; type: string; of: (time: string) => string };
}
const DIMENSION_QUARTERS: DimensionGrain = {
  name: 'event_dimension_rollups',
  column: {
    name: 'bucket',
    type: "DateTime('UTC')",
    of: (time) => `toDateTime(toStartOfFifteenMinutes(${time}), 'UTC')`,
  },
};
const DIMENSION_DAYS: DimensionGrain = {
  name: 'event_dimension_days',
  column: { name: 'day', type: 'Date', of: (time) => `toDate(${time}, 'UTC')` },
};
const DIMENSION_HOURS: DimensionGrain = {
  name: 'event_dimension_hours',
  column: {
    name: 'bucket',
    type: "DateTime('UTC')",
    of: (time) => `toDateTime(toStartOfHour(${time}), 'UTC')`,
  },
};

/**
 * The view that fills a breakdown grain's table from the raw events: valid counted events of the types
 * whose column is among `columns`, by live creative, the grain's bucket, dimension and value.
 */
function dimensionView({ name, column }: DimensionGrain, columns: readonly string[]): string {
  const types = Object.entries(DIMENSION_COLUMN_OF).filter(([, counter]) => columns.includes(counter));
  return `create materialized view if not exists {db}.${name}_mv to {db}.${name} as
         select live_id, ${column.of('at')} as ${column.name},
                pair.1 as dimension, pair.2 as value,
                ${types.map(([type, counter]) => `sumIf(count, type = '${type}') as ${counter}`).join(', ')}
           from {db}.events
           array join [('site', site), ('device', device), ('os', os), ('browser', browser), ('country', country)] as pair
          where reason = '' and type in (${types.map(([type]) => `'${type}'`).join(', ')})
          group by live_id, ${column.name}, dimension, value`;
}

/**
 * A breakdown grain's table and the view that fills it from the raw events (with the counters before
 * conversions; 0008 adds theirs). With `backfill` (a grain added after events were stored) the
 * 15-minute rows already stored are summed in between the two, only while the table is still empty: the
 * migration runs at start, before the process writes, and a run cut short and run again finds the table
 * filled and adds nothing twice.
 */
function dimensionGrain(grain: DimensionGrain, backfill: boolean): string[] {
  const { name, column } = grain;
  return [
    `create table if not exists {db}.${name} (
         live_id String,
         ${column.name} ${column.type},
         dimension LowCardinality(String),
         value String,
         ${FIRST_DIMENSION_COLUMNS.map((counter) => `${counter} UInt64`).join(', ')}
       ) engine = SummingMergeTree
       partition by toYYYYMM(${column.name})
       order by (live_id, dimension, ${column.name}, value)`,
    ...(backfill
      ? [
          `insert into {db}.${name}
         select live_id, ${column.of('bucket')} as ${column.name}_of, dimension, value,
                ${FIRST_DIMENSION_COLUMNS.map((counter) => `sum(${counter})`).join(', ')}
           from {db}.event_dimension_rollups
          where (select count() from {db}.${name}) = 0
          group by live_id, ${column.name}_of, dimension, value`,
        ]
      : []),
    dimensionView(grain, FIRST_DIMENSION_COLUMNS),
  ];
}

/**
 * Conversions in the breakdowns (docs/conversions.md): each grain's table gets their columns and its
 * view is made again with every counter. Nothing to backfill: no conversion was stored before.
 */
const conversionBreakdowns = [DIMENSION_QUARTERS, DIMENSION_HOURS, DIMENSION_DAYS].flatMap((grain) => [
  ...['conversions', 'conversion_value'].map(
    (counter) => `alter table {db}.${grain.name} add column if not exists ${counter} UInt64 default 0`,
  ),
  `drop view if exists {db}.${grain.name}_mv`,
  dimensionView(grain, DIMENSION_COLUMNS),
]);

/** The invalid events' view, summing them by reason. */
const invalidView = `create materialized view if not exists {db}.event_invalid_rollups_mv to {db}.event_invalid_rollups as
   select live_id, toDateTime(toStartOfFifteenMinutes(at), 'UTC') as bucket, reason, ${counterSums}
     from {db}.events
    where reason != ''
    group by live_id, bucket, reason`;

/** The counter columns the VAST player's own events added (0003), for tables made before them. */
const vastCounterColumns = [
  'creative_views',
  'loads',
  'skips',
  'closes',
  'not_viewable',
  'view_undetermined',
];

/** The rollups' and totals' views, counting valid events only (0002 replaces the first ones). */
const validViews = [
  `create materialized view if not exists {db}.event_rollups_mv to {db}.event_rollups as
     select live_id, toDateTime(toStartOfFifteenMinutes(at), 'UTC') as bucket, ${counterSums}
       from {db}.events
      where reason = ''
      group by live_id, bucket`,
  `create materialized view if not exists {db}.event_totals_mv to {db}.event_totals as
     select live_id, ${counterSums}
       from {db}.events
      where reason = ''
      group by live_id`,
];

/**
 * Adds counters' columns to the rollups, totals and invalid rollups and makes their views again with
 * every counter of the list: a migration adding counters (its columns named in it).
 */
const addCounterColumns = (columns: readonly string[]): string[] => [
  ...['event_rollups', 'event_totals', 'event_invalid_rollups'].flatMap((name) =>
    columns.map((column) => `alter table {db}.${name} add column if not exists ${column} UInt64 default 0`),
  ),
  'drop view if exists {db}.event_rollups_mv',
  'drop view if exists {db}.event_totals_mv',
  'drop view if exists {db}.event_invalid_rollups_mv',
  ...validViews,
  invalidView,
];

export const clickhouseMigrations: readonly ClickHouseMigration[] = [
  {
    name: '0001_events',
    statements: [
      `create table if not exists {db}.events (
         live_id String,
         type LowCardinality(String),
         at DateTime64(3, 'UTC'),
         count UInt32,
         impression_id Nullable(String),
         received_at DateTime64(3, 'UTC') default now64(3)
       ) engine = MergeTree
       partition by toYYYYMM(at)
       order by (live_id, at)`,
      `create table if not exists {db}.event_rollups (
         live_id String,
         bucket DateTime('UTC'),
         ${counterColumns}
       ) engine = SummingMergeTree
       partition by toYYYYMM(bucket)
       order by (live_id, bucket)`,
      `create materialized view if not exists {db}.event_rollups_mv to {db}.event_rollups as
         select live_id, toDateTime(toStartOfFifteenMinutes(at), 'UTC') as bucket, ${counterSums}
           from {db}.events
          group by live_id, bucket`,
      `create table if not exists {db}.event_totals (
         live_id String,
         ${counterColumns}
       ) engine = SummingMergeTree
       order by live_id`,
      `create materialized view if not exists {db}.event_totals_mv to {db}.event_totals as
         select live_id, ${counterSums}
           from {db}.events
          group by live_id`,
    ],
  },
  {
    // Invalid traffic (docs/traffic-quality.md): raw events keep their reason ('' when valid); the
    // figures' views take valid events only and a third view sums invalid ones by reason.
    name: '0002_invalid_traffic',
    statements: [
      "alter table {db}.events add column if not exists reason LowCardinality(String) default ''",
      'drop view if exists {db}.event_rollups_mv',
      'drop view if exists {db}.event_totals_mv',
      ...validViews,
      `create table if not exists {db}.event_invalid_rollups (
         live_id String,
         bucket DateTime('UTC'),
         reason LowCardinality(String),
         ${counterColumns}
       ) engine = SummingMergeTree
       partition by toYYYYMM(bucket)
       order by (live_id, bucket, reason)`,
      invalidView,
    ],
  },
  {
    // VAST measurement (docs/serving.md): counters for the player's own events (every view is made
    // again with them), and coded pings ('error:401', 'verificationNotExecuted:2') summed by kind and
    // code when valid.
    name: '0003_vast_measurement',
    statements: [
      ...addCounterColumns(vastCounterColumns),
      `create table if not exists {db}.event_code_rollups (
         live_id String,
         bucket DateTime('UTC'),
         kind LowCardinality(String),
         code UInt16,
         count UInt64
       ) engine = SummingMergeTree
       partition by toYYYYMM(bucket)
       order by (live_id, bucket, kind, code)`,
      `create materialized view if not exists {db}.event_code_rollups_mv to {db}.event_code_rollups as
         select live_id, toDateTime(toStartOfFifteenMinutes(at), 'UTC') as bucket,
                splitByChar(':', toString(type))[1] as kind, toUInt16(splitByChar(':', toString(type))[2]) as code,
                sum(count) as count
           from {db}.events
          where reason = '' and position(toString(type), ':') > 0
          group by live_id, bucket, kind, code`,
    ],
  },
  {
    // Report breakdowns (docs/reports.md): each raw event keeps the values of its impression (site,
    // device, os, browser, country; '' unknown, '~other' past the day's cap, which the main database
    // keeps: services/events/dimensions.ts), and valid counted events are summed by 15-minute bucket,
    // dimension and value.
    name: '0004_breakdowns',
    statements: [
      ...['site', 'device', 'os', 'browser', 'country'].map(
        (column) =>
          `alter table {db}.events add column if not exists ${column} LowCardinality(String) default ''`,
      ),
      ...dimensionGrain(DIMENSION_QUARTERS, false),
    ],
  },
  {
    // Breakdowns by UTC day (docs/clickhouse.md): the same sums by live creative, day, dimension and
    // value, so a 90-day breakdown reads one row per day and value and only its edges by quarter hour
    // (as the PostgreSQL store's event_dimension_days). The rows already stored are summed in when the
    // table is still empty (the migration runs at start, before the process writes; a run cut short
    // and run again finds the table filled and does not add them twice), then the view takes over.
    name: '0005_breakdown_days',
    statements: dimensionGrain(DIMENSION_DAYS, true),
  },
  {
    // Breakdowns by UTC hour: the edges of a range in a zone off UTC (New York's days start at 04:00 or
    // 05:00 UTC) read hourly rows, and only an edge off the hour (+05:45) quarter hours. Filled as 0005
    // fills the days.
    name: '0006_breakdown_hours',
    statements: dimensionGrain(DIMENSION_HOURS, true),
  },
  {
    // Conversions (docs/conversions.md): their count and value (the minor unit of the action's currency).
    name: '0007_conversions',
    statements: addCounterColumns(['conversions', 'conversion_value']),
  },
  {
    // Conversions in the breakdowns: under the values of the click they came through (docs/conversions.md).
    name: '0008_conversion_breakdowns',
    statements: conversionBreakdowns,
  },
  {
    // Where counted conversions came from (signed with the action's postback key, or unsigned: the tag)
    // and the refused ones of real clicks (docs/conversions.md, "Signed postbacks and caps").
    name: '0030_conversion_sources',
    statements: addCounterColumns(['conversions_signed', 'conversions_unsigned', 'conversions_refused']),
  },
  {
    // Ad requests by outcome (docs/reports.md, "Requests not served"): served or the reason not, per
    // campaign, placement, live creative and 15-minute bucket, summed by the serving processes and
    // inserted as they are (no raw rows, no view); readers sum() by key, merges or not.
    name: '0033_ad_requests',
    statements: [
      `create table if not exists {db}.ad_request_rollups (
         campaign_id String,
         placement_id String,
         live_id String,
         bucket DateTime('UTC'),
         outcome LowCardinality(String),
         requests UInt64
       ) engine = SummingMergeTree
       partition by toYYYYMM(bucket)
       order by (campaign_id, bucket, placement_id, live_id, outcome)`,
    ],
  },
  {
    // The frequency report (docs/reports.md, "Frequency"): ads of capped campaigns by their rank in the
    // browser's window (1..10, 11 for the 11th or later), per campaign, window kind and 15-minute bucket,
    // inserted as summed by the serving processes; readers sum() by key.
    name: '0043_ad_frequency',
    statements: [
      `create table if not exists {db}.ad_frequency_rollups (
         campaign_id String,
         bucket DateTime('UTC'),
         period LowCardinality(String),
         rank UInt8,
         ads UInt64
       ) engine = SummingMergeTree
       partition by toYYYYMM(bucket)
       order by (campaign_id, bucket, period, rank)`,
    ],
  },
  {
    // Reach (docs/reports.md, "Reach"; docs/clickhouse.md, "Reach"): the serving processes insert the
    // identities' 64-bit hashes per campaign, live creative ('' for the whole campaign), kind and 15-minute
    // bucket into a Null table; its view keeps a uniqCombined64 state of them and the ads' sum, merged by
    // key in the background and at read time (uniqCombined64Merge), never an identity.
    name: '0047_reach',
    statements: [
      `create table if not exists {db}.reach_states (
         campaign_id String,
         live_id String,
         kind LowCardinality(String),
         bucket DateTime('UTC'),
         ads SimpleAggregateFunction(sum, UInt64),
         identities AggregateFunction(uniqCombined64, UInt64)
       ) engine = AggregatingMergeTree
       partition by toYYYYMM(bucket)
       order by (campaign_id, live_id, bucket, kind)`,
      `create table if not exists {db}.reach_input (
         campaign_id String,
         live_id String,
         kind String,
         bucket DateTime('UTC'),
         ads UInt64,
         hashes Array(UInt64)
       ) engine = Null`,
      `create materialized view if not exists {db}.reach_states_mv to {db}.reach_states as
         select campaign_id, live_id, kind, bucket, ads,
                arrayReduce('uniqCombined64State', hashes) as identities
           from {db}.reach_input`,
    ],
  },
  {
    // Replays in ClickHouse (EVENTS_DEDUP=clickhouse; docs/clickhouse.md, "Replays in ClickHouse"): each
    // signed event's `type|impression_id` with its reason ('' counted) and when it was written, in an
    // EmbeddedRocksDB table (one key a row, multi-key lookups by `key in (...)`, rows forgotten after the
    // TTL: an impression's 48 hours and ten minutes, 173,400 s, clickhouse-dedup.ts's DEDUP_WINDOW_MS
    // written out), filled by the raw events' own insert through its view, whichever EVENTS_DEDUP is
    // set (so switching to it needs nothing copied). Memtable writes
    // (optimize_for_bulk_insert = 0): the batches are small, an SST file each would be too many. The
    // signed events of the window already stored are copied in once (a key written twice is one row).
    name: '0048_event_keys',
    statements: [
      `create table if not exists {db}.event_keys (
         key String,
         reason String,
         seen_at DateTime64(3, 'UTC')
       ) engine = EmbeddedRocksDB(173400)
       primary key key
       settings optimize_for_bulk_insert = 0`,
      `create materialized view if not exists {db}.event_keys_mv to {db}.event_keys as
         select concat(toString(type), '|', assumeNotNull(impression_id)) as key, toString(reason) as reason,
                now64(3, 'UTC') as seen_at
           from {db}.events
          where impression_id is not null`,
      `insert into {db}.event_keys (key, reason, seen_at)
         select concat(toString(type), '|', assumeNotNull(impression_id)), toString(reason), received_at
           from {db}.events
          where impression_id is not null and at >= now() - toIntervalDay(3)
            and received_at >= now64(3) - toIntervalSecond(173400)`,
    ],
  },
];

/** A database name ClickHouse takes unquoted (it comes from EVENTS_URL's path). */
export const CLICKHOUSE_DATABASE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Creates the database and applies each migration once, in order; answers the ones it ran. */
export async function migrateClickHouse(
  client: ClickHouseClient,
  database: string,
  migrations: readonly ClickHouseMigration[] = clickhouseMigrations,
): Promise<string[]> {
  if (!CLICKHOUSE_DATABASE_NAME.test(database))
    throw new Error(`Not a ClickHouse database name: ${database}`);
  const sql = (statement: string) => statement.replaceAll('{db}', database);
  await client.command({ query: `create database if not exists ${database}` });
  await client.command({
    query: sql(
      `create table if not exists {db}.schema_migrations (name String, applied_at DateTime default now())
       engine = ReplacingMergeTree order by name`,
    ),
  });
  const applied = new Set(
    (
      await (
        await client.query({ query: sql('select name from {db}.schema_migrations'), format: 'JSONEachRow' })
      ).json<{ name: string }>()
    ).map((row) => row.name),
  );
  const ran: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    for (const statement of migration.statements) await client.command({ query: sql(statement) });
    await client.insert({
      table: `${database}.schema_migrations`,
      values: [{ name: migration.name }],
      format: 'JSONEachRow',
    });
    ran.push(migration.name);
  }
  return ran;
}

/** The raw events table's `create table` statement as ClickHouse holds it now ('' before migrations). */
export async function rawEventsDdl(client: ClickHouseClient, database: string): Promise<string> {
  const [table] = await (
    await client.query({
      query: "select create_table_query from system.tables where database = {db:String} and name = 'events'",
      query_params: { db: database },
      format: 'JSONEachRow',
    })
  ).json<{ create_table_query: string }>();
  return table?.create_table_query ?? '';
}

/**
 * Raw events older than `days` are dropped by ClickHouse's TTL (whole parts, in the background); the
 * rollups and totals keep every count, so reports do not change. Undefined removes the TTL.
 */
export async function applyRawEventsTtl(
  client: ClickHouseClient,
  database: string,
  days: number | undefined,
): Promise<void> {
  const hasTtl = / TTL /.test(await rawEventsDdl(client, database));
  if (days !== undefined) {
    await client.command({
      query: `alter table ${database}.events modify ttl toDateTime(at) + toIntervalDay(${Math.trunc(days)})`,
    });
  } else if (hasTtl) {
    await client.command({ query: `alter table ${database}.events remove ttl` });
  }
}

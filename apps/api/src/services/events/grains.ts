// The grains of the PostgreSQL store's figures: the 15-minute UTC rollups (event_rollups), their sums by
// UTC hour (event_hour_rollups) and by UTC day (event_day_rollups), and the same three summed over each
// campaign's live creatives (event_campaign_rollups, _hour_, _day_), written together in one statement
// of the batch's transaction. A read sums the coarsest rows that are exact for its zone (docs/reports.md,
// "Tests and benchmark"):
//   - hours, when every offset of the zone over the range is a whole number of hours and every change of
//     offset falls on a UTC hour (an hour's four quarters then fall in the same local hour);
//   - UTC days, when the offset is 0 over the whole range and the read is by day (a local day is then a
//     UTC day);
//   - quarter hours otherwise (+05:45, +05:30, Lord Howe's half-hour daylight saving), and for the edges
//     of a range that starts or ends off an hour (or a day) boundary.
// A campaign's report reads the campaign's rows for its series and hour-of-week grid (one row per
// bucket instead of one per live creative and bucket), and the live creatives' rows for their totals.
import { offsetSpans, type ReportZone } from '@adconsole/domain';
import type { Queryable } from '../../db/database';

export type Grain = 'quarter' | 'hour' | 'day';

/** A part of a read's range and the grain its rows are read from. */
export interface GrainRange {
  grain: Grain;
  from: Date;
  to: Date;
}

/** The table of each grain; all three have the same columns, `bucket` the start of the quarter, hour or day. */
const GRAIN_TABLE: Readonly<Record<Grain, string>> = {
  quarter: 'event_rollups',
  hour: 'event_hour_rollups',
  day: 'event_day_rollups',
};

/** The same grains summed by campaign (migration 0018): `campaign_id` where the others have `live_id`. */
const CAMPAIGN_GRAIN_TABLE: Readonly<Record<Grain, string>> = {
  quarter: 'event_campaign_rollups',
  hour: 'event_campaign_hour_rollups',
  day: 'event_campaign_day_rollups',
};

/**
 * A rollup row's measurable impressions by its live creative's type, as the domain's
 * `measurableImpressions`: a banner's impressions, a video's viewable and not viewable impressions.
 * `isBanner` is the SQL condition that the row's creative is a banner; `row` qualifies the columns.
 */
export const measurableSql = (isBanner: string, row = '') =>
  `case when ${isBanner} then ${row}impressions else ${row}viewable + ${row}not_viewable end`;

/** The same in ClickHouse, the display live creatives in the query parameter `banners`. */
export const clickhouseMeasurableSql = (row = '') =>
  `if(has({banners:Array(String)}, ${row}live_id), ${row}impressions, ${row}viewable + ${row}not_viewable)`;

/**
 * Whose rows a read sums: some live creatives (`$n::text[]`), one campaign's (`$n::text`), or several
 * campaigns' (`$n::text[]`, each row with its `campaign_id`).
 */
export type GrainSource =
  | { liveIdsParam: string }
  | { campaignIdParam: string }
  | { campaignIdsParam: string };

const QUARTER_MS = 15 * 60 * 1000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const GRAIN_MS: Readonly<Record<Grain, number>> = { quarter: QUARTER_MS, hour: HOUR_MS, day: DAY_MS };

/** The start of the grain's bucket an instant falls in (UTC). */
const grainBucketOf = (grain: Grain, at: Date): number =>
  Math.floor(at.getTime() / GRAIN_MS[grain]) * GRAIN_MS[grain];

const ceilTo = (ms: number, step: number) => Math.ceil(ms / step) * step;
const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/**
 * Splits [from, to) into parts read from the coarsest exact grain, in order, covering exactly the same
 * instants. `unit` is what the rows are grouped by: local days, or local hours (periods by hour, the
 * hour-of-week grid). `finest` reads every part by quarter hour (the reference the grains must equal).
 */
export function planGrains(
  zone: ReportZone,
  from: Date,
  to: Date,
  unit: 'day' | 'hour',
  finest = false,
): GrainRange[] {
  const start = from.getTime();
  const end = to.getTime();
  if (start >= end) return [];
  const whole: GrainRange[] = [{ grain: 'quarter', from, to }];
  if (finest) return whole;
  const spans = offsetSpans(zone.iana ?? zone.offset, from, to);
  const wholeHours = spans.every(
    (span, index) => span.offsetMinutes % 60 === 0 && (index === 0 || span.start.getTime() % HOUR_MS === 0),
  );
  if (!wholeHours) return whole;
  const firstHour = ceilTo(start, HOUR_MS);
  const lastHour = floorTo(end, HOUR_MS);
  if (lastHour <= firstHour) return whole;
  const utc = spans.every((span) => span.offsetMinutes === 0);
  let firstDay = ceilTo(firstHour, DAY_MS);
  let lastDay = floorTo(lastHour, DAY_MS);
  if (unit !== 'day' || !utc || lastDay <= firstDay) {
    firstDay = lastHour;
    lastDay = lastHour;
  }
  const parts: [Grain, number, number][] = [
    ['quarter', start, firstHour],
    ['hour', firstHour, firstDay],
    ['day', firstDay, lastDay],
    ['hour', lastDay, lastHour],
    ['quarter', lastHour, end],
  ];
  return parts
    .filter(([, partFrom, partTo]) => partFrom < partTo)
    .map(([grain, partFrom, partTo]) => ({ grain, from: new Date(partFrom), to: new Date(partTo) }));
}

/**
 * A subquery of the rollup rows of `source` in the planned parts, `bucket` and the given columns from
 * each grain's table (`param` adds a parameter and answers its placeholder). Rows of live creatives
 * have their `live_id`, several campaigns' their `campaign_id`; one campaign's rows have neither.
 */
export function grainRowsSql(
  parts: readonly GrainRange[],
  columns: readonly string[],
  source: GrainSource,
  param: (value: Date, type: string) => string,
): string {
  const byGrain = new Map<Grain, GrainRange[]>();
  for (const part of parts) byGrain.set(part.grain, [...(byGrain.get(part.grain) ?? []), part]);
  // An empty range (start at or after end) reads no rows: the same columns from no bucket, never an
  // empty `from ()`.
  const from = (grain: Grain) =>
    'liveIdsParam' in source
      ? `select live_id, bucket, ${columns.join(', ')} from ${GRAIN_TABLE[grain]}
               where live_id = any(${source.liveIdsParam})`
      : 'campaignIdsParam' in source
        ? `select campaign_id, bucket, ${columns.join(', ')} from ${CAMPAIGN_GRAIN_TABLE[grain]}
               where campaign_id = any(${source.campaignIdsParam})`
        : `select bucket, ${columns.join(', ')} from ${CAMPAIGN_GRAIN_TABLE[grain]}
               where campaign_id = ${source.campaignIdParam}`;
  if (byGrain.size === 0) return `${from('quarter')} and false`;
  return [...byGrain.entries()]
    .map(([grain, ranges]) => {
      const where = ranges
        .map(
          (range) =>
            `(bucket >= ${param(range.from, 'timestamptz')} and bucket < ${param(range.to, 'timestamptz')})`,
        )
        .join(' or ');
      return `${from(grain)} and (${where})`;
    })
    .join(' union all ');
}

/** Counters of one batch to add to the rollups of every grain (a 15-minute tally, or single events). */
export interface GrainEvent<K extends string> {
  liveId: string;
  at: Date;
  counters: Readonly<Record<K, number>>;
}

/**
 * Adds a batch's valid counted events to the 15-minute, hourly and daily rollups, by live creative and
 * by campaign (the live creative's, from live_creatives), in one statement (so in the batch's
 * transaction: either every grain has them or none). `keys` are the counter keys in the order of
 * `columns`. An event of a live id that is not in live_creatives (there is none in the product) counts
 * only in the rollups by live creative. Rows are upserted in key order, so two batches written at once
 * by two API processes wait for each other's rows instead of deadlocking.
 */
export async function writeGrainRollups<K extends string>(
  tx: Queryable,
  events: readonly GrainEvent<K>[],
  keys: readonly K[],
  columns: readonly string[],
): Promise<void> {
  if (events.length === 0) return;
  const params: unknown[] = [];
  const upsert = (table: string, key: string, more: readonly string[] = []) =>
    `on conflict (${key}, bucket) do update set ${[...columns, ...more].map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;
  const statements = (['quarter', 'hour', 'day'] as const).flatMap((grain) => {
    const rows = new Map<string, { liveId: string; bucket: number; counts: number[] }>();
    for (const event of events) {
      const bucket = grainBucketOf(grain, event.at);
      const id = `${event.liveId}\n${bucket}`;
      const row = rows.get(id) ?? { liveId: event.liveId, bucket, counts: keys.map(() => 0) };
      keys.forEach((key, index) => {
        row.counts[index] = (row.counts[index] ?? 0) + event.counters[key];
      });
      rows.set(id, row);
    }
    const list = [...rows.values()];
    const first = params.length + 1;
    params.push(
      list.map((row) => row.liveId),
      list.map((row) => new Date(row.bucket).toISOString()),
      ...keys.map((_, index) => list.map((row) => row.counts[index] ?? 0)),
    );
    const unnest = `unnest($${first}::text[], $${first + 1}::timestamptz[], ${columns.map((_, i) => `$${first + i + 2}::bigint[]`).join(', ')})`;
    const table = GRAIN_TABLE[grain];
    const campaignTable = CAMPAIGN_GRAIN_TABLE[grain];
    return [
      `insert into ${table} (live_id, bucket, ${columns.join(', ')})
            select * from ${unnest} as batch order by 1, 2
            ${upsert(table, 'live_id')}`,
      `insert into ${campaignTable} (campaign_id, bucket, ${columns.join(', ')}, measurable)
            select live.campaign_id, batch.bucket, ${columns.map((c) => `sum(batch.${c})`).join(', ')},
                   sum(${measurableSql("live.snapshot->>'type' = 'Banner'", 'batch.')})
              from ${unnest} as batch (live_id, bucket, ${columns.join(', ')})
              join live_creatives live on live.id = batch.live_id
             group by 1, 2 order by 1, 2
            ${upsert(campaignTable, 'campaign_id', ['measurable'])}`,
    ];
  });
  const last = statements.pop();
  await tx.query(
    `with ${statements.map((statement, index) => `grain${index} as (${statement})`).join(', ')} ${last}`,
    params as never,
  );
}

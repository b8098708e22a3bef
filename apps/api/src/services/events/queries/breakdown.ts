// Report read: the valid events of a range under one breakdown dimension, summed by stored value ('' unknown,
// '~other' past the day's cap: dimensions.ts). Both stores read the coarsest rows that cover the range
// exactly: whole UTC days, then (ClickHouse) hours, then quarter hours at the edges.
import type { BreakdownCounters, BreakdownDimension } from '@adconsole/domain';
import { DIMENSION_COLUMNS } from '../dimensions';
import { clickhouseMeasurableSql, type Grain, measurableSql, planGrains } from '../grains';
import { byStore } from './by-store';

/** A breakdown's sums by stored value. */
export interface DimensionValueRow {
  value: string;
  counters: BreakdownCounters;
}

/** Counters from a row of summed columns; measurable comes summed in SQL (it depends on the creative type). */
const dimensionCounters = (row: Record<string, unknown>): BreakdownCounters => ({
  impressions: Number(row.impressions ?? 0),
  viewable: Number(row.viewable ?? 0),
  measurable: Number(row.measurable ?? 0),
  engagement: Number(row.engagement ?? 0),
  clicks: Number(row.clicks ?? 0),
  videoStarts: Number(row.video_starts ?? 0),
  videoCompletes: Number(row.video_completes ?? 0),
  conversions: Number(row.conversions ?? 0),
  conversionValueMinor: Number(row.conversion_value ?? 0),
});

const DAY_MS = 86_400_000;

/**
 * Splits [from, to) into the whole UTC days inside it and the edges before and after them (exactly the
 * same instants), so a long range reads one row per day and value and only its edges by quarter hour.
 */
function splitByUtcDays(from: Date, to: Date) {
  const firstDay = Math.ceil(from.getTime() / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(to.getTime() / DAY_MS) * DAY_MS;
  if (lastDay <= firstDay) return { days: null, edges: [{ from, to }] };
  return {
    days: { from: new Date(firstDay), to: new Date(lastDay) },
    edges: [
      { from, to: new Date(firstDay) },
      { from: new Date(lastDay), to },
    ].filter((edge) => edge.from.getTime() < edge.to.getTime()),
  };
}

/** ClickHouse's breakdown tables of each grain (its migrations 0004, 0006 and 0005). */
const DIMENSION_GRAIN_TABLE: Readonly<Record<Grain, string>> = {
  quarter: 'event_dimension_rollups',
  hour: 'event_dimension_hours',
  day: 'event_dimension_days',
};
/** An instant (on a whole second) as ClickHouse's DateTime takes it. */
const seconds = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');
/** A UTC day as ClickHouse's Date takes it. */
const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The valid events of `from <= bucket < to` under one dimension, summed by stored value; measurable
 * impressions follow each live creative's type (`bannerIds` are the display ones). Rows plus unknown
 * plus other add up to readPeriods' sums over the same range.
 */
export const readBreakdown = byStore<
  [
    liveIds: readonly string[],
    from: Date,
    to: Date,
    dimension: BreakdownDimension,
    bannerIds: readonly string[],
  ],
  DimensionValueRow[]
>({
  // Whole UTC days read by day, the edges by quarter hour.
  async postgres(store, liveIds, from, to, dimension, bannerIds) {
    if (liveIds.length === 0 || from.getTime() >= to.getTime()) return [];
    const { days, edges } = splitByUtcDays(from, to);
    const params: unknown[] = [[...liveIds], dimension, [...bannerIds]];
    const param = (value: unknown, type: string) => {
      params.push(value);
      return `$${params.length}::${type}`;
    };
    const columns = `value, ${DIMENSION_COLUMNS.join(', ')}, ${measurableSql('live_id = any($3::text[])')} as measurable`;
    const parts: string[] = [];
    if (days) {
      parts.push(
        `select ${columns} from event_dimension_days
          where live_id = any($1::text[]) and dimension = $2 and day >= ${param(days.from.toISOString().slice(0, 10), 'date')} and day < ${param(days.to.toISOString().slice(0, 10), 'date')}`,
      );
    }
    if (edges.length > 0) {
      const ranges = edges
        .map(
          (edge) =>
            `(bucket >= ${param(edge.from, 'timestamptz')} and bucket < ${param(edge.to, 'timestamptz')})`,
        )
        .join(' or ');
      parts.push(
        `select ${columns} from event_dimension_rollups
          where live_id = any($1::text[]) and dimension = $2 and (${ranges})`,
      );
    }
    const rows = await store.db.query<Record<string, unknown> & { value: string }>(
      `select value, ${[...DIMENSION_COLUMNS, 'measurable'].map((c) => `sum(${c})::bigint as ${c}`).join(', ')}
         from (${parts.join(' union all ')}) as parts
        group by value`,
      params as never,
    );
    return rows.map((row) => ({ value: row.value, counters: dimensionCounters(row) }));
  },
  // Whole UTC days, then hours, then quarter hours at edges off the hour (the grains of the PostgreSQL
  // figures, grains.ts).
  async clickhouse(store, liveIds, from, to, dimension, bannerIds) {
    if (liveIds.length === 0 || from.getTime() >= to.getTime()) return [];
    const params: Record<string, unknown> = { ids: [...liveIds], dimension, banners: [...bannerIds] };
    const columns = `value, ${DIMENSION_COLUMNS.join(', ')}, ${clickhouseMeasurableSql()} as measurable_row`;
    // One select per grain, its parts' bounds in the column's own type (Date, DateTime): a DateTime64
    // bound made ClickHouse convert the column, and the primary key no longer narrowed the read.
    const byGrain = new Map<Grain, string[]>();
    planGrains({ offset: '+00:00' }, from, to, 'day').forEach((part, index) => {
      const isDay = part.grain === 'day';
      params[`from${index}`] = isDay ? day(part.from) : seconds(part.from);
      params[`to${index}`] = isDay ? day(part.to) : seconds(part.to);
      const type = isDay ? 'Date' : "DateTime('UTC')";
      const column = isDay ? 'day' : 'bucket';
      byGrain.set(part.grain, [
        ...(byGrain.get(part.grain) ?? []),
        `(${column} >= {from${index}:${type}} and ${column} < {to${index}:${type}})`,
      ]);
    });
    const parts = [...byGrain].map(
      ([grain, ranges]) =>
        `select ${columns} from ${store.table(DIMENSION_GRAIN_TABLE[grain])}
          where live_id in {ids:Array(String)} and dimension = {dimension:String} and (${ranges.join(' or ')})`,
    );
    const found = await store.rows<Record<string, unknown> & { value: string }>(
      `select value, ${DIMENSION_COLUMNS.map((column) => `sum(${column}) as ${column}`).join(', ')},
              sum(measurable_row) as measurable
         from (${parts.join(' union all ')})
        group by value`,
      params,
    );
    return found.map((row) => ({ value: row.value, counters: dimensionCounters(row) }));
  },
});

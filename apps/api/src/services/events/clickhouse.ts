// The ClickHouse event store (EVENTS_URL): raw events, 15-minute rollups and totals in ClickHouse
// (clickhouse-migrations.ts), behind the same EventStore interface as the PostgreSQL store, so the
// tracking routes, the reports and the console do not change.
//
// Durability: a batch is one synchronous INSERT; writeBatch resolves (and the tracking requests of the
// batch are answered) only after ClickHouse has accepted it.
// Replays: which event types of which impressions already counted is a short-lived seen-set in the main
// database (event_seen). A batch claims its keys there and inserts into ClickHouse inside one main
// database transaction, so a failed insert releases the keys and the batch fails as a whole. Limit: if
// the main database's commit fails after ClickHouse accepted the insert, those events count and a replay
// of them would count again (docs/decisions/0007-clickhouse-event-store.md).
import {
  ApiError,
  type CodedEventKind,
  type InvalidTrafficReason,
  offsetToMinutes,
  UNKNOWN_DIMENSIONS,
} from '@adconsole/domain';
import { type ClickHouseClient, createClient } from '@clickhouse/client';
import type { EventsConfig } from '../../config';
import type { Database, Queryable } from '../../db/database';
import { IMPRESSION_LIFETIME_MS } from '../serving/signing';
import { applyRawEventsTtl, migrateClickHouse } from './clickhouse-migrations';
import { COLUMNS, numberRow } from './counters';
import { capDimensions, DIMENSION_COLUMN_OF, DIMENSION_COLUMNS, dimensionCounters } from './dimensions';
import { clickhouseMeasurableSql, type Grain, planGrains } from './grains';
import { judgeBatch, storedHistory } from './integrity';
import { type EventStore, numberWeekHourRow, type ReportRows, type StoreZone } from './store';
import type { TrackedEvent } from './tracked-event';

export interface ClickHouseEventStoreOptions {
  /** The main database: it keeps the seen-set of replayed beacons. */
  db: Database;
  client: ClickHouseClient;
  /** The ClickHouse database holding the events (created and migrated by migrateClickHouse). */
  database: string;
  /** Inserts through ClickHouse's async-insert buffer, answered once flushed (EVENTS_ASYNC_INSERT). */
  asyncInsert?: boolean;
}

/**
 * The settings every insert of a batch carries. Either way the insert is answered only once ClickHouse
 * has written it: synchronous (`async_insert=0`, whatever the server's profile says), or, for a fleet
 * of API processes each sending small batches, through the server's async-insert buffer with
 * `wait_for_async_insert=1` (never 0: that would answer before the data is written). Settings of the
 * URL (`?ch_insert_quorum=2`) go along with them (docs/clickhouse.md, "A fleet of API processes").
 */
export const insertSettings = (asyncInsert: boolean) =>
  asyncInsert ? ({ async_insert: 1, wait_for_async_insert: 1 } as const) : ({ async_insert: 0 } as const);

/** Seen-set rows older than this can never match a beacon again (its signature no longer verifies). */
const SEEN_LIFETIME_MS = IMPRESSION_LIFETIME_MS + 10 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** ClickHouse's DateTime (the rollups' bucket) runs from 1970 to early 2106: the store keeps these years. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2106, 0, 1);

/** A Date as ClickHouse's DateTime64(3, 'UTC') text. */
const clickhouseTime = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '');
/** The breakdown tables of each grain (migrations 0004, 0006 and 0005). */
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
 * The bucket as local time in `zone`, with its parameters: an IANA zone through ClickHouse's tz database
 * (daylight saving followed, as PostgreSQL's `at time zone` does), a fixed offset as a shift of UTC.
 */
const localTime = (zone: StoreZone) =>
  zone.iana !== undefined
    ? { sql: 'toTimeZone(bucket, {zone:String})', params: { zone: zone.iana } }
    : {
        sql: "toTimeZone(bucket + toIntervalSecond({shift:Int32}), 'UTC')",
        params: { shift: offsetToMinutes(zone.offset) * 60 },
      };

/** Of `events`, those to store: every imported one, and the first of each new impression and type. */
async function claimNew(tx: Queryable, events: readonly TrackedEvent[]): Promise<TrackedEvent[]> {
  const signed = events.filter((event) => event.impressionId !== null);
  if (signed.length === 0) return [...events];
  const claimed = await tx.query<{ impression_id: string; type: string }>(
    `insert into event_seen (impression_id, type, reason)
     select * from unnest($1::text[], $2::text[], $3::text[])
     on conflict (impression_id, type) do nothing
     returning impression_id, type`,
    [
      signed.map((event) => event.impressionId),
      signed.map((event) => event.type),
      signed.map((event) => event.reason ?? null),
    ],
  );
  const fresh = new Set(claimed.map((row) => `${row.type}|${row.impression_id}`));
  return events.filter((event) => {
    if (event.impressionId === null) return true;
    // A key is taken by its first event; a second one in the same batch is a replay.
    return fresh.delete(`${event.type}|${event.impressionId}`);
  });
}

export function createClickHouseEventStore({
  db,
  client,
  database,
  asyncInsert = false,
}: ClickHouseEventStoreOptions): EventStore {
  const table = (name: string) => `${database}.${name}`;
  let prunedAt = 0;
  const sums = COLUMNS.map((column) => `sum(${column}) as ${column}`).join(', ');
  const rows = async <T>(query: string, query_params: Record<string, unknown>) =>
    (await client.query({ query, query_params, format: 'JSONEachRow' })).json<T>();
  const range = (liveIds: readonly string[], from: Date, to: Date) => ({
    ids: [...liveIds],
    from: clickhouseTime(from),
    to: clickhouseTime(to),
  });
  const inRange =
    "live_id in {ids:Array(String)} and bucket >= {from:DateTime64(3, 'UTC')} and bucket < {to:DateTime64(3, 'UTC')}";
  /**
   * A rollup table summed by local period, and by live creative unless `byLive` is false (the rows of a
   * series, `liveId` ''), and by reason when asked.
   */
  const periodRows = async (
    name: 'event_rollups' | 'event_invalid_rollups',
    liveIds: readonly string[],
    from: Date,
    to: Date,
    zone: StoreZone,
    unit: 'day' | 'hour',
    extraColumn: '' | 'reason',
    /** A series: summed over the live creatives, with the measurable impressions of these display ones. */
    series?: { bannerIds: readonly string[] },
  ) => {
    const byLive = series === undefined;
    if (liveIds.length === 0) return [];
    const local = localTime(zone);
    const format = unit === 'day' ? '%Y-%m-%d' : '%Y-%m-%dT%H:00';
    const groups = [...(byLive ? ['live_id'] : []), 'period', ...(extraColumn ? [extraColumn] : [])].join(
      ', ',
    );
    const measurable = series
      ? // Qualified: `impressions` alone would name the sum's alias of the same name.
        `, sum(${clickhouseMeasurableSql('rollup.')}) as measurable`
      : '';
    const found = await rows<
      Record<string, unknown> & { live_id?: string; period: string; extra?: string; measurable?: string }
    >(
      `select ${byLive ? 'live_id, ' : ''}formatDateTime(${local.sql}, '${format}') as period${extraColumn ? `, ${extraColumn} as extra` : ''}, ${sums}${measurable}
         from ${table(name)} as rollup
        where ${inRange}
        group by ${groups}
        order by ${groups}`,
      { ...range(liveIds, from, to), ...local.params, ...(series ? { banners: [...series.bannerIds] } : {}) },
    );
    return found.map((row) => ({
      liveId: row.live_id ?? '',
      period: row.period,
      ...numberRow(row),
      ...(row.extra === undefined ? {} : { extra: row.extra }),
      ...(series ? { measurable: Number(row.measurable ?? 0) } : {}),
    }));
  };

  return {
    async writeBatch(events, options) {
      if (events.length === 0) return 0;
      // Refused, not clamped: imports are checked by index, in the import's order.
      const outside = events.findIndex(
        (event) => !(event.at.getTime() >= EARLIEST && event.at.getTime() < LATEST),
      );
      if (outside !== -1) {
        throw ApiError.of(
          400,
          `events.${outside}.at: the ClickHouse event store keeps times from 1970 to 2105`,
        );
      }
      return db.transaction(async (tx) => {
        if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
          await tx.query('delete from event_seen where seen_at < $1', [
            new Date(Date.now() - SEEN_LIFETIME_MS),
          ]);
          prunedAt = Date.now();
        }
        const judged = judgeBatch(events, await storedHistory(tx, 'event_seen', events), options);
        const counted = await claimNew(tx, judged);
        if (counted.length === 0) return 0;
        // The breakdowns' cap, in the main database (valid counted events only; the rest keep none).
        const breakdown = counted.filter(
          (event) => (event.reason ?? null) === null && DIMENSION_COLUMN_OF[event.type] !== undefined,
        );
        const capped = await capDimensions(
          tx,
          breakdown.map((event) => ({ ...event, dims: event.dims ?? UNKNOWN_DIMENSIONS })),
          'event_dimension_values',
          true,
        );
        const dimsOf = new Map(breakdown.map((event, index) => [event, capped[index]?.dims]));
        // Resolves once ClickHouse has written the block (insertSettings), so an acknowledged event is
        // stored.
        await client.insert({
          table: table('events'),
          values: counted.map((event) => ({
            live_id: event.liveId,
            type: event.type,
            at: clickhouseTime(event.at),
            count: event.count,
            impression_id: event.impressionId,
            reason: event.reason ?? '',
            ...(dimsOf.get(event) ?? UNKNOWN_DIMENSIONS),
          })),
          format: 'JSONEachRow',
          clickhouse_settings: insertSettings(asyncInsert),
        });
        return counted.length;
      });
    },

    async readRollups(liveIds, from, to) {
      if (liveIds.length === 0) return [];
      const found = await rows<Record<string, unknown> & { live_id: string; bucket_start: number }>(
        `select live_id, toUnixTimestamp(bucket) as bucket_start, ${sums} from ${table('event_rollups')}
          where ${inRange}
          group by live_id, bucket_start
          order by live_id, bucket_start`,
        range(liveIds, from, to),
      );
      return found.map((row) => ({
        liveId: row.live_id,
        bucket: new Date(Number(row.bucket_start) * 1000),
        ...numberRow(row),
      }));
    },

    async readPeriods(liveIds, from, to, zone, unit) {
      return periodRows('event_rollups', liveIds, from, to, zone, unit, '');
    },

    // ClickHouse sums the live creatives' rows in its own engine: the campaign is not needed.
    async readSeries(liveIds, from, to, zone, unit, { bannerIds }) {
      const found = await periodRows('event_rollups', liveIds, from, to, zone, unit, '', { bannerIds });
      return found.map((row) => ({ ...row, measurable: row.measurable ?? 0 }));
    },

    // One pass grouped three ways: chdb runs one query at a time in the process, and a ClickHouse
    // server scans the rows once instead of three times (docs/clickhouse.md).
    async readReportRows(liveIds, from, to, zone, unit, { bannerIds }) {
      if (liveIds.length === 0) return { series: [], totals: new Map(), weekHours: [] };
      const local = localTime(zone);
      const format = unit === 'day' ? '%Y-%m-%d' : '%Y-%m-%dT%H:00';
      const found = await rows<
        Record<string, unknown> & {
          live_id: string | null;
          period: string | null;
          weekday: number | null;
          hour: number | null;
          measurable: string;
        }
      >(
        `select live_id, formatDateTime(${local.sql}, '${format}') as period,
                toDayOfWeek(${local.sql}) - 1 as weekday, toHour(${local.sql}) as hour, ${sums},
                sum(${clickhouseMeasurableSql('rollup.')}) as measurable
           from ${table('event_rollups')} as rollup
          where ${inRange}
          group by grouping sets ((period), (live_id), (weekday, hour))
          settings group_by_use_nulls = 1`,
        { ...range(liveIds, from, to), ...local.params, banners: [...bannerIds] },
      );
      const result: ReportRows = { series: [], totals: new Map(), weekHours: [] };
      for (const row of found) {
        if (row.period !== null)
          result.series.push({
            liveId: '',
            period: row.period,
            ...numberRow(row),
            measurable: Number(row.measurable),
          });
        else if (row.live_id !== null) result.totals.set(row.live_id, numberRow(row));
        else if (row.weekday !== null)
          result.weekHours.push(
            numberWeekHourRow({
              weekday: row.weekday,
              hour: row.hour,
              impressions: row.impressions,
              clicks: row.clicks,
            }),
          );
      }
      result.series.sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
      return result;
    },

    async readRangeTotals(liveIds, from, to) {
      if (liveIds.length === 0) return new Map();
      const found = await rows<Record<string, unknown> & { live_id: string }>(
        `select live_id, ${sums} from ${table('event_rollups')} where ${inRange} group by live_id`,
        range(liveIds, from, to),
      );
      return new Map(found.map((row) => [row.live_id, numberRow(row)]));
    },

    async readBreakdown(liveIds, from, to, dimension, bannerIds) {
      if (liveIds.length === 0 || from.getTime() >= to.getTime()) return [];
      // The coarsest rows that cover the range exactly: whole UTC days, then hours, then quarter hours
      // at edges off the hour (the grains of the PostgreSQL figures, grains.ts).
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
          `select ${columns} from ${table(DIMENSION_GRAIN_TABLE[grain])}
            where live_id in {ids:Array(String)} and dimension = {dimension:String} and (${ranges.join(' or ')})`,
      );
      const found = await rows<Record<string, unknown> & { value: string }>(
        `select value, ${DIMENSION_COLUMNS.map((column) => `sum(${column}) as ${column}`).join(', ')},
                sum(measurable_row) as measurable
           from (${parts.join(' union all ')})
          group by value`,
        params,
      );
      return found.map((row) => ({ value: row.value, counters: dimensionCounters(row) }));
    },

    async readInvalidPeriods(liveIds, from, to, zone, unit) {
      const found = await periodRows('event_invalid_rollups', liveIds, from, to, zone, unit, 'reason');
      return found.map(({ extra, ...row }) => ({ ...row, reason: extra as InvalidTrafficReason }));
    },

    async readCodes(liveIds, from, to) {
      if (liveIds.length === 0) return [];
      const found = await rows<{ live_id: string; kind: CodedEventKind; code: number; count: string }>(
        `select live_id, kind, code, sum(count) as count from ${table('event_code_rollups')}
          where ${inRange}
          group by live_id, kind, code
          order by live_id, kind, code`,
        range(liveIds, from, to),
      );
      return found.map((row) => ({
        liveId: row.live_id,
        kind: row.kind,
        code: Number(row.code),
        count: Number(row.count),
      }));
    },

    async readWeekHours(liveIds, from, to, zone) {
      if (liveIds.length === 0) return [];
      const local = localTime(zone);
      const found = await rows<{ weekday: number; hour: number; impressions: string; clicks: string }>(
        `select toDayOfWeek(${local.sql}) - 1 as weekday, toHour(${local.sql}) as hour,
                sum(impressions) as impressions, sum(clicks) as clicks
           from ${table('event_rollups')}
          where ${inRange}
          group by weekday, hour`,
        { ...range(liveIds, from, to), ...local.params },
      );
      return found.map(numberWeekHourRow);
    },

    async readTotals(liveIds) {
      if (liveIds.length === 0) return new Map();
      const found = await rows<Record<string, unknown> & { live_id: string }>(
        `select live_id, ${sums} from ${table('event_totals')} where live_id in {ids:Array(String)} group by live_id`,
        { ids: [...liveIds] },
      );
      return new Map(found.map((row) => [row.live_id, numberRow(row)]));
    },
  };
}

/**
 * Migrates the ClickHouse database, sets the raw events' TTL and answers the store: what the server does
 * at start with EVENTS_URL, and what the tests and the bench do with an embedded ClickHouse (chdb).
 */
export async function prepareClickHouseEventStore(
  options: ClickHouseEventStoreOptions & { rawTtlDays?: number | undefined },
): Promise<EventStore> {
  await migrateClickHouse(options.client, options.database);
  await applyRawEventsTtl(options.client, options.database, options.rawTtlDays);
  return createClickHouseEventStore(options);
}

/** The ClickHouse event store of EVENTS_URL, and how to close its client. */
export async function openClickHouseEventStore(
  config: EventsConfig,
  db: Database,
): Promise<{ store: EventStore; close(): Promise<void> }> {
  const client = createClient({ url: config.url, application: 'adconsole' });
  try {
    const store = await prepareClickHouseEventStore({
      db,
      client,
      database: config.database,
      rawTtlDays: config.rawTtlDays,
      asyncInsert: config.asyncInsert,
    });
    return { store, close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}

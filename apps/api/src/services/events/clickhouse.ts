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
import { capDimensions, DIMENSION_COLUMN_OF, DIMENSION_COLUMNS, dimensionCounters } from './dimensions';
import { judgeBatch, storedHistory } from './integrity';
import { COLUMNS, type EventStore, numberRow, numberWeekHourRow, type StoreZone } from './store';
import type { TrackedEvent } from './tracked-event';

export interface ClickHouseEventStoreOptions {
  /** The main database: it keeps the seen-set of replayed beacons. */
  db: Database;
  client: ClickHouseClient;
  /** The ClickHouse database holding the events (created and migrated by migrateClickHouse). */
  database: string;
}

/** Seen-set rows older than this can never match a beacon again (its signature no longer verifies). */
const SEEN_LIFETIME_MS = IMPRESSION_LIFETIME_MS + 10 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** ClickHouse's DateTime (the rollups' bucket) runs from 1970 to early 2106: the store keeps these years. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2106, 0, 1);

/** A Date as ClickHouse's DateTime64(3, 'UTC') text. */
const clickhouseTime = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '');

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
  /** A rollup table summed by live creative and local period (and by reason, when asked). */
  const periodRows = async (
    name: 'event_rollups' | 'event_invalid_rollups',
    liveIds: readonly string[],
    from: Date,
    to: Date,
    zone: StoreZone,
    unit: 'day' | 'hour',
    extraColumn: '' | 'reason',
  ) => {
    if (liveIds.length === 0) return [];
    const local = localTime(zone);
    const format = unit === 'day' ? '%Y-%m-%d' : '%Y-%m-%dT%H:00';
    const extra = extraColumn ? `, ${extraColumn}` : '';
    const found = await rows<Record<string, unknown> & { live_id: string; period: string; extra?: string }>(
      `select live_id, formatDateTime(${local.sql}, '${format}') as period${extraColumn ? `, ${extraColumn} as extra` : ''}, ${sums}
         from ${table(name)}
        where ${inRange}
        group by live_id, period${extra}
        order by live_id, period${extra}`,
      { ...range(liveIds, from, to), ...local.params },
    );
    return found.map((row) => ({
      liveId: row.live_id,
      period: row.period,
      ...numberRow(row),
      ...(row.extra === undefined ? {} : { extra: row.extra }),
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
        // Synchronous: resolves once ClickHouse has written the block (async_insert off, whatever the
        // server's profile says), so an acknowledged event is stored.
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
          clickhouse_settings: { async_insert: 0 },
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

    async readBreakdown(liveIds, from, to, dimension, bannerIds) {
      if (liveIds.length === 0 || from.getTime() >= to.getTime()) return [];
      const found = await rows<Record<string, unknown> & { value: string }>(
        `select value, ${DIMENSION_COLUMNS.map((column) => `sum(${column}) as ${column}`).join(', ')},
                sum(if(has({banners:Array(String)}, live_id), impressions, viewable + not_viewable)) as measurable
           from ${table('event_dimension_rollups')}
          where ${inRange} and dimension = {dimension:String}
          group by value`,
        { ...range(liveIds, from, to), dimension, banners: [...bannerIds] },
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
    });
    return { store, close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}

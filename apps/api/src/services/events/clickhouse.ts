// The ClickHouse event store (EVENTS_URL): raw events, 15-minute rollups and totals in ClickHouse
// (clickhouse-migrations.ts). This file holds its write side and its handle (`rows`, `table`); its
// report reads stand beside the PostgreSQL ones in queries/, so the tracking routes, the reports and the
// console do not change with the store.
//
// Durability: a batch is one synchronous INSERT; writeBatch resolves (and the tracking requests of the
// batch are answered) only after ClickHouse has accepted it.
// Replays: which event types of which impressions already counted is, by default, a short-lived seen-set
// in the main database (event_seen). A batch claims its keys there and inserts into ClickHouse inside one
// main database transaction, so a failed insert releases the keys and the batch fails as a whole. Limit:
// if the main database's commit fails after ClickHouse accepted the insert, those events count and a
// replay of them would count again (docs/decisions/0007-clickhouse-event-store.md). With
// EVENTS_DEDUP=clickhouse the keys are ClickHouse's own (clickhouse-dedup.ts): no main-database row per
// event, one batch at a time per store, and its own limits (docs/clickhouse.md, "Replays in ClickHouse").
import { ApiError, UNKNOWN_DIMENSIONS } from '@adconsole/domain';
import { type ClickHouseClient, createClient } from '@clickhouse/client';
import type { Database, Queryable } from '../../db/database';
import { clickhouseHistory, DEDUP_WINDOW_MS, type EventsDedup, serially } from './clickhouse-dedup';
import { applyRawEventsTtl, migrateClickHouse } from './clickhouse-migrations';
import { capDimensions, DIMENSION_COLUMN_OF, type DimensionEvent, hasCappedValue } from './dimensions';
import { inTransaction, judgeBatch, storedHistory, type WriteOptions } from './integrity';
import { clickhouseTime } from './queries/local-time';
import type { ClickHouseEventStore } from './store';
import type { TrackedEvent } from './tracked-event';

export interface ClickHouseEventStoreOptions {
  /** The main database: it keeps the seen-set of replayed beacons. */
  db: Database;
  client: ClickHouseClient;
  /** The ClickHouse database holding the events (created and migrated by migrateClickHouse). */
  database: string;
  /** Inserts through ClickHouse's async-insert buffer, answered once flushed (EVENTS_ASYNC_INSERT). */
  asyncInsert?: boolean;
  /** Where replays are recognised (EVENTS_DEDUP): the main database's seen-set (default) or ClickHouse. */
  dedup?: EventsDedup;
  /** With `dedup: 'clickhouse'`: how long a key is remembered (the tests shorten it). */
  dedupWindowMs?: number;
}

/**
 * The settings every insert of a batch carries. Either way the insert is answered only once ClickHouse
 * has written it: synchronous (`async_insert=0`, whatever the server's profile says), or, for a fleet
 * of API processes each sending small batches, through the server's async-insert buffer with
 * `wait_for_async_insert=1` (never 0: that would answer before the data is written). Settings of the
 * URL (`?ch_insert_quorum=2`) go along with them (docs/clickhouse.md, "A fleet of API processes").
 */
const insertSettings = (asyncInsert: boolean) =>
  asyncInsert ? ({ async_insert: 1, wait_for_async_insert: 1 } as const) : ({ async_insert: 0 } as const);

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** ClickHouse's DateTime (the rollups' bucket) runs from 1970 to early 2106: the store keeps these years. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2106, 0, 1);

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
  dedup = 'seen-set',
  dedupWindowMs = DEDUP_WINDOW_MS,
}: ClickHouseEventStoreOptions): ClickHouseEventStore {
  let prunedAt = 0;
  const oneAtATime = serially();
  /**
   * Raw events into ClickHouse, their breakdown values capped first in the main database (valid events
   * only; the rest keep none). Resolves once ClickHouse has written the block (insertSettings), so an
   * acknowledged event is stored. `inTx` runs work in the main database's transaction (the caller's, or
   * one it opens): asked only when a breakdown value needs the cap's lookup.
   */
  const insertRaw = async (
    inTx: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>,
    events: readonly TrackedEvent[],
  ) => {
    const breakdown = events.filter(
      (event) => (event.reason ?? null) === null && DIMENSION_COLUMN_OF[event.type] !== undefined,
    );
    const withDims = breakdown.map((event) => ({ ...event, dims: event.dims ?? UNKNOWN_DIMENSIONS }));
    const capped: readonly DimensionEvent[] = withDims.some(hasCappedValue)
      ? await inTx((tx) => capDimensions(tx, withDims, 'event_dimension_values', true))
      : withDims;
    const dimsOf = new Map(breakdown.map((event, index) => [event, capped[index]?.dims]));
    await client.insert({
      table: `${database}.events`,
      values: events.map((event) => ({
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
  };
  return {
    kind: 'clickhouse',
    table: (name) => `${database}.${name}`,
    rows: async <T>(query: string, query_params: Record<string, unknown>) =>
      (await client.query({ query, query_params, format: 'JSONEachRow' })).json<T>(),

    // Ad requests by outcome: one insert of the summed rows, answered once written (insertSettings).
    async writeRequestCounts(rows) {
      if (rows.length === 0) return;
      await client.insert({
        table: `${database}.ad_request_rollups`,
        values: rows.map((row) => ({
          campaign_id: row.campaignId,
          placement_id: row.placementId,
          live_id: row.liveId,
          bucket: clickhouseTime(row.bucket).slice(0, 19),
          outcome: row.outcome,
          requests: row.requests,
        })),
        format: 'JSONEachRow',
        clickhouse_settings: insertSettings(asyncInsert),
      });
    },

    // Ads by their rank in the browser's frequency window: the same, into the frequency rollups.
    async writeFrequencyCounts(rows) {
      if (rows.length === 0) return;
      await client.insert({
        table: `${database}.ad_frequency_rollups`,
        values: rows.map((row) => ({
          campaign_id: row.campaignId,
          bucket: clickhouseTime(row.bucket).slice(0, 19),
          period: row.period,
          rank: row.rank,
          ads: row.ads,
        })),
        format: 'JSONEachRow',
        clickhouse_settings: insertSettings(asyncInsert),
      });
    },

    // Reach: the identities' hashes into the input table, whose view keeps uniqCombined64 states per
    // campaign, live creative, kind and 15-minute bucket (docs/clickhouse.md, "Reach").
    async writeReach(rows) {
      if (rows.length === 0) return;
      await client.insert({
        table: `${database}.reach_input`,
        values: rows.map((row) => ({
          campaign_id: row.campaignId,
          live_id: row.liveId,
          kind: row.kind,
          bucket: clickhouseTime(row.bucket).slice(0, 19),
          ads: row.ads,
          hashes: [...row.hashes].map((hash) => BigInt(`0x${hash}`).toString()),
        })),
        format: 'JSONEachRow',
        clickhouse_settings: insertSettings(asyncInsert),
      });
    },

    // Sums without a seen-set key: one raw row each, as an import (its rollups are views of the raw events).
    async addCounts(events, options) {
      if (events.length === 0) return;
      await insertRaw(
        (work) => inTransaction(db, options, work),
        events.map((event) => ({ ...event, impressionId: null, reason: null })),
      );
    },

    history: (events, options) =>
      dedup === 'clickhouse'
        ? clickhouseHistory(client, database, events, dedupWindowMs)
        : inTransaction(db, options, (tx) => storedHistory(tx, 'event_seen', events)),
    async writeBatch(events, options) {
      if (events.length === 0) return 0;
      refuseOutsideYears(events);
      if (dedup === 'clickhouse') return writeDeduplicatedInClickHouse(events, options);
      return inTransaction(db, options, async (tx) => {
        if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
          await tx.query('delete from event_seen where seen_at < $1', [
            new Date(Date.now() - DEDUP_WINDOW_MS),
          ]);
          prunedAt = Date.now();
        }
        const judged = judgeBatch(events, await storedHistory(tx, 'event_seen', events), options);
        const counted = await claimNew(tx, judged);
        if (counted.length === 0) return 0;
        await insertRaw((work) => work(tx), counted);
        return counted.length;
      });
    },
  };

  /**
   * EVENTS_DEDUP=clickhouse: the batch judged against ClickHouse's keys (replays in it or before it
   * dropped) and inserted, one batch at a time; the insert writes the keys too (event_keys_mv). The
   * main database is asked only for new breakdown values (capDimensions), never a row per event.
   */
  async function writeDeduplicatedInClickHouse(
    events: readonly TrackedEvent[],
    options: WriteOptions | undefined,
  ): Promise<number> {
    return oneAtATime(async () => {
      const history = await clickhouseHistory(client, database, events, dedupWindowMs);
      const counted = judgeBatch(events, history, options);
      if (counted.length === 0) return 0;
      await insertRaw((work) => inTransaction(db, options, work), counted);
      return counted.length;
    });
  }
}

/** Refused, not clamped: imports are checked by index, in the import's order. */
function refuseOutsideYears(events: readonly TrackedEvent[]): void {
  const outside = events.findIndex(
    (event) => !(event.at.getTime() >= EARLIEST && event.at.getTime() < LATEST),
  );
  if (outside !== -1) {
    throw ApiError.of(400, `events.${outside}.at: the ClickHouse event store keeps times from 1970 to 2105`);
  }
}

/**
 * Migrates the ClickHouse database, sets the raw events' TTL and answers the store: what the server does
 * at start with EVENTS_URL, and what the tests and the bench do with an embedded ClickHouse (chdb).
 */
export async function prepareClickHouseEventStore(
  options: ClickHouseEventStoreOptions & { rawTtlDays?: number | undefined },
): Promise<ClickHouseEventStore> {
  await migrateClickHouse(options.client, options.database);
  await applyRawEventsTtl(options.client, options.database, options.rawTtlDays);
  return createClickHouseEventStore(options);
}

/** The ClickHouse event store's settings, from EVENTS_URL and its companions (config.ts reads them). */
export interface EventsConfig {
  /** The server's URL without the path (credentials and query settings kept). */
  url: string;
  database: string;
  /** Raw events older than this many days are dropped (EVENTS_TTL_DAYS); rollups are kept. */
  rawTtlDays: number | undefined;
  /**
   * EVENTS_ASYNC_INSERT: inserts go through ClickHouse's asynchronous insert buffer, still answered only
   * once flushed (`async_insert=1, wait_for_async_insert=1`), so many API processes' small batches
   * become few parts; off, each batch is one synchronous insert (`async_insert=0`).
   */
  asyncInsert: boolean;
  /**
   * EVENTS_DEDUP: where replays are recognised, the main database's seen-set (`seen-set`, the default)
   * or ClickHouse's keys (`clickhouse`: no main-database row per event; docs/clickhouse.md).
   */
  dedup: EventsDedup;
}

/** The ClickHouse event store of EVENTS_URL, and how to close its client. */
export async function openClickHouseEventStore(
  config: EventsConfig,
  db: Database,
): Promise<{ store: ClickHouseEventStore; close(): Promise<void> }> {
  const client = createClient({ url: config.url, application: 'adconsole' });
  try {
    const store = await prepareClickHouseEventStore({
      db,
      client,
      database: config.database,
      rawTtlDays: config.rawTtlDays,
      asyncInsert: config.asyncInsert,
      dedup: config.dedup,
    });
    return { store, close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}

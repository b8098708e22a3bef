// The event store: where tracked events are written, and the handle the report reads run on. Two kinds,
// the main database's (PostgreSQL or PGlite, this file) and ClickHouse's (clickhouse.ts, EVENTS_URL), so
// a deployment that outgrows one PostgreSQL can move its events without touching the tracking routes or
// the reports. A store holds the write side (writeBatch) and its database; the reads are one module
// per report question in queries/, each with both kinds' SQL side by side (queries/by-store.ts).
import {
  COUNTER_OF_EVENT,
  type CodedEventKind,
  type CountedEventType,
  EVENT_COUNTER_KEYS,
  type EventCounters,
  type EventDimensions,
  parseCodedEventType,
  UNKNOWN_DIMENSIONS,
  zeroEventCounters,
} from '@adconsole/domain';
import type { Database, Queryable } from '../../db/database';
import { COLUMNS } from './counters';
import { writeDimensionRollups } from './dimensions';
import { writeGrainRollups } from './grains';
import { inTransaction, judgeBatch, type StoredHistory, storedHistory, type WriteOptions } from './integrity';
import { mergePostgresReach, type ReachRow } from './reach-sketches';
import {
  addPostgresFrequencyCounts,
  addPostgresRequestCounts,
  type FrequencyCountRow,
  type RequestCountRow,
} from './request-counts';
import type { StoredEventType, TrackedEvent } from './tracked-event';

/** What every store does: write a batch of tracked events. */
interface EventStoreWrites {
  /**
   * Writes a batch durably in one transaction (the caller's with `options.transaction`): the raw rows (an impression's event of one type once),
   * judged by the integrity rules (integrity.ts); the valid ones into the 15-minute rollups (and, in
   * the PostgreSQL store, their hourly and daily sums) and the totals, the invalid ones into their own
   * rollups by reason. Answers how many events were stored, valid or invalid (replays and held events
   * are not).
   */
  writeBatch(events: readonly TrackedEvent[], options?: WriteOptions): Promise<number>;
  /**
   * Adds ad requests by outcome, summed by a serving process (request-counter.ts), to the request
   * rollups: served, or the reason an ad request got no ad (docs/reports.md, "Requests not served").
   */
  writeRequestCounts(rows: readonly RequestCountRow[]): Promise<void>;
  /**
   * Adds ads of capped campaigns by their rank in the browser's window, summed by a serving process, to
   * the frequency rollups (docs/reports.md, "Frequency").
   */
  writeFrequencyCounts(rows: readonly FrequencyCountRow[]): Promise<void>;
  /**
   * Merges the identities served an ad, gathered by a serving process, into the reach sketches
   * (docs/reports.md, "Reach"): the main database's under the rows' locks, ClickHouse's as aggregate states.
   */
  writeReach(rows: readonly ReachRow[]): Promise<void>;
  /**
   * Adds valid counts to the figures without a raw row each (docs/conversions.md, "What is stored"):
   * the conversions a batch refused through a real click, summed by live creative, quarter and breakdown
   * values, so a flood of refusals grows no table by a row a request. The main database's store adds
   * them to its rollups and totals only; ClickHouse's, whose rollups are views of its raw events, stores
   * each sum as one raw row without an impression id (what an import writes).
   */
  addCounts(events: readonly TrackedEvent[], options?: WriteOptions): Promise<void>;
  /**
   * What the store already holds of these events' impressions (each impression's stored types and their
   * verdicts), where the store's own replay rule reads it: the PostgreSQL store's raw events, the
   * ClickHouse store's seen-set or, with EVENTS_DEDUP=clickhouse, ClickHouse's keys. The conversions'
   * ledger reads a click's verdict here (services/serving/conversion-ledger.ts).
   */
  history(events: readonly TrackedEvent[], options?: WriteOptions): Promise<StoredHistory>;
}

/** The main database's store: its reads run on `db`. */
export interface PostgresEventStore extends EventStoreWrites {
  readonly kind: 'postgres';
  readonly db: Database;
  /** Read every figure from the 15-minute rollups (the reference the coarser grains must equal). */
  readonly finest: boolean;
}

/** ClickHouse's store: its reads run through `rows`, on the tables `table` names. */
export interface ClickHouseEventStore extends EventStoreWrites {
  readonly kind: 'clickhouse';
  /** A query's rows (JSONEachRow), its `{name:Type}` parameters from `params`. */
  rows<T>(query: string, params: Record<string, unknown>): Promise<T[]>;
  /** A table of the events' database, qualified ('adconsole_events.event_rollups'). */
  table(name: string): string;
}

export type EventStore = PostgresEventStore | ClickHouseEventStore;

const BUCKET_MS = 15 * 60 * 1000;
const bucketOf = (at: Date): number => Math.floor(at.getTime() / BUCKET_MS) * BUCKET_MS;

type TrackedEventLike = {
  liveId: string;
  type: StoredEventType;
  count: number;
  at: Date;
  reason: string | null;
};

/** Whether an event adds to a counter (coded pings have their own rollups). */
const isCounted = (type: StoredEventType): type is CountedEventType => type in COUNTER_OF_EVENT;

/** Sums what counted into rows keyed by `key(event)` (coded pings are left out). */
function tally<K>(events: readonly TrackedEventLike[], key: (event: TrackedEventLike) => K) {
  const rows = new Map<string, { key: K; counters: EventCounters }>();
  for (const event of events) {
    if (!isCounted(event.type)) continue;
    const k = key(event);
    const id = JSON.stringify(k);
    const row = rows.get(id) ?? { key: k, counters: zeroEventCounters() };
    row.counters[COUNTER_OF_EVENT[event.type]] += event.count;
    rows.set(id, row);
  }
  return [...rows.values()];
}

/** Valid coded pings summed by live creative, bucket, kind and code. */
function tallyCodes(events: readonly TrackedEventLike[]) {
  const rows = new Map<
    string,
    { liveId: string; bucket: number; kind: CodedEventKind; code: number; count: number }
  >();
  for (const event of events) {
    const coded = parseCodedEventType(event.type);
    if (coded === undefined || event.reason !== null) continue;
    const bucket = bucketOf(event.at);
    const id = `${event.liveId}|${bucket}|${event.type}`;
    const row = rows.get(id) ?? { liveId: event.liveId, bucket, ...coded, count: 0 };
    row.count += event.count;
    rows.set(id, row);
  }
  return [...rows.values()];
}

/** Column arrays of the counters, for `unnest`. */
const counterArrays = (rows: readonly { counters: EventCounters }[]) =>
  EVENT_COUNTER_KEYS.map((key) => rows.map((row) => row.counters[key]));

const upsertSet = COLUMNS.map((column) => `${column} = %T.${column} + excluded.${column}`).join(', ');

/** Valid events (with their breakdown values) into the 15-minute, hourly and daily rollups, the breakdowns and the totals. */
async function addValidRollups(
  tx: Queryable,
  valid: readonly (TrackedEventLike & { dims: EventDimensions })[],
): Promise<void> {
  const rows = valid.filter((row) => isCounted(row.type));
  if (rows.length === 0) return;
  // The 15-minute, hourly and daily rollups, in one statement (grains.ts).
  const buckets = tally(rows, (e) => [e.liveId, bucketOf(e.at)] as const);
  await writeGrainRollups(
    tx,
    buckets.map((b) => ({ liveId: b.key[0], at: new Date(b.key[1]), counters: b.counters })),
    EVENT_COUNTER_KEYS,
    COLUMNS,
  );
  await writeDimensionRollups(tx, rows);
  const totals = tally(rows, (e) => e.liveId);
  await tx.query(
    `insert into event_totals (live_id, ${COLUMNS.join(', ')})
     select * from unnest($1::text[], ${COLUMNS.map((_, i) => `$${i + 2}::bigint[]`).join(', ')})
     on conflict (live_id) do update set ${upsertSet.replaceAll('%T', 'event_totals')}`,
    [totals.map((t) => t.key), ...counterArrays(totals)],
  );
}

/** Options of the PostgreSQL store: `grains: 'quarter'` reads every figure from the 15-minute rollups. */
export interface PostgresStoreOptions {
  grains?: 'coarsest' | 'quarter';
}

export function createPostgresEventStore(
  db: Database,
  options: PostgresStoreOptions = {},
): PostgresEventStore {
  return {
    kind: 'postgres',
    db,
    finest: options.grains === 'quarter',
    writeRequestCounts: (rows) => addPostgresRequestCounts(db, rows),
    writeFrequencyCounts: (rows) => addPostgresFrequencyCounts(db, rows),
    writeReach: (rows) => mergePostgresReach(db, rows),
    async addCounts(events, options) {
      const rows = events.map((e) => ({ ...e, reason: null, dims: e.dims ?? UNKNOWN_DIMENSIONS }));
      if (rows.length > 0) await inTransaction(db, options, (tx) => addValidRollups(tx, rows));
    },
    history: (events, options) => inTransaction(db, options, (tx) => storedHistory(tx, 'events', events)),
    async writeBatch(events, options) {
      if (events.length === 0) return 0;
      return inTransaction(db, options, async (tx) => {
        const judged = judgeBatch(events, await storedHistory(tx, 'events', events), options);
        if (judged.length === 0) return 0;
        const stored = await tx.query<{
          live_id: string;
          impression_id: string | null;
          type: StoredEventType;
          at: Date;
          count: number;
          reason: string | null;
        }>(
          `insert into events (live_id, type, at, count, impression_id, reason)
           select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::text[], $6::text[])
           on conflict (impression_id, type) where impression_id is not null do nothing
           returning live_id, impression_id, type, at, count, reason`,
          [
            judged.map((e) => e.liveId),
            judged.map((e) => e.type),
            judged.map((e) => e.at.toISOString()),
            judged.map((e) => e.count),
            judged.map((e) => e.impressionId),
            judged.map((e) => e.reason ?? null),
          ],
        );
        // Imported history (no impression id) never conflicts: every row of it is stored as given. A
        // signed event is stored unless it replays one; it keeps the breakdown values it came with.
        const dimsOf = new Map(
          judged.flatMap((e) =>
            e.impressionId !== null && e.dims ? [[`${e.impressionId}|${e.type}`, e.dims] as const] : [],
          ),
        );
        const all = [
          ...judged
            .filter((e) => e.impressionId === null)
            .map((e) => ({
              liveId: e.liveId,
              type: e.type,
              at: e.at,
              count: e.count,
              reason: e.reason ?? null,
              dims: e.dims ?? UNKNOWN_DIMENSIONS,
            })),
          ...stored
            .filter((row) => row.impression_id !== null)
            .map((row) => ({
              liveId: row.live_id,
              type: row.type,
              at: new Date(row.at),
              count: Number(row.count),
              reason: row.reason,
              dims: dimsOf.get(`${row.impression_id}|${row.type}`) ?? UNKNOWN_DIMENSIONS,
            })),
        ];
        const invalid = all.filter((row) => row.reason !== null);
        if (invalid.length > 0) {
          const byReason = tally(invalid, (e) => [e.liveId, bucketOf(e.at), e.reason] as const);
          await tx.query(
            `insert into event_invalid_rollups (live_id, bucket, reason, ${COLUMNS.join(', ')})
             select * from unnest($1::text[], $2::timestamptz[], $3::text[], ${COLUMNS.map((_, i) => `$${i + 4}::bigint[]`).join(', ')})
             on conflict (live_id, bucket, reason) do update set ${upsertSet.replaceAll('%T', 'event_invalid_rollups')}`,
            [
              byReason.map((b) => b.key[0]),
              byReason.map((b) => new Date(b.key[1]).toISOString()),
              byReason.map((b) => b.key[2]),
              ...counterArrays(byReason),
            ],
          );
        }
        const codes = tallyCodes(all);
        if (codes.length > 0) {
          await tx.query(
            `insert into event_code_rollups (live_id, bucket, kind, code, count)
             select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::int[], $5::bigint[])
             on conflict (live_id, bucket, kind, code) do update set count = event_code_rollups.count + excluded.count`,
            [
              codes.map((c) => c.liveId),
              codes.map((c) => new Date(c.bucket).toISOString()),
              codes.map((c) => c.kind),
              codes.map((c) => c.code),
              codes.map((c) => c.count),
            ],
          );
        }
        // Only valid events reach the figures' rollups and totals.
        await addValidRollups(
          tx,
          all.filter((row) => row.reason === null),
        );
        return all.length;
      });
    },
  };
}

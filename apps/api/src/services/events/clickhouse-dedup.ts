// Replays in ClickHouse itself (EVENTS_DEDUP=clickhouse; docs/clickhouse.md, "Replays in ClickHouse"):
// which event types of which impressions already counted is read from ClickHouse's `event_keys`, an
// EmbeddedRocksDB table keyed by `type|impression_id` that the raw events' own insert fills (its view
// `event_keys_mv`, migration 0048), so the main database does no work per event. A batch reads the keys
// it needs (each event's own and its prerequisite's: all the integrity rules ask), is judged
// against them (integrity.ts: a replay in a later batch or inside the batch is dropped before the insert,
// so no materialized view ever sees it) and inserted.
//
// What it cannot promise: the read and the insert are two statements, so two inserts in flight at once
// with the same key both count it. The store runs its batches one at a time (`serially`), so within one
// API process that never happens; across processes it needs the same replay in two processes' batches
// within one insert's time. Keys older than the window are not read (a beacon that old no longer
// verifies), and the table forgets them (its TTL).
import { IMPRESSION_LIFETIME_MS, type InvalidTrafficReason, prerequisiteOf } from '@adconsole/domain';
import type { ClickHouseClient } from '@clickhouse/client';
import type { StoredHistory } from './integrity';
import type { TrackedEvent } from './tracked-event';

/** Where a ClickHouse store keeps which replays it has seen: the main database's seen-set, or ClickHouse. */
export type EventsDedup = 'seen-set' | 'clickhouse';

/**
 * How long a key is remembered: an impression's lifetime (its beacons verify for 48 hours) and ten
 * minutes of clock skew. The seen-set's rows are pruned past it, ClickHouse's keys are not read past it.
 */
export const DEDUP_WINDOW_MS = IMPRESSION_LIFETIME_MS + 10 * 60 * 1000;

/** An event's key in `event_keys`: its type first (a type never holds `|`), then its impression id. */
const eventKey = (type: string, impressionId: string): string => `${type}|${impressionId}`;

/**
 * The keys a batch's judgement needs (judgeEvent asks no more): each signed event's own, and its
 * prerequisite's (`impression`, or `start` for video progress; none for an impression).
 */
function keysOf(events: readonly TrackedEvent[]): string[] {
  const keys = new Set<string>();
  for (const event of events) {
    if (event.impressionId === null) continue;
    keys.add(eventKey(event.type, event.impressionId));
    const prerequisite = prerequisiteOf(event.type);
    if (prerequisite !== null) keys.add(eventKey(prerequisite, event.impressionId));
  }
  return [...keys];
}

/**
 * What the batch's signed impressions already have, from ClickHouse's `event_keys` (one multi-key
 * lookup of RocksDB: `key in (...)`), keys remembered within `windowMs` only.
 */
export async function clickhouseHistory(
  client: ClickHouseClient,
  database: string,
  events: readonly TrackedEvent[],
  windowMs: number = DEDUP_WINDOW_MS,
): Promise<StoredHistory> {
  const history: StoredHistory = new Map();
  const keys = keysOf(events);
  if (keys.length === 0) return history;
  const rows = await (
    await client.query({
      query: `select key, reason from ${database}.event_keys
               where key in {keys:Array(String)}
                 and seen_at >= now64(3) - toIntervalMillisecond({window:UInt64})`,
      query_params: { keys, window: Math.trunc(windowMs) },
      format: 'JSONEachRow',
    })
  ).json<{ key: string; reason: string }>();
  for (const row of rows) {
    const split = row.key.indexOf('|');
    const impressionId = row.key.slice(split + 1);
    const known = history.get(impressionId) ?? new Map();
    known.set(row.key.slice(0, split), (row.reason || null) as InvalidTrafficReason | null);
    history.set(impressionId, known);
  }
  return history;
}

/**
 * Runs each piece of work after the one before has settled: a batch's keys are read only once the
 * previous batch's insert has written its own, so two batches of one process never both count a key.
 */
export function serially(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const next = last.then(work, work);
    last = next.catch(() => undefined);
    return next;
  };
}

// Event integrity over a batch, for both event stores: each signed event is judged by the domain's rules
// (judgeEvent) against what its impression already has (stored before, or earlier in the batch), in the
// impression's natural order (impression, start, the rest), so a batch that holds an impression and its
// click counts both whichever arrived first. Imported history (no impression id) is taken as given.
import { eventRank, type ImpressionHistory, type InvalidTrafficReason, judgeEvent } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import type { TrackedEvent } from './tracked-event';

/** Each impression's stored events: type -> reason (null when it counted). */
export type StoredHistory = Map<string, Map<string, InvalidTrafficReason | null>>;

export interface WriteOptions {
  /**
   * Asked for a signed event whose prerequisite (its impression, or `start`) has not arrived: true holds
   * it back (not written now; the writer offers it again shortly), false stores it as `sequence`.
   */
  hold?: (event: TrackedEvent) => boolean;
  /**
   * A transaction of the main database to write in instead of one of the store's own: the conversions'
   * ledger writes its rows and their events together (services/serving/conversion-ledger.ts).
   */
  transaction?: Queryable;
}

/** Runs `work` in the caller's transaction when it gives one, else in a new one of `db`. */
export const inTransaction = <T>(
  db: { transaction<R>(work: (tx: Queryable) => Promise<R>): Promise<R> },
  options: WriteOptions | undefined,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> => (options?.transaction ? work(options.transaction) : db.transaction(work));

/** The batch's impression ids (for the history read). */
const impressionIdsOf = (events: readonly TrackedEvent[]): string[] => [
  ...new Set(events.flatMap((event) => (event.impressionId === null ? [] : [event.impressionId]))),
];

/** Judges a batch: the events to store with their final reasons (replays left out), in store order. */
export function judgeBatch(
  events: readonly TrackedEvent[],
  history: StoredHistory,
  options: WriteOptions = {},
): TrackedEvent[] {
  const ordered = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => eventRank(a.event.type) - eventRank(b.event.type) || a.index - b.index);
  const stored: TrackedEvent[] = [];
  for (const { event } of ordered) {
    if (event.impressionId === null) {
      stored.push(event);
      continue;
    }
    const known = history.get(event.impressionId) ?? new Map<string, InvalidTrafficReason | null>();
    const judged = judgeEvent(event.type, event.reason ?? null, known as ImpressionHistory);
    if (judged.verdict === 'duplicate') continue;
    if (judged.verdict === 'wait' && options.hold?.(event)) continue;
    const reason = judged.verdict === 'wait' ? 'sequence' : judged.reason;
    known.set(event.type, reason);
    history.set(event.impressionId, known);
    stored.push({ ...event, reason });
  }
  return stored;
}

/**
 * What the batch's signed impressions already have: the PostgreSQL store reads its raw `events`, the
 * ClickHouse store its seen-set in the main database (`event_seen`).
 */
export async function storedHistory(
  db: Queryable,
  table: 'events' | 'event_seen',
  events: readonly TrackedEvent[],
): Promise<StoredHistory> {
  const history: StoredHistory = new Map();
  const ids = impressionIdsOf(events);
  if (ids.length === 0) return history;
  const rows = await db.query<{ impression_id: string; type: string; reason: InvalidTrafficReason | null }>(
    `select impression_id, type, reason from ${table} where impression_id = any($1::text[])`,
    [ids],
  );
  for (const row of rows) {
    const known = history.get(row.impression_id) ?? new Map();
    known.set(row.type, row.reason);
    history.set(row.impression_id, known);
  }
  return history;
}

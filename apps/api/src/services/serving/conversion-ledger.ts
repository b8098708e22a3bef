// The conversions' group commit (issue 45, docs/conversions.md "Consistency"): each conversion is written
// to the ledger, and a counted one also to the event store (its `conversion` and `conversionValue`
// events under the conversion's own id), in ONE transaction of the main database: both or neither, so
// the ledger and the figures never disagree. The PostgreSQL event store writes its rows and rollups in
// that transaction; the ClickHouse store claims the events in its seen-set there and inserts them into
// ClickHouse before the commit (its own limit: store.ts, clickhouse.ts).
//
// Like the event writer (events/writer.ts), one batch is written at a time and the conversions that
// arrive meanwhile go together in the next, up to `maxBatch`: under load the batches grow by themselves
// and a conversion never waits for a timer. A request is answered once its batch has committed; a batch
// that fails fails all its requests (nothing of it is stored), so a retried postback counts once.
import type { EventDimensions, InvalidConversionReason } from '@adconsole/domain';
import type { Database } from '../../db/database';
import {
  type ConversionLedgerRow,
  countedOrders,
  insertCountedConversions,
  insertInvalidConversions,
} from '../../db/queries/conversion-ledger';
import { storedHistory } from '../events/integrity';
import type { EventStore } from '../events/store';
import type { TrackedEvent } from '../events/tracked-event';

/** A conversion to write: its ledger row (reason null when every rule the request checked held). */
export interface LedgerEntry {
  row: ConversionLedgerRow;
  /** The click's breakdown values (for its events). */
  dims: EventDimensions;
}

interface Pending {
  entry: LedgerEntry;
  resolve: (reason: InvalidConversionReason | null) => void;
  reject: (error: unknown) => void;
}

/** The conversion's events: one conversion, and its value in the minor unit when above 0. */
function conversionEvents(row: ConversionLedgerRow, dims: EventDimensions): TrackedEvent[] {
  if (row.live_id === null) return [];
  const base = { liveId: row.live_id, at: row.converted_at, impressionId: row.id, reason: null, dims };
  return [
    { ...base, type: 'conversion', count: 1 },
    ...(row.value_minor > 0 ? [{ ...base, type: 'conversionValue' as const, count: row.value_minor }] : []),
  ];
}

export class ConversionLedger {
  private queue: Pending[] = [];
  private writing: Promise<void> | undefined;
  private closed = false;
  /** Batches written and conversions in them (the benchmark prints them). */
  readonly stats = { batches: 0, conversions: 0 };

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    private readonly maxBatch = 500,
  ) {}

  /** Resolves with the conversion's final reason (null: counted) once its batch has committed. */
  write(entry: LedgerEntry): Promise<InvalidConversionReason | null> {
    if (this.closed) return Promise.reject(new Error('The conversion ledger is shutting down.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ entry, resolve, reject });
      // The same tick's conversions together; while a batch is written the next ones gather.
      this.writing ??= new Promise<void>((started) => setImmediate(started))
        .then(() => this.drain())
        .finally(() => {
          this.writing = undefined;
        });
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const reasons = await this.writeBatch(batch.map((pending) => pending.entry));
        this.stats.batches += 1;
        this.stats.conversions += batch.length;
        for (const [index, pending] of batch.entries()) pending.resolve(reasons[index] ?? null);
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
  }

  /**
   * One transaction: the rules that need what is stored (the click stored as invalid traffic, an order
   * or a click counted before), then the ledger rows, then the counted ones' events. Answers each
   * entry's final reason, in order.
   */
  async writeBatch(entries: readonly LedgerEntry[]): Promise<(InvalidConversionReason | null)[]> {
    return this.db.transaction(async (tx) => {
      const reasons = entries.map((entry) => entry.row.reason);
      // A click the event store judged invalid after its redirect (no impression before it) never
      // attributes; a click no longer in the store's history keeps the verdict its id carries.
      const candidates = entries.flatMap((entry, index) =>
        reasons[index] === null ? [{ entry, index }] : [],
      );
      const clicks = candidates.flatMap(({ entry }) =>
        entry.row.click_impression_id === null || entry.row.live_id === null
          ? []
          : [
              {
                liveId: entry.row.live_id,
                type: 'click' as const,
                at: entry.row.converted_at,
                count: 1,
                impressionId: entry.row.click_impression_id,
              },
            ],
      );
      const history = await storedHistory(
        tx,
        this.store.kind === 'postgres' ? 'events' : 'event_seen',
        clicks,
      );
      for (const { entry, index } of candidates) {
        const stored = history.get(entry.row.click_impression_id ?? '')?.get('click');
        if (stored !== undefined && stored !== null) reasons[index] = 'invalid-click';
      }
      const counting = candidates.filter(({ index }) => reasons[index] === null);
      const inserted = await insertCountedConversions(
        tx,
        counting.map(({ entry }) => entry.row),
      );
      const refused = counting.filter(({ entry }) => !inserted.has(entry.row.id));
      const orders = await countedOrders(
        tx,
        refused.flatMap(({ entry }) =>
          entry.row.order_hash !== null && entry.row.action_id !== null
            ? [{ actionId: entry.row.action_id, orderHash: entry.row.order_hash }]
            : [],
        ),
      );
      for (const { entry, index } of refused) {
        const key = `${entry.row.action_id}|${entry.row.order_hash}`;
        reasons[index] =
          entry.row.order_hash !== null && orders.has(key) ? 'duplicate-order' : 'duplicate-click';
      }
      await insertInvalidConversions(
        tx,
        entries.flatMap((entry, index) => {
          const reason = reasons[index] ?? null;
          return reason === null ? [] : [{ ...entry.row, reason }];
        }),
      );
      const events = counting
        .filter(({ entry }) => inserted.has(entry.row.id))
        .flatMap(({ entry }) => conversionEvents(entry.row, entry.dims));
      if (events.length > 0) await this.store.writeBatch(events, { transaction: tx });
      return reasons;
    });
  }

  /** Takes no more conversions and writes what it holds. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.writing) await this.writing;
  }
}

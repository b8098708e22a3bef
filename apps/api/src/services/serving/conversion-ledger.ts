// The conversions' group commit (docs/conversions.md "Consistency"): each conversion is written
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
import { COUNTED_ONLY_REASONS, type EventDimensions, type InvalidConversionReason } from '@adconsole/domain';
import type { Database, Queryable } from '../../db/database';
import {
  addClickCounts,
  addRefusalCounts,
  type ConversionLedgerRow,
  clickKey,
  countedOrders,
  insertCountedConversions,
  insertInvalidConversions,
  lockClickCounts,
  type RefusalCount,
} from '../../db/queries/conversion-ledger';
import { storedHistory } from '../events/integrity';
import type { EventStore } from '../events/store';
import type { TrackedEvent } from '../events/tracked-event';

/** A conversion to write: its ledger row (reason null when every rule the request checked held). */
export interface LedgerEntry {
  row: ConversionLedgerRow;
  /** The click's breakdown values (for its events). */
  dims: EventDimensions;
  /** Under "every": the most conversions its click counts for the action; null when not capped. */
  cap: number | null;
}

const HOUR_MS = 60 * 60 * 1000;
const countedOnly = (reason: InvalidConversionReason | null) =>
  reason !== null && COUNTED_ONLY_REASONS.includes(reason);

/** The counted-only refusals of a batch, added up by action, reason and hour. */
function refusalCounts(entries: readonly LedgerEntry[]): RefusalCount[] {
  const counts = new Map<string, RefusalCount>();
  for (const { row } of entries) {
    if (row.reason === null || !countedOnly(row.reason)) continue;
    // An action id that names no action is counted under '' (made-up ids make no rows of their own).
    const actionId = row.campaign_id === null ? '' : (row.action_id ?? '');
    const bucket = new Date(Math.floor(row.converted_at.getTime() / HOUR_MS) * HOUR_MS);
    const key = `${actionId}|${row.reason}|${bucket.getTime()}`;
    const known = counts.get(key);
    if (known) known.count += 1;
    else
      counts.set(key, { actionId, campaignId: row.campaign_id ?? '', reason: row.reason, bucket, count: 1 });
  }
  return [...counts.values()];
}

interface Pending {
  entry: LedgerEntry;
  resolve: (reason: InvalidConversionReason | null) => void;
  reject: (error: unknown) => void;
}

/**
 * A counted conversion's events: one conversion, its value in the minor unit when above 0, and whether it
 * was signed; a refused one of a real click of the action's campaign: one refused conversion.
 */
function conversionEvents(row: ConversionLedgerRow, dims: EventDimensions, counted: boolean): TrackedEvent[] {
  if (row.live_id === null) return [];
  const base = { liveId: row.live_id, at: row.converted_at, impressionId: row.id, reason: null, dims };
  if (!counted) return [{ ...base, type: 'conversionRefused', count: 1 }];
  return [
    { ...base, type: 'conversion', count: 1 },
    ...(row.value_minor > 0 ? [{ ...base, type: 'conversionValue' as const, count: row.value_minor }] : []),
    { ...base, type: row.signed ? 'conversionSigned' : 'conversionUnsigned', count: 1 },
  ];
}

/**
 * Under "every", the click's conversions beyond the action's cap are refused (`click-cap`): the clicks'
 * counts are locked, then the batch's candidates take what is left in order. Answers the counts taken,
 * to be added once the rows are in.
 */
async function applyClickCaps(
  tx: Queryable,
  candidates: readonly { entry: LedgerEntry; index: number }[],
  reasons: (InvalidConversionReason | null)[],
): Promise<Map<string, number>> {
  const capped = candidates.filter(
    ({ entry }) =>
      entry.cap !== null && entry.row.action_id !== null && entry.row.click_impression_id !== null,
  );
  const counts = await lockClickCounts(
    tx,
    capped.map(({ entry }) => ({
      actionId: entry.row.action_id ?? '',
      clickImpressionId: entry.row.click_impression_id ?? '',
      clickedAt: entry.row.clicked_at ?? entry.row.converted_at,
    })),
  );
  const taken = new Map<string, number>();
  for (const { entry, index } of capped) {
    const key = clickKey(entry.row.action_id ?? '', entry.row.click_impression_id ?? '');
    const used = (counts.get(key) ?? 0) + (taken.get(key) ?? 0);
    if (used >= (entry.cap ?? 0)) reasons[index] = 'click-cap';
    else taken.set(key, (taken.get(key) ?? 0) + 1);
  }
  return taken;
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
      const candidates = () =>
        entries.flatMap((entry, index) => (reasons[index] === null ? [{ entry, index }] : []));
      const history = await storedHistory(
        tx,
        this.store.kind === 'postgres' ? 'events' : 'event_seen',
        candidates().flatMap(({ entry }) =>
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
        ),
      );
      for (const { entry, index } of candidates()) {
        const stored = history.get(entry.row.click_impression_id ?? '')?.get('click');
        if (stored !== undefined && stored !== null) reasons[index] = 'invalid-click';
      }
      const taken = await applyClickCaps(tx, candidates(), reasons);
      const counting = candidates();
      const inserted = await insertCountedConversions(
        tx,
        counting.map(({ entry }) => entry.row),
      );
      const refused = counting.filter(({ entry }) => !inserted.has(entry.row.id));
      await this.duplicateReasons(tx, refused, reasons);
      // A capped click's slot taken by a conversion the unique indexes refused is given back.
      for (const { entry } of refused) {
        const key = clickKey(entry.row.action_id ?? '', entry.row.click_impression_id ?? '');
        const count = taken.get(key);
        if (entry.cap !== null && count !== undefined) taken.set(key, count - 1);
      }
      await addClickCounts(tx, taken);
      await insertInvalidConversions(
        tx,
        entries.flatMap((entry, index) => {
          const reason = reasons[index] ?? null;
          return reason === null || countedOnly(reason) ? [] : [{ ...entry.row, reason }];
        }),
      );
      await addRefusalCounts(tx, refusalCounts(entries));
      const events = entries.flatMap((entry, index) => {
        const reason = reasons[index] ?? null;
        if (reason === null)
          return inserted.has(entry.row.id) ? conversionEvents(entry.row, entry.dims, true) : [];
        // Refused through a real click of the action's campaign: in that campaign's refused figure.
        return countedOnly(reason) || reason === 'wrong-campaign'
          ? []
          : conversionEvents(entry.row, entry.dims, false);
      });
      if (events.length > 0) await this.store.writeBatch(events, { transaction: tx });
      return reasons;
    });
  }

  /** Why the unique indexes refused a conversion: its order was counted, else its click. */
  private async duplicateReasons(
    tx: Queryable,
    refused: readonly { entry: LedgerEntry; index: number }[],
    reasons: (InvalidConversionReason | null)[],
  ): Promise<void> {
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
  }

  /** Takes no more conversions and writes what it holds. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.writing) await this.writing;
  }
}

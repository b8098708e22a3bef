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
// A refused conversion is no row of its own (docs/conversions.md, "What is stored"): it adds to its
// hour's count of action, live creative and reason, and a refusal through a real click of the action's
// campaign to the refused figure, summed per batch without a raw event.
import { type EventDimensions, IMPLAUSIBLE_VALUE, type InvalidConversionReason } from '@adconsole/domain';
import type { Database, Queryable } from '../../db/database';
import {
  addClickCounts,
  addRefusalCounts,
  type ConversionLedgerRow,
  clickKey,
  countedOrders,
  insertCountedConversions,
  lockClickCounts,
  type RefusalCount,
  recentValueMedians,
} from '../../db/queries/conversion-ledger';
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

/** Refusals that name no click of the action's campaign: counted under no live creative, outside its refused figure. */
const REFUSALS_WITHOUT_CLICK: readonly InvalidConversionReason[] = [
  'forged',
  'unknown-action',
  'unsigned',
  'invalid-traffic',
  'rate',
  'wrong-campaign',
];

/** The refusals of a batch, added up by action, live creative, reason and hour. */
function refusalCounts(
  entries: readonly LedgerEntry[],
  reasons: readonly (InvalidConversionReason | null)[],
): RefusalCount[] {
  const counts = new Map<string, RefusalCount>();
  for (const [index, { row }] of entries.entries()) {
    const reason = reasons[index] ?? null;
    if (reason === null) continue;
    // An action id that names no action is counted under '' (made-up ids make no rows of their own).
    const actionId = row.campaign_id === null ? '' : (row.action_id ?? '');
    // The click's live creative when the refusal names a real click of the action's campaign.
    const liveId = REFUSALS_WITHOUT_CLICK.includes(reason) ? '' : (row.live_id ?? '');
    const bucket = new Date(Math.floor(row.converted_at.getTime() / HOUR_MS) * HOUR_MS);
    const key = `${actionId}|${liveId}|${reason}|${bucket.getTime()}`;
    const known = counts.get(key);
    if (known) known.count += 1;
    else counts.set(key, { actionId, liveId, campaignId: row.campaign_id ?? '', reason, bucket, count: 1 });
  }
  return [...counts.values()];
}

const QUARTER_MS = 15 * 60 * 1000;

/**
 * The refused figure of a batch: its refusals through a real click of the action's campaign, summed by
 * live creative, quarter hour and breakdown values (one count each, no raw event a refusal).
 */
function refusedEvents(
  entries: readonly LedgerEntry[],
  reasons: readonly (InvalidConversionReason | null)[],
): TrackedEvent[] {
  const sums = new Map<string, TrackedEvent>();
  for (const [index, { row, dims }] of entries.entries()) {
    const reason = reasons[index] ?? null;
    if (reason === null || row.live_id === null || REFUSALS_WITHOUT_CLICK.includes(reason)) continue;
    const at = new Date(Math.floor(row.converted_at.getTime() / QUARTER_MS) * QUARTER_MS);
    const key = JSON.stringify([row.live_id, at.getTime(), dims]);
    const known = sums.get(key);
    if (known) known.count += 1;
    else
      sums.set(key, {
        liveId: row.live_id,
        type: 'conversionRefused',
        at,
        count: 1,
        impressionId: null,
        dims,
      });
  }
  return [...sums.values()];
}

interface Pending {
  entry: LedgerEntry;
  resolve: (reason: InvalidConversionReason | null) => void;
  reject: (error: unknown) => void;
}

/** A counted conversion's events: one conversion, its value in the minor unit when above 0, and whether it was signed. */
function conversionEvents(row: ConversionLedgerRow, dims: EventDimensions): TrackedEvent[] {
  if (row.live_id === null) return [];
  const base = { liveId: row.live_id, at: row.converted_at, impressionId: row.id, reason: null, dims };
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

/**
 * Implausible values (docs/conversions.md, "Implausible values"): an unsigned conversion worth more than
 * IMPLAUSIBLE_VALUE.factor times the median of its action's last counted values, once the action has
 * IMPLAUSIBLE_VALUE.minimum of them, is refused. A signed one is the advertiser's own word: only its
 * maximum value bounds it.
 */
async function judgeValues(
  tx: Queryable,
  candidates: readonly { entry: LedgerEntry; index: number }[],
  reasons: (InvalidConversionReason | null)[],
): Promise<void> {
  const judged = candidates.filter(
    ({ entry }) => !entry.row.signed && entry.row.value_minor > 0 && entry.row.action_id !== null,
  );
  if (judged.length === 0) return;
  const medians = await recentValueMedians(
    tx,
    judged.map(({ entry }) => entry.row.action_id ?? ''),
    IMPLAUSIBLE_VALUE.history,
  );
  for (const { entry, index } of judged) {
    const known = medians.get(entry.row.action_id ?? '');
    if (
      known &&
      known.values >= IMPLAUSIBLE_VALUE.minimum &&
      entry.row.value_minor > IMPLAUSIBLE_VALUE.factor * known.median
    )
      reasons[index] = 'implausible';
  }
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
      const history = await this.store.history(
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
        { transaction: tx },
      );
      for (const { entry, index } of candidates()) {
        const stored = history.get(entry.row.click_impression_id ?? '')?.get('click');
        if (stored !== undefined && stored !== null) reasons[index] = 'invalid-click';
      }
      await judgeValues(tx, candidates(), reasons);
      const taken = await applyClickCaps(tx, candidates(), reasons);
      const counting = candidates();
      const inserted = await insertCountedConversions(
        tx,
        counting.map(({ entry }) => entry.row),
      );
      const refused = counting.filter(({ entry }) => !inserted.has(entry.row.id));
      await this.duplicateReasons(tx, refused, reasons);
      // A capped click's slot taken by a signed conversion the unique indexes refused is given back. An
      // unsigned one keeps it: its sender was answered as if it counted, so a repeat must spend the click's
      // cap as a conversion does, or the cap would tell which orders exist (docs/conversions.md).
      for (const { entry } of refused) {
        const key = clickKey(entry.row.action_id ?? '', entry.row.click_impression_id ?? '');
        const count = taken.get(key);
        if (entry.cap !== null && entry.row.signed && count !== undefined) taken.set(key, count - 1);
      }
      await addClickCounts(tx, taken);
      await addRefusalCounts(tx, refusalCounts(entries, reasons));
      const events = entries.flatMap((entry, index) =>
        reasons[index] === null && inserted.has(entry.row.id) ? conversionEvents(entry.row, entry.dims) : [],
      );
      if (events.length > 0) await this.store.writeBatch(events, { transaction: tx });
      await this.store.addCounts(refusedEvents(entries, reasons), { transaction: tx });
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

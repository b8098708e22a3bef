// Durable group commit: tracked events are written in batches, one batch at a time, and each tracking
// request is answered only after the batch holding its event has committed. When the writer is idle an
// event is written at once (after `lingerMs`, 0 by default: the same tick's events together); while a
// batch is being written the next events gather and go together as soon as it commits, up to
// `maxBatch` (1,000) at a time. So under load batches grow by themselves and an event never waits for a
// timer: its wait is at most the commit in progress plus its own (well under 50 ms on PostgreSQL).
// On shutdown the writer takes no more events and writes what it holds; an acknowledged event is on
// disk, so it survives even `kill -9`.
//
// Out of order: a player fires its impression and `start` at the same moment, and the two requests may
// reach the server in either order, in different batches. An event whose impression (or start) has not
// arrived is held back and offered again every `holdRetryMs` until `holdMs` after it came; then it is
// stored as invalid (`sequence`). Its request is answered when it is finally stored.
//
// With a journal (journal.ts, EVENTS_JOURNAL) a request is answered once its event is in the journal
// instead: the events of one tick in one append. The batches then take every event the journal holds
// (up to `maxBatch`), so they grow with the load rather than with the requests in flight, and a batch
// the store refuses is offered again a second later: its events stay in the journal meanwhile. The same
// for the event log's consumer (bus/consumer.ts, `recordAll`): its events are in the log.
// Past the journal's ceiling (EVENTS_JOURNAL_MAX_BYTES) an append is refused and its requests wait for
// their commit instead (`stats.overCeiling`).
//
// An event already durable elsewhere (journal, log) has been answered: nobody waits for its batch, so
// it waits up to `durableLingerMs` (200 ms) for a full batch rather than going at once. A batch costs
// mostly per batch (about ten statements), not per event: fed 3,000 events a second on the 2-core
// machine, PostgreSQL's backends spent 106 µs an event in the batches of 68 events that going at once
// made, 45 µs with 50 ms (217 a batch) and 21 µs with 250 ms (691), and PGlite's process 864, 196 and
// 94 µs (against 17 and 61 µs in batches of 988: bench/events-ingest.ts). Reports see an event up to
// that much later; a request that waits for its commit is never held back.
import { type EventJournal, JournalFullError, type JournalSegment } from './journal';
import type { EventStore } from './store';
import type { TrackedEvent } from './tracked-event';

export interface EventWriterOptions {
  maxBatch: number;
  /** How long an idle writer waits for more events before writing (ms). */
  lingerMs: number;
  /** How long an event may wait for its impression (or start) before it is judged without it (ms). */
  holdMs?: number;
  /** How often held events are offered again (ms). */
  holdRetryMs?: number;
  /** How long events already durable elsewhere (journal, log) wait for a full batch (ms). */
  durableLingerMs?: number;
}

interface Pending {
  event: TrackedEvent;
  receivedAt: number;
  done: (error?: unknown) => void;
  /** Answered already (journalled, or in the log): nobody waits for its batch. */
  durable: boolean;
}

const DURABLE_LINGER_MS = 200;

/** Events waiting for the store beyond which a journalled request waits for its commit after all. */
const JOURNAL_BACKLOG = 10_000;

class EventWriterClosed extends Error {
  constructor() {
    super('The event writer is shutting down.');
    this.name = 'EventWriterClosed';
  }
}

export class EventWriter {
  private queue: Pending[] = [];
  private scheduled: NodeJS.Timeout | undefined;
  /** Whether the scheduled write is for a request waiting for its commit (not a durable linger). */
  private scheduledSoon = false;
  /** Events in the queue whose requests wait for their commit. */
  private waiting = 0;
  private writing: Promise<void> | undefined;
  private closed = false;
  /** Events waiting for their impression (or start), and the timer that offers them again. */
  private held: Pending[] = [];
  private retry: NodeJS.Timeout | undefined;
  /** While flushing, nothing is held: every event is judged with what has arrived. */
  private flushing = false;
  /**
   * Batches written and events in them, for the benchmark and the tests; events answered once committed
   * because the journal held its ceiling (EVENTS_JOURNAL_MAX_BYTES).
   */
  readonly stats = { batches: 0, events: 0, overCeiling: 0 };

  /** Events waiting for their batch (not yet taken into one). */
  get queued(): number {
    return this.queue.length;
  }

  /** Events waiting for the journal's next append, and the append in progress. */
  private toJournal: { event: TrackedEvent; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private journalling: Promise<void> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly options: EventWriterOptions = { maxBatch: 1000, lingerMs: 0 },
    private readonly journal?: EventJournal,
  ) {}

  /**
   * Resolves once the event's batch has committed (whether or not the event counted), or with a journal
   * once the event is in it.
   */
  record(event: TrackedEvent): Promise<void> {
    if (this.closed) return Promise.reject(new EventWriterClosed());
    return new Promise((resolve, reject) => {
      // Journalled, unless the store has fallen this far behind: then the request waits for its commit,
      // as without a journal, so the events held in memory stay bounded under any load.
      if (this.journal && this.queue.length + this.held.length < JOURNAL_BACKLOG) {
        this.toJournal.push({ event, resolve, reject });
        // The same tick's events in one append; while one is in progress the next ones gather.
        this.journalling ??= new Promise<void>((started) => setImmediate(started)).then(() =>
          this.appendAll(),
        );
        return;
      }
      this.enqueue(event, (error) => (error === undefined ? resolve() : reject(error)));
    });
  }

  /**
   * Resolves once every one of `events` has committed (whether or not each counted); rejects when the
   * store refused a batch holding any of them. Never journalled: the event bus's consumer hands over the
   * events of a message, durable in the log, and acknowledges the message then (bus/consumer.ts). They
   * linger for a full batch unless `awaited` (a request waits for them: the API tests' answers).
   */
  recordAll(events: readonly TrackedEvent[], { awaited = false }: { awaited?: boolean } = {}): Promise<void> {
    if (this.closed) return Promise.reject(new EventWriterClosed());
    if (events.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      let left = events.length;
      let failed: unknown;
      const done = (error?: unknown) => {
        failed ??= error;
        left -= 1;
        if (left > 0) return;
        if (failed === undefined) resolve();
        else reject(failed);
      };
      for (const event of events) this.enqueue(event, done, !awaited);
    });
  }

  /** Appends what has gathered to the journal, answers it, and hands it to the store's batches. */
  private async appendAll(): Promise<void> {
    const journal = this.journal as EventJournal;
    while (this.toJournal.length > 0) {
      const appended = this.toJournal.splice(0);
      let segment: JournalSegment;
      try {
        segment = await journal.append(appended.map((each) => each.event));
      } catch (error) {
        // Past the journal's ceiling: answered once committed, as without a journal.
        if (error instanceof JournalFullError) {
          this.stats.overCeiling += appended.length;
          for (const each of appended)
            this.enqueue(each.event, (failed) =>
              failed === undefined ? each.resolve() : each.reject(failed),
            );
        } else for (const each of appended) each.reject(error);
        continue;
      }
      for (const each of appended) {
        each.resolve();
        this.enqueueJournalled(each.event, segment);
      }
    }
    this.journalling = undefined;
  }

  /** An event in the journal, into the store's batches until it commits there. */
  private enqueueJournalled(event: TrackedEvent, segment: JournalSegment): void {
    this.enqueue(
      event,
      (error) => {
        // A segment that could not be deleted is replayed at the next start: harmless (journal.ts).
        if (error === undefined) (this.journal as EventJournal).committed(segment, 1).catch(() => {});
        else setTimeout(() => this.enqueueJournalled(event, segment), 1000).unref();
      },
      true,
    );
  }

  private enqueue(event: TrackedEvent, done: (error?: unknown) => void, durable = false): void {
    this.queue.push({ event, receivedAt: Date.now(), done, durable });
    if (!durable) this.waiting += 1;
    this.schedule();
  }

  /**
   * Writes a full batch now, a request's event after `lingerMs` (the same tick's together), events
   * already durable elsewhere after `durableLingerMs`; while a batch is being written, the loop takes
   * what gathers.
   */
  private schedule(): void {
    if (this.writing) return;
    if (this.queue.length >= this.options.maxBatch || this.flushing) {
      this.kick();
      return;
    }
    const soon = this.waiting > 0;
    if (this.scheduled && (this.scheduledSoon || !soon)) return;
    if (this.scheduled) clearTimeout(this.scheduled);
    this.scheduledSoon = soon;
    this.scheduled = setTimeout(
      () => this.kick(),
      soon ? this.options.lingerMs : (this.options.durableLingerMs ?? DURABLE_LINGER_MS),
    );
  }

  /** Starts writing now unless a batch is being written (the loop then takes what has gathered). */
  private kick(): void {
    if (this.scheduled) clearTimeout(this.scheduled);
    this.scheduled = undefined;
    this.writing ??= this.drain().finally(() => {
      this.writing = undefined;
      if (this.queue.length > 0) this.schedule();
    });
  }

  /** Writes batches until the queue is empty. */
  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      for (const pending of batch) if (!pending.durable) this.waiting -= 1;
      const byEvent = new Map(batch.map((pending) => [pending.event, pending]));
      const held = new Set<Pending>();
      const holdMs = this.options.holdMs ?? 1000;
      const hold = (event: TrackedEvent) => {
        const pending = byEvent.get(event);
        if (!pending || this.flushing || this.closed || Date.now() - pending.receivedAt >= holdMs)
          return false;
        held.add(pending);
        return true;
      };
      try {
        await this.store.writeBatch(
          batch.map((pending) => pending.event),
          { hold },
        );
        this.stats.batches += 1;
        this.stats.events += batch.length - held.size;
        for (const pending of batch) if (!held.has(pending)) pending.done();
        if (held.size > 0) {
          this.held.push(...held);
          this.retry ??= setTimeout(() => this.offerHeld(), this.options.holdRetryMs ?? 50);
        }
      } catch (error) {
        for (const pending of batch) pending.done(error);
      }
      // Events already durable elsewhere wait for a full batch or their linger (schedule); a request
      // waiting for its commit, a full batch or a flush goes on at once.
      if (this.queue.length < this.options.maxBatch && this.waiting === 0 && !this.flushing) break;
    }
  }

  /** Puts the held events back in the queue and writes them. */
  private offerHeld(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
    const held = this.held.splice(0);
    for (const pending of held) if (!pending.durable) this.waiting += 1;
    this.queue.push(...held);
    this.kick();
  }

  /** Writes everything held now (tests, shutdown), events still waiting for their impression too. */
  async flush(): Promise<void> {
    this.flushing = true;
    try {
      await this.journalling;
      while (this.queue.length > 0 || this.writing || this.held.length > 0) {
        if (this.held.length > 0) this.offerHeld();
        else this.kick();
        await this.writing;
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Takes no more events and writes what it holds. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    await this.journal?.close();
  }
}

// Where the event bus's events go while the log does not answer (bus/publisher.ts): this machine's
// journal, the events of one tick in one append, each request answered once its append has returned.
// Past the journal's ceiling (EVENTS_JOURNAL_MAX_BYTES: a long outage under a flood) the journal takes
// nothing more, and the events are written through to the store instead: each request is answered once
// the store has committed its event (`writtenThrough`), or fails when the store refuses it too
// (`refused`): nothing is answered that neither the journal nor the store holds, and the disk never fills.
import { type EventJournal, JournalFullError } from '../journal';
import type { TrackedEvent } from '../tracked-event';
import type { EventWriter } from '../writer';
import type { BusLog } from './connection';

export interface Waiting {
  event: TrackedEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The counts the publisher shows (`stats`): events journalled, written through past the ceiling, refused. */
export interface FallbackStats {
  journalled: number;
  writtenThrough: number;
  refused: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class JournalFallback {
  private toJournal: Waiting[] = [];
  private appending: Promise<void> | undefined;
  /** Writes through to the store in progress. */
  private readonly through = new Set<Promise<void>>();
  /** Whether the ceiling's line has been said since the journal last had room. */
  private fullSaid = false;

  constructor(
    private readonly journal: EventJournal,
    private readonly writer: EventWriter,
    private readonly log: BusLog,
    private readonly stats: FallbackStats,
  ) {}

  /** Nothing waits for the journal or the store: every event handed over is answered (or failed). */
  get idle(): boolean {
    return this.toJournal.length === 0 && !this.appending && this.through.size === 0;
  }

  /** Appends events to the journal (the events of one tick in one write) and answers them. */
  add(batch: Waiting[]): void {
    this.toJournal.push(...batch);
    if (this.toJournal.length > 0) this.startAppending();
  }

  /** Resolves once every event handed over so far is answered or failed. */
  async settled(): Promise<void> {
    while (!this.idle) await Promise.all([this.appending, ...this.through]);
  }

  private startAppending(): void {
    this.appending ??= new Promise<void>((started) => setImmediate(started))
      .then(() => this.appendLoop())
      .finally(() => {
        this.appending = undefined;
        if (this.toJournal.length > 0) this.startAppending();
      });
  }

  private async appendLoop(): Promise<void> {
    while (this.toJournal.length > 0) {
      const batch = this.toJournal.splice(0);
      try {
        await this.journal.append(batch.map((waiting) => waiting.event));
        this.stats.journalled += batch.length;
        this.fullSaid = false;
        for (const waiting of batch) waiting.resolve();
      } catch (error) {
        if (error instanceof JournalFullError) {
          this.writeThrough(batch);
          continue;
        }
        // Neither the log nor the journal has them: their requests fail, nothing is answered as kept.
        this.log.warn(`events bus: the journal refused ${batch.length} events: ${errorText(error)}`);
        for (const waiting of batch) waiting.reject(error);
      }
    }
  }

  /** Past the ceiling: into the store, each request answered once its event has committed there. */
  private writeThrough(batch: Waiting[]): void {
    if (!this.fullSaid) {
      this.fullSaid = true;
      this.log.warn(
        `events bus: the journal holds its ceiling (${this.journal.maxBytes} bytes, EVENTS_JOURNAL_MAX_BYTES) while the event log does not answer; tracking requests are answered once the store has committed their events`,
      );
    }
    const written = this.writer
      .recordAll(
        batch.map((waiting) => waiting.event),
        { awaited: true },
      )
      .then(
        () => {
          this.stats.writtenThrough += batch.length;
          for (const waiting of batch) waiting.resolve();
        },
        (error: unknown) => {
          this.stats.refused += batch.length;
          this.log.warn(
            `events bus: neither the journal (full) nor the store took ${batch.length} events (${errorText(error)}); their requests failed`,
          );
          for (const waiting of batch) waiting.reject(error);
        },
      );
    this.through.add(written);
    void written.finally(() => this.through.delete(written));
  }
}

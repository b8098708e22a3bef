// The events' way into the log (EVENTS_BUS, docs/serving.md "The event log"): a tracking request is
// answered once the stream has acknowledged the message holding its event, so once the log has it (on
// EVENTS_BUS_REPLICAS servers). The events of one tick go in one message; up to IN_FLIGHT messages are
// on their way at once, and the events that arrive meanwhile gather for the next one, so under load a
// message carries many events and a beacon never waits for a round trip of its own.
//
// When the log does not answer (no server reachable, a publish refused or not acknowledged within
// PUBLISH_TIMEOUT_MS, the stream deleted), events are answered from this machine's journal instead
// (journal.ts), with its durability: they survive the process, not the machine. Once the log answers
// again the journal drains into it, oldest first, and new events keep joining the journal until it is
// empty, so an impression journalled during the outage is never overtaken by its own `start`. Nothing
// is dropped: an event is answered only once the log or the journal has it (past the journal's ceiling,
// once the store has committed it: bus/journal-fallback.ts), and a journal that refuses a write fails
// the request.
//
// What the stream holds and the store has not yet acknowledged is also kept here (bus/retained-copies.ts):
// if the stream is deleted underneath, or lost with its servers, this process publishes its part of it
// again when the stream is made anew.
import type { EventJournal } from '../journal';
import type { TrackedEvent } from '../tracked-event';
import type { EventWriter } from '../writer';
import { JournalFallback, type Waiting } from './journal-fallback';
import type { BusLog, EventBusLink } from './link';
import { encodeMessage, MESSAGE_EVENTS } from './message';
import { RetainedCopies } from './retained-copies';

/**
 * Messages published and not yet acknowledged by the stream, at most. Under load each message carries
 * what arrived while the others were on their way (26-28 events a message at 5,000 beacons a second on
 * the 2-core machine); 1, 2 and 8 cost the same CPU a beacon there (bench/beacons.mjs).
 */
const IN_FLIGHT = 4;
/** Events waiting for a publish beyond which the log is taken as not keeping up (they are journalled). */
const GATHERED_MAX = 50_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const eventsIn = (body: string) => body.split('\n').length - 2;

export class BusPublisher {
  /**
   * Messages and events published, events journalled and then drained into the log, events published
   * again; past the journal's ceiling, events written through to the store and events refused by it too.
   */
  readonly stats = {
    messages: 0,
    published: 0,
    journalled: 0,
    drained: 0,
    republished: 0,
    writtenThrough: 0,
    refused: 0,
  };
  private gathering: Waiting[] = [];
  private scheduled = false;
  private inFlight = new Set<Promise<void>>();
  /** Events go to the journal: the log is down, or the journal still holds events of an outage. */
  private journalMode = true;
  /**
   * The drain's last round: new events wait in `gathering`, unanswered, instead of joining the journal, so
   * the journal stops growing and its last segments can be written into the log; then they are sent.
   */
  private holding = false;
  private draining: Promise<void> | undefined;
  private closed = false;
  /** Messages in the stream the store has not acknowledged yet, by stream sequence. */
  private readonly retained: RetainedCopies;
  private readonly fallback: JournalFallback;
  /** Copies to publish again into a stream made anew, oldest first. */
  private toRepublish: string[] = [];
  /** Resolved the first time events go straight to the log. */
  private readonly logging: { promise: Promise<void>; resolve: () => void };
  /** With `answerWhenStored`: each message's requests, answered once the consumer has stored it. */
  private readonly storedWaiters = new Map<number, Waiting[]>();

  constructor(
    private readonly link: EventBusLink,
    private readonly journal: EventJournal,
    /** The store's writer: where events go past the journal's ceiling. */
    writer: EventWriter,
    private readonly secret: Buffer,
    private readonly log: BusLog,
    /** Answer a request once its event is in the store (the API tests' setting: they read what they sent). */
    private readonly answerWhenStored = false,
  ) {
    this.retained = new RetainedCopies(log);
    this.fallback = new JournalFallback(journal, writer, log, this.stats);
    let resolve = () => {};
    this.logging = { promise: new Promise<void>((done) => (resolve = done)), resolve };
    link.onUp(() => this.drain());
    link.onDown(() => {
      this.journalMode = true;
    });
    link.onFloor((floor) => this.retained.forget(floor));
    link.onRemade(() => {
      this.toRepublish.push(...this.retained.takeAll());
    });
  }

  /** Resolves once the event is in the log (or, while the log is down, in this machine's journal). */
  record(event: TrackedEvent): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The event bus is shutting down.'));
    return new Promise((resolve, reject) => {
      const waiting = { event, resolve, reject };
      if (this.journalMode && this.holding) {
        this.gathering.push(waiting);
        return;
      }
      if (this.journalMode) {
        this.fallback.add([waiting]);
        return;
      }
      this.gathering.push(waiting);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.send);
      }
    });
  }

  /** Resolves the first time events go straight to the log (the journal of an earlier outage drained). */
  sendsToTheLog(): Promise<void> {
    return this.logging.promise;
  }

  /** The consumer has stored the message of stream sequence `seq` (with `answerWhenStored`). */
  stored(seq: number): void {
    const waiting = this.storedWaiters.get(seq);
    if (!waiting) return;
    this.storedWaiters.delete(seq);
    for (const each of waiting) each.resolve();
  }

  /** Publishes what has gathered, a message per MESSAGE_EVENTS, while fewer than IN_FLIGHT are on their way. */
  private readonly send = () => {
    this.scheduled = false;
    if (this.journalMode && this.holding) return;
    if (this.journalMode) {
      this.fallback.add(this.gathering.splice(0));
      return;
    }
    while (this.gathering.length > 0 && this.inFlight.size < IN_FLIGHT)
      this.publish(this.gathering.splice(0, MESSAGE_EVENTS));
    if (this.gathering.length > GATHERED_MAX) {
      this.link.down(`${this.gathering.length} events waited for a publish`);
      this.fallback.add(this.gathering.splice(0));
    }
  };

  private publish(batch: Waiting[]): void {
    const body = encodeMessage(
      this.secret,
      batch.map((waiting) => waiting.event),
    );
    const published = this.link.publish(body).then(
      (ack) => {
        this.stats.messages += 1;
        this.stats.published += batch.length;
        this.retained.retain(ack.seq, body);
        if (this.answerWhenStored) this.storedWaiters.set(ack.seq, batch);
        else for (const waiting of batch) waiting.resolve();
      },
      (error: unknown) => {
        // Perhaps stored after all (an acknowledgement lost on its way): the store counts a copy once.
        this.link.down(`a publish was not acknowledged: ${errorText(error)}`);
        this.journalMode = true;
        this.fallback.add(batch);
      },
    );
    this.inFlight.add(published);
    void published.finally(() => {
      this.inFlight.delete(published);
      if (this.gathering.length > 0) this.send();
    });
  }

  /** Once the link is up: copies for a stream made anew, then the journal, into the log; then back to it. */
  private drain(): void {
    this.draining ??= this.drainJournal()
      .catch((error: unknown) => {
        this.link.down(`the journal could not be written into the log: ${errorText(error)}`);
      })
      .finally(() => {
        this.draining = undefined;
      });
  }

  private async drainJournal(): Promise<void> {
    let drained = 0;
    await this.republish();
    // Leaves the drain with the log down (or closing): what waited for the last round joins the journal.
    const stop = () => {
      this.holding = false;
      if (this.gathering.length > 0) this.fallback.add(this.gathering.splice(0));
    };
    for (;;) {
      if (!this.link.isUp || this.closed) return stop();
      // No append is in progress when the journal lets its segments go: every event appended so far is
      // in one of them, and the next append opens a new segment that the next round takes.
      await this.fallback.settled();
      await this.journal.release();
      drained += await this.journal.recover((events) => this.publishNow(events), { ownSealed: true });
      if (!this.link.isUp || this.closed) return stop();
      if (this.fallback.idle && !this.journal.hasOpenSegments()) {
        this.journalMode = false;
        this.holding = false;
        this.logging.resolve();
        if (drained > 0)
          this.log.warn(`events bus: ${drained} journalled events written from this machine into the log`);
        if (this.gathering.length > 0) this.send();
        return;
      }
      // Under load a beacon arrives in every round and opens a new segment: from the next round on new
      // events wait (unanswered, in memory, for one round) so the journal's last segment can go.
      this.holding = true;
    }
  }

  /** Publishes a journal's events and waits for the stream's acknowledgement (throws when refused). */
  private async publishNow(events: TrackedEvent[]): Promise<void> {
    for (let at = 0; at < events.length; at += MESSAGE_EVENTS) {
      const part = events.slice(at, at + MESSAGE_EVENTS);
      const body = encodeMessage(this.secret, part);
      const ack = await this.link.publish(body);
      this.retained.retain(ack.seq, body);
      this.stats.drained += part.length;
    }
  }

  /** The copies of a deleted stream's messages into the stream made anew, oldest first. */
  private async republish(): Promise<void> {
    if (this.toRepublish.length === 0) return;
    let messages = 0;
    let events = 0;
    while (this.toRepublish.length > 0) {
      const body = this.toRepublish[0] as string;
      const ack = await this.link.publish(body);
      this.toRepublish.shift();
      this.retained.retain(ack.seq, body);
      messages += 1;
      events += eventsIn(body);
    }
    this.stats.republished += events;
    this.log.warn(
      `events bus: the stream was made anew: ${events} events (${messages} messages) this process had published and the store had not acknowledged published again`,
    );
  }

  /** Takes no more events; waits for the publishes on their way and the journal's appends. */
  async close(): Promise<void> {
    this.closed = true;
    const settled = async () => {
      while (this.inFlight.size > 0 || !this.fallback.idle || this.scheduled) {
        await Promise.all([...this.inFlight, this.fallback.settled()]);
        if (this.scheduled) await new Promise((done) => setImmediate(done));
      }
    };
    await settled();
    await this.draining;
    // A drain stopped in its last round put the events it held into the journal.
    await settled();
    // Answered requests waiting for the store (answerWhenStored) are in the log: answer them.
    for (const [seq] of this.storedWaiters) this.stored(seq);
    // What the journal holds stays on this machine's disk: the next process to start here drains it.
    await this.journal.release();
  }
}

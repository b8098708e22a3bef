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
// is dropped: an event is answered only once the log or the journal has it, and a journal that refuses
// a write fails the request.
//
// What the stream holds and the store has not yet acknowledged is also kept here, by stream sequence,
// until the consumer's acknowledgement floor passes it (up to RETAINED_BYTES): if the stream is deleted
// underneath, or lost with its servers, this process publishes its part of it again when the stream is
// made anew. The store keeps an impression's event of one type once, so a copy that had been stored
// after all counts nothing twice.
import type { EventJournal } from '../journal';
import type { TrackedEvent } from '../tracked-event';
import type { BusLog, EventBusLink } from './link';
import { encodeMessage, MESSAGE_EVENTS } from './message';

interface Waiting {
  event: TrackedEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Messages published and not yet acknowledged by the stream, at most. Under load each message carries
 * what arrived while the others were on their way (26-28 events a message at 5,000 beacons a second on
 * the 2-core machine); 1, 2 and 8 cost the same CPU a beacon there (bench/beacons.mjs).
 */
const IN_FLIGHT = 4;
/** Events waiting for a publish beyond which the log is taken as not keeping up (they are journalled). */
const GATHERED_MAX = 50_000;
/** The copies of published messages kept until the store has them, at most (bytes). */
const RETAINED_BYTES = 64 * 1024 * 1024;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const eventsIn = (body: string) => body.split('\n').length - 2;

export class BusPublisher {
  /** Messages and events published, events journalled and then drained into the log, events published again. */
  readonly stats = { messages: 0, published: 0, journalled: 0, drained: 0, republished: 0 };
  private gathering: Waiting[] = [];
  private scheduled = false;
  private inFlight = new Set<Promise<void>>();
  /** Events go to the journal: the log is down, or the journal still holds events of an outage. */
  private journalMode = true;
  private toJournal: Waiting[] = [];
  /**
   * The drain's last round: new events wait in `gathering`, unanswered, instead of joining the journal, so
   * the journal stops growing and its last segments can be written into the log; then they are sent.
   */
  private holding = false;
  private appending: Promise<void> | undefined;
  private draining: Promise<void> | undefined;
  private closed = false;
  /** Messages in the stream the store has not acknowledged yet, by stream sequence. */
  private retained = new Map<number, string>();
  private retainedBytes = 0;
  private retainedCapSaid = false;
  /** Copies to publish again into a stream made anew, oldest first. */
  private toRepublish: string[] = [];
  /** Resolved the first time events go straight to the log. */
  private readonly logging: { promise: Promise<void>; resolve: () => void };
  /** With `answerWhenStored`: each message's requests, answered once the consumer has stored it. */
  private readonly storedWaiters = new Map<number, Waiting[]>();

  constructor(
    private readonly link: EventBusLink,
    private readonly journal: EventJournal,
    private readonly secret: Buffer,
    private readonly log: BusLog,
    /** Answer a request once its event is in the store (the API tests' setting: they read what they sent). */
    private readonly answerWhenStored = false,
  ) {
    let resolve = () => {};
    this.logging = { promise: new Promise<void>((done) => (resolve = done)), resolve };
    link.onUp(() => this.drain());
    link.onDown(() => {
      this.journalMode = true;
    });
    link.onFloor((floor) => this.forget(floor));
    link.onRemade(() => {
      const copies = [...this.retained.entries()].sort(([a], [b]) => a - b).map(([, body]) => body);
      this.toRepublish.push(...copies);
      this.retained.clear();
      this.retainedBytes = 0;
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
        this.journalAll([waiting]);
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
      this.journalAll(this.gathering.splice(0));
      return;
    }
    while (this.gathering.length > 0 && this.inFlight.size < IN_FLIGHT)
      this.publish(this.gathering.splice(0, MESSAGE_EVENTS));
    if (this.gathering.length > GATHERED_MAX) {
      this.link.down(`${this.gathering.length} events waited for a publish`);
      this.journalAll(this.gathering.splice(0));
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
        this.retain(ack.seq, body);
        if (this.answerWhenStored) this.storedWaiters.set(ack.seq, batch);
        else for (const waiting of batch) waiting.resolve();
      },
      (error: unknown) => {
        // Perhaps stored after all (an acknowledgement lost on its way): the store counts a copy once.
        this.link.down(`a publish was not acknowledged: ${errorText(error)}`);
        this.journalMode = true;
        this.journalAll(batch);
      },
    );
    this.inFlight.add(published);
    void published.finally(() => {
      this.inFlight.delete(published);
      if (this.gathering.length > 0) this.send();
    });
  }

  /** Appends events to the journal, the events of one tick in one write, and answers them. */
  private journalAll(batch: Waiting[]): void {
    this.toJournal.push(...batch);
    if (this.toJournal.length > 0) this.startAppending();
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
        for (const waiting of batch) waiting.resolve();
      } catch (error) {
        // Neither the log nor the journal has them: their requests fail, nothing is answered as kept.
        this.log.warn(`events bus: the journal refused ${batch.length} events: ${errorText(error)}`);
        for (const waiting of batch) waiting.reject(error);
      }
    }
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
      if (this.gathering.length > 0) this.journalAll(this.gathering.splice(0));
    };
    for (;;) {
      if (!this.link.isUp || this.closed) return stop();
      // No append is in progress when the journal lets its segments go: every event appended so far is
      // in one of them, and the next append opens a new segment that the next round takes.
      while (this.appending) await this.appending;
      await this.journal.release();
      drained += await this.journal.recover((events) => this.publishNow(events), { ownSealed: true });
      if (!this.link.isUp || this.closed) return stop();
      if (this.toJournal.length === 0 && !this.appending && !this.journal.hasOpenSegments()) {
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
      this.retain(ack.seq, body);
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
      this.retain(ack.seq, body);
      messages += 1;
      events += eventsIn(body);
    }
    this.stats.republished += events;
    this.log.warn(
      `events bus: the stream was made anew: ${events} events (${messages} messages) this process had published and the store had not acknowledged published again`,
    );
  }

  private retain(seq: number, body: string): void {
    this.retained.set(seq, body);
    this.retainedBytes += body.length;
    if (this.retainedBytes <= RETAINED_BYTES) return;
    if (!this.retainedCapSaid) {
      this.retainedCapSaid = true;
      this.log.warn(
        `events bus: the store is more than ${RETAINED_BYTES >> 20} MB of this process's events behind the log; older copies are no longer kept here (the log still has them)`,
      );
    }
    for (const [oldest, copy] of this.retained) {
      if (this.retainedBytes <= RETAINED_BYTES) break;
      this.retained.delete(oldest);
      this.retainedBytes -= copy.length;
    }
  }

  /** Drops the copies the store has acknowledged (at or below the consumer's floor). */
  private forget(floor: number): void {
    for (const [seq, body] of this.retained) {
      if (seq > floor) continue;
      this.retained.delete(seq);
      this.retainedBytes -= body.length;
    }
    if (this.retainedBytes < RETAINED_BYTES / 2) this.retainedCapSaid = false;
  }

  /** Takes no more events; waits for the publishes on their way and the journal's appends. */
  async close(): Promise<void> {
    this.closed = true;
    const settled = async () => {
      while (this.inFlight.size > 0 || this.appending || this.scheduled) {
        await Promise.all([...this.inFlight, this.appending]);
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

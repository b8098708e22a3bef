// The log's way into the store (EVENTS_BUS, docs/serving.md "The event log"): every API process (unless
// EVENTS_BUS_CONSUMER=off) reads the stream through the one durable consumer the fleet shares, so each
// message goes to one process at a time. Its events go to the group-commit writer (writer.ts), which
// writes them in batches of up to 1,000 across messages; a message is acknowledged only once all its
// events have committed. Until then it is the log's: a process that dies with it, a store that refuses
// its batch (the message is offered again a second later), a shutdown in the middle, all end in its
// redelivery, and the store keeps an impression's event of one type once, so a message written twice
// counts once (the raw rows' key; ClickHouse's seen-set).
//
// A message that is not an event of this fleet (not signed with SERVER_SECRET, nor during a rotation
// with SERVER_SECRET_PREVIOUS; not the events format) is terminated, never redelivered, counted
// (`stats.badSignature` and the events it held) with a line in the log; a signed message's malformed
// lines are left out and counted in the log, its other events stored.
import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { EventWriter } from '../writer';
import type { BusLog, EventBusLink } from './link';
import { decodeMessage } from './message';

/**
 * Messages the consumer keeps buffered from the log (each up to 1,000 events): enough to keep the writer
 * busy, few enough that none waits in the buffer anywhere near the acknowledgement wait.
 */
const BUFFERED_MESSAGES = 16;
/** Events handed to the writer and not yet committed, at most: the next message waits for room. */
const IN_PROCESS_EVENTS = 10_000;
/** How long a refused message waits before it is offered again (the store is down). */
const RETRY_MS = 1000;
/** Problems of one kind are said at most once in this long (a flood of junk is not a flood of lines). */
const SAY_EVERY_MS = 10_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class BusConsumer {
  /**
   * Messages stored and acknowledged, their events, messages redelivered, refused by the store, terminated;
   * of those terminated, the ones no key of this fleet signed and the events they held; messages read
   * with SERVER_SECRET_PREVIOUS (signed before a rotation).
   */
  readonly stats = {
    messages: 0,
    events: 0,
    redelivered: 0,
    retried: 0,
    terminated: 0,
    badSignature: 0,
    badSignatureEvents: 0,
    previousKey: 0,
  };
  private stopped = false;
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private inProcess = 0;
  private room: (() => void) | undefined;
  /** Messages being written, kept from redelivery while slow (`working`). */
  private readonly writing = new Set<JsMsg>();
  private workingTimer: NodeJS.Timeout | undefined;
  private readonly said = new Map<string, { at: number; since: number }>();
  private upWaiter: (() => void) | undefined;

  constructor(
    private readonly link: EventBusLink,
    private readonly writer: EventWriter,
    /** SERVER_SECRET, then SERVER_SECRET_PREVIOUS during a rotation. */
    private readonly secrets: readonly Buffer[],
    private readonly log: BusLog,
    /** Told the stream sequence of each message stored (the publisher's `answerWhenStored`). */
    private readonly onStored?: (seq: number) => void,
  ) {
    link.onUp(() => this.upWaiter?.());
  }

  start(): void {
    this.loop = this.run();
    // A slow batch must not look like a dead consumer: its messages say they are still being worked on.
    this.workingTimer = setInterval(
      () => {
        for (const message of this.writing) message.working();
      },
      (this.link.config.ackWaitSeconds * 1000) / 3,
    );
    this.workingTimer.unref();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (!this.link.isUp) {
        await new Promise<void>((resolve) => {
          this.upWaiter = resolve;
        });
        continue;
      }
      try {
        await this.readUntilStopped();
      } catch (error) {
        this.say('read', `events bus: reading the log failed (${errorText(error)}); trying again`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
      }
    }
  }

  /** One pull subscription, read until it ends (stopped, the stream or consumer gone, heartbeats missed). */
  private async readUntilStopped(): Promise<void> {
    const consumer = await this.link.consumer();
    const messages = await consumer.consume({
      max_messages: BUFFERED_MESSAGES,
      abort_on_missing_resource: true,
    });
    this.messages = messages;
    void (async () => {
      for await (const status of messages.status()) {
        if (status.type === 'heartbeats_missed' && status.count >= 2) messages.stop();
      }
    })().catch(() => undefined);
    try {
      for await (const message of messages) {
        await this.take(message);
        if (this.stopped) break;
      }
    } finally {
      this.messages = undefined;
    }
    const ended = await messages.closed();
    if (ended instanceof Error && !this.stopped) this.link.down(ended.message);
  }

  /** Hands a message's events to the writer (waiting for room first); acknowledges it once committed. */
  private async take(message: JsMsg): Promise<void> {
    const decoded = decodeMessage(this.secrets, message.string());
    if (decoded.kind === 'not-events') {
      this.stats.terminated += 1;
      if (decoded.badSignature) {
        this.stats.badSignature += 1;
        this.stats.badSignatureEvents += decoded.lines;
      }
      message.term();
      this.say(
        decoded.badSignature ? 'signature' : 'junk',
        `events bus: message ${message.seq} of ${message.subject} is not an event of this fleet (${decoded.why}): terminated, nothing stored`,
      );
      return;
    }
    if (decoded.refusedLines > 0)
      this.say(
        'lines',
        `events bus: message ${message.seq} holds ${decoded.refusedLines} lines that are not events: left out, its ${decoded.events.length} other events stored`,
      );
    if (decoded.key > 0) this.stats.previousKey += 1;
    if (message.redelivered) this.stats.redelivered += 1;
    while (this.inProcess >= IN_PROCESS_EVENTS)
      await new Promise<void>((resolve) => {
        this.room = resolve;
      });
    const count = decoded.events.length;
    this.inProcess += count;
    this.writing.add(message);
    // Requests wait for these events only when the publisher answers once they are stored.
    this.writer
      .recordAll(decoded.events, { awaited: this.onStored !== undefined })
      .then(
        () => {
          message.ack();
          this.stats.messages += 1;
          this.stats.events += count;
          this.onStored?.(message.seq);
        },
        (error: unknown) => {
          // The store refused the batch (or the process is closing): the log offers it again.
          this.stats.retried += 1;
          message.nak(RETRY_MS);
          this.say('store', `events bus: the store refused a batch (${errorText(error)}); offered again`);
        },
      )
      .finally(() => {
        this.writing.delete(message);
        this.inProcess -= count;
        this.room?.();
        this.room = undefined;
      });
  }

  /** Says a problem, at most once per SAY_EVERY_MS for each kind, with how often it happened meanwhile. */
  private say(kind: string, line: string): void {
    const now = Date.now();
    const last = this.said.get(kind);
    if (last && now - last.at < SAY_EVERY_MS) {
      last.since += 1;
      return;
    }
    const more = last && last.since > 0 ? ` (${last.since} more like it since the last line)` : '';
    this.said.set(kind, { at: now, since: 0 });
    this.log.warn(`${line}${more}`);
  }

  /** Stops reading; the messages being written are acknowledged as they commit (the writer's flush). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.workingTimer) clearInterval(this.workingTimer);
    this.upWaiter?.();
    this.room?.();
    this.messages?.stop();
    await this.loop;
  }
}

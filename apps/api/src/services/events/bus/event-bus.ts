// The event log between the API processes and the store (EVENTS_BUS; docs/serving.md "The event log",
// docs/decisions/0008-nats-jetstream-event-log.md): the link to NATS JetStream (link.ts), the publisher
// every tracking request goes through (publisher.ts, with this machine's journal for when the log does
// not answer) and the consumer that writes the log into the store (consumer.ts, unless the process is
// serving only).
import { EventJournal } from '../journal';
import type { TrackedEvent } from '../tracked-event';
import type { EventWriter } from '../writer';
import { BusConsumer } from './consumer';
import { type BusLog, type EventBusConfig, EventBusLink } from './link';
import { BusPublisher } from './publisher';

/** How long a starting process waits for the log before it serves with the journal meanwhile. */
const FIRST_CONTACT_MS = 3000;

export interface EventBus {
  link: EventBusLink;
  publisher: BusPublisher;
  /** Undefined on a serving-only process (EVENTS_BUS_CONSUMER=off). */
  consumer: BusConsumer | undefined;
  /** Where the tracking routes send an event: answered once the log (or the journal meanwhile) has it. */
  record(event: TrackedEvent): Promise<void>;
  /** Stops taking and reading events, stores what it read, and closes the link. */
  close(): Promise<void>;
}

export interface EventBusOptions {
  config: EventBusConfig;
  /** This machine's journal folder: where events wait while the log does not answer. */
  journalDir: string;
  /** The journal's ceiling (EVENTS_JOURNAL_MAX_BYTES): past it, events are written through to the store. */
  journalMaxBytes?: number;
  /** The group-commit writer the consumer hands the log's events to. */
  writer: EventWriter;
  /** SERVER_SECRET (signs), then during a rotation SERVER_SECRET_PREVIOUS (still accepted). */
  secrets: readonly Buffer[];
  log: BusLog;
  /** Answer a request once the store has its event (the API tests'), not once the log has it. */
  answerWhenStored?: boolean;
}

export async function openEventBus(options: EventBusOptions): Promise<EventBus> {
  const { config, writer, secrets, log } = options;
  const [secret] = secrets;
  if (!secret) throw new Error('The event bus needs the server secret.');
  const journal = await EventJournal.open(
    options.journalDir,
    options.journalMaxBytes === undefined ? {} : { maxBytes: options.journalMaxBytes },
  );
  const link = new EventBusLink(config, log);
  const publisher = new BusPublisher(link, journal, writer, secret, log, options.answerWhenStored ?? false);
  const consumer = config.consume
    ? new BusConsumer(
        link,
        writer,
        secrets,
        log,
        options.answerWhenStored ? (seq) => publisher.stored(seq) : undefined,
      )
    : undefined;
  const firstContact = Promise.race([
    publisher.sendsToTheLog(),
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_CONTACT_MS).unref()),
  ]);
  link.start();
  consumer?.start();
  await firstContact;
  return {
    link,
    publisher,
    consumer,
    record: (event) => publisher.record(event),
    async close() {
      await publisher.close();
      await consumer?.stop();
      // The messages read are written and acknowledged before the link closes (it sends the acks).
      await writer.flush();
      await link.close();
    },
  };
}

// The event log's JetStream objects (docs/decisions/0008-nats-jetstream-event-log.md): the stream that
// holds the events (work-queue retention, file storage, discard new) and the durable pull consumer the
// fleet shares, made by the first process that finds them missing (bus/link.ts). The API's NATS user
// needs the rights to these calls and no others (docs/deploy.md, section 8).
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { BusLog, EventBusConfig } from './connection';

/** The stream's size at most: when full, publishes are refused (and journalled), never an old message dropped. */
const STREAM_MAX_BYTES = 1024 * 1024 * 1024;
/** Messages taken by the fleet's consumers and not yet acknowledged, at most. */
const MAX_ACK_PENDING = 1000;

export const isApiError = (error: unknown, code: number) =>
  error instanceof JetStreamApiError && error.code === code;

/**
 * Makes the stream when it does not exist (and follows a changed EVENTS_BUS_REPLICAS); answers when the
 * stream was made, which tells a stream deleted and made anew from the one seen before.
 */
export async function ensureStream(
  jsm: JetStreamManager,
  config: EventBusConfig,
  subject: string,
  log: BusLog,
): Promise<string> {
  try {
    const info = await jsm.streams.info(config.stream);
    if (info.config.num_replicas !== config.replicas) {
      // EVENTS_BUS_REPLICAS changed: the stream follows (JetStream moves its copies itself).
      await jsm.streams.update(config.stream, { num_replicas: config.replicas });
      log.warn(
        `events bus: stream ${config.stream} now keeps ${config.replicas} replicas (it kept ${info.config.num_replicas})`,
      );
    }
    return info.created;
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
    const { created } = await jsm.streams.add({
      name: config.stream,
      subjects: [subject],
      // Each message is kept until the fleet's consumer has acknowledged it, then dropped.
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      num_replicas: config.replicas,
      max_bytes: STREAM_MAX_BYTES,
      discard: DiscardPolicy.New,
    });
    log.warn(
      `events bus: stream ${config.stream} made (subject ${subject}, ${config.replicas} replica${config.replicas === 1 ? '' : 's'})`,
    );
    return created;
  }
}

/** Makes the fleet's durable consumer when it does not exist. */
export async function ensureConsumer(
  jsm: JetStreamManager,
  config: EventBusConfig,
  durable: string,
): Promise<void> {
  try {
    await jsm.consumers.info(config.stream, durable);
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
    await jsm.consumers.add(config.stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(config.ackWaitSeconds * 1000),
      deliver_policy: DeliverPolicy.All,
      // Redelivered until acknowledged: a message is never dropped for its number of deliveries.
      max_deliver: -1,
      max_ack_pending: MAX_ACK_PENDING,
    });
  }
}

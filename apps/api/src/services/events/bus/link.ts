// The API process's link to the event log (EVENTS_BUS, docs/serving.md "The event log"): a connection to
// the NATS servers, the JetStream stream that holds the events and the durable consumer every process
// of the fleet reads it through. The link is `up` when it is connected and the stream and consumer
// exist; anything else (no server answers, the connection dropped, a publish refused, the stream or the
// consumer deleted) takes it down, and a supervisor tries every second to bring it up again: connect,
// make the stream and the consumer when they are missing. It never throws into the server: while it is
// down, beacons are journalled (bus/publisher.ts) and the consumer waits.
import { hostname } from 'node:os';
import {
  type Consumer,
  JetStreamApiCodes,
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
  type PubAck,
} from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { authOptions, type BusLog, type EventBusConfig, withoutCredentials } from './connection';
import { ensureConsumer, ensureStream, isApiError } from './stream-setup';

export type { BusLog, EventBusConfig } from './connection';

/** A publish not acknowledged within this long counts as refused: its events go to the journal. */
const PUBLISH_TIMEOUT_MS = 2000;
/** How often the supervisor checks the link (and the consumer's acknowledgement floor). */
const SUPERVISE_MS = 500;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class EventBusLink {
  readonly subject: string;
  readonly durable: string;
  private nc: NatsConnection | undefined;
  private js: JetStreamClient | undefined;
  private jsm: JetStreamManager | undefined;
  private up = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  /** When the stream this link knows was made: another time means it was deleted and made anew. */
  private streamCreated: string | undefined;
  /** Why the link went down last, said once per outage. */
  private downSaid = false;
  private readonly upListeners = new Set<() => void>();
  private readonly downListeners = new Set<() => void>();
  /** Listeners told the consumer's acknowledgement floor (stream sequence) each check. */
  private readonly floorListeners = new Set<(floor: number) => void>();
  /** Listeners told that the stream was missing and has been made again (its messages are gone). */
  private readonly remadeListeners = new Set<() => void>();

  constructor(
    readonly config: EventBusConfig,
    private readonly log: BusLog,
  ) {
    this.subject = `${config.stream}.events`;
    this.durable = `${config.stream}_store`;
  }

  get isUp(): boolean {
    return this.up && !this.closed;
  }

  onUp(listener: () => void): void {
    this.upListeners.add(listener);
  }
  onDown(listener: () => void): void {
    this.downListeners.add(listener);
  }
  onFloor(listener: (floor: number) => void): void {
    this.floorListeners.add(listener);
  }
  onRemade(listener: () => void): void {
    this.remadeListeners.add(listener);
  }

  /** Starts the supervisor: the first check at once, then every SUPERVISE_MS. */
  start(): void {
    this.tick();
    this.timer = setInterval(this.tick, SUPERVISE_MS);
    this.timer.unref();
  }

  /** One check at a time, now. */
  private readonly tick = () => {
    this.checking ??= this.check().finally(() => {
      this.checking = undefined;
    });
  };

  /** Publishes one message; resolves with the stream's acknowledgement (the message is in the log). */
  publish(body: string): Promise<PubAck> {
    if (!this.js || !this.isUp) return Promise.reject(new Error('the event log is not reachable'));
    return this.js.publish(this.subject, body, { timeout: PUBLISH_TIMEOUT_MS }).then((ack) => {
      // An outage ends with the first publish the stream takes, not when the link merely connects (a
      // full stream connects and refuses: one line for the whole outage, not one a second).
      if (this.downSaid) {
        this.downSaid = false;
        this.log.warn('events bus: the event log answers again');
      }
      return ack;
    });
  }

  /** The durable consumer, for reading the log (bus/consumer.ts). */
  async consumer(): Promise<Consumer> {
    if (!this.js || !this.isUp) throw new Error('the event log is not reachable');
    return this.js.consumers.get(this.config.stream, this.durable);
  }

  /** Takes the link down (a publish refused, the consumer's stream gone): the supervisor brings it up. */
  down(why: string): void {
    const wasUp = this.up;
    this.up = false;
    if (!this.downSaid && !this.closed) {
      this.downSaid = true;
      this.log.warn(
        `events bus: the event log is unreachable (${why}); events are journalled on this machine until it answers`,
      );
    }
    if (wasUp) for (const listener of this.downListeners) listener();
  }

  private async check(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.nc || this.nc.isClosed()) await this.connect();
      if (!this.up) await this.bringUp();
      else await this.readFloor();
    } catch (error) {
      this.down(errorText(error));
    }
  }

  private async connect(): Promise<void> {
    try {
      const nc = await connect({
        ...(await authOptions(this.config.auth, this.config.tls, this.config.servers)),
        servers: this.config.servers,
        name: `adconsole-api ${hostname()} ${process.pid}`,
        // Once connected, the client tries the cluster's servers for ever; the supervisor dials again
        // only when it has never connected or the connection was closed.
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1000,
        timeout: 3000,
        // A server that vanished without closing the connection (a machine gone) is noticed within ~15 s;
        // publishes time out far sooner (PUBLISH_TIMEOUT_MS) and are journalled meanwhile.
        pingInterval: 5000,
        maxPingOut: 3,
      });
      if (this.closed) {
        await nc.close();
        return;
      }
      this.nc = nc;
      this.js = jetstream(nc, { timeout: PUBLISH_TIMEOUT_MS });
      this.jsm = undefined;
      this.watch(nc);
    } catch (error) {
      throw new Error(
        `no NATS server of ${this.config.servers.map(withoutCredentials).join(', ')} answers: ${errorText(error)}`,
      );
    }
  }

  /** Follows the connection's status: down when it drops, checked again at once when it reconnects. */
  private watch(nc: NatsConnection): void {
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') this.down(`disconnected from ${status.server}`);
        if (status.type === 'reconnect') this.tick();
      }
    })().catch(() => undefined);
  }

  /** Makes the stream and the consumer when missing, then marks the link up. */
  private async bringUp(): Promise<void> {
    const nc = this.nc as NatsConnection;
    this.jsm ??= await jetstreamManager(nc, { timeout: PUBLISH_TIMEOUT_MS });
    const created = await ensureStream(this.jsm, this.config, this.subject, this.log);
    // Made at another time than the stream this link saw: deleted and made anew, its messages gone.
    const remade = this.streamCreated !== undefined && created !== this.streamCreated;
    this.streamCreated = created;
    await ensureConsumer(this.jsm, this.config, this.durable);
    if (this.closed) return;
    this.up = true;
    if (remade) for (const listener of this.remadeListeners) listener();
    for (const listener of this.upListeners) listener();
  }

  /** The consumer's acknowledgement floor: every message at or below it is in the store. */
  private async readFloor(): Promise<void> {
    if (this.floorListeners.size === 0 || !this.jsm) return;
    try {
      const info = await this.jsm.consumers.info(this.config.stream, this.durable);
      for (const listener of this.floorListeners) listener(info.ack_floor.stream_seq);
    } catch (error) {
      if (isApiError(error, JetStreamApiCodes.StreamNotFound))
        this.down(`stream ${this.config.stream} was deleted`);
      else if (isApiError(error, JetStreamApiCodes.ConsumerNotFound))
        this.down(`consumer ${this.durable} was deleted`);
      else throw error;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.up = false;
    if (this.timer) clearInterval(this.timer);
    await this.checking;
    // Sends what the client still buffers (acknowledgements included), then closes.
    await this.nc?.drain().catch(() => this.nc?.close());
  }
}
